// Command mutate is openloop's mutation check: it breaks the behaviours
// users depend on (the cap, expiry, the stale mark, exit codes, atomic
// writes, dedupe, the archive lock, the install round trip, the state
// rule, and more: see mutations.go) one at a time, in a copy of the
// module, runs the tests that should notice, and reports every break they
// did not notice. A surviving mutation is a behaviour no test protects.
//
//	go run ./internal/mutate                  # every mutation (about 30-60 min on 2 cores)
//	go run ./internal/mutate -run 'cap|state'  # the mutations whose id matches
//	go run ./internal/mutate -list             # the table; runs nothing
//	go run ./internal/mutate -skip TestX       # leave out a test that fails unchanged
//
// The working tree is never touched: the module is copied into a temp
// folder (removed at the end; -keep keeps it), the tests are run there
// once unchanged (the baseline must pass), then each mutation is applied,
// tested and undone. A mutation's packages are tested one at a time,
// cheapest first, with `go test -count=1 -failfast -vet=off`; the first
// failure kills the mutation and stops its run. It survives when every
// package passes. A mutation that does not compile, or whose text is no
// longer in its file, is a broken row of the table, reported as such.
//
// Exit status: 0 when every mutation was killed, 1 when one survived or a
// row is broken, 64 for bad flags.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"text/tabwriter"
	"time"
)

// mutation is one break of one behaviour.
type mutation struct {
	id        string   // short, stable name (-run matches it)
	behaviour string   // what a user loses when it survives
	file      string   // slash-separated path from the module root
	old, new  string   // old occurs exactly once in file
	pkgs      []string // packages to test, cheapest first
}

// outcome is what one mutation's run found.
type outcome struct {
	m       mutation
	result  string // killed, SURVIVED, BROKEN
	by      string // the package and test that failed, or why it is broken
	elapsed time.Duration
}

const (
	exitOK       = 0
	exitSurvived = 1
	exitUsage    = 64
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("mutate", flag.ContinueOnError)
	fl.SetOutput(stderr)
	pattern := fl.String("run", "", "run only the mutations whose id matches this regexp")
	list := fl.Bool("list", false, "print the mutations and exit")
	short := fl.Bool("short", false, "pass -short to go test (faster; the slow loops then kill nothing)")
	keep := fl.Bool("keep", false, "keep the copy of the module and print its path")
	timeout := fl.Duration("timeout", 10*time.Minute, "go test -timeout for one package")
	skip := fl.String("skip", "", "go test -skip: tests left out of every run (a test that fails unchanged)")
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "mutate: unexpected argument %q\n", fl.Arg(0))
		return exitUsage
	}
	var re *regexp.Regexp
	if *pattern != "" {
		var err error
		if re, err = regexp.Compile(*pattern); err != nil {
			fmt.Fprintf(stderr, "mutate: -run: %v\n", err)
			return exitUsage
		}
	}
	var todo []mutation
	for _, m := range mutations {
		if re == nil || re.MatchString(m.id) {
			todo = append(todo, m)
		}
	}
	if *list {
		w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		for _, m := range todo {
			fmt.Fprintf(w, "%s\t%s\t%s\n", m.id, m.file, m.behaviour)
		}
		w.Flush()
		return exitOK
	}
	if len(todo) == 0 {
		fmt.Fprintf(stderr, "mutate: no mutation matches %q\n", *pattern)
		return exitUsage
	}

	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintf(stderr, "mutate: %v\n", err)
		return exitSurvived
	}
	work, err := os.MkdirTemp("", "openloop-mutate-")
	if err != nil {
		fmt.Fprintf(stderr, "mutate: %v\n", err)
		return exitSurvived
	}
	if *keep {
		fmt.Fprintf(stderr, "mutate: copy kept in %s\n", work)
	} else {
		defer os.RemoveAll(work)
	}
	if err := copyTree(root, work); err != nil {
		fmt.Fprintf(stderr, "mutate: copy the module: %v\n", err)
		return exitSurvived
	}
	r := runner{dir: work, short: *short, skip: *skip, timeout: *timeout, log: stderr}

	// Every row must apply before anything runs: a stale row would
	// otherwise pass as "killed" or hide a survivor.
	var broken []outcome
	for _, m := range todo {
		if err := applies(work, m); err != nil {
			broken = append(broken, outcome{m: m, result: "BROKEN", by: err.Error()})
		}
	}
	if len(broken) > 0 {
		report(stdout, broken)
		fmt.Fprintln(stderr, "mutate: the table is out of date with the code (see internal/mutate/mutations.go)")
		return exitSurvived
	}

	fmt.Fprintf(stderr, "mutate: baseline: testing the unchanged copy in %s\n", work)
	if by, failed := r.test(union(todo)); failed {
		fmt.Fprintf(stderr, "mutate: the unchanged code fails its tests (%s); fix that first\n", by)
		return exitSurvived
	}
	var outs []outcome
	for i, m := range todo {
		fmt.Fprintf(stderr, "mutate: [%d/%d] %s: %s\n", i+1, len(todo), m.id, m.behaviour)
		o := r.mutant(m)
		fmt.Fprintf(stderr, "mutate: [%d/%d] %s: %s %s (%s)\n", i+1, len(todo), m.id, o.result, o.by, o.elapsed.Round(time.Second))
		outs = append(outs, o)
	}
	report(stdout, outs)
	for _, o := range outs {
		if o.result != "killed" {
			return exitSurvived
		}
	}
	return exitOK
}

// report prints one line per mutation, then the counts.
func report(w io.Writer, outs []outcome) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	n := map[string]int{}
	for _, o := range outs {
		n[o.result]++
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", o.result, o.m.id, o.by, o.m.behaviour)
	}
	tw.Flush()
	fmt.Fprintf(w, "mutations: %d killed, %d survived, %d broken\n", n["killed"], n["SURVIVED"], n["BROKEN"])
}

// runner runs go test in the copy.
type runner struct {
	dir     string
	short   bool
	skip    string
	timeout time.Duration
	log     io.Writer
}

// mutant applies m, tests its packages and restores the file.
func (r runner) mutant(m mutation) outcome {
	start := time.Now()
	o := outcome{m: m}
	orig, err := apply(r.dir, m)
	if err != nil {
		o.result, o.by = "BROKEN", err.Error()
		return o
	}
	defer os.WriteFile(filepath.Join(r.dir, filepath.FromSlash(m.file)), orig, 0o644)
	by, failed := r.test(m.pkgs)
	o.elapsed = time.Since(start)
	switch {
	case strings.HasPrefix(by, "does not compile"):
		o.result, o.by = "BROKEN", by
	case failed:
		o.result, o.by = "killed", by
	default:
		o.result, o.by = "SURVIVED", "all of "+strings.Join(m.pkgs, " ")+" pass"
	}
	return o
}

// test runs each package's tests in turn and stops at the first failure,
// naming the package and the first failing test.
func (r runner) test(pkgs []string) (by string, failed bool) {
	for _, pkg := range pkgs {
		args := []string{"test", "-count=1", "-failfast", "-vet=off", "-timeout", r.timeout.String()}
		if r.short {
			args = append(args, "-short")
		}
		if r.skip != "" {
			args = append(args, "-skip", r.skip)
		}
		args = append(args, pkg)
		ctx, cancel := context.WithTimeout(context.Background(), r.timeout+time.Minute)
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = r.dir
		cmd.Env = testEnv()
		out, err := cmd.CombinedOutput()
		cancel()
		if err == nil {
			continue
		}
		if bytes.Contains(out, []byte("[build failed]")) || bytes.Contains(out, []byte("[setup failed]")) {
			return "does not compile: " + firstLine(out), true
		}
		return pkg + " " + failingTest(out), true
	}
	return "", false
}

// testEnv is this process's environment without what would change what
// the tests do: the opt-in real-CLI suite stays off.
func testEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "OPENLOOP_") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

var failRE = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)`)

// failingTest names the deepest failing test in go test's output (the
// first of those with the most "/"; without -v a parent's "--- FAIL:" line
// comes before its subtests'), or, for a crash, the first line of the
// panic.
func failingTest(out []byte) string {
	best := ""
	for _, m := range failRE.FindAllSubmatch(out, -1) {
		if name := string(m[1]); best == "" || strings.Count(name, "/") > strings.Count(best, "/") {
			best = name
		}
	}
	if best != "" {
		return best
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "fatal error:") {
			return "(" + strings.TrimSpace(l) + ")"
		}
	}
	return "(" + firstLine(out) + ")"
}

func firstLine(b []byte) string {
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			return l
		}
	}
	return "no output"
}

// applies reports whether m applies to the file in dir, changing nothing.
func applies(dir string, m mutation) error {
	src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(m.file)))
	if err != nil {
		return err
	}
	_, err = replaceOnce(string(src), m)
	return err
}

// apply writes m into the copy and returns the file's original bytes.
func apply(dir string, m mutation) ([]byte, error) {
	path := filepath.Join(dir, filepath.FromSlash(m.file))
	orig, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	mutated, err := replaceOnce(string(orig), m)
	if err != nil {
		return nil, err
	}
	return orig, os.WriteFile(path, []byte(mutated), 0o644)
}

// replaceOnce replaces m.old, which must occur exactly once, with m.new.
func replaceOnce(src string, m mutation) (string, error) {
	switch n := strings.Count(src, m.old); {
	case m.old == m.new:
		return "", fmt.Errorf("%s: the mutation changes nothing", m.file)
	case n == 0:
		return "", fmt.Errorf("%s: text not found: %q", m.file, m.old)
	case n > 1:
		return "", fmt.Errorf("%s: text found %d times: %q", m.file, n, m.old)
	}
	return strings.Replace(src, m.old, m.new, 1), nil
}

// union is every package of the mutations, in first-seen order.
func union(ms []mutation) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range ms {
		for _, p := range m.pkgs {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// moduleRoot is the folder holding this module's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside a Go module: run it from the openloop checkout")
	}
	return filepath.Dir(gomod), nil
}

// copyTree copies the module at src into dst: regular files with their
// modes, symlinks as symlinks; .git (a folder, or a worktree's file) and
// bench/out are left out.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if rel == ".git" || rel == filepath.Join("bench", "out") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil // a worktree's .git file: the copy is no checkout
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(target, info.Mode().Perm()|0o700)
		case info.Mode()&fs.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case info.Mode().IsRegular():
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(target, data, info.Mode().Perm())
		}
		return nil // sockets, FIFOs: nothing a test needs
	})
}
