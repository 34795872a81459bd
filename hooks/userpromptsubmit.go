package hooks

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/openloop/openloop/pkg/detect"
	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/transcript"
)

// UserPromptSubmit runs on every prompt, before Claude sees it. It looks
// for a deferral or a side idea in what the user typed, and for a question
// Claude asked that this prompt leaves unanswered, and parks what it finds;
// with assist it names it to Claude in a nudge instead, and Claude parks.
// It prints nothing unless something was parked; it can never block or
// change the prompt.
//
// Claude's previous message is the one Stop saved for this session; when
// none was saved (older Claude Code, or a first prompt after a restart), it
// is read from the tail of transcript_path, which also gives any
// AskUserQuestion left open and the task in progress. The tail is read in
// two steps, since this runs on every prompt: the last QuickTailBudget bytes
// first, and TailBudget only when those hold no message from Claude and
// none was saved, or when a side idea needs the task in progress. The
// project is resolved only once there is something to park.
func UserPromptSubmit(cfg Config, ev Event) (*Output, error) {
	prompt := clean(ev.Raw.Get("prompt").String(), maxPromptScan)
	if typed, skip := detect.Typed(prompt); skip || strings.TrimSpace(typed) == "" {
		return nil, nil // a slash command, an envelope, or only pasted text
	}
	in, tr, open := promptInput(cfg, ev, prompt, true)
	a := cfg.assess(ev, in)
	if len(a.Parks) == 0 && len(a.Candidates) == 0 {
		// Only a prompt that leaves no loop can take one up: "let's punt
		// on the retry budget" puts it off again.
		return takeUp(cfg, ev, prompt, open), nil
	}
	// A candidate, and with assist what the hook would park on its own,
	// is for Claude to judge and name: a nudge, and a candidate for
	// review should Claude let it be (issue 29 §6: measured in working
	// sessions, that caught the same loops as the hook's own parks, with
	// no second copies and better names). Neither is made of what the
	// store would refuse; at the cap a park the hook would make goes on,
	// refused, which tells the user the list is full.
	if len(a.Parks) == 0 || cfg.assisting(ev) {
		var f detect.Finding
		if len(a.Parks) > 0 {
			f = a.Parks[0]
		} else {
			f = a.Candidates[0]
		}
		says := storeSays(cfg, ev, f)
		if says.refuses {
			return nil, nil
		}
		if len(a.Parks) == 0 || !says.capped {
			return keepCandidate(cfg, ev, prompt, in, tr, f, says)
		}
	}
	var entries []store.Entry
	for _, f := range a.Parks {
		e := entry(f)
		if in.Task == "" && e.Kind != store.KindQuestion {
			if task := whatWeWereDoing(tr.full(), prompt); task != "" {
				e.Context = task
			}
		}
		entries = append(entries, e)
	}
	pk, err := park(cfg, ev, entries)
	if err != nil {
		return nil, err
	}
	pk.remember(cfg, ev)
	return pk.output("UserPromptSubmit", true), nil
}

// promptInput is what detection reads for a prompt: Claude's previous
// message (saved by Stop, else from the transcript's tail), an open
// AskUserQuestion, and the task in progress. With consume set, the saved
// state is marked as used by this prompt (see useState); explain reads it
// without using it up.
func promptInput(cfg Config, ev Event, prompt string, consume bool) (detect.Input, *tailReader, []string) {
	in := detect.Input{Prompt: prompt}
	haveState := false
	var open []string
	if ev.SessionID != "" {
		if cfgDir, err := project.ConfigDir(cfg.Getenv); err == nil {
			read := useState
			if !consume {
				read = peekState
			}
			in.Assistant, haveState, open = read(cfgDir, ev.SessionID, promptKey(ev, prompt))
		}
	}
	tr := &tailReader{path: ev.TranscriptPath}
	tail := tr.quick(!haveState)
	if !haveState {
		in.Assistant = clean(tail.LastAssistant, 1<<20)
	}
	in.Task = clean(tail.CurrentTask, 4096)
	// An AskUserQuestion the transcript shows open is this prompt's to
	// judge when no request was typed after it (or only this one, when the
	// transcript already holds it), whatever the saved state says: Esc on
	// the question interrupts the turn, so no Stop saved a state for it,
	// and the prompt that started that turn used up the one before.
	if q := tail.OpenQuestion; q != nil && (q.FollowedBy == "" || q.FollowedBy == strings.TrimSpace(prompt)) {
		in.AskQuestion, in.AskOptions = clean(q.Question, 4096), q.Options
	}
	return in, tr, open
}

// PromptInput is the detector's input for a UserPromptSubmit payload,
// exactly as the hook builds it, without marking the session's saved state
// as used: `openloop explain` reads a payload through it, streamed as the
// hook streams it.
func PromptInput(cfg Config, payload io.Reader) (detect.Input, error) {
	ev, err := Read(payload)
	if err != nil {
		return detect.Input{}, err
	}
	if ev.Name != "UserPromptSubmit" {
		// A Stop or SessionEnd payload holds no prompt: it would read as
		// an empty prompt, "skipped", which explains nothing it was given.
		return detect.Input{}, fmt.Errorf("a %s payload holds no prompt; explain reads a UserPromptSubmit payload", ev.Name)
	}
	prompt := clean(ev.Raw.Get("prompt").String(), maxPromptScan)
	in, _, _ := promptInput(cfg, ev, prompt, false)
	return in, nil
}

// QuickTailBudget is the first, small read of a transcript's tail.
const QuickTailBudget = 64 << 10

// tailReader reads a transcript's tail at most twice: a quick read, and the
// full TailBudget when the quick one is not enough. A transcript that is
// missing or cannot be read is an empty tail: the prompt itself can still
// hold a deferral or a side idea, and nothing the user typed depends on it.
type tailReader struct {
	path string
	tail transcript.Tail
	read int64 // the budget already read; 0 before the first read
}

// quick reads the last QuickTailBudget bytes. When they hold no message
// from Claude and needAssistant is set, it reads the full budget instead.
func (r *tailReader) quick(needAssistant bool) transcript.Tail {
	r.readUpTo(QuickTailBudget)
	if needAssistant && r.tail.LastAssistant == "" && r.tail.OpenQuestion == nil {
		r.readUpTo(TailBudget)
	}
	return r.tail
}

// full reads the last TailBudget bytes (once).
func (r *tailReader) full() transcript.Tail {
	r.readUpTo(TailBudget)
	return r.tail
}

func (r *tailReader) readUpTo(budget int64) {
	if r.path == "" || r.read >= budget {
		return
	}
	r.read = budget
	if t, err := transcript.ReadTail(r.path, budget); err == nil {
		r.tail = t
	}
}

// whatWeWereDoing is what was under way when a loop was raised: the task
// in progress, else the session's last typed request when that was not
// itself a loop (nor this prompt), else "".
func whatWeWereDoing(tail transcript.Tail, prompt string) string {
	if tail.CurrentTask != "" {
		return clean(tail.CurrentTask, 200)
	}
	last := strings.TrimSpace(tail.LastRequest)
	if last == "" || last == strings.TrimSpace(prompt) {
		return ""
	}
	if typed, skip := detect.Typed(last); skip || strings.TrimSpace(typed) == "" || len(detect.Prompt(detect.Input{Prompt: last})) > 0 {
		return ""
	}
	return clean(last, 200)
}

// promptKey names one prompt: its prompt_id (Claude Code 2.1.196+), else a
// hash of its text, so the same prompt delivered twice is recognised.
func promptKey(ev Event, prompt string) string {
	if ev.PromptID != "" {
		return ev.PromptID
	}
	sum := sha256.Sum256([]byte(prompt))
	return "sha256:" + hex.EncodeToString(sum[:12])
}

// storeAnswer is what the store would answer to a park of a finding's
// idea (Store.Check), asked once per prompt, without writing.
type storeAnswer struct {
	known   bool // the store answered (else: nudge, Claude's park will say why)
	refuses bool // the same idea is parked already, or the user dismissed it
	capped  bool // MaxOpen items are open
}

// storeSays asks the store about f's idea: Claude is never nudged toward
// a park the store would refuse.
func storeSays(cfg Config, ev Event, f detect.Finding) storeAnswer {
	p, err := cfg.paths(ev)
	if err != nil {
		return storeAnswer{}
	}
	r, err := openStore(cfg, ev.Name, p).Check(entry(f).Idea)
	if err != nil {
		return storeAnswer{}
	}
	return storeAnswer{known: true, refuses: r.Dup || r.Dismissed != nil, capped: r.Capped}
}
