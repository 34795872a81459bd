//go:build unix

package fatal

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
)

// deep recurses until the stack limit is reached: a fatal runtime error,
// which no recover catches.
func deep(n int) int {
	var pad [256]byte
	pad[n%256] = byte(n)
	return deep(n+1) + int(pad[0])
}

// TestGuard runs a copy of the test binary that overflows its stack, once
// guarded and once not: unguarded it exits 2 (what Claude Code takes as
// "block the prompt"); guarded it ends by SIGABRT, prints the runtime's
// error on stderr, and leaves no core file in its folder.
func TestGuard(t *testing.T) {
	switch os.Getenv("FATAL_TEST_HELPER") {
	case "guarded":
		Guard()
		fallthrough
	case "bare":
		debug.SetMaxStack(1 << 20)
		deep(0)
		return
	}
	run := func(mode string) (*os.ProcessState, string, string) {
		dir := t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^TestGuard$")
		cmd.Env = append(os.Environ(), "FATAL_TEST_HELPER="+mode)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("%s: %v", mode, err)
		}
		return ee.ProcessState, stderr.String(), dir
	}

	ps, _, _ := run("bare")
	if ps.ExitCode() != 2 {
		t.Fatalf("unguarded: exit %d; this test expects Go's fatal errors to exit 2", ps.ExitCode())
	}
	ps, stderr, dir := run("guarded")
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if ps.ExitCode() == 2 || !ok || !ws.Signaled() || ws.Signal() != syscall.SIGABRT {
		t.Errorf("guarded: %v (exit %d), want SIGABRT", ps, ps.ExitCode())
	}
	if !strings.Contains(stderr, "stack overflow") && !strings.Contains(stderr, "stack exceeds") {
		t.Errorf("guarded: the runtime's error is not on stderr:\n%.500s", stderr)
	}
	if cores, _ := filepath.Glob(filepath.Join(dir, "core*")); len(cores) > 0 {
		t.Errorf("guarded: core files left: %v", cores)
	}
}
