package store

import (
	"bytes"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// RestoreList names, newest first and once each, the items whose last
// line says archived or expired and whose text is not in this config
// dir's private file; a later line of the same name (restored, archived
// here) supersedes it, and an open item of that name is not named.
func TestRestoreListElsewhere(t *testing.T) {
	line := func(item, action, id string) LogLine {
		return LogLine{LogEntry: LogEntry{TS: "2026-12-01T10:00:00Z", Item: item, Action: action}, ID: id}
	}
	for _, tc := range []struct {
		name  string
		lines []LogLine
		open  []string // ideas parked here first
		want  []string
	}{
		{"none", nil, nil, nil},
		{"archived elsewhere", []LogLine{line("a", ActionArchived, "0000000000000001")}, nil, []string{"a"}},
		{"expired elsewhere", []LogLine{line("a", ActionExpired, "0000000000000001")}, nil, []string{"a"}},
		{"newest first, once", []LogLine{
			line("a", ActionArchived, "0000000000000001"),
			line("b", ActionArchived, "0000000000000002"),
			line("a", ActionArchived, "0000000000000003"),
		}, nil, []string{"a", "b"}},
		{"restored since", []LogLine{
			line("a", ActionArchived, "0000000000000001"),
			line("a", ActionRestored, "0000000000000002"),
		}, nil, nil},
		{"an earlier version's line since", []LogLine{
			line("a", ActionArchived, "0000000000000001"),
			{LogEntry: LogEntry{TS: "2026-12-01T11:00:00Z", Item: "a", Action: ActionRestored}},
		}, nil, nil},
		{"open here", []LogLine{line("retry-budget", ActionArchived, "0000000000000001")}, []string{"retry budget"}, nil},
		{"no name: nothing to name", []LogLine{line("", ActionArchived, "0000000000000001"), line("b", ActionArchived, "0000000000000002")}, nil, []string{"b"}},
		{"no id: never had a text", []LogLine{{LogEntry: LogEntry{TS: "2026-12-01T10:00:00Z", Item: "a", Action: ActionArchived}}}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStore(t)
			for _, idea := range tc.open {
				park(t, s, KindDeferred, idea)
			}
			for _, l := range tc.lines {
				if err := s.Log.Append(l); err != nil {
					t.Fatal(err)
				}
			}
			l, err := s.RestoreList()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(l.Elsewhere, tc.want) || l.Private != s.Log.Private || len(l.Items) != 0 {
				t.Errorf("got %q in %s (items %v), want %q", l.Elsewhere, l.Private, l.Items, tc.want)
			}
		})
	}
}

// An item archived under another config dir is named by restore's error,
// with the file it looked in; under that config dir it restores.
func TestRestoreElsewhere(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "retry budget for uploads")
	park(t, s, KindSideIdea, "dark mode toggle")
	other := *s
	other.WithPrivate(filepath.Join(t.TempDir(), "other"))
	if _, _, err := other.Archive("retry budget"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Archive("dark mode"); err != nil {
		t.Fatal(err)
	}
	_, _, err := s.Restore("retry budget")
	var away *ErrElsewhere
	if !errors.As(err, &away) || !slices.Equal(away.Names, []string{"retry-budget-for-uploads"}) || away.Private != s.Log.Private {
		t.Fatalf("restore: %v", err)
	}
	if _, _, err := s.Restore("lisbon weather"); !errors.Is(err, ErrNoMatch) {
		t.Fatalf("restore of nothing: %v", err)
	}
	if r, _, err := other.Restore("retry budget"); err != nil || r.Name != "retry-budget-for-uploads" {
		t.Fatalf("restore under its own config dir: %+v %v", r, err)
	}
	// Open again: no longer named as elsewhere.
	if l, _ := s.RestoreList(); len(l.Elsewhere) != 0 || len(l.Items) != 1 {
		t.Fatalf("after restore: %+v", l)
	}
}

// RestoreList leaves out an item whose idea is open again, however it
// came back; Restore says it is already open.
func TestRestoreListOpenAgain(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "retry budget for uploads")
	park(t, s, KindSideIdea, "dark mode toggle")
	for _, q := range []string{"retry budget", "dark mode"} {
		if _, _, err := s.Archive(q); err != nil {
			t.Fatal(err)
		}
	}
	park(t, s, KindDeferred, "the retry budget")
	gone, err := s.Restorable()
	if err != nil || len(gone) != 1 || gone[0].Name != "dark-mode-toggle" {
		t.Fatalf("restorable: %+v %v", gone, err)
	}
	if r, _, err := s.Restore("retry budget for uploads"); err != nil || !r.Dup {
		t.Fatalf("restore of an open idea: %+v %v", r, err)
	}
	if l, err := s.RestoreList(); err != nil || len(l.Items) != 1 || l.OpenAgain != 1 {
		t.Fatalf("restore list: %+v %v, want 1 item and 1 open again", l, err)
	}
	// Among several matches, the one not open again; among several not
	// open again, the question lists only those.
	park(t, s, KindSideIdea, "retry queue for webhooks")
	park(t, s, KindSideIdea, "retry loop for jobs")
	if _, _, err := s.Archive("retry queue"); err != nil {
		t.Fatal(err)
	}
	if r, _, err := s.Restore("retry"); err != nil || r.Name != "retry-queue-for-webhooks" {
		t.Fatalf("restore retry: %+v %v", r, err)
	}
	for _, q := range []string{"retry queue", "retry loop"} {
		if _, _, err := s.Archive(q); err != nil {
			t.Fatal(err)
		}
	}
	_, cands, err := s.Restore("retry")
	if !errors.Is(err, ErrAmbiguous) || len(cands) != 2 || cands[0].Name != "retry-loop-for-jobs" || cands[1].Name != "retry-queue-for-webhooks" {
		t.Fatalf("restore retry: %+v %v", cands, err)
	}
}

// WriteRestoreList lists what restore can bring back, or says why there
// is nothing: every one open again, or none logged.
func TestWriteRestoreList(t *testing.T) {
	s := newStore(t)
	var out bytes.Buffer
	WriteRestoreList(&out, RestoreList{}, terminal)
	WriteRestoreList(&out, RestoreList{OpenAgain: 2}, terminal)
	WriteRestoreList(&out, RestoreList{Elsewhere: []string{"lru-cache"}, Private: "/p\x1b.jsonl"}, terminal)
	want := "Nothing to restore: " + ErrNothingLogged.Error() + ".\n" +
		"Nothing to restore: every item archived or expired is open again (openloop resume lists them).\n" +
		`Nothing to restore here: lru-cache: the text is not in /p\x1b.jsonl (kept under another CLAUDE_CONFIG_DIR?).` + "\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	park(t, s, KindDeferred, "retry budget")
	if _, _, err := s.Archive("retry budget"); err != nil {
		t.Fatal(err)
	}
	l, err := s.RestoreList()
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	WriteRestoreList(&out, l, terminal)
	if got := out.String(); !strings.HasPrefix(got, "Restore can bring back (newest first):\n- retry-budget") || !strings.HasSuffix(got, "\n→ openloop restore <name> brings one back\n") {
		t.Errorf("got\n%s", got)
	}
}

// SomeNames names at most three items, escaped, and counts the others:
// the line restore prints of items whose text is under another config
// dir goes to a terminal and, through /session, to Claude.
func TestSomeNames(t *testing.T) {
	names := []string{"a", "b\x1b[2J", "c", "d", "e"}
	for _, tt := range []struct {
		n    int
		want string
	}{
		{1, "a"},
		{3, `a, b\x1b[2J, c`},
		{4, `a, b\x1b[2J, c and 1 more`},
		{5, `a, b\x1b[2J, c and 2 more`},
	} {
		if got := SomeNames(names[:tt.n]); got != tt.want {
			t.Errorf("%d names: %q, want %q", tt.n, got, tt.want)
		}
	}
	if names[1] != "b\x1b[2J" {
		t.Error("SomeNames changed its argument")
	}
}
