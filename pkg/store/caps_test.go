package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Whatever Park or Restore writes, archive and expiry can take back: an
// idea over MaxIdea or an item over MaxItem is not parked, and a log text
// over MaxItem (a committed log can carry any line) is not restored; each
// refusal is one error and changes nothing. A text of exactly MaxItem
// bytes comes back and can be archived again (issue 20, break 2).
func TestCapsAgree(t *testing.T) {
	s := newStore(t)
	if _, err := s.Park(Entry{Kind: KindDeferred, Idea: "retry " + strings.Repeat("b", MaxIdea), Context: "c"}); err == nil || !strings.Contains(err.Error(), "nothing parked: the idea is") {
		t.Errorf("park of an idea over MaxIdea: %v", err)
	}
	if _, err := s.Park(Entry{Kind: KindDeferred, Idea: "retry budget", Context: strings.Repeat("c ", MaxItem/2)}); err == nil || !strings.Contains(err.Error(), "nothing parked: the item would be") {
		t.Errorf("park of an item over MaxItem: %v", err)
	}
	if items, _ := s.List(); len(items) != 0 {
		t.Fatalf("refused parks wrote %d items", len(items))
	}

	head := "---\nname: big-notes\ndescription: Deferred - big notes\ntype: project\n---\n\nDeferred: big notes. Context: "
	for _, tt := range []struct {
		size int
		ok   bool
	}{{MaxItem + 1, false}, {MaxItem, true}} {
		s := newStore(t)
		text := head + strings.Repeat("x", tt.size-len(head)-2) + ".\n"
		l := LogLine{LogEntry: LogEntry{TS: "2026-11-30T10:00:00Z", Item: "big-notes", Action: ActionArchived}, File: "session-open-big-notes-2026-11-30.md"}.withText(text)
		if err := s.Log.Append(l); err != nil {
			t.Fatal(err)
		}
		_, _, err := s.Restore("big notes")
		if !tt.ok {
			if !errors.Is(err, ErrTooBig) || strings.Count(err.Error(), "\n") != 0 {
				t.Errorf("restore of %d bytes: %v, want one line of ErrTooBig", tt.size, err)
			}
			if ents, _ := os.ReadDir(s.Dir); len(ents) > 1 { // the lock file
				t.Errorf("a refused restore left %d entries", len(ents))
			}
			continue
		}
		if err != nil {
			t.Fatalf("restore of %d bytes: %v", tt.size, err)
		}
		if data, _ := os.ReadFile(filepath.Join(s.Dir, fileOf("big-notes"))); len(data) != tt.size {
			t.Fatalf("restored %d bytes, want %d", len(data), tt.size)
		}
		if _, _, err := s.Archive("big notes"); err != nil {
			t.Errorf("archive of what restore wrote: %v", err)
		}
	}
}
