package transcript

import (
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// What Claude did for each request, for summary's Completed when a session
// used no task tools (Claude Code 2.1.233+ offers none to the current
// models, claude-code.md §4.6). It is folded in the same scan as the rest
// of the state, and only by ReadSession: the hook's reads never pay for it.
//
// A request is a prompt the user typed (state.request's rule: no tool
// result, meta line, slash-command envelope, compaction summary, hook text
// or interruption marker); its turns are every main-lane line up to the
// next one. Each request records the files its Edit, Write, MultiEdit and
// NotebookEdit calls changed (a call whose result is an error changed
// nothing), the outcome of the last test command its Bash calls ran, whether
// it was interrupted, and Claude's final message when the turns ended with
// one.

// Bounds on what a request keeps, so a hostile or huge transcript costs
// bounded memory: the prompt's start (its name is its first clause), the
// final message's start, and at most MaxFiles files.
const (
	MaxRequestText = 1 << 10
	MaxFinalText   = 4 << 10
	MaxFiles       = 64
	MaxRequests    = 200
)

// Test outcomes.
const (
	TestsPassed = "passed"
	TestsFailed = "failed"
)

// Request is one typed prompt and what its turns did.
type Request struct {
	// Text is the prompt, trimmed, cut to MaxRequestText bytes. It is ""
	// for the turns at the start of the tail window of a transcript read in
	// two windows: their prompt is in the part that was not read (Cut).
	Text string
	Cut  bool
	// Unread: its turns run on into the unread middle of a transcript read
	// in two windows, so how it ended is not known.
	Unread bool
	At     time.Time // the prompt's timestamp; zero when unknown
	Cwd    string    // the session's working directory at the prompt
	// Files are the paths (as Claude Code wrote them, absolute) that its
	// edit calls changed, first change first, each once; MoreFiles counts
	// those past MaxFiles.
	Files     []string
	MoreFiles int
	// Tests is the outcome of the last test command its turns ran
	// (TestsPassed or TestsFailed), "" when none ran; TestCommand is that
	// command.
	Tests, TestCommand string
	// Interrupted is set by "[Request interrupted by user…]" in its turns.
	Interrupted bool
	// Final is Claude's last message of the turns when the turns ended with
	// text (the text blocks of that message, cut to MaxFinalText bytes);
	// "" when they ended with a tool call or with no reply.
	Final string
	// TaskTools reports a task tool call (TaskCreate, TaskUpdate,
	// TaskList, TaskGet, TodoWrite) in its turns: the work is a task's.
	TaskTools bool

	// The last test run's result, read into Tests only when the request
	// is kept: most requests change nothing, and a test run's output is
	// large.
	lastTest, lastTestUse gjson.Result
}

// settle reads the last test run's outcome.
func (r *Request) settle() {
	if r.lastTest.Exists() {
		r.Tests = TestOutcome(r.lastTest, r.lastTestUse)
		r.lastTest, r.lastTestUse = gjson.Result{}, gjson.Result{}
	}
}

// editTools change a file named by their input's file_path (NotebookEdit:
// notebook_path).
var editTools = map[string]bool{"Edit": true, "Write": true, "MultiEdit": true, "NotebookEdit": true}

// workTracker is the per-request part of the state.
type workTracker struct {
	on      bool
	reqs    []*Request // requests with changes, oldest first
	dropped int        // earlier ones past MaxRequests
	cur     *Request
	finalID string                // message.id of cur.Final
	edits   map[string]pendingRun // edit tool_use id -> its request and file
	tests   map[string]pendingRun // test tool_use id -> its request and command
	cwd     string
}

type pendingRun struct {
	req  *Request
	what string
}

func (w *workTracker) start() {
	w.on = true
	w.edits, w.tests = map[string]pendingRun{}, map[string]pendingRun{}
}

// begin starts a request at a typed prompt.
func (w *workTracker) begin(text string, at time.Time) {
	w.flush()
	w.cur = &Request{Text: cutText(text, MaxRequestText), At: at, Cwd: w.cwd}
	w.finalID = ""
}

// gap marks the unread middle of a transcript: the turns after it belong
// to a request whose prompt was not read.
func (w *workTracker) gap() {
	if !w.on {
		return
	}
	if w.cur != nil && w.cur.Final == "" && !w.cur.Interrupted {
		// Its last message was not read yet: it goes on past the gap.
		w.cur.Unread = true
	}
	w.flush()
	w.cur = &Request{Cut: true, Cwd: w.cwd}
	w.finalID = ""
	clear(w.edits)
	clear(w.tests)
}

// flush keeps the current request when it changed a file.
func (w *workTracker) flush() {
	if w.cur == nil || len(w.cur.Files) == 0 {
		return
	}
	if len(w.reqs) == MaxRequests {
		w.reqs = append(w.reqs[:0], w.reqs[1:]...)
		w.dropped++
	}
	w.cur.settle()
	w.reqs = append(w.reqs, w.cur)
}

// current is the request the turns being folded belong to: one without a
// prompt when none was read yet.
func (w *workTracker) current() *Request {
	if w.cur == nil {
		w.cur = &Request{Cut: true, Cwd: w.cwd}
	}
	return w.cur
}

// envelope notes the line's cwd and time.
func (w *workTracker) envelope(e *envelope) {
	if e.cwd != "" {
		w.cwd = e.cwd
	}
}

// text folds a text block of an assistant message.
func (w *workTracker) text(msgID, t string) {
	r := w.current()
	if msgID != "" && msgID == w.finalID && r.Final != "" {
		r.Final = cutText(r.Final+"\n"+t, MaxFinalText)
		return
	}
	r.Final, w.finalID = cutText(t, MaxFinalText), msgID
}

// toolUse folds a tool call.
func (w *workTracker) toolUse(id, name string, in gjson.Result) {
	r := w.current()
	r.Final, w.finalID = "", ""
	switch {
	case editTools[name]:
		// Only a string names a file: gjson gives a number, an array or
		// an object as its raw JSON, which is no path.
		p := stringField(in, "file_path")
		if p == "" {
			p = stringField(in, "notebook_path")
		}
		if p != "" && id != "" {
			w.edits[id] = pendingRun{r, p}
		}
	case name == "Bash":
		cmd := in.Get("command").String()
		if id != "" && !in.Get("run_in_background").Bool() && IsTestCommand(cmd) {
			w.tests[id] = pendingRun{r, cutText(cmd, 200)}
		}
	case taskToolNames[name]:
		r.TaskTools = true
	}
}

var taskToolNames = map[string]bool{"TaskCreate": true, "TaskUpdate": true, "TaskList": true, "TaskGet": true, "TodoWrite": true}

// result folds a tool_result block.
func (w *workTracker) result(blk, tur gjson.Result) {
	id := blk.Get("tool_use_id").String()
	if e, ok := w.edits[id]; ok {
		delete(w.edits, id)
		if !blk.Get("is_error").Bool() {
			e.req.addFile(e.what)
		}
		return
	}
	if t, ok := w.tests[id]; ok {
		delete(w.tests, id)
		t.req.lastTest, t.req.lastTestUse, t.req.TestCommand = blk, tur, t.what
	}
}

func (r *Request) addFile(p string) {
	for _, f := range r.Files {
		if f == p {
			return
		}
	}
	if len(r.Files) == MaxFiles {
		r.MoreFiles++
		return
	}
	r.Files = append(r.Files, p)
}

// interrupted marks the current request interrupted.
func (w *workTracker) interrupted() {
	if w.cur != nil {
		w.cur.Interrupted = true
	}
}

// requests is the requests that changed a file, oldest first, at most
// MaxRequests (the last ones), and how many earlier ones were dropped.
func (w *workTracker) requests() ([]Request, int) {
	if !w.on {
		return nil, 0
	}
	var out []Request
	for _, r := range w.reqs {
		out = append(out, *r)
	}
	if w.cur != nil && len(w.cur.Files) > 0 {
		r := *w.cur
		r.settle()
		out = append(out, r)
	}
	cut := max(len(out)-MaxRequests, 0)
	return out[cut:], w.dropped + cut
}

// cutText cuts s to at most n bytes at a character boundary.
func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i]
}

// testRunners are the commands that run a project's tests, as words of a
// shell command: each entry's words must follow one another (the first
// matched by its base name, so ".venv/bin/pytest" and "./gradlew" count).
var testRunners = [][]string{
	{"go", "test"}, {"cargo", "test"}, {"cargo", "nextest"}, {"npm", "test"}, {"npm", "t"},
	{"npm", "run", "test"}, {"yarn", "test"}, {"yarn", "run", "test"}, {"pnpm", "test"},
	{"pnpm", "run", "test"}, {"bun", "test"}, {"deno", "test"}, {"pytest"}, {"py.test"},
	{"-m", "pytest"}, {"-m", "unittest"}, {"tox"}, {"nox"}, {"jest"}, {"vitest"}, {"mocha"},
	{"make", "test"}, {"make", "check"}, {"mvn", "test"}, {"mvn", "verify"}, {"gradle", "test"},
	{"gradlew", "test"}, {"dotnet", "test"}, {"mix", "test"}, {"swift", "test"}, {"rspec"},
	{"rake", "test"}, {"rails", "test"}, {"phpunit"}, {"ctest"}, {"zig", "build", "test"},
}

// IsTestCommand reports whether a shell command runs tests: one of
// testRunners' word sequences in it ("go test ./...", "cd api && npm run
// test:unit", "uv run pytest -x"). A runner's last word may carry a
// suffix after ":" ("test:unit").
func IsTestCommand(cmd string) bool {
	ws := strings.FieldsFunc(cmd, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == ';' || r == '&' || r == '|' || r == '(' || r == ')' || r == '`'
	})
	for i := range ws {
		for _, run := range testRunners {
			if i+len(run) > len(ws) || path.Base(ws[i]) != run[0] {
				continue
			}
			ok := true
			for j := 1; j < len(run) && ok; j++ {
				w, _, _ := strings.Cut(ws[i+j], ":")
				ok = w == run[j]
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// TestOutcome reads a test command's tool_result: failed when Claude Code
// marked it an error (a non-zero exit: is_error, "Exit code N"), when the
// run was interrupted, or when its output reports a failure ("FAIL",
// "FAILED", "N failed"); passed otherwise (exit 0: "ok", "PASS").
func TestOutcome(blk, tur gjson.Result) string {
	if blk.Get("is_error").Bool() || tur.Get("interrupted").Bool() {
		return TestsFailed
	}
	out := resultText(blk.Get("content"))
	if out == "" && tur.IsObject() {
		out = tur.Get("stdout").String() + "\n" + tur.Get("stderr").String()
	}
	if reportsFailure(out) {
		return TestsFailed
	}
	return TestsPassed
}

// stringField is in's field key when it is a JSON string, else "".
func stringField(in gjson.Result, key string) string {
	if f := in.Get(key); f.Type == gjson.String {
		return f.Str
	}
	return ""
}

// reportsFailure looks for the words test runners print on a failure:
// "Exit code N" (N not 0) leading the output, a "FAIL", "FAILED" or
// "Failed!" word (go, jest, cargo, pytest, dotnet), "N failed" or "N
// failing" (pytest, jest, vitest, mocha), "N failure(s)" (rspec), or "N
// tests failed" (ctest), N not 0. A word's trailing "." or ";" is not
// part of it ("test result: FAILED.", "1 failed;"): through a pipe
// (`cargo test | tail`) the exit code is the pipe's, and only the words
// tell.
func reportsFailure(out string) bool {
	if rest, ok := strings.CutPrefix(strings.TrimSpace(out), "Exit code "); ok && !strings.HasPrefix(rest, "0") {
		return true
	}
	// Words one at a time, without splitting the output (it can be
	// megabytes): prev is the word before.
	count := func(w string) bool {
		return w != "" && strings.Trim(w, "0") != "" && strings.Trim(w, "0123456789") == ""
	}
	prev, prev2 := "", ""
	for rest := out; rest != ""; {
		i := strings.IndexFunc(rest, isWordBreak)
		w := rest
		if i >= 0 {
			w, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		switch w {
		case "", ".", ";":
			continue
		case "FAILURES!", "ERRORS!", "Failed!":
			return true
		}
		w = strings.TrimRight(w, ".;")
		switch w {
		case "FAIL", "FAILED":
			return true
		case "failed", "failing", "failure", "failures":
			if count(prev) || (prev == "tests" || prev == "test") && count(prev2) {
				return true
			}
		}
		prev, prev2 = w, prev
	}
	return false
}

func isWordBreak(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ',' || r == ':' || r == '=' || r == '(' || r == ')' || r == '[' || r == ']'
}
