package store

import (
	"bytes"
	"strings"
	"testing"
)

// terminal names commands as a terminal does.
func terminal(rest string) string { return "openloop " + rest }

// Resume deletes the items 30 days old first and lists the rest;
// WriteResume groups them by day, newest first, then says what expired
// and how to bring it back.
func TestResume(t *testing.T) {
	s := newStore(t)
	park(t, s, KindDeferred, "old idea")
	park(t, s, KindDeferred, "last week idea")
	park(t, s, KindSideIdea, "today idea")
	age(t, s, fileOf("old-idea"), 30)
	age(t, s, fileOf("last-week-idea"), 7)
	r, err := s.Resume()
	if err != nil || r.ExpireErr != nil {
		t.Fatal(err, r.ExpireErr)
	}
	if len(r.Items) != 2 || len(r.Expired) != 1 || r.Expired[0] != fileOf("old-idea") {
		t.Fatalf("items %v, expired %q", r.Items, r.Expired)
	}
	var out bytes.Buffer
	s.WriteResume(&out, r, terminal)
	got := out.String()
	for _, want := range []string{
		"## Session Pending — 2026-12-02\n\n### This session\n- [ ] today-idea",
		"\n\n### Earlier (2026-11-25)\n- [ ] last-week-idea",
		"\n\n→ openloop archive <slug> to close an item\n→ openloop summary for a full session digest\n",
		"\nExpired (30 days old, kept in the log): old-idea\n→ openloop restore <name> brings one back\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	out.Reset()
	s.WriteResume(&out, Resumed{}, terminal)
	if out.String() != "No pending session items.\n" {
		t.Errorf("no items: %q", out.String())
	}
}

// At most MaxListed expired names, then a count of the others.
func TestWriteExpiredBounded(t *testing.T) {
	var files []string
	for range MaxListed + 2 {
		files = append(files, fileOf("x"))
	}
	var out bytes.Buffer
	writeExpired(&out, files, terminal)
	want := "\nExpired (30 days old, kept in the log): " + strings.Repeat("x, ", MaxListed) + "and 2 more\n→ openloop restore <name> brings one back\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}
