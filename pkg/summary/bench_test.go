package summary

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/internal/gittest"
	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
)

const fixtures = "../../testdata/fixtures/"

// sessionStart is the first timestamp of transcript-tasks-question.jsonl.
var sessionStart = time.Date(2026, 12, 2, 9, 0, 7, 7e6, time.UTC)

// benchProject makes HOME, a repository of n commits (the last 5 after
// the session start) and a transcript of about size bytes: the tasks
// fixture, real 2.1.332 lines repeated, and the tasks fixture again. It
// returns summary's Input for that project, as the command builds it.
func benchProject(b *testing.B, commits int, size int64) Input {
	return benchProjectOf(b, commits, size, "transcript-tasks-question.jsonl")
}

// benchProjectOf is benchProject with the fixture named (at both ends of
// the transcript).
func benchProjectOf(b *testing.B, commits int, size int64, fixture string) Input {
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
	tasks, _ := os.ReadFile(fixtures + fixture)
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
	env := map[string]string{"HOME": home}
	p, err := project.Resolve(project.Options{Cwd: repo, Getenv: func(k string) string { return env[k] }})
	if err != nil {
		b.Fatal(err)
	}
	now := sessionStart.Add(time.Hour)
	return Input{
		Now: now, SessionID: "bench-session", Root: p.Root,
		Transcripts: Transcripts{Dir: p.TranscriptDir, ConfigDir: p.ConfigDir},
		Store:       store.Open(p.MemoryDir, func() time.Time { return now }), Log: store.Log{Root: p.Root, Path: p.LogPath}, Commits: Git(p.Root),
	}
}

// summarize is what `summary --json` does once its flags are parsed.
func summarize(b *testing.B, in Input) JSON {
	d, err := Collect(in)
	if err != nil {
		b.Fatal(err)
	}
	j := d.JSON(d.Render())
	if _, err := json.Marshal(j); err != nil {
		b.Fatal(err)
	}
	return j
}

func runSummaryBench(b *testing.B, in Input) {
	if j := summarize(b, in); j.CommitsRule != RuleSessionStart || len(j.Commits) != 5 ||
		!strings.Contains(j.Digest, "- Fix the refresh race in middleware/auth.go") {
		b.Fatalf("summary: %+v", j)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		summarize(b, in)
	}
}

// BenchmarkSummaryHistory: a session of 5 commits costs the same in a
// history of 200 commits and of 20,000 (transcript: the 12 KB fixture).
func BenchmarkSummaryHistory(b *testing.B) {
	for _, n := range []int{200, 20000} {
		in := benchProject(b, n, 0)
		b.Run(map[int]string{200: "commits=200", 20000: "commits=20000"}[n], func(b *testing.B) { runSummaryBench(b, in) })
	}
}

// BenchmarkSummaryTranscript: the transcript is read in two windows (first
// 1 MiB, last 8 MiB), so its cost grows up to 9 MiB and then stops.
func BenchmarkSummaryTranscript(b *testing.B) {
	for _, s := range []struct {
		name string
		size int64
	}{{"transcript=1MB", 1e6}, {"transcript=20MB", 20e6}, {"transcript=200MB", 200e6}} {
		in := benchProject(b, 200, s.size)
		b.Run(s.name, func(b *testing.B) { runSummaryBench(b, in) })
	}
}

// BenchmarkSummaryWork: a session with no task tools, whose Completed is
// built from the requests (the fixture's three at both ends, real 2.1.332
// lines between): the same two windows, so the cost stops at 9 MiB too.
func BenchmarkSummaryWork(b *testing.B) {
	for _, s := range []struct {
		name string
		size int64
	}{{"transcript=1MB", 1e6}, {"transcript=200MB", 200e6}} {
		in := benchProjectOf(b, 200, s.size, "transcript-notasks.jsonl")
		b.Run(s.name, func(b *testing.B) {
			if j := summarize(b, in); len(j.Work) != 4 || !strings.Contains(j.Digest, "- Add a retry budget to the upload client — client.go, budget_test.go; tests passed") {
				b.Fatalf("summary: %+v", j)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				summarize(b, in)
			}
		})
	}
}
