package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRestoreNameBound: a name from the log is kept up to exactly
// maxRestoredName (128) bytes and made into a slug from one byte more, so
// a bound loosened towards the filesystem's 255 bytes fails here. The
// restored file's name stays far below 255 bytes either way.
func TestRestoreNameBound(t *testing.T) {
	tests := []struct {
		name string // the name the log's file holds
		want string // the name restore writes
	}{
		{strings.Repeat("a", 127), strings.Repeat("a", 127)},
		{strings.Repeat("b", 128), strings.Repeat("b", 128)},
		{strings.Repeat("c", 129), strings.Repeat("c", MaxSlug)},
		{strings.Repeat("d", 200), strings.Repeat("d", MaxSlug)},
		{strings.Repeat("e", 255-len("session-open--2026-11-30.md")), strings.Repeat("e", MaxSlug)},
	}
	for _, tt := range tests {
		s := newStore(t)
		text := "---\nname: restored\ndescription: Deferred - widget cache\ntype: project\n---\n\nDeferred: widget cache. Context: x.\n"
		l := LogLine{LogEntry: LogEntry{TS: "2026-11-30T10:00:00Z", Item: "restored", Action: ActionArchived},
			File: "session-open-" + tt.name + "-2026-11-30.md", Text: text}
		if err := s.Log.Append(l); err != nil {
			t.Fatal(err)
		}
		r, _, err := s.Restore("widget cache")
		if err != nil {
			t.Fatalf("restore of a %d-byte name: %v", len(tt.name), err)
		}
		if r.File != fileOf(tt.want) {
			t.Errorf("restore of a %d-byte name wrote %s (%d bytes), want %s", len(tt.name), r.File, len(r.File), fileOf(tt.want))
			continue
		}
		if got, err := os.ReadFile(filepath.Join(s.Dir, r.File)); err != nil || string(got) != text {
			t.Errorf("restored %q, %v", got, err)
		}
	}
}
