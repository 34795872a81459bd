package transcript

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tidwall/gjson"
)

// Lines in the shapes Claude Code 2.1.2xx–2.1.3xx writes (claude-code.md
// §4.3–4.8): typed prompts as strings, tool calls as assistant lines of
// one block each, their results as user lines with an array content.
const (
	env        = `"parentUuid":"p","isSidechain":false,"userType":"external","cwd":"/home/dev/src/acme-api","sessionId":"s","version":"2.1.332","gitBranch":"main"`
	wPrompt1   = `{` + env + `,"type":"user","message":{"role":"user","content":"Add a retry budget to the upload client"},"uuid":"u1","timestamp":"2026-12-02T09:00:00.000Z","promptSource":"typed","origin":{"kind":"human"}}`
	wEdit1     = `{` + env + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_1","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_e1","name":"Edit","input":{"file_path":"/home/dev/src/acme-api/upload/client.go","old_string":"a","new_string":"b"}}],"stop_reason":"tool_use"},"uuid":"a1","timestamp":"2026-12-02T09:00:05.000Z"}`
	wEdit1ok   = `{` + env + `,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_e1","type":"tool_result","content":"The file /home/dev/src/acme-api/upload/client.go has been updated."}]},"uuid":"r1","timestamp":"2026-12-02T09:00:06.000Z","toolUseResult":{"filePath":"/home/dev/src/acme-api/upload/client.go"}}`
	wWrite1    = `{` + env + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_2","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_w1","name":"Write","input":{"file_path":"/home/dev/src/acme-api/upload/budget.go","content":"package upload"}}],"stop_reason":"tool_use"},"uuid":"a2","timestamp":"2026-12-02T09:00:07.000Z"}`
	wWrite1ok  = `{` + env + `,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_w1","type":"tool_result","content":"File created successfully at: /home/dev/src/acme-api/upload/budget.go"}]},"uuid":"r2","timestamp":"2026-12-02T09:00:08.000Z"}`
	wEditBad   = `{` + env + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_3","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_e2","name":"Edit","input":{"file_path":"/home/dev/src/acme-api/README.md","old_string":"x","new_string":"y"}}],"stop_reason":"tool_use"},"uuid":"a3","timestamp":"2026-12-02T09:00:09.000Z"}`
	wEditBadR  = `{` + env + `,"type":"user","message":{"role":"user","content":[{"type":"tool_result","content":"<tool_use_error>String to replace not found in file.</tool_use_error>","is_error":true,"tool_use_id":"toolu_e2"}]},"uuid":"r3","timestamp":"2026-12-02T09:00:10.000Z","toolUseResult":"Error: String to replace not found in file."}`
	wTest1     = `{` + env + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_4","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_t1","name":"Bash","input":{"command":"go test ./upload/...","description":"Run the upload tests"}}],"stop_reason":"tool_use"},"uuid":"a4","timestamp":"2026-12-02T09:00:11.000Z"}`
	wTest1fail = `{` + env + `,"type":"user","message":{"role":"user","content":[{"type":"tool_result","content":"Exit code 1\n--- FAIL: TestBudget (0.00s)\nFAIL\tgithub.com/acme/api/upload\t0.012s","is_error":true,"tool_use_id":"toolu_t1"}]},"uuid":"r4","timestamp":"2026-12-02T09:00:12.000Z","toolUseResult":"Error: Exit code 1\n--- FAIL: TestBudget (0.00s)"}`
	wTest2     = `{` + env + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_5","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_t2","name":"Bash","input":{"command":"cd /home/dev/src/acme-api && go test ./...","description":"Run all tests"}}],"stop_reason":"tool_use"},"uuid":"a5","timestamp":"2026-12-02T09:00:13.000Z"}`
	wTest2ok   = `{` + env + `,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_t2","type":"tool_result","content":"ok  \tgithub.com/acme/api/upload\t0.015s","is_error":false}]},"uuid":"r5","timestamp":"2026-12-02T09:00:14.000Z","toolUseResult":{"stdout":"ok  \tgithub.com/acme/api/upload\t0.015s","stderr":"","interrupted":false,"isImage":false}}`
	wDone1     = `{` + env + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_6","type":"message","role":"assistant","content":[{"type":"text","text":"The upload client now has a retry budget, and the tests pass."}],"stop_reason":"end_turn"},"uuid":"a6","timestamp":"2026-12-02T09:00:15.000Z"}`
	wPrompt2   = `{` + env + `,"type":"user","message":{"role":"user","content":"What does the rate limiter do on a 429?"},"uuid":"u2","timestamp":"2026-12-02T09:05:00.000Z","promptSource":"typed","origin":{"kind":"human"}}`
	wAnswer2   = `{` + env + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_7","type":"message","role":"assistant","content":[{"type":"text","text":"It backs off for the Retry-After seconds."}],"stop_reason":"end_turn"},"uuid":"a7","timestamp":"2026-12-02T09:05:05.000Z"}`
	wPrompt3   = `{` + env + `,"type":"user","message":{"role":"user","content":"Rename the config loader"},"uuid":"u3","timestamp":"2026-12-02T09:10:00.000Z","promptSource":"typed","origin":{"kind":"human"}}`
	wEdit3     = `{` + env + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_8","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_e3","name":"MultiEdit","input":{"file_path":"/home/dev/src/acme-api/config/load.go","edits":[]}}],"stop_reason":"tool_use"},"uuid":"a8","timestamp":"2026-12-02T09:10:05.000Z"}`
	wEdit3ok   = `{` + env + `,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_e3","type":"tool_result","content":"Applied 2 edits to /home/dev/src/acme-api/config/load.go"}]},"uuid":"r8","timestamp":"2026-12-02T09:10:06.000Z"}`
	wInterrupt = `{` + env + `,"type":"user","message":{"role":"user","content":[{"type":"text","text":"[Request interrupted by user]"}]},"uuid":"i1","timestamp":"2026-12-02T09:10:07.000Z"}`
	wNB        = `{` + env + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_9","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_n1","name":"NotebookEdit","input":{"notebook_path":"/home/dev/src/acme-api/notebooks/latency.ipynb","new_source":"x"}}],"stop_reason":"tool_use"},"uuid":"a9","timestamp":"2026-12-02T09:10:05.000Z"}`
	wNBok      = `{` + env + `,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_n1","type":"tool_result","content":"Updated cell"}]},"uuid":"r9","timestamp":"2026-12-02T09:10:06.000Z"}`
	wTodo      = `{` + env + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_10","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_c1","name":"TaskCreate","input":{"subject":"Rename the loader","description":"d"}}],"stop_reason":"tool_use"},"uuid":"a10","timestamp":"2026-12-02T09:10:04.000Z"}`
	wMeta      = `{` + env + `,"type":"user","message":{"role":"user","content":"Base directory for this skill: /x"},"isMeta":true,"uuid":"m1","timestamp":"2026-12-02T09:10:01.000Z"}`
	wCompact   = `{` + env + `,"type":"user","message":{"role":"user","content":"This session is being continued from a previous conversation that ran out of context."},"isCompactSummary":true,"uuid":"c1","timestamp":"2026-12-02T09:10:02.000Z"}`
	wSlash     = `{` + env + `,"type":"user","message":{"role":"user","content":"<command-message>session is running…</command-message>\n<command-name>/session</command-name>\n<command-args>summary</command-args>"},"uuid":"s1","timestamp":"2026-12-02T09:10:03.000Z"}`
	wHook      = `{` + env + `,"type":"user","message":{"role":"user","content":"<user-prompt-submit-hook>openloop parked x</user-prompt-submit-hook>"},"uuid":"h1","timestamp":"2026-12-02T09:10:03.500Z"}`
	wSide      = `{"parentUuid":"p","isSidechain":true,"cwd":"/home/dev/src/acme-api","type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_sc","role":"assistant","content":[{"type":"tool_use","id":"toolu_sc","name":"Write","input":{"file_path":"/home/dev/src/acme-api/side.go"}}]},"uuid":"sc","timestamp":"2026-12-02T09:10:05.000Z"}`
	wSideOk    = `{"parentUuid":"p","isSidechain":true,"cwd":"/home/dev/src/acme-api","type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_sc","type":"tool_result","content":"File created"}]},"uuid":"scr","timestamp":"2026-12-02T09:10:06.000Z"}`
)

func at(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

func TestRequests(t *testing.T) {
	req1 := Request{Text: "Add a retry budget to the upload client", At: at("2026-12-02T09:00:00Z"), Cwd: "/home/dev/src/acme-api",
		Files: []string{"/home/dev/src/acme-api/upload/client.go", "/home/dev/src/acme-api/upload/budget.go"},
		Tests: TestsPassed, TestCommand: "cd /home/dev/src/acme-api && go test ./...", Final: "The upload client now has a retry budget, and the tests pass."}
	req3 := Request{Text: "Rename the config loader", At: at("2026-12-02T09:10:00Z"), Cwd: "/home/dev/src/acme-api",
		Files: []string{"/home/dev/src/acme-api/config/load.go"}}
	tests := []struct {
		name  string
		lines []string
		want  []Request
	}{
		{"edits and a write; a failed edit changed nothing; the last test run decides",
			[]string{wPrompt1, wEdit1, wEdit1ok, wWrite1, wWrite1ok, wEditBad, wEditBadR, wTest1, wTest1fail, wTest2, wTest2ok, wDone1}, []Request{req1}},
		{"the last test run decides: failed after passed",
			[]string{wPrompt1, wEdit1, wEdit1ok, wWrite1, wWrite1ok, wTest2, wTest2ok, wTest1, wTest1fail, wDone1},
			[]Request{func() Request { r := req1; r.Tests, r.TestCommand = TestsFailed, "go test ./upload/..."; return r }()}},
		{"a question changes nothing: not a request with changes",
			[]string{wPrompt2, wAnswer2}, nil},
		{"interrupted; its turns ended with a tool call",
			[]string{wPrompt3, wEdit3, wEdit3ok, wInterrupt}, []Request{func() Request { r := req3; r.Interrupted = true; return r }()}},
		{"meta, compaction, slash-command and hook lines are not requests; a sidechain's edits are not the request's",
			[]string{wPrompt3, wMeta, wCompact, wSlash, wHook, wEdit3, wEdit3ok, wSide, wSideOk, wNB, wNBok, wDone1},
			[]Request{func() Request {
				r := req3
				r.Files = append(r.Files, "/home/dev/src/acme-api/notebooks/latency.ipynb")
				r.Final = "The upload client now has a retry budget, and the tests pass."
				return r
			}()}},
		{"a task call marks the request's work as a task's",
			[]string{wPrompt3, wTodo, wEdit3, wEdit3ok, wDone1},
			[]Request{func() Request {
				r := req3
				r.TaskTools, r.Final = true, "The upload client now has a retry budget, and the tests pass."
				return r
			}()}},
		{"a file edited twice is listed once; a result without its call is nothing",
			[]string{wPrompt3, wEdit3, wEdit3ok, wEdit3, wEdit3ok, wEdit1ok},
			[]Request{req3}},
		{"turns before any prompt belong to a request with none",
			[]string{wEdit3, wEdit3ok, wDone1},
			[]Request{{Cut: true, Cwd: "/home/dev/src/acme-api", Files: req3.Files, Final: "The upload client now has a retry budget, and the tests pass."}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := lines(tt.lines...)
			s, err := ReadSessionFrom(strings.NewReader(data), int64(len(data)), 1<<20, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s.Requests, tt.want) {
				t.Errorf("got  %+v\nwant %+v", s.Requests, tt.want)
			}
		})
	}
}

// Read in two windows, the turns at the tail window's start are a request
// whose prompt was not read; they are never added to the head's last one.
func TestRequestsAcrossTheGap(t *testing.T) {
	head := lines(wPrompt1, wEdit1, wEdit1ok, wDone1)
	middle := strings.Repeat(lines(wAnswer2), 200)
	tail := lines(wEdit3, wEdit3ok, wDone1, wPrompt3, wEdit3, wEdit3ok, wInterrupt)
	data := head + middle + tail
	s, err := ReadSessionFrom(strings.NewReader(data), int64(len(data)), int64(len(head)+1), int64(len(tail)+1))
	if err != nil || s.Whole {
		t.Fatal(err, s.Whole)
	}
	if len(s.Requests) != 3 {
		t.Fatalf("requests: %+v", s.Requests)
	}
	if r := s.Requests[0]; r.Text != "Add a retry budget to the upload client" || len(r.Files) != 1 || r.Final == "" || r.Unread {
		t.Errorf("head's request: %+v", r)
	}
	if r := s.Requests[1]; !r.Cut || r.Text != "" || len(r.Files) != 1 || r.Final == "" {
		t.Errorf("the cut request: %+v", r)
	}
	if r := s.Requests[2]; r.Text != "Rename the config loader" || !r.Interrupted {
		t.Errorf("tail's request: %+v", r)
	}
}

// The hook's reads never fold requests.
func TestReadTailHasNoRequests(t *testing.T) {
	s := newState()
	foldLines(s, lines(wPrompt1, wEdit1, wEdit1ok, wDone1))
	if rs, _ := s.w.requests(); s.w.on || rs != nil || s.w.cur != nil {
		t.Errorf("the tail's state folded requests: %+v", s.w)
	}
}

func TestIsTestCommand(t *testing.T) {
	for cmd, want := range map[string]bool{
		"go test ./...": true, "go test -run TestX ./pkg/a": true, "cd api && npm test": true,
		"npm run test:unit -- --watch=false": true, "yarn test": true, "pnpm run test": true,
		"pytest -x tests/": true, ".venv/bin/pytest": true, "python -m pytest -q": true, "uv run pytest": true,
		"cargo test --all": true, "cargo nextest run": true, "make test": true, "./gradlew test": true,
		"bundle exec rspec spec/": true, "npx jest src": true, "npx vitest run": true, "dotnet test": true,
		"(cd web; npm t)": true, "CGO_ENABLED=0 go test ./...": true,
		"go build ./...": false, "go vet ./...": false, "git commit -m 'go test fix'": false, "ls tests/": false,
		"npm install": false, "cat test.go": false, "echo testing": false, "": false,
	} {
		if got := IsTestCommand(cmd); got != want {
			t.Errorf("IsTestCommand(%q) = %v, want %v", cmd, got, want)
		}
	}
}

func TestTestOutcome(t *testing.T) {
	for _, tt := range []struct {
		blk, tur, want string
	}{
		{`{"content":"ok  \tgithub.com/a/b\t0.1s"}`, `{"stdout":"ok","interrupted":false}`, TestsPassed},
		{`{"content":"PASS\nok  \tgithub.com/a/b\t0.1s","is_error":false}`, `{}`, TestsPassed},
		{`{"content":"Exit code 1\nsomething broke","is_error":true}`, `"Error: Exit code 1"`, TestsFailed},
		{`{"content":"Exit code 2"}`, `{}`, TestsFailed},
		{`{"content":"Exit code 0"}`, `{}`, TestsPassed},
		{`{"content":"--- FAIL: TestX (0.00s)\nFAIL"}`, `{}`, TestsFailed},
		{`{"content":"=========== 1 failed, 12 passed in 0.41s ==========="}`, `{}`, TestsFailed},
		{`{"content":"=========== 12 passed, 0 failed in 0.41s ==========="}`, `{}`, TestsPassed},
		{`{"content":"Tests:       2 failed, 40 passed, 42 total"}`, `{}`, TestsFailed},
		{`{"content":"test result: FAILED. 3 passed; 1 failed"}`, `{}`, TestsFailed},
		{`{"content":"test result: ok. 4 passed; 0 failed"}`, `{}`, TestsPassed},
		{`{"content":[{"type":"text","text":"--- FAIL: TestY"}]}`, `{}`, TestsFailed},
		{`{"content":""}`, `{"stdout":"","stderr":"FAIL\tpkg","interrupted":false}`, TestsFailed},
		{`{"content":"ok"}`, `{"stdout":"ok","interrupted":true}`, TestsFailed},
		{`{"content":"the failed-login test passes now"}`, `{}`, TestsPassed},
		{`{"content":"failed attempts: 0 (retry test)"}`, `{}`, TestsPassed},
		// Through a pipe the exit code is the pipe's: the words tell.
		{`{"content":"test result: FAILED. 1 passed; 1 failed; 0 ignored"}`, `{}`, TestsFailed},
		{`{"content":"test result: ok. 2 passed; 0 failed; 0 ignored"}`, `{}`, TestsPassed},
		{`{"content":"Failed!  - Failed:     1, Passed:     3, Skipped:     0"}`, `{}`, TestsFailed},
		{`{"content":"3 examples, 1 failure"}`, `{}`, TestsFailed},
		{`{"content":"3 examples, 0 failures"}`, `{}`, TestsPassed},
		{`{"content":"50% tests passed, 1 tests failed out of 2"}`, `{}`, TestsFailed},
		{`{"content":"100% tests passed, 0 tests failed out of 2"}`, `{}`, TestsPassed},
		{`{"content":"  2 passing (10ms)\n  1 failing"}`, `{}`, TestsFailed},
	} {
		if got := TestOutcome(gjson.Parse(tt.blk), gjson.Parse(tt.tur)); got != tt.want {
			t.Errorf("TestOutcome(%s, %s) = %q, want %q", tt.blk, tt.tur, got, tt.want)
		}
	}
}

// A request keeps bounded text, files and count whatever the transcript
// holds.
func TestRequestBounds(t *testing.T) {
	var ls []string
	long := strings.Repeat("ü", MaxRequestText)
	ls = append(ls, strings.Replace(wPrompt1, "Add a retry budget to the upload client", long, 1))
	for i := range MaxFiles + 5 {
		id := "toolu_b" + strings.Repeat("x", i)
		p := "/home/dev/src/acme-api/f" + strings.Repeat("y", i) + ".go"
		ls = append(ls, strings.NewReplacer("toolu_e1", id, "/home/dev/src/acme-api/upload/client.go", p).Replace(wEdit1),
			strings.NewReplacer("toolu_e1", id).Replace(wEdit1ok))
	}
	data := lines(ls...)
	s, err := ReadSessionFrom(strings.NewReader(data), int64(len(data)), 1<<22, 1<<22)
	if err != nil || len(s.Requests) != 1 {
		t.Fatal(err, len(s.Requests))
	}
	r := s.Requests[0]
	if len(r.Text) > MaxRequestText || !strings.HasPrefix(long, r.Text) || len(r.Files) != MaxFiles || r.MoreFiles != 5 {
		t.Errorf("text %d bytes, %d files, %d more", len(r.Text), len(r.Files), r.MoreFiles)
	}
	st := newState()
	st.w.start()
	for range MaxRequests + 3 {
		foldLines(st, lines(wPrompt3, wEdit3, wEdit3ok))
	}
	if rs, earlier := st.w.requests(); len(rs) != MaxRequests || earlier != 3 {
		t.Errorf("%d requests kept, %d earlier; want %d and 3", len(rs), earlier, MaxRequests)
	}
}

// FuzzRequests: a prompt, a tool call and its result, with any text in
// them, and any line between; the requests stay bounded, a file is only
// one the call named, and a call whose result is an error changes nothing.
func FuzzRequests(f *testing.F) {
	f.Add("Add a retry budget", "Edit", "/home/dev/src/acme-api/a.go", "go test ./...", "ok", false, "Done.", wInterrupt)
	f.Add("", "Bash", "", "pytest", "Exit code 1\nFAIL", true, "", wCompact)
	f.Add("[Request interrupted by user]", "NotebookEdit", "x.ipynb", "", "", false, "I couldn't", "")
	f.Fuzz(func(t *testing.T, prompt, tool, file, cmd, result string, isErr bool, final, between string) {
		q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
		in := fmt.Sprintf(`{"file_path":%s,"notebook_path":%s,"command":%s}`, q(file), q(file), q(cmd))
		ls := []string{
			`{"type":"user","cwd":"/home/dev/src/acme-api","message":{"role":"user","content":` + q(prompt) + `},"timestamp":"2026-12-02T09:00:00Z"}`,
			`{"type":"assistant","message":{"id":"m1","role":"assistant","content":[{"type":"tool_use","id":"t1","name":` + q(tool) + `,"input":` + in + `}]}}`,
			between,
			fmt.Sprintf(`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":%s,"is_error":%v}]}}`, q(result), isErr),
			`{"type":"assistant","message":{"id":"m2","role":"assistant","content":[{"type":"text","text":` + q(final) + `}]}}`,
		}
		data := lines(ls...)
		s, err := ReadSessionFrom(strings.NewReader(data), int64(len(data)), 1<<20, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Requests) > 1 {
			t.Fatalf("%d requests from one prompt and one call: %+v", len(s.Requests), s.Requests)
		}
		for _, r := range s.Requests {
			if len(r.Text) > MaxRequestText || len(r.Final) > MaxFinalText || len(r.Files) == 0 || len(r.Files) > MaxFiles {
				t.Fatalf("unbounded request: %+v", r)
			}
			if isErr || !editTools[tool] {
				t.Fatalf("no edit succeeded, yet files %q", r.Files)
			}
			var named string // as the line holds it: invalid UTF-8 became U+FFFD
			json.Unmarshal([]byte(q(file)), &named)
			for _, p := range r.Files {
				if p != named {
					t.Fatalf("file %q, the call named %q", p, file)
				}
			}
			if r.Tests != "" && r.Tests != TestsPassed && r.Tests != TestsFailed {
				t.Fatalf("tests %q", r.Tests)
			}
		}
	})
}

// A file_path that is not a JSON string names no file (gjson would give a
// number, an array or an object as its raw JSON).
func TestStringField(t *testing.T) {
	for in, want := range map[string]string{
		`{"file_path":"/a/b.go"}`:     "/a/b.go",
		`{"file_path":12345}`:         "",
		`{"file_path":["/a/b.go"]}`:   "",
		`{"file_path":{"x":"/a.go"}}`: "",
		`{"file_path":null}`:          "",
		`{}`:                          "",
	} {
		if got := stringField(gjson.Parse(in), "file_path"); got != want {
			t.Errorf("stringField(%s) = %q, want %q", in, got, want)
		}
	}
}

// A request whose turns run on into the unread middle (its edit read, its
// last message not) is Unread: how it ended is not known, and it is not
// reported as unfinished.
func TestRequestRunsIntoTheGap(t *testing.T) {
	head := lines(wPrompt1, wEdit1, wEdit1ok)
	middle := strings.Repeat(lines(wAnswer2), 200)
	tail := lines(wTest2, wTest2ok, wDone1)
	data := head + middle + tail
	s, err := ReadSessionFrom(strings.NewReader(data), int64(len(data)), int64(len(head)+1), int64(len(tail)+1))
	if err != nil || s.Whole {
		t.Fatal(err, s.Whole)
	}
	if len(s.Requests) != 1 || !s.Requests[0].Unread || len(s.Requests[0].Files) != 1 {
		t.Fatalf("requests: %+v", s.Requests)
	}
}

// Claude Code's interruption marker is the whole text; a prompt that only
// begins with it is the user's.
func TestIsInterruption(t *testing.T) {
	for text, want := range map[string]bool{
		"[Request interrupted by user]":                                        true,
		"[Request interrupted by user for tool use]":                           true,
		" [Request interrupted by user]\n":                                     true,
		"[Request interrupted by user] happened earlier; fix the retry logger": false,
		"fix the retry logger":                                                 false,
	} {
		if got := isInterruption(text); got != want {
			t.Errorf("isInterruption(%q) = %v, want %v", text, got, want)
		}
	}
}
