package transcript

import (
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/internal/jsonguard"
)

// state folds transcript lines, oldest first, into what a Tail reports.
// It never fails: a line it does not understand is skipped.
type state struct {
	lastID    string   // message.id of the last main-lane assistant message
	lastTexts []string // its text blocks, in order

	asks     map[string]Question // open AskUserQuestion calls by tool_use id
	askOrder []string            // their ids, oldest first
	followed map[string]string   // an open call's id -> the first request typed after it

	creates   map[string]string // TaskCreate tool_use id -> subject, until its result names the id
	tasks     []Task            // task-tool tasks, in order of creation
	byID      map[string]int    // task id -> index in tasks
	current   string            // id of the task most recently set in_progress
	todos     []Task            // TodoWrite's latest list
	usedTools bool              // any TaskCreate, TaskUpdate or TodoWrite seen

	lastRequest string

	w workTracker // what each request did; only ReadSession turns it on
}

func newState() *state {
	return &state{asks: map[string]Question{}, followed: map[string]string{}, creates: map[string]string{}, byID: map[string]int{}}
}

// line folds one JSON line. Lines that are not JSON objects, lines of
// other types, sidechain lines and subagent lines are ignored.
func (s *state) line(b string) {
	if len(b) == 0 {
		return
	}
	// Most bytes of a transcript are in lines of other types (attachment,
	// api-request*, progress); a look at "type" skips them before the
	// line is validated or copied.
	if t := gjson.Get(b, "type"); t.Type != gjson.String || t.Str != "user" && t.Str != "assistant" {
		return
	}
	// jsonguard first: gjson's validator recurses once per nesting level,
	// and a line of a few million "[" would overflow the stack (exit 2).
	if !jsonguard.ValidString(b) {
		return
	}
	r := gjson.Parse(b)
	if !r.IsObject() {
		return
	}
	// One pass over the top level picks the envelope fields; the large
	// message is skipped over, not decoded.
	var e envelope
	r.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "type":
			e.typ = v.String()
		case "isSidechain":
			e.sidechain = v.Bool()
		case "agentId":
			e.agent = v.String() != ""
		case "isMeta":
			e.meta = v.Bool()
		case "isCompactSummary":
			e.compact = v.Bool()
		case "promptSource":
			e.source = v.String()
		case "origin":
			e.origin = v.Get("kind").String()
		case "toolUseResult":
			e.result = v
		case "message":
			e.message = v
		case "cwd":
			e.cwd = v.String()
		case "timestamp":
			e.ts = v.String()
		}
		return true
	})
	if e.sidechain || e.agent {
		return
	}
	if s.w.on {
		s.w.envelope(&e)
	}
	switch e.typ {
	case "assistant":
		s.assistant(e.message)
	case "user":
		s.user(e.message, &e)
	}
}

// envelope is the top-level fields of a line that the reader uses.
type envelope struct {
	typ, source, origin, cwd, ts    string
	sidechain, agent, meta, compact bool
	message, result                 gjson.Result
}

func (s *state) assistant(msg gjson.Result) {
	if !msg.IsObject() || msg.Get("model").String() == "<synthetic>" {
		return
	}
	id := msg.Get("id").String()
	if id == "" || id != s.lastID {
		s.lastID, s.lastTexts = id, nil
	}
	msg.Get("content").ForEach(func(_, blk gjson.Result) bool {
		switch blk.Get("type").String() {
		case "text":
			if t := blk.Get("text").String(); t != "" {
				s.lastTexts = append(s.lastTexts, t)
				if s.w.on {
					s.w.text(id, t)
				}
			}
		case "tool_use":
			s.toolUse(blk.Get("id").String(), blk.Get("name").String(), blk.Get("input"))
			if s.w.on {
				s.w.toolUse(blk.Get("id").String(), blk.Get("name").String(), blk.Get("input"))
			}
		}
		return true
	})
}

func (s *state) toolUse(id, name string, in gjson.Result) {
	switch name {
	case "AskUserQuestion":
		q := in.Get("questions.0")
		if !q.Exists() {
			return
		}
		var opts []string
		q.Get("options").ForEach(func(_, o gjson.Result) bool {
			if l := o.Get("label").String(); l != "" {
				opts = append(opts, l)
			} else if o.Type == gjson.String {
				opts = append(opts, o.String())
			}
			return true
		})
		if _, seen := s.asks[id]; !seen {
			s.askOrder = append(s.askOrder, id)
		}
		s.asks[id] = Question{Question: q.Get("question").String(), Options: opts}
	case "TaskCreate":
		s.usedTools = true
		s.creates[id] = in.Get("subject").String()
	case "TaskUpdate":
		s.usedTools = true
		tid := in.Get("taskId").String()
		if tid == "" {
			return
		}
		t := s.task(tid, "")
		if v := in.Get("subject").String(); v != "" {
			s.tasks[t].Subject = v
		}
		if v := in.Get("status").String(); v != "" {
			s.tasks[t].Status = v
			if v == "in_progress" {
				s.current = tid
			}
		}
	case "TodoWrite":
		s.usedTools = true
		var list []Task
		in.Get("todos").ForEach(func(_, td gjson.Result) bool {
			id := td.Get("id").String()
			if id == "" {
				id = strconv.Itoa(len(list) + 1)
			}
			list = append(list, Task{ID: id, Subject: td.Get("content").String(), Status: td.Get("status").String()})
			return true
		})
		s.todos = list
	}
}

// task returns the index of task id, adding it (pending) when it is new.
func (s *state) task(id, subject string) int {
	if i, ok := s.byID[id]; ok {
		if subject != "" {
			s.tasks[i].Subject = subject
		}
		return i
	}
	s.tasks = append(s.tasks, Task{ID: id, Subject: subject, Status: "pending"})
	s.byID[id] = len(s.tasks) - 1
	return len(s.tasks) - 1
}

// createdID reads the id from "Task #12 created successfully: …".
func createdID(text string) string {
	rest, ok := strings.CutPrefix(text, "Task #")
	if !ok {
		return ""
	}
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	if n == 0 || !strings.HasPrefix(rest[n:], " created") {
		return ""
	}
	return rest[:n]
}

const answeredLead = "User has answered your questions:"

func (s *state) user(msg gjson.Result, f *envelope) {
	content := msg.Get("content")
	if content.Type == gjson.String {
		s.interruption(content.String(), f)
		s.request(content.String(), f)
		return
	}
	if !content.IsArray() {
		return
	}
	var text []string
	results := false
	content.ForEach(func(_, blk gjson.Result) bool {
		switch blk.Get("type").String() {
		case "tool_result":
			results = true
			s.toolResult(blk, f.result)
			if s.w.on {
				s.w.result(blk, f.result)
			}
		case "text":
			text = append(text, blk.Get("text").String())
			s.interruption(text[len(text)-1], f)
		}
		return true
	})
	if !results && len(text) > 0 {
		s.request(strings.Join(text, "\n"), f)
	}
}

func (s *state) toolResult(blk, tur gjson.Result) {
	id := blk.Get("tool_use_id").String()
	if _, ok := s.asks[id]; ok {
		if answered(resultText(blk.Get("content")), tur.Get("answers")) {
			delete(s.asks, id)
		}
		return
	}
	if subject, ok := s.creates[id]; ok {
		delete(s.creates, id)
		tid := tur.Get("task.id").String()
		if tid == "" {
			tid = createdID(resultText(blk.Get("content")))
		}
		if tid == "" || blk.Get("is_error").Bool() {
			return
		}
		if v := tur.Get("task.subject").String(); v != "" {
			subject = v
		}
		s.task(tid, subject)
	}
}

// answered reports whether an AskUserQuestion's result holds an answer:
// toolUseResult.answers with a value that is not empty, or the text
// `User has answered your questions: "Q"="A"…` with an A that is not
// empty. Anything else leaves the question open: a rejection (Esc), Claude
// Code's own close after askUserQuestionTimeout ("No response after 60s —
// the user may be away from keyboard. …"), an empty answer.
func answered(text string, answers gjson.Result) bool {
	if answers.IsObject() {
		given := false
		answers.ForEach(func(_, v gjson.Result) bool {
			given = strings.TrimSpace(v.String()) != ""
			return !given
		})
		if given {
			return true
		}
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), answeredLead)
	if !ok {
		return false
	}
	for {
		i := strings.Index(rest, `"="`)
		if i < 0 {
			return false
		}
		rest = rest[i+3:]
		if !strings.HasPrefix(rest, `"`) && strings.TrimSpace(rest) != "" {
			return true
		}
	}
}

// resultText is a tool_result's content as text: a string, or its text
// blocks joined.
func resultText(c gjson.Result) string {
	if c.Type == gjson.String {
		return c.String()
	}
	var parts []string
	c.ForEach(func(_, b gjson.Result) bool {
		if b.Get("type").String() == "text" {
			parts = append(parts, b.Get("text").String())
		}
		return true
	})
	return strings.Join(parts, "\n")
}

// notTyped lists the leads of user text that Claude Code, not the user,
// wrote.
var notTyped = []string{
	"<command-", "<local-command-", "<task-notification>", "<bash-input>", "<bash-stdout>",
	"<bash-stderr>", "<user-prompt-submit-hook>",
	"Caveat: The messages below were generated",
	"This session is being continued from a previous conversation",
}

// interrupted leads the line Claude Code writes when the user stops a turn
// (Esc): "[Request interrupted by user]", "… for tool use]".
const interruptedLead = "[Request interrupted by user"

// isInterruption reports Claude Code's interruption marker: the whole
// text is "[Request interrupted by user…]". A prompt the user typed that
// only begins so ("[Request interrupted by user] happened earlier; fix
// the logger") is a request.
func isInterruption(text string) bool {
	t := strings.TrimSpace(text)
	return strings.HasPrefix(t, interruptedLead) && strings.HasSuffix(t, "]") && len(t) <= 64
}

// interruption marks the current request interrupted when a user line
// (not a meta line) holds Claude Code's interruption marker.
func (s *state) interruption(text string, f *envelope) {
	if s.w.on && !f.meta && isInterruption(text) {
		s.w.interrupted()
	}
}

func (s *state) request(text string, f *envelope) {
	if f.meta || f.compact || f.source == "system" {
		return
	}
	if f.origin != "" && f.origin != "human" {
		return
	}
	t := strings.TrimSpace(text)
	if t == "" {
		return
	}
	if isInterruption(t) {
		return
	}
	for _, lead := range notTyped {
		if strings.HasPrefix(t, lead) {
			return
		}
	}
	s.lastRequest = t
	if s.w.on {
		at, _ := time.Parse(time.RFC3339Nano, f.ts)
		s.w.begin(t, at)
	}
	for _, id := range s.askOrder {
		if _, open := s.asks[id]; open && s.followed[id] == "" {
			s.followed[id] = t
		}
	}
}

// tail is what the folded lines say.
func (s *state) tail() Tail {
	t := Tail{LastAssistant: strings.Join(s.lastTexts, "\n"), LastRequest: s.lastRequest}
	for i := len(s.askOrder) - 1; i >= 0; i-- {
		if q, ok := s.asks[s.askOrder[i]]; ok {
			q.FollowedBy = s.followed[s.askOrder[i]]
			t.OpenQuestion = &q
			break
		}
	}
	t.Tasks = append(append([]Task(nil), s.tasks...), s.todos...)
	if i, ok := s.byID[s.current]; ok && s.tasks[i].Status == "in_progress" {
		t.CurrentTask = s.tasks[i].Subject
	}
	if t.CurrentTask == "" {
		for i := len(t.Tasks) - 1; i >= 0; i-- {
			if t.Tasks[i].Status == "in_progress" {
				t.CurrentTask = t.Tasks[i].Subject
				break
			}
		}
	}
	t.TaskTools = s.usedTools
	return t
}
