package transcript

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

const fixtures = "../../testdata/fixtures/"

func fixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(fixtures + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Hand-made lines in the shapes of claude-code.md §4, for the cases the
// fixtures do not cover.
const (
	lUser         = `{"type":"user","isSidechain":false,"message":{"role":"user","content":"Fix the login bug"},"timestamp":"2026-12-02T09:00:00.000Z"}`
	lUserBlock    = `{"type":"user","isSidechain":false,"message":{"role":"user","content":[{"type":"text","text":"Add a cache"}]}}`
	lA1           = `{"type":"assistant","isSidechain":false,"message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"First part."}]}}`
	lA1b          = `{"type":"assistant","isSidechain":false,"message":{"id":"msg_1","role":"assistant","content":[{"type":"tool_use","id":"t0","name":"Bash","input":{}}]}}`
	lA1c          = `{"type":"assistant","isSidechain":false,"message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"Second part?"}]}}`
	lA2           = `{"type":"assistant","isSidechain":false,"message":{"id":"msg_2","role":"assistant","content":[{"type":"text","text":"Other reply"}]}}`
	lSide         = `{"type":"assistant","isSidechain":true,"message":{"id":"msg_9","role":"assistant","content":[{"type":"text","text":"subagent talk"},{"type":"tool_use","id":"s1","name":"TaskUpdate","input":{"taskId":"1","status":"deleted"}}]}}`
	lAgent        = `{"type":"user","agentId":"a12","message":{"role":"user","content":"subagent prompt"}}`
	lSynthetic    = `{"type":"assistant","message":{"id":"msg_s","model":"<synthetic>","role":"assistant","content":[{"type":"text","text":"No response requested."}]}}`
	lAsk          = `{"type":"assistant","message":{"id":"msg_q","role":"assistant","content":[{"type":"tool_use","id":"q1","name":"AskUserQuestion","input":{"questions":[{"question":"Which database?","header":"DB","options":[{"label":"Postgres","description":"x"},{"label":"SQLite","description":"y"}],"multiSelect":false}]}}]}}`
	lAskReject    = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"q1","is_error":true,"content":"[User dismissed - do not proceed, wait for next instruction]"}]}}`
	lAskAnswer    = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"q1","content":"User has answered your questions: \"Which database?\"=\"SQLite\"."}]}}`
	lAskTimeout   = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"q1","content":"No response after 60s — the user may be away from keyboard. Proceed using your best judgment based on the context so far; you can re-ask this question later if it's still relevant."}]}}`
	lAskEmpty     = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"q1","content":"User has answered your questions: \"Which database?\"=\"\". You can now continue with the user's answers in mind."}]}}`
	lAskEmptyJSON = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"q1","content":"ok"}]},"toolUseResult":{"answers":{"Which database?":""}}}`
	lAskAnsJSON   = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"q1","content":[{"type":"text","text":"ok"}]}]},"toolUseResult":{"answers":{"Which database?":"SQLite"}}}`
	lCreate       = `{"type":"assistant","message":{"id":"msg_c","role":"assistant","content":[{"type":"tool_use","id":"c1","name":"TaskCreate","input":{"subject":"Write the test"}}]}}`
	lCreated      = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"c1","content":"Task #7 created successfully: Write the test"}]}}`
	lRename       = `{"type":"assistant","message":{"id":"msg_u","role":"assistant","content":[{"type":"tool_use","id":"u1","name":"TaskUpdate","input":{"taskId":"7","subject":"Write the failing test","status":"in_progress"}}]}}`
	lTodo1        = `{"type":"assistant","message":{"id":"msg_t1","role":"assistant","content":[{"type":"tool_use","id":"w1","name":"TodoWrite","input":{"todos":[{"content":"Old plan","status":"pending","activeForm":"x"}]}}]}}`
	lTodo2        = `{"type":"assistant","message":{"id":"msg_t2","role":"assistant","content":[{"type":"tool_use","id":"w2","name":"TodoWrite","input":{"todos":[{"content":"Explore","status":"completed","activeForm":"x"},{"content":"Patch","status":"in_progress","activeForm":"y"}]}}]}}`
	lCmd          = `{"type":"user","message":{"role":"user","content":"<command-message>session is running…</command-message>\n<command-name>/session</command-name>"}}`
	lMeta         = `{"type":"user","isMeta":true,"message":{"role":"user","content":"expanded skill body"}}`
	lLocal        = `{"type":"user","message":{"role":"user","content":"<local-command-stdout>done</local-command-stdout>"}}`
	lNotify       = `{"type":"user","message":{"role":"user","content":"<task-notification>bg done</task-notification>"}}`
	lInterrupt    = `{"type":"user","message":{"role":"user","content":[{"type":"text","text":"[Request interrupted by user]"}]}}`
	lCompact      = `{"type":"user","isCompactSummary":true,"message":{"role":"user","content":"This session is being continued from a previous conversation"}}`
	lOrigin       = `{"type":"user","origin":{"kind":"task-notification"},"message":{"role":"user","content":"background task finished"}}`
	lUnknown      = `{"type":"api-request-blob","message":{"content":[{"type":"text","text":"system prompt"}]}}`
	lBroken       = `{"type":"assistant","message":{"id":"msg_x","content":[{"type":"text","text":"cut`
)

func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

func TestReadTail(t *testing.T) {
	tests := []struct {
		name string
		data string
		want Tail
	}{
		{"tasks fixture", fixture(t, "transcript-tasks-question.jsonl"), Tail{
			LastAssistant: "The refresh race is fixed and TestRefresh passes.\n\nOne thing before I go further: should expired refresh tokens return **401** or **403** to the client?",
			Tasks: []Task{
				{"1", "Reproduce the dropped request on token refresh", "completed"},
				{"2", "Fix the refresh race in middleware/auth.go", "completed"},
			},
			LastRequest: "btw, at some point we should add a retry budget to the upload client, but not now",
			TaskTools:   true,
		}},
		{"askuserquestion fixture answered", fixture(t, "transcript-askuserquestion.jsonl"), Tail{
			LastAssistant: "Using CSS variables. Do you also want the toggle persisted in localStorage?",
			LastRequest:   "Add dark mode to the settings page",
		}},
		{"real 2.1.332", fixture(t, "real-2.1.332/transcript.jsonl"), Tail{
			LastAssistant: "Sure, adding request logging to the payments service now.",
			LastRequest:   "Now add request logging to the payments service",
		}},
		{"reply split over lines sharing message.id", lines(lUser, lA2, lA1, lA1b, lA1c), Tail{
			LastAssistant: "First part.\nSecond part?", LastRequest: "Fix the login bug",
		}},
		{"last message only tool calls", lines(lA2, lA1b), Tail{}},
		{"sidechain and subagent lines ignored", lines(lUser, lA2, lSide, lAgent), Tail{LastAssistant: "Other reply", LastRequest: "Fix the login bug"}},
		{"synthetic message ignored", lines(lA2, lSynthetic), Tail{LastAssistant: "Other reply"}},
		{"open question", lines(lUserBlock, lAsk), Tail{LastRequest: "Add a cache", OpenQuestion: &Question{"Which database?", []string{"Postgres", "SQLite"}, ""}}},
		{"dismissed question stays open", lines(lAsk, lAskReject, lUser), Tail{LastRequest: "Fix the login bug", OpenQuestion: &Question{"Which database?", []string{"Postgres", "SQLite"}, "Fix the login bug"}}},
		{"dismissed, then interrupted: no request after it", lines(lAsk, lAskReject, lInterrupt), Tail{OpenQuestion: &Question{"Which database?", []string{"Postgres", "SQLite"}, ""}}},
		{"closed by Claude Code's timeout stays open", lines(lAsk, lAskTimeout), Tail{OpenQuestion: &Question{"Which database?", []string{"Postgres", "SQLite"}, ""}}},
		{"an empty answer stays open", lines(lAsk, lAskEmpty), Tail{OpenQuestion: &Question{"Which database?", []string{"Postgres", "SQLite"}, ""}}},
		{"empty toolUseResult.answers stays open", lines(lAsk, lAskEmptyJSON), Tail{OpenQuestion: &Question{"Which database?", []string{"Postgres", "SQLite"}, ""}}},
		{"answered by text", lines(lAsk, lAskAnswer), Tail{}},
		{"answered by toolUseResult.answers", lines(lAsk, lAskAnsJSON), Tail{}},
		{"task id from result text, subject change, in progress", lines(lCreate, lCreated, lRename), Tail{
			Tasks: []Task{{"7", "Write the failing test", "in_progress"}}, CurrentTask: "Write the failing test", TaskTools: true,
		}},
		{"TodoWrite latest list", lines(lTodo1, lTodo2), Tail{
			Tasks: []Task{{"1", "Explore", "completed"}, {"2", "Patch", "in_progress"}}, CurrentTask: "Patch", TaskTools: true,
		}},
		{"not typed by the user", lines(lUser, lCmd, lMeta, lLocal, lNotify, lInterrupt, lCompact, lOrigin), Tail{LastRequest: "Fix the login bug"}},
		{"unknown, broken and partial lines", lines(lA2, lUnknown, "not json", "[1,2]", "", lBroken) + lBroken, Tail{LastAssistant: "Other reply"}},
		{"empty", "", Tail{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "s.jsonl")
			if err := os.WriteFile(p, []byte(tt.data), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := ReadTail(p, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestReadTailMissing(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{filepath.Join(dir, "none.jsonl"), filepath.Join(dir, "no", "folder.jsonl"), dir} {
		got, err := ReadTail(p, 1<<20)
		if err != nil || !reflect.DeepEqual(got, Tail{}) {
			t.Errorf("ReadTail(%s) = %+v, %v; want empty, nil", p, got, err)
		}
	}
	f := filepath.Join(dir, "file")
	os.WriteFile(f, nil, 0o600)
	if got, err := ReadTail(filepath.Join(f, "x.jsonl"), 1<<20); err != nil || !reflect.DeepEqual(got, Tail{}) {
		t.Errorf("file as folder: %+v, %v", got, err)
	}
}

// A line longer than the budget is skipped; the lines after it count.
func TestReadTailHugeLine(t *testing.T) {
	huge := `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"x","content":"` +
		strings.Repeat("y", 12<<20) + `"}]}}`
	p := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(p, []byte(lines(lUser, lA1, huge, lA2)), 0o600)
	got, err := ReadTail(p, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if got.LastAssistant != "Other reply" {
		t.Errorf("LastAssistant = %q", got.LastAssistant)
	}
	// With a budget that holds the huge line, it is parsed and the earlier
	// lines are seen too.
	got, _ = ReadTail(p, 13<<20)
	if got.LastRequest != "Fix the login bug" || got.LastAssistant != "Other reply" {
		t.Errorf("big budget: %+v", got)
	}
}

func TestReadSession(t *testing.T) {
	p := filepath.Join(t.TempDir(), "s.jsonl")
	pad := `{"type":"attachment","attachment":{"type":"x","content":"` + strings.Repeat("z", 1000) + `"}}`
	var b strings.Builder
	b.WriteString(`{"type":"summary","summary":"t"}` + "\n")
	b.WriteString(lines(lUser, lCreate, lCreated))
	for range 300 {
		b.WriteString(pad + "\n")
	}
	b.WriteString(lines(lRename, `{"type":"assistant","message":{"id":"m","content":[{"type":"tool_use","id":"u2","name":"TaskUpdate","input":{"taskId":"7","status":"completed"}}]}}`))
	os.WriteFile(p, []byte(b.String()), 0o600)

	whole, err := ReadSession(p, 1<<20, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	want := []Task{{"7", "Write the failing test", "completed"}}
	if !whole.Whole || !reflect.DeepEqual(whole.Tasks, want) || !whole.Start.Equal(time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)) {
		t.Errorf("whole: %+v", whole)
	}
	// Small windows: head holds the creation, tail the completion.
	cut, err := ReadSession(p, 4<<10, 4<<10)
	if err != nil {
		t.Fatal(err)
	}
	if cut.Whole || !reflect.DeepEqual(cut.Tasks, want) || !cut.Start.Equal(whole.Start) || cut.Size != int64(b.Len()) {
		t.Errorf("windows: %+v", cut)
	}
	// Missing file: zero session.
	if s, err := ReadSession(p+".none", 1, 1); err != nil || s.Size != 0 || !s.Start.IsZero() {
		t.Errorf("missing: %+v %v", s, err)
	}
}

func TestFirstTimestamp(t *testing.T) {
	p := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(p, []byte(fixture(t, "real-2.1.332/transcript.jsonl")), 0o600)
	got, err := FirstTimestamp(p, 64<<10)
	if err != nil || got.Format(time.RFC3339Nano) != "2026-12-02T08:46:06.596Z" {
		t.Errorf("got %v, %v", got, err)
	}
	// A first line cut by the window still gives its timestamp.
	long := `{"type":"queue-operation","timestamp":"2026-12-01T07:00:00Z","content":"` + strings.Repeat("q", 5000) + `"}`
	os.WriteFile(p, []byte(long+"\n"+lUser+"\n"), 0o600)
	if got, _ := FirstTimestamp(p, 200); got.Format(time.RFC3339) != "2026-12-01T07:00:00Z" {
		t.Errorf("cut line: %v", got)
	}
}
