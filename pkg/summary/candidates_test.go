package summary

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/pkg/candidates"
	"github.com/openloop/openloop/pkg/store"
)

// The digest shows this session's candidates after the parked items, at
// most MaxCandidates, each with the command that parks it by its number in
// review's list; other sessions' are left out, and one without a number
// (it could not be numbered) too; with none the section is not there at
// all.
func TestCandidatesSection(t *testing.T) {
	var list []candidates.Candidate
	for i := range 8 {
		s := "s1"
		if i == 1 {
			s = "s2"
		}
		list = append(list, candidates.Candidate{Kind: "deferred", Idea: fmt.Sprintf("idea %d", i), Session: s, TS: now, N: i + 1})
	}
	list = append(list, candidates.Candidate{Kind: "deferred", Idea: "not numbered", Session: "s1", TS: now})
	in := Input{Now: now, SessionID: "s1", Transcripts: fakeTranscripts{}, Store: store.Open(t.TempDir(), func() time.Time { return now }),
		Commits: func() (CommitSource, error) { return fakeCommits{}, nil }, Candidates: list}
	d, err := Collect(in)
	if err != nil {
		t.Fatal(err)
	}
	got := d.Render().Digest
	want := "\n### Candidates, not parked (7 items)\n" +
		"- deferred: idea 0 — openloop review --park 1\n" +
		"- deferred: idea 2 — openloop review --park 3\n" +
		"- deferred: idea 3 — openloop review --park 4\n" +
		"- deferred: idea 4 — openloop review --park 5\n" +
		"- deferred: idea 5 — openloop review --park 6\n" +
		"- … and 2 more: openloop review lists them\n" +
		"\n### Archived this session\n"
	if !strings.Contains(got, want) {
		t.Errorf("digest:\n%s\nwant it to hold:\n%s", got, want)
	}
	if !strings.Contains(d.Compact(), ", 7 candidates (openloop review)") {
		t.Errorf("compact line %q", d.Compact())
	}
	in.Candidates = nil
	d, _ = Collect(in)
	if got := d.Render().Digest; strings.Contains(got, "Candidates") {
		t.Errorf("an empty section is shown:\n%s", got)
	}
}
