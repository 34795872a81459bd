// Command release builds openloop's release archives and checks them:
//
//	go run ./internal/release -version v1.2.3 -out dist/
//	go run ./internal/release -check dist/
//
// The first builds openloop for linux, darwin and windows on amd64 and
// arm64 (-trimpath, no VCS stamp, -ldflags -X …/pkg/cli.Version=v1.2.3,
// CGO off), packs each binary with README.md and LICENSE (where present)
// into openloop_1.2.3_<os>_<arch>.tar.gz (.zip for windows), writes their
// SHA-256 sums to checksums.txt and a Homebrew formula, openloop.rb, that
// names the darwin and linux archives by URL and sum. The archives are
// reproducible: fixed modes, owners and times (SOURCE_DATE_EPOCH, or
// 2000-01-01). The second checks a folder the first wrote: every sum, that
// each archive unpacks to a binary of its platform (debug/elf, debug/macho,
// debug/pe, and the build info's GOOS and GOARCH) stamped with the
// version, that this machine's binary prints it, and that the formula
// names each archive with its sum.
//
// A small program rather than goreleaser: six go builds, two archive
// formats and a text file need no configuration language, and the checker
// shares the naming rules with the builder.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	version := fs.String("version", "", "the version to stamp, vMAJOR.MINOR.PATCH[-PRE]")
	out := fs.String("out", "dist", "the folder to write the archives to (new or empty)")
	targets := fs.String("targets", "", "comma-separated GOOS/GOARCH pairs (default: all six)")
	urlBase := fs.String("url", "", "where the archives are published, for the formula (default: the GitHub release of -version)")
	check := fs.String("check", "", "check the archives in this folder instead of building")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "release: error: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	ts, err := parseTargets(*targets)
	if err != nil {
		fmt.Fprintf(stderr, "release: error: %v\n", err)
		return 2
	}
	if *check != "" {
		if *version != "" {
			fmt.Fprintln(stderr, "release: error: -check reads the version from the folder; do not pass -version")
			return 2
		}
		if err := Check(*check, ts, stdout); err != nil {
			fmt.Fprintf(stderr, "release: error: %v\n", err)
			return 1
		}
		return 0
	}
	if err := checkVersion(*version); err != nil {
		fmt.Fprintf(stderr, "release: error: %v\n", err)
		return 2
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintf(stderr, "release: error: %v\n", err)
		return 1
	}
	o := Options{Root: root, Version: *version, Out: *out, Targets: ts, URLBase: *urlBase, When: sourceDate(os.Getenv("SOURCE_DATE_EPOCH")), Log: stdout}
	if err := Build(o); err != nil {
		fmt.Fprintf(stderr, "release: error: %v\n", err)
		return 1
	}
	return 0
}

// parseTargets reads -targets; "" is every target.
func parseTargets(s string) ([]Target, error) {
	if s == "" {
		return AllTargets, nil
	}
	var ts []Target
	for _, p := range strings.Split(s, ",") {
		t, ok := targetByName(strings.TrimSpace(p))
		if !ok {
			return nil, fmt.Errorf("-targets: %q is not one of %s", p, targetNames())
		}
		ts = append(ts, t)
	}
	return ts, nil
}
