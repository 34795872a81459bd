package e2e

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/openloop/openloop/internal/testbin"
)

// ClaudeVersion is the Claude Code release the suite drives.
const ClaudeVersion = "2.1.332"

// Environment knobs. OPENLOOP_E2E=1 turns the suite on; the others are set
// by TestMain for the re-executed copy of the test binary.
const (
	envEnable  = "OPENLOOP_E2E"          // "1": run the suite
	envInNS    = "OPENLOOP_E2E_IN_NETNS" // "1": this process runs inside the namespace
	envClaude  = "OPENLOOP_E2E_CLAUDE"   // path of the claude binary (may be preset)
	envBin     = "OPENLOOP_E2E_BIN"      // path of the openloop binary built for the run
	envSkip    = "OPENLOOP_E2E_SKIP"     // why the suite skips (set by TestMain)
	envNoHooks = "OPENLOOP_E2E_NOHOOKS"  // "1": remove openloop's hooks after install (proves the scenarios can fail)
	envCache   = "OPENLOOP_E2E_CACHE"    // where the CLI is installed (default: user cache dir)
)

// TestMain prepares what needs the network (installing the CLI with npm)
// and what needs the Go toolchain (building openloop), then runs the tests
// again inside a fresh network namespace that only has loopback:
//
//	unshare -n -- sh -c 'ip link set lo up && exec "$0" "$@"' <test binary> <args>
//
// Re-executing the whole binary is simpler and more robust than calling
// unshare(CLONE_NEWNET) from Go: a namespace belongs to one OS thread, and
// the fake API's goroutines and the claude children would have to stay on
// it. After the re-exec every thread, the httptest server and every child
// process share the namespace, so nothing the CLI does can leave the
// machine.
func TestMain(m *testing.M) {
	if os.Getenv(envEnable) != "1" || os.Getenv(envInNS) == "1" || os.Getenv(envSkip) != "" {
		os.Exit(m.Run())
	}
	code, err := reexecInNetNS()
	if err != nil {
		os.Setenv(envSkip, err.Error())
		os.Exit(m.Run())
	}
	os.Exit(code)
}

func reexecInNetNS() (int, error) {
	claude, err := installClaude()
	if err != nil {
		return 0, err
	}
	bin, cleanup, err := buildOpenloop()
	if err != nil {
		return 0, err
	}
	defer cleanup()
	if os.Geteuid() != 0 {
		return 0, errors.New("needs root for a private network namespace (unshare -n)")
	}
	for _, tool := range []string{"unshare", "ip"} {
		if _, err := exec.LookPath(tool); err != nil {
			return 0, fmt.Errorf("needs %s: %v", tool, err)
		}
	}
	self, err := os.Executable()
	if err != nil {
		return 0, err
	}
	args := append([]string{"-n", "--", "sh", "-c", `ip link set lo up && exec "$0" "$@"`, self}, os.Args[1:]...)
	cmd := exec.Command("unshare", args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), envInNS+"=1", envClaude+"="+claude, envBin+"="+bin)
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), nil
	}
	if err != nil {
		return 0, fmt.Errorf("unshare -n: %v", err)
	}
	return 0, nil
}

// installClaude returns the path of a claude binary of ClaudeVersion,
// installing it with npm into the cache folder the first time.
func installClaude() (string, error) {
	if p := os.Getenv(envClaude); p != "" {
		return p, checkVersion(p)
	}
	dir := os.Getenv(envCache)
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no cache folder for the Claude Code CLI: %v", err)
		}
		dir = filepath.Join(base, "openloop-e2e", "claude-"+ClaudeVersion)
	}
	bin := filepath.Join(dir, "node_modules", ".bin", "claude")
	if checkVersion(bin) == nil {
		return bin, nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", fmt.Errorf("Claude Code %s is not installed in %s and npm is not available", ClaudeVersion, dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	fmt.Fprintf(os.Stderr, "e2e: installing @anthropic-ai/claude-code@%s into %s (about 400 MB, once)\n", ClaudeVersion, dir)
	cmd := exec.Command(npm, "install", "--no-audit", "--no-fund", "--prefix", dir, "@anthropic-ai/claude-code@"+ClaudeVersion)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm install @anthropic-ai/claude-code@%s failed: %v\n%s", ClaudeVersion, err, out)
	}
	return bin, checkVersion(bin)
}

func checkVersion(bin string) error {
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return fmt.Errorf("%s --version: %v", bin, err)
	}
	want := ClaudeVersion + " (Claude Code)"
	if got := strings.TrimSpace(string(out)); got != want {
		return fmt.Errorf("%s --version printed %q, want %q", bin, got, want)
	}
	return nil
}

// buildOpenloop builds the openloop binary from this module into a
// temporary folder, exactly as `go install ./cmd/openloop` would.
func buildOpenloop() (string, func(), error) {
	dir, err := os.MkdirTemp("", "openloop-e2e-bin-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	bin, err := testbin.Build(dir)
	if err != nil {
		cleanup()
		return "", nil, err
	}
	return bin, cleanup, nil
}

// requireE2E skips the test unless the suite is on and running inside the
// network namespace.
func requireE2E(t *testing.T) {
	t.Helper()
	if os.Getenv(envEnable) != "1" {
		t.Skip("end-to-end suite is opt-in: set OPENLOOP_E2E=1 (needs root, npm, ~400 MB)")
	}
	if why := os.Getenv(envSkip); why != "" {
		t.Skip("end-to-end suite skipped: " + why)
	}
	if os.Getenv(envInNS) != "1" {
		t.Skip("end-to-end suite skipped: not inside the loopback-only network namespace")
	}
	ifs, err := net.Interfaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range ifs {
		if i.Flags&net.FlagLoopback == 0 {
			t.Fatalf("network interface %s is reachable; the suite must run with loopback only", i.Name)
		}
	}
}
