package hooks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"

	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/store"
)

// sessionEndBudget is what Claude Code gives all SessionEnd hooks together
// when nothing raises it (a plugin's timeout does not).
const sessionEndBudget = 1500 * time.Millisecond

// Each hook's lock wait fits its event's time budget with room to spare
// (issue 20, break 5): a step waits for the memory dir's lock and then
// for the log's, so twice the wait must stay under a quarter of the
// budget: the timeout install writes for UserPromptSubmit and Stop,
// 1.5 s for SessionEnd. A wait of 5 s, or a 5-minute default, fails here.
func TestLockWaitsFitBudgets(t *testing.T) {
	for _, e := range settings.Events {
		budget := time.Duration(e.Timeout) * time.Second
		if e.Name == "SessionEnd" {
			budget = sessionEndBudget
		}
		if w := lockWait(e.Name); w <= 0 || 2*w > budget/4 {
			t.Errorf("%s waits %s for a lock; its budget is %s", e.Name, w, budget)
		}
	}
	if w := lockWait("SessionStart"); w > lockWait("SessionEnd") {
		t.Errorf("an event without its own wait waits %s", w)
	}
}

// The store a hook parks through carries its event's wait: the value the
// hook really uses, not a default.
func TestParkUsesEventLockWait(t *testing.T) {
	cfg, dir := testConfig(t)
	for _, name := range []string{"UserPromptSubmit", "Stop"} {
		pk, err := park(cfg, Event{Name: name, Cwd: dir}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if pk.st.LockWait != LockWaits[name] || pk.st.LockWait == 0 {
			t.Errorf("%s parks with a lock wait of %s, want %s", name, pk.st.LockWait, LockWaits[name])
		}
	}
}

// SessionEnd with an item due to expire and the lock held elsewhere (an
// openloop command stopped with Ctrl-Z) leaves expiry for later: no
// error, nothing deleted, and it returns after its own short wait, not
// the commands' 5 s.
func TestSessionEndLeavesExpiryWhenLocked(t *testing.T) {
	cfg, dir := testConfig(t)
	p, err := cfg.paths(Event{Cwd: dir})
	if err != nil {
		t.Fatal(err)
	}
	s := store.Open(p.MemoryDir, func() time.Time { return testNow.Add(-31 * 24 * time.Hour) })
	if r, err := s.Park(store.Entry{Kind: store.KindDeferred, Idea: "retry budget", Context: "c"}); err != nil || !r.Parked {
		t.Fatal(r, err)
	}
	held, err := lockedfile.Edit(filepath.Join(p.MemoryDir, ".openloop.lock"))
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	done := make(chan error, 1)
	go func() {
		_, err := SessionEnd(cfg, Event{Name: "SessionEnd", Cwd: dir, SessionID: "s"})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("SessionEnd with the lock held: %v", err)
		}
	case <-time.After(time.Minute): // a failure, not a speed check: the wait is 100 ms
		t.Fatal("SessionEnd is still waiting for the lock")
	}
	ents, _ := os.ReadDir(p.MemoryDir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if !strings.Contains(strings.Join(names, " "), "session-open-retry-budget-") {
		t.Errorf("the item was expired while another process held the lock: %v", names)
	}
}
