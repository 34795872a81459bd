package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Module is openloop's module path, the one go install names.
const Module = "github.com/openloop/openloop"

// versionVar is the variable -ldflags -X stamps.
const versionVar = Module + "/pkg/cli.Version"

// SumsFile lists every archive's SHA-256, as sha256sum prints it.
const SumsFile = "checksums.txt"

// FormulaFile is the Homebrew formula.
const FormulaFile = "openloop.rb"

// Target is one platform a release is built for.
type Target struct{ OS, Arch string }

func (t Target) String() string { return t.OS + "/" + t.Arch }

// Exe is the binary's name on the target.
func (t Target) Exe() string {
	if t.OS == "windows" {
		return "openloop.exe"
	}
	return "openloop"
}

// Ext is the archive's extension: zip for windows, tar.gz elsewhere.
func (t Target) Ext() string {
	if t.OS == "windows" {
		return ".zip"
	}
	return ".tar.gz"
}

// AllTargets are the platforms of a release.
var AllTargets = []Target{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

func targetByName(s string) (Target, bool) {
	for _, t := range AllTargets {
		if t.String() == s {
			return t, true
		}
	}
	return Target{}, false
}

func targetNames() string {
	var n []string
	for _, t := range AllTargets {
		n = append(n, t.String())
	}
	return strings.Join(n, ", ")
}

// Base is the archive's name without its extension, and the folder it
// unpacks to: openloop_1.2.3_linux_amd64 for v1.2.3.
func Base(version string, t Target) string {
	return "openloop_" + strings.TrimPrefix(version, "v") + "_" + t.OS + "_" + t.Arch
}

// ArchiveName is the archive's file name.
func ArchiveName(version string, t Target) string { return Base(version, t) + t.Ext() }

var semver = regexp.MustCompile(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

// checkVersion accepts what go install accepts as a release version:
// vMAJOR.MINOR.PATCH with an optional pre-release, no build metadata.
func checkVersion(v string) error {
	if v == "" {
		return errors.New("say which version to build: -version vMAJOR.MINOR.PATCH")
	}
	if !semver.MatchString(v) {
		return fmt.Errorf("-version %q is not a semantic version such as v1.2.3 or v1.2.3-rc.1 (with its leading v)", v)
	}
	return nil
}

// sourceDate is SOURCE_DATE_EPOCH's time (reproducible-builds.org), or
// 2000-01-01 UTC without one.
func sourceDate(epoch string) time.Time {
	if n, err := strconv.ParseInt(epoch, 10, 64); err == nil && n >= 315532800 { // zip starts at 1980
		return time.Unix(n, 0).UTC()
	}
	return time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
}

// moduleRoot is the folder above the working directory whose go.mod is
// openloop's.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(b, []byte("module "+Module+"\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("run it inside openloop's module (no go.mod of %s above the working folder)", Module)
		}
		dir = parent
	}
}

// Options say what to build where.
type Options struct {
	Root    string    // the module's folder
	Version string    // vX.Y.Z
	Out     string    // the folder to write, new or empty
	Targets []Target  // what to build
	URLBase string    // where the archives are published ("": the GitHub release)
	When    time.Time // the archives' file times
	Log     io.Writer // one line per step
}

// ldflags stamp the version and drop the DWARF tables; the symbol table
// stays (about 7% of the binary), so that Check can read the stamp of a
// binary it cannot run.
func ldflags(version string) string { return "-w -X " + versionVar + "=" + version }

// Build builds every target, packs it, and writes the sums and the
// formula. It refuses an Out that holds anything, so that the sums list
// exactly what is there.
func Build(o Options) error {
	if err := emptyDir(o.Out); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "openloop-release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	docs := docFiles(o.Root)
	sums := map[string]string{}
	for _, t := range o.Targets {
		start := time.Now()
		bin := filepath.Join(tmp, t.OS+"_"+t.Arch, t.Exe())
		if err := goBuild(o.Root, t, o.Version, bin); err != nil {
			return err
		}
		name := ArchiveName(o.Version, t)
		data, err := pack(t, Base(o.Version, t), bin, docs, o.When)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(o.Out, name), data, 0o644); err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		sums[name] = hex.EncodeToString(sum[:])
		fmt.Fprintf(o.Log, "built %s (%d bytes, %s)\n", name, len(data), time.Since(start).Round(100*time.Millisecond))
	}
	if err := os.WriteFile(filepath.Join(o.Out, SumsFile), sumsText(sums), 0o644); err != nil {
		return err
	}
	base := o.URLBase
	if base == "" {
		base = ReleaseURL(o.Version)
	}
	formula, err := Formula(o.Version, base, sums)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(o.Out, FormulaFile), formula, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(o.Log, "wrote %s and %s in %s\n", SumsFile, FormulaFile, o.Out)
	return nil
}

// ReleaseURL is where the GitHub release of version serves its files.
func ReleaseURL(version string) string {
	return "https://" + Module + "/releases/download/" + version
}

// emptyDir makes dir, or accepts it when it is an empty folder.
func emptyDir(dir string) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	if len(ents) > 0 {
		return fmt.Errorf("%s is not empty: name a new or empty folder, so that %s lists exactly what is in it", dir, SumsFile)
	}
	return nil
}

// goBuild builds cmd/openloop for t into bin, the way a release is built:
// trimmed paths and no VCS stamp, so the same source and toolchain give
// the same bytes, and no cgo, so every target cross-compiles.
func goBuild(root string, t Target, version, bin string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags(version), "-o", bin, "./cmd/openloop")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS="+t.OS, "GOARCH="+t.Arch, "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build for %s: %v\n%s", t, err, out)
	}
	return nil
}

// docFile is a text file packed beside the binary.
type docFile struct {
	name string
	data []byte
}

// docFiles are README.md and LICENSE (or LICENSE.md, LICENSE.txt) from the
// module's root, those that exist.
func docFiles(root string) []docFile {
	var docs []docFile
	for _, n := range []string{"README.md", "LICENSE", "LICENSE.md", "LICENSE.txt"} {
		if b, err := os.ReadFile(filepath.Join(root, n)); err == nil {
			docs = append(docs, docFile{n, b})
		}
	}
	return docs
}

// sumsText is the sums file: "<hex>  <name>" lines, sorted by name.
func sumsText(sums map[string]string) []byte {
	names := make([]string, 0, len(sums))
	for n := range sums {
		names = append(names, n)
	}
	sort.Strings(names)
	var b bytes.Buffer
	for _, n := range names {
		fmt.Fprintf(&b, "%s  %s\n", sums[n], n)
	}
	return b.Bytes()
}

// parseSums reads a sums file back.
func parseSums(data []byte) (map[string]string, error) {
	sums := map[string]string{}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if b, err := hex.DecodeString(sum); !ok || err != nil || len(b) != sha256.Size || name == "" || strings.ContainsAny(name, `/\`) {
			return nil, fmt.Errorf("%s line %d is not \"<sha256>  <name>\": %q", SumsFile, i+1, line)
		}
		if _, dup := sums[name]; dup {
			return nil, fmt.Errorf("%s lists %s twice", SumsFile, name)
		}
		sums[name] = sum
	}
	return sums, nil
}
