package cli

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/internal/gittest"
	"github.com/openloop/openloop/pkg/project"
)

const fixtures = "../../testdata/fixtures/"

// sessionStart is the first timestamp of transcript-tasks-question.jsonl.
var sessionStart = time.Date(2026, 12, 2, 9, 0, 7, 7e6, time.UTC)

// benchProject makes HOME, a repository of n commits (the last 5 after
// the session start) and a transcript of about size bytes: the tasks
// fixture, real 2.1.332 lines repeated, and the tasks fixture again.
func benchProject(b *testing.B, commits int, size int64) *Env {
	b.Helper()
	dir := b.TempDir()
	home, repo := filepath.Join(dir, "home"), filepath.Join(dir, "repo")
	g, err := gittest.Open(repo)
	if err != nil {
		b.Fatal(err)
	}
	step := time.Minute
	if err := g.Chain(commits, sessionStart.Add(-time.Duration(commits-5)*step+time.Second), step); err != nil {
		b.Fatal(err)
	}
	tdir := filepath.Join(home, ".claude", "projects", project.ClaudeFolderName(repo))
	if err := os.MkdirAll(tdir, 0o700); err != nil {
		b.Fatal(err)
	}
	tasks, _ := os.ReadFile(fixtures + "transcript-tasks-question.jsonl")
	filler, _ := os.ReadFile(fixtures + "real-2.1.332/transcript.jsonl")
	f, err := os.Create(filepath.Join(tdir, "bench-session.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.Write(tasks)
	for n := int64(2 * len(tasks)); n+int64(len(filler)) <= size; n += int64(len(filler)) {
		w.Write(filler)
	}
	w.Write(tasks)
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	env := map[string]string{"HOME": home, "CLAUDE_CODE_SESSION_ID": "bench-session"}
	now := sessionStart.Add(time.Hour)
	return &Env{
		Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard,
		Getenv: func(k string) string { return env[k] }, Now: func() time.Time { return now }, Cwd: repo,
	}
}

func runSummaryBench(b *testing.B, e *Env) {
	var out strings.Builder
	e.Stdout = &out
	if code := Run(e, []string{"summary", "--json"}); code != 0 || !strings.Contains(out.String(), `"commits_rule": "session-start"`) ||
		strings.Count(out.String(), `"hash": `) != 5 || !strings.Contains(out.String(), `"subject": "Fix the refresh race in middleware/auth.go"`) {
		b.Fatalf("summary: exit %d\n%s", code, out.String()[:min(out.Len(), 3000)])
	}
	e.Stdout = io.Discard
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if Run(e, []string{"summary", "--json"}) != 0 {
			b.Fatal("summary failed")
		}
	}
}

// BenchmarkSummaryHistory: a session of 5 commits costs the same in a
// history of 200 commits and of 20,000 (transcript: the 12 KB fixture).
func BenchmarkSummaryHistory(b *testing.B) {
	for _, n := range []int{200, 20000} {
		e := benchProject(b, n, 0)
		b.Run(map[int]string{200: "commits=200", 20000: "commits=20000"}[n], func(b *testing.B) { runSummaryBench(b, e) })
	}
}

// BenchmarkSummaryTranscript: the transcript is read in two windows (first
// 1 MiB, last 8 MiB), so its cost grows up to 9 MiB and then stops.
func BenchmarkSummaryTranscript(b *testing.B) {
	for _, s := range []struct {
		name string
		size int64
	}{{"transcript=1MB", 1e6}, {"transcript=20MB", 20e6}, {"transcript=200MB", 200e6}} {
		e := benchProject(b, 200, s.size)
		b.Run(s.name, func(b *testing.B) { runSummaryBench(b, e) })
	}
}
