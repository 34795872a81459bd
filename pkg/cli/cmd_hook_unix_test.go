//go:build unix

package cli

import (
	"strings"
	"syscall"
	"testing"
)

// The hook guards against the Go runtime's fatal errors, which exit 2
// (internal/fatal): it turns core dumps off first, which this checks.
func TestHookGuardsFatalErrors(t *testing.T) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_CORE, &lim); err != nil {
		t.Skip("getrlimit:", err)
	}
	if lim.Max == 0 {
		t.Skip("core dumps are off for this process already: nothing to observe")
	}
	lim.Cur = min(lim.Max, 1<<20)
	if err := syscall.Setrlimit(syscall.RLIMIT_CORE, &lim); err != nil {
		t.Skip("setrlimit:", err)
	}
	e, _, _ := hookEnv(t.TempDir(), strings.NewReader(`{"hook_event_name":"Stop"}`))
	Run(e, []string{"hook"})
	if err := syscall.Getrlimit(syscall.RLIMIT_CORE, &lim); err != nil || lim.Cur != 0 {
		t.Errorf("after a hook ran, the core file limit is %d (%v); want 0, set by fatal.Guard", lim.Cur, err)
	}
}
