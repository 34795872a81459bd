// Package hooks handles the Claude Code hook events openloop listens to:
// one file per event (userpromptsubmit.go, stop.go, sessionend.go) and this
// router. Handle reads one event, decides, and returns what to print; it
// never blocks a prompt or a stop: it never returns a "decision", and the
// caller never exits 2.
//
// The hot path is UserPromptSubmit, which runs on every prompt a user
// types. It returns early with no output when the prompt holds nothing to
// park, reads only a bounded tail of the transcript, and touches the memory
// dir only to park.
package hooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/internal/textcut"

	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
)

// MaxPayload bounds the event read from stdin. Claude Code's own limits keep
// real payloads far below it; a bigger one is refused without being parsed.
const MaxPayload = 64 << 20

// MaxDepth bounds how deeply the payload's arrays and objects may nest
// (see jsonguard: gjson's validator recurses, and a stack overflow is a
// fatal error that exits 2).
const MaxDepth = jsonguard.MaxDepth

// TailBudget is how many bytes at the end of a transcript the hooks read,
// whatever the file's size.
const TailBudget = 512 << 10

// maxPromptScan bounds how much of a prompt detection looks at.
const maxPromptScan = 256 << 10

// Config is what a handler needs from the outside world.
type Config struct {
	Getenv    func(string) string
	Now       func() time.Time
	Cwd       string // used when the payload has no cwd
	MemoryDir string // explicit override (--memory-dir)
}

// Event is a parsed hook payload: the common fields, and the raw JSON for
// the event-specific ones (read with gjson; unknown fields are ignored).
type Event struct {
	Name           string // hook_event_name
	SessionID      string
	TranscriptPath string
	Cwd            string
	PromptID       string
	Raw            gjson.Result
}

// Output is what a hook prints: nothing, or one JSON object.
type Output struct {
	SystemMessage string   `json:"systemMessage,omitempty"`
	Specific      *Context `json:"hookSpecificOutput,omitempty"`
}

// Context is hookSpecificOutput for UserPromptSubmit.
type Context struct {
	HookEventName     string `json:"hookEventName"`
	AdditionalContext string `json:"additionalContext,omitempty"`
}

// Bytes renders the output for stdout: nil when there is nothing to say.
func (o *Output) Bytes() []byte {
	if o == nil || (o.SystemMessage == "" && o.Specific == nil) {
		return nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // "<text>" reads better than "\u003ctext\u003e"
	enc.Encode(o)
	return b.Bytes()
}

// ErrPayload marks input that is not a hook event.
var ErrPayload = errors.New("not a hook event")

// Parse reads the common fields of a hook payload.
func Parse(payload []byte) (Event, error) {
	if len(payload) > MaxPayload {
		return Event{}, fmt.Errorf("%w: payload is larger than %d MB", ErrPayload, MaxPayload>>20)
	}
	if jsonguard.TooDeep(payload, MaxDepth) {
		return Event{}, fmt.Errorf("%w: JSON nested deeper than %d levels", ErrPayload, MaxDepth)
	}
	if !gjson.ValidBytes(payload) {
		return Event{}, fmt.Errorf("%w: stdin is not valid JSON", ErrPayload)
	}
	r := gjson.ParseBytes(payload)
	if !r.IsObject() {
		return Event{}, fmt.Errorf("%w: stdin is JSON but not an object", ErrPayload)
	}
	ev := Event{
		Name:           r.Get("hook_event_name").String(),
		SessionID:      r.Get("session_id").String(),
		TranscriptPath: r.Get("transcript_path").String(),
		Cwd:            r.Get("cwd").String(),
		PromptID:       r.Get("prompt_id").String(),
		Raw:            r,
	}
	if ev.Name == "" {
		return Event{}, fmt.Errorf("%w: no hook_event_name", ErrPayload)
	}
	return ev, nil
}

// Handle runs one event and returns what to print on stdout. Unknown events
// do nothing. An error means nothing was printed and nothing the user typed
// was touched; the caller reports it on stderr and exits non-blocking.
func Handle(cfg Config, payload []byte) (*Output, error) {
	ev, err := Parse(payload)
	if err != nil {
		return nil, err
	}
	switch ev.Name {
	case "UserPromptSubmit":
		return UserPromptSubmit(cfg, ev)
	case "Stop":
		return Stop(cfg, ev)
	case "SessionEnd":
		return SessionEnd(cfg, ev)
	}
	return nil, nil
}

// paths resolves the project for an event: its cwd, else the process's.
func (cfg Config) paths(ev Event) (project.Paths, error) {
	cwd := ev.Cwd
	if cwd == "" {
		cwd = cfg.Cwd
	}
	return project.Resolve(project.Options{Cwd: cwd, Getenv: cfg.Getenv, MemoryDir: cfg.MemoryDir})
}

// clean makes event text safe to handle: valid UTF-8, bounded.
func clean(s string, max int) string {
	return strings.ToValidUTF8(textcut.Head(s, max), "\uFFFD")
}

// parked is what one event parked or failed to park.
type parked struct {
	st      *store.Store
	names   []string     // new items
	kinds   []string     // their kinds and ideas, for Claude
	capped  []store.Item // the open list, when the cap refused something
	refused string       // the first idea the cap refused
	listed  bool         // this session was shown the list at the cap before (capnote.go)
	failed  []string     // "<idea>: <error>" for entries that could not be written
}

// park resolves the event's project and writes each entry through the
// store (which dedupes and caps). An entry that fails does not stop the
// others. The error is non-nil only
// when something failed and nothing was parked: then there is nothing to
// tell the user but the error.
func park(cfg Config, ev Event, entries []store.Entry) (*parked, error) {
	p, err := cfg.paths(ev)
	if err != nil {
		return nil, err
	}
	out := &parked{st: store.Open(p.MemoryDir, cfg.Now).WithLog(p.Root, p.LogPath)}
	var errs []error
	for _, e := range entries {
		res, err := out.st.Park(e)
		switch {
		case err != nil:
			errs = append(errs, err)
			out.failed = append(out.failed, fmt.Sprintf("%q: %v", e.Idea, err))
		case res.Parked:
			out.names = append(out.names, res.Name)
			out.kinds = append(out.kinds, fmt.Sprintf("%s %q as %s", e.Kind, e.Idea, res.File))
		case res.Capped:
			out.capped = res.Open
			if out.refused == "" {
				out.refused = e.Idea
			}
		}
	}
	if len(errs) > 0 && len(out.names) == 0 && out.refused == "" {
		return nil, errors.Join(errs...)
	}
	if out.refused != "" {
		out.listed = capListedBefore(cfg, ev.SessionID)
	}
	return out, nil
}

// output renders what was parked: nothing, "parked: <name>", or the cap's
// list with the request to archive some first. forClaude adds the one-line
// additionalContext (UserPromptSubmit only).
func (pk *parked) output(event string, forClaude bool) *Output {
	if pk == nil || (len(pk.names) == 0 && pk.refused == "") {
		return nil
	}
	var msg, ctx []string
	if len(pk.names) > 0 {
		msg = append(msg, "parked: "+strings.Join(pk.names, ", "))
		ctx = append(ctx, "openloop parked "+strings.Join(pk.kinds, "; ")+" in "+pk.st.Dir+"; /session resume lists open items. Carry on with the user's request.")
	}
	if pk.refused != "" && pk.listed {
		msg = append(msg, fmt.Sprintf("openloop: %d items are open, so %q was not parked (/session resume lists them; /session archive <text> closes one).", len(pk.capped), pk.refused))
		ctx = append(ctx, fmt.Sprintf("openloop could not park %q: %d items are open, as the user was already told this session.", pk.refused, len(pk.capped)))
	} else if pk.refused != "" {
		lines := []string{fmt.Sprintf("openloop: %d items are open, so %q was not parked. Archive some first with /session archive <text>:", len(pk.capped), pk.refused)}
		names := make([]string, len(pk.capped))
		for i, it := range pk.capped {
			lines = append(lines, pk.st.Line(it))
			names[i] = store.NameOfFile(it.File)
		}
		msg = append(msg, strings.Join(lines, "\n"))
		ctx = append(ctx, fmt.Sprintf("openloop could not park %q: %d open items (%s). After answering the user's request, ask them which of these to archive with /session archive <text>.", pk.refused, len(pk.capped), strings.Join(names, ", ")))
	}
	for _, f := range pk.failed {
		msg = append(msg, "openloop: could not park "+f)
	}
	o := &Output{SystemMessage: strings.Join(msg, "\n")}
	if forClaude {
		o.Specific = &Context{HookEventName: event, AdditionalContext: strings.Join(ctx, " ")}
	}
	return o
}
