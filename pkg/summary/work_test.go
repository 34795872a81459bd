package summary

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/pkg/gitlog"
	"github.com/openloop/openloop/pkg/transcript"
)

func TestCompletedWork(t *testing.T) {
	const cwd = "/home/dev/src/acme-api"
	at := time.Date(2026, 12, 2, 9, 14, 0, 0, time.UTC)
	req := func(text string, files ...string) transcript.Request {
		return transcript.Request{Text: text, At: at, Cwd: cwd, Files: files, Final: "Done: it works.", Tests: transcript.TestsPassed}
	}
	with := func(r transcript.Request, f func(*transcript.Request)) transcript.Request { f(&r); return r }
	session := func(taskTools bool, tasks []transcript.Task, rs ...transcript.Request) transcript.Session {
		return transcript.Session{Tail: transcript.Tail{TaskTools: taskTools, Tasks: tasks}, Whole: true, Requests: rs}
	}
	tests := []struct {
		name string
		s    transcript.Session
		want []string
	}{
		{"files relative to the project, tests passed", session(false, nil,
			req("Add a retry budget to the upload client", cwd+"/upload/client.go", cwd+"/upload/budget_test.go")),
			[]string{"- Add a retry budget to the upload client — client.go, budget_test.go; tests passed"}},
		{"tests failed at the end; none run", session(false, nil,
			with(req("Rename the config loader", cwd+"/config/load.go"), func(r *transcript.Request) { r.Tests = transcript.TestsFailed }),
			with(req("Document the cache flags", cwd+"/README.md"), func(r *transcript.Request) { r.Tests = "" })),
			[]string{"- Rename the config loader — load.go; tests failed", "- Document the cache flags — README.md; no tests run"}},
		{"the same base name is told apart by its folders", session(false, nil,
			req("Log both handlers", cwd+"/api/v1/handler.go", cwd+"/api/v2/handler.go", cwd+"/web/main.go")),
			[]string{"- Log both handlers — v1/handler.go, v2/handler.go, main.go; tests passed"}},
		{"more than three files", session(false, nil,
			with(req("Rename the package", cwd+"/a.go", cwd+"/b.go", cwd+"/c.go", cwd+"/d.go"), func(r *transcript.Request) { r.MoreFiles = 2 })),
			[]string{"- Rename the package — a.go, b.go, c.go and 3 more; tests passed"}},
		{"a file outside the project keeps its path", session(false, nil,
			req("Fix my shell profile", "/etc/profile.d/acme.sh")),
			[]string{"- Fix my shell profile — /etc/profile.d/acme.sh; tests passed"}},
		{"interrupted, no final message, reported not done: not completed", session(false, nil,
			with(req("Rename the config loader", cwd+"/config/load.go"), func(r *transcript.Request) { r.Interrupted = true }),
			with(req("Speed up the build", cwd+"/Makefile"), func(r *transcript.Request) { r.Final = "" }),
			with(req("Fix the flaky test", cwd+"/flaky_test.go"), func(r *transcript.Request) { r.Final = "I couldn't make TestFlaky pass." }),
			req("Add request logging", cwd+"/log.go")),
			[]string{"- Add request logging — log.go; tests passed"}},
		{"none finished", session(false, nil,
			with(req("Rename the config loader", cwd+"/config/load.go"), func(r *transcript.Request) { r.Interrupted = true }),
			with(req("Speed up the build", cwd+"/Makefile"), func(r *transcript.Request) { r.Final = "" })),
			[]string{"- none: 2 requests changed files but were interrupted or not finished"}},
		{"a request that names no thing says when it was made; a cut one says so", session(false, nil,
			req("do it", cwd+"/a.go"), with(req("", cwd+"/b.go"), func(r *transcript.Request) { r.Cut, r.At = true, time.Time{} })),
			[]string{"- a request at 09:14 — a.go; tests passed", "- work begun in the part of the transcript that was not read — b.go; tests passed"}},
		{"with task tools: the tasks, then the work no task covered", session(true,
			[]transcript.Task{{ID: "1", Subject: "Fix the refresh race", Status: "completed"}, {ID: "2", Subject: "Later", Status: "pending"}},
			with(req("Fix the refresh race", cwd+"/auth.go"), func(r *transcript.Request) { r.TaskTools = true }),
			req("Bump the Go version", cwd+"/go.mod")),
			[]string{"- Fix the refresh race", "- Bump the Go version — go.mod; tests passed"}},
		{"with task tools, no task completed, no other work", session(true, []transcript.Task{{ID: "1", Subject: "a", Status: "pending"}},
			with(req("Fix the refresh race", cwd+"/auth.go"), func(r *transcript.Request) { r.TaskTools = true })),
			[]string{"- none"}},
		{"a request's words and a file name with terminal controls are escaped", session(false, nil,
			req("Add \x1b[31mred\x1b[0m logging", cwd+"/a\x1b]0;x\x07\u202eb.go")),
			// The name drops the escape byte itself (the naming rules keep
			// letters, digits and punctuation); the file name is escaped.
			[]string{`- Add [31mred[0m logging — a\x1b]0;x\x07\u202eb.go; tests passed`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := input(t, fakeTranscripts{path: "/t/s.jsonl", session: tt.s}, opener(fakeCommits{}, gitlog.ErrNotRepository))
			in.Root = cwd
			wantCompleted(t, in, tt.want)
		})
	}
}

// Past MaxWork lines the digest says how many more; --json has them all.
func TestCompletedWorkIsBounded(t *testing.T) {
	var rs []transcript.Request
	for range MaxWork + 4 {
		rs = append(rs, transcript.Request{Text: "Add logging", Files: []string{"/p/a.go"}, Final: "Done."})
	}
	in := input(t, fakeTranscripts{path: "/t/s.jsonl", session: transcript.Session{Whole: true, Requests: rs, EarlierRequests: 7}}, opener(fakeCommits{}, gitlog.ErrNotRepository))
	in.Root = "/p"
	d, err := Collect(in)
	if err != nil {
		t.Fatal(err)
	}
	r := d.Render()
	got := section(r.Digest, "### Completed")
	if len(got) != MaxWork+2 || got[MaxWork] != "- … and 4 more: openloop summary --json lists them" ||
		got[MaxWork+1] != "- (7 earlier requests that changed files not listed: only the last 200 are kept)" || r.Fits() {
		t.Errorf("%d lines, last %q, fits %v", len(got), got[len(got)-1], r.Fits())
	}
	if j := d.JSON(r); len(j.Work) != MaxWork+4 || j.Work[0].Files[0] != "a.go" || j.Work[0].Status != WorkCompleted {
		t.Errorf("json work: %d, %+v", len(j.Work), j.Work[0])
	}
	if c := d.Compact(); !strings.Contains(c, ": 24 completed,") {
		t.Errorf("compact: %q", c)
	}
}

func TestShortNames(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a.go", "a.go"},
		{"x/a.go y/b.go", "a.go b.go"},
		{"x/a.go y/a.go", "x/a.go y/a.go"},
		{"p/x/a.go q/x/a.go r/b.go", "p/x/a.go q/x/a.go b.go"},
		{"a.go x/a.go", "a.go x/a.go"},
		{"/abs/a.go abs/a.go", "/abs/a.go a.go"},
		{"/etc/a.go x/a.go", "/etc/a.go a.go"},
		// Folders added to tell names apart stop at maxNameFolders.
		{"a/b/c/d/e/f/x.go g/b/c/d/e/f/x.go", "c/d/e/f/x.go c/d/e/f/x.go"},
		// A long name keeps its end.
		{"/" + strings.Repeat("d/", 100) + "x.go", "…" + strings.Repeat("/d", 36) + "/x.go"},
	} {
		if got := strings.Join(shortNames(strings.Fields(tt.in)), " "); got != tt.want {
			t.Errorf("shortNames(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// Many long paths that share their base names are named in a bounded
// number of passes (it was one pass per folder of the longest path).
func TestShortNamesBounded(t *testing.T) {
	var paths []string
	for i := range 64 {
		paths = append(paths, fmt.Sprintf("p%d/", i)+strings.Repeat("a/", 2000)+"x.go")
	}
	for _, n := range shortNames(paths) {
		if len(n) > maxShownPath {
			t.Fatalf("name of %d bytes: %.40s…", len(n), n)
		}
	}
}
