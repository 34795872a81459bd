package e2e

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	envNoHooks = "OPENLOOP_E2E_NOHOOKS"  // "1": remove openloop's hooks after install (proves the scenarios can fail)
	envCache   = "OPENLOOP_E2E_CACHE"    // where the CLI is installed (default: user cache dir)
)

// UnreachableMarker starts the line TestMain prints on stdout when the
// suite skips because the npm registry cannot be reached; .ci/run looks
// for it, since that is the one reason the suite may skip.
const UnreachableMarker = "e2e: registry unreachable, every test skips:"

// skipAll is why every end-to-end test skips (set by TestMain).
var skipAll string

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
//
// With OPENLOOP_E2E=1 the suite must run: a set-up that fails (openloop
// does not build, the CLI does not install from a reachable registry or
// does not start, no root, no unshare) fails the whole run. Only a
// registry that cannot be reached makes every test skip, and TestMain
// says so on stdout (UnreachableMarker).
func TestMain(m *testing.M) {
	if os.Getenv(envEnable) != "1" || os.Getenv(envInNS) == "1" {
		os.Exit(m.Run())
	}
	code, err := reexecInNetNS()
	if skip, fail := setupOutcome(err); fail != nil {
		fmt.Fprintf(os.Stderr, "e2e: FAIL: the suite cannot run: %v\n", fail)
		os.Exit(1)
	} else if skip != "" {
		fmt.Println(UnreachableMarker, skip)
		skipAll = skip
		os.Exit(m.Run())
	}
	os.Exit(code)
}

// setupOutcome sorts a set-up error: an unreachable registry skips the
// suite (skip is why); any other error fails it.
func setupOutcome(err error) (skip string, fail error) {
	var u *registryUnreachable
	switch {
	case err == nil:
		return "", nil
	case errors.As(err, &u):
		return err.Error(), nil
	}
	return "", err
}

// registryUnreachable is the one set-up failure that may skip the suite:
// the CLI is not installed and npm cannot reach its registry.
type registryUnreachable struct{ detail string }

func (e *registryUnreachable) Error() string {
	return "the npm registry cannot be reached to install Claude Code " + ClaudeVersion + ": " + e.detail
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
// installing it with npm into the cache folder the first time. A preset
// OPENLOOP_E2E_CLAUDE must start and be that version. An install that
// fails is a *registryUnreachable only when `npm ping` fails too.
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
		if perr := npmPing(npm); perr != nil {
			return "", &registryUnreachable{detail: perr.Error()}
		}
		return "", fmt.Errorf("npm install @anthropic-ai/claude-code@%s failed although the registry answers: %v\n%s", ClaudeVersion, err, out)
	}
	return bin, checkVersion(bin)
}

// npmPing asks the configured registry whether it answers, within a
// minute.
func npmPing(npm string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, npm, "ping").CombinedOutput()
	if err != nil {
		return fmt.Errorf("npm ping: %v: %s", err, strings.Join(strings.Fields(string(out)), " "))
	}
	return nil
}

func checkVersion(bin string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "--version").Output()
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
	if skipAll != "" {
		t.Skip("end-to-end suite skipped: " + skipAll)
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
