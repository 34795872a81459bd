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
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/internal/textcut"

	"github.com/openloop/openloop/pkg/store"
)

// MaxPayload bounds the bytes read from stdin. Claude Code's own limits
// keep real payloads far below it; a bigger one is refused. Memory does not
// grow with the payload (see payload.go), so this bounds only the time
// spent reading.
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
	// Assist is `hook --assist`: the parking rule at SessionStart and a
	// nudge for each candidate, for Claude (assist.go).
	Assist bool
	// Program is how the hook was invoked, shell-quoted when it is a path
	// ("" reads "openloop"): the park command the rule names.
	Program string
	// Slash is the slash command the user has for the list ("" reads
	// "/session"): the plugin's hooks run `hook --plugin`, whose command
	// is "/openloop:session" (Claude Code names a plugin's commands
	// /<plugin>:<name>). Every notice names it.
	Slash string
	// Warn, when set, takes the one line that says the settings file is
	// bad and the defaults are used (stderr; the hook still exits 0).
	Warn io.Writer
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
	// once is what handling the event has looked up (resolve.go): Handle
	// sets it, and every step of the event shares it.
	once *resolved
}

// Output is what a hook prints: nothing, or one JSON object.
type Output struct {
	SystemMessage string   `json:"systemMessage,omitempty"`
	Specific      *Context `json:"hookSpecificOutput,omitempty"`
}

// Context is hookSpecificOutput for UserPromptSubmit and SessionStart.
type Context struct {
	HookEventName     string `json:"hookEventName"`
	AdditionalContext string `json:"additionalContext,omitempty"`
	// lines keeps the text's line breaks (SessionStart's list of items);
	// otherwise it is one line, whatever the text held.
	lines bool
}

// Bounds on what a hook prints. Claude Code keeps 10,000 characters of a
// systemMessage or an additionalContext and spills the rest to a file;
// openloop stays far inside that, whatever the memory dir holds (thousands
// of stray session-open-*.md files once made a cap refusal 7.7 MB long).
const (
	maxMessage = 4 << 10 // bytes of systemMessage
	maxContext = 4 << 10 // bytes of additionalContext
	maxListed  = 10      // items a cap refusal lists; the others are counted
	maxFailed  = 3       // failures shown; the others are counted
	maxIdea    = 200     // bytes of an idea quoted in a message
)

// Bytes renders the output for stdout: nil when there is nothing to say.
// Both texts go through termsafe (names, ideas and descriptions come from
// the user, the payload or hand-written files, and can hold ESC sequences
// or bidi overrides) and are cut to their bounds.
func (o *Output) Bytes() ([]byte, error) {
	if o == nil || (o.SystemMessage == "" && o.Specific == nil) {
		return nil, nil
	}
	safe := Output{SystemMessage: textcut.Head(termsafe.Text(o.SystemMessage), maxMessage)}
	if o.Specific != nil {
		c := *o.Specific
		clean := termsafe.Line
		if c.lines {
			clean = termsafe.Text
		}
		c.AdditionalContext = textcut.Head(clean(c.AdditionalContext), maxContext)
		safe.Specific = &c
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // "<text>" reads better than "\u003ctext\u003e"
	// Encoding strings cannot fail today; if it ever did, the partial
	// object must not reach Claude Code's stdout.
	if err := enc.Encode(safe); err != nil {
		return nil, fmt.Errorf("render output: %w", err)
	}
	return b.Bytes(), nil
}

// ErrPayload marks input that is not a hook event.
var ErrPayload = errors.New("not a hook event")

// Parse reads the common fields of a hook payload held in memory (see Read).
func Parse(payload []byte) (Event, error) {
	return Read(bytes.NewReader(payload))
}

// Handle reads one event from r and returns what to print on stdout.
// Unknown events do nothing. An error means nothing was printed and nothing
// the user typed was touched; the caller reports it on stderr and exits
// non-blocking.
func Handle(cfg Config, r io.Reader) (*Output, error) {
	ev, err := Read(r)
	if err != nil {
		return nil, err
	}
	ev.once = &resolved{}
	switch ev.Name {
	case "UserPromptSubmit":
		return UserPromptSubmit(cfg, ev)
	case "Stop":
		return Stop(cfg, ev)
	case "SessionEnd":
		return SessionEnd(cfg, ev)
	case "SessionStart":
		return SessionStart(cfg, ev)
	}
	return nil, nil
}

// clean makes event text safe to handle: valid UTF-8, bounded.
func clean(s string, max int) string {
	return strings.ToValidUTF8(textcut.Head(s, max), "\uFFFD")
}

// parked is what one event parked or failed to park.
type parked struct {
	st      *store.Store
	names   []string     // new items
	capped  []store.Item // the open list, when the cap refused something
	refused string       // the first idea the cap refused
	listed  bool         // this session was shown the list at the cap before (capnote.go)
	failed  []string     // "<idea>: <error>" for entries that could not be written
	slash   string       // the slash command the notices name (Config.Slash)
	// rename is the program that renames an item ("openloop",
	// Config.Program): the line for Claude says how to rename a park whose
	// name misses the thing (RenameHint).
	rename string
	ideas  []string // the new items' ideas, as kinds
	kindOf []string // the new items' kinds
}

// PluginSlash is the plugin's slash command: Claude Code names a plugin's
// command /<plugin>:<name>.
const PluginSlash = "/openloop:session"

// slash is the slash command the notices name: Config.Slash, else
// "/session".
func (cfg Config) slash() string {
	if cfg.Slash == "" {
		return "/session"
	}
	return cfg.Slash
}

// park resolves the event's project and writes each entry through the
// store (which dedupes and caps), its control and format characters
// dropped. An entry that fails does not stop the others. The error is
// non-nil only when something failed and nothing was parked: then there is
// nothing to tell the user but the error.
func park(cfg Config, ev Event, entries []store.Entry) (*parked, error) {
	p, err := cfg.paths(ev)
	if err != nil {
		return nil, err
	}
	out := &parked{st: openStore(cfg, ev.Name, p), slash: cfg.slash(), rename: cfg.program()}
	var errs []error
entries:
	for _, e := range entries {
		// The text comes from the prompt, Claude's message or the
		// transcript: an ESC sequence or a bidi override in it is dropped,
		// so no list that shows the item later carries it.
		e.Idea, e.Context, e.Why, e.HowTo = termsafe.Strip(e.Idea), termsafe.Strip(e.Context), termsafe.Strip(e.Why), termsafe.Strip(e.HowTo)
		// The item records the session that parked it: after a
		// compaction that session is given back its own items.
		e.Session = ev.SessionID
		res, err := out.st.Park(e)
		switch {
		case err != nil:
			errs = append(errs, err)
			out.failed = append(out.failed, fmt.Sprintf("%q: %v", textcut.Head(e.Idea, maxIdea), err))
			if errors.Is(err, store.ErrLocked) {
				break entries // the next would wait again (LockWaits)
			}
		case res.Parked:
			out.names = append(out.names, res.Name)
			out.ideas, out.kindOf = append(out.ideas, e.Idea), append(out.kindOf, string(e.Kind))
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

// output renders what was parked: nothing, the one-line notice
// (parkedNotice), or the cap's
// list with the request to archive some first. forClaude adds the one-line
// additionalContext (UserPromptSubmit only). Lists are bounded: the first
// few entries, then a count of the others.
func (pk *parked) output(event string, forClaude bool) *Output {
	if pk == nil || (len(pk.names) == 0 && pk.refused == "") {
		return nil
	}
	var msg, ctx []string
	if len(pk.names) > 0 {
		msg = append(msg, parkedNotice(pk.slash, pk.names))
		ctx = append(ctx, RenameHint(pk.rename, pk.kindOf, pk.ideas, pk.names))
	}
	if pk.refused != "" && pk.listed {
		msg = append(msg, fmt.Sprintf("openloop: %d items are open, so %q was not parked (%s resume lists them; %s archive <text> closes one).", len(pk.capped), textcut.Head(pk.refused, maxIdea), pk.slash, pk.slash))
		ctx = append(ctx, fmt.Sprintf("openloop could not park %q: %d items are open, as the user was already told this session.", textcut.Head(pk.refused, maxIdea), len(pk.capped)))
	} else if pk.refused != "" {
		n := len(pk.capped)
		lines := []string{fmt.Sprintf("openloop: %d items are open, so %q was not parked. Archive some first with %s archive <text>:", n, textcut.Head(pk.refused, maxIdea), pk.slash)}
		var names []string
		for _, it := range pk.capped[:min(n, maxListed)] {
			lines = append(lines, pk.st.Line(it))
			names = append(names, store.NameOfFile(it.File))
		}
		if n > maxListed {
			lines = append(lines, fmt.Sprintf("… and %d more", n-maxListed))
			names = append(names, fmt.Sprintf("and %d more", n-maxListed))
		}
		msg = append(msg, strings.Join(lines, "\n"))
		ctx = append(ctx, fmt.Sprintf("openloop could not park %q: %d open items (%s); the user has not been asked yet which of them to archive (%s archive <text> closes one).", textcut.Head(pk.refused, maxIdea), n, strings.Join(names, ", "), pk.slash))
	}
	for _, f := range some(pk.failed, maxFailed) {
		msg = append(msg, "openloop: could not park "+f)
	}
	o := &Output{SystemMessage: strings.Join(msg, "\n")}
	if forClaude {
		o.Specific = &Context{HookEventName: event, AdditionalContext: strings.Join(ctx, " ")}
	}
	return o
}

// RenameHint is what Claude is told when the hook parked on its own
// (without assist; with it the hook nudges and Claude parks): what it parked, under which name, and in a few
// words how to rename one whose name does not say what the thing is
// (issue 29 §3), MaxNudgeWords or fewer: an idea is quoted at nudgeIdea
// words, and with more than one park only the names are listed. A program
// whose path has spaces would push it past the limit: the line then
// names the rename command without its arguments.
//
//	openloop parked deferred "write design doc" as write-design-doc; openloop rename write-design-doc --idea '<thing>' renames it if the name misses the thing.
func RenameHint(program string, kinds, ideas, names []string) string {
	what, target, it := "", "<name>", "one"
	switch {
	case len(names) == 1:
		what = fmt.Sprintf("%s %q as %s", kinds[0], quoteWords(ideas[0], nudgeIdea), names[0])
		target, it = names[0], "it"
	default:
		what = strings.Join(some(names, 3), ", ")
	}
	for _, line := range []string{
		fmt.Sprintf("openloop parked %s; %s rename %s --idea '<thing>' renames %s if the name misses the thing.", what, program, target, it),
		fmt.Sprintf("openloop parked %s; openloop's rename renames %s if the name misses the thing.", what, it),
	} {
		if len(strings.Fields(line)) <= MaxNudgeWords {
			return line
		}
	}
	return fmt.Sprintf("openloop parked %s.", what)
}

// quoteWords is s cut to n words, "…" marking the cut.
func quoteWords(s string, n int) string {
	w := strings.Fields(s)
	if len(w) <= n {
		return strings.Join(w, " ")
	}
	return strings.Join(w[:n], " ") + "…"
}

// parkedNotice is the one line the user sees for what was parked: it
// names openloop and the one command (slash: "/session", or the plugin's
// "/openloop:session") that lists or closes the item.
//
//	openloop parked "i18n" · /session resume lists it, /session archive i18n closes it
func parkedNotice(slash string, names []string) string {
	if len(names) == 1 {
		return fmt.Sprintf("openloop parked %q · %s resume lists it, %s archive %s closes it", names[0], slash, slash, names[0])
	}
	quoted := make([]string, 0, len(names))
	for _, n := range some(names, maxListed) {
		quoted = append(quoted, strconv.Quote(n))
	}
	return "openloop parked " + strings.Join(quoted, ", ") + " · " + slash + " resume lists them, " + slash + " archive <name> closes one"
}

// some is the first max entries of list, the last of them replaced by a
// count of the others when there are more.
func some(list []string, max int) []string {
	if len(list) <= max {
		return list
	}
	return append(list[:max-1:max-1], fmt.Sprintf("%d more", len(list)-max+1))
}
