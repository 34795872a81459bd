//go:build linux

package cli

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal pair: the terminal a command reads as
// its stdin, and the side that would type into it.
func openPTY(t *testing.T) (term, master *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Skipf("ptsname: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("open pts: %v", err)
	}
	t.Cleanup(func() { s.Close(); m.Close() })
	return s, m
}

// explain and hook with no arguments, run by hand at a terminal, print
// their usage on stderr and stop, instead of waiting silently for a
// payload on stdin. (If one waits, the test ends it by closing the
// terminal after a while, and fails.)
func TestUsageAtTerminal(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"explain"}, ExitUsage},
		{[]string{"explain", "--json"}, ExitUsage},
		{[]string{"hook"}, ExitFailure},
	} {
		term, master := openPTY(t)
		var out, errb bytes.Buffer
		e := &Env{Stdin: term, Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" },
			Now: time.Now, Cwd: t.TempDir()}
		done := make(chan int, 1)
		go func() { done <- Run(e, tt.args) }()
		var code int
		select {
		case code = <-done:
		case <-time.After(20 * time.Second):
			master.Close() // the command waits on the terminal: end its read
			term.Close()
			code = <-done
			t.Errorf("%v waited for input at a terminal", tt.args)
		}
		if code != tt.code || out.Len() != 0 || !strings.HasPrefix(errb.String(), "Usage: openloop "+tt.args[0]) {
			t.Errorf("%v at a terminal: exit %d, stdout %q, stderr %q; want exit %d and the usage on stderr", tt.args, code, out.String(), errb.String(), tt.code)
		}
	}
	// Not a terminal (a pipe, or /dev/null): stdin is read as before.
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	var out, errb bytes.Buffer
	e := &Env{Stdin: null, Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }, Now: time.Now, Cwd: t.TempDir()}
	Run(e, []string{"explain"})
	if strings.Contains(errb.String(), "Usage:") {
		t.Errorf("explain < /dev/null printed the usage: %q", errb.String())
	}
}
