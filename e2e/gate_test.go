package e2e

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// These tests run without OPENLOOP_E2E: they check the rule that keeps a
// green run honest. Only an unreachable registry may skip the suite; any
// other set-up failure fails it.

func TestSetupOutcome(t *testing.T) {
	if skip, fail := setupOutcome(nil); skip != "" || fail != nil {
		t.Errorf("no error: skip %q, fail %v", skip, fail)
	}
	unreachable := &registryUnreachable{detail: "npm ping: exit status 1"}
	if skip, fail := setupOutcome(unreachable); fail != nil || !strings.Contains(skip, "npm registry cannot be reached") {
		t.Errorf("unreachable registry: skip %q, fail %v; want a skip", skip, fail)
	}
	for _, err := range []error{
		errors.New("go build openloop: exit status 1"),
		errors.New("needs root for a private network namespace (unshare -n)"),
		errors.New("/bogus/claude --version: fork/exec /bogus/claude: no such file or directory"),
	} {
		if skip, fail := setupOutcome(err); fail == nil || skip != "" {
			t.Errorf("%v: skip %q, fail %v; want a failure", err, skip, fail)
		}
	}
}

// A preset CLI that does not start fails the set-up; it is not a skip.
func TestBrokenClaudeFailsSetup(t *testing.T) {
	t.Setenv(envClaude, filepath.Join(t.TempDir(), "no-such-claude"))
	_, err := installClaude()
	if skip, fail := setupOutcome(err); fail == nil || skip != "" {
		t.Fatalf("installClaude with a bogus CLI: err %v, skip %q; want a failure", err, skip)
	}
}

// fakeNPM puts an npm on PATH whose install always fails and whose ping
// exits with pingCode.
func fakeNPM(t *testing.T, pingCode string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake npm is a shell script")
	}
	dir := t.TempDir()
	script := "#!/bin/sh\ncase \"$1\" in\nping) exit " + pingCode + ";;\n*) echo 'npm error code ENOSPC' >&2; exit 1;;\nesac\n"
	if err := os.WriteFile(filepath.Join(dir, "npm"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv(envClaude, "")
	t.Setenv(envCache, filepath.Join(t.TempDir(), "cache"))
}

// npm install fails while the registry answers: the run fails.
func TestInstallFailureWithReachableRegistryFails(t *testing.T) {
	fakeNPM(t, "0")
	_, err := installClaude()
	var u *registryUnreachable
	if err == nil || errors.As(err, &u) {
		t.Fatalf("installClaude = %v; want a plain failure", err)
	}
	if skip, fail := setupOutcome(err); fail == nil || skip != "" {
		t.Errorf("skip %q, fail %v; want a failure", skip, fail)
	}
}

// npm install fails and the registry does not answer: the suite skips.
func TestInstallFailureWithUnreachableRegistrySkips(t *testing.T) {
	fakeNPM(t, "1")
	_, err := installClaude()
	var u *registryUnreachable
	if !errors.As(err, &u) {
		t.Fatalf("installClaude = %v; want *registryUnreachable", err)
	}
	if skip, fail := setupOutcome(err); fail != nil || skip == "" {
		t.Errorf("skip %q, fail %v; want a skip", skip, fail)
	}
}
