package hooks

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/openloop/openloop/pkg/detect"
	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/transcript"
)

// UserPromptSubmit runs on every prompt, before Claude sees it. It looks
// for a deferral or a side idea in what the user typed, and for a question
// Claude asked that this prompt leaves unanswered, and parks what it finds.
// It prints nothing unless something was parked; it can never block or
// change the prompt.
//
// Claude's previous message is the one Stop saved for this session; when
// none was saved (older Claude Code, or a first prompt after a restart), it
// is read from the tail of transcript_path, which also gives any
// AskUserQuestion left open and the task in progress. The tail is read in
// two steps, since this runs on every prompt: the last QuickTailBudget bytes
// first, and TailBudget only when those hold no message from Claude, or
// when a side idea needs the task in progress.
func UserPromptSubmit(cfg Config, ev Event) (*Output, error) {
	prompt := clean(ev.Raw.Get("prompt").String(), maxPromptScan)
	if _, skip := detect.Typed(prompt); skip {
		return nil, nil
	}
	p, err := cfg.paths(ev)
	if err != nil {
		return nil, err
	}
	tr := tailReader{path: ev.TranscriptPath}
	tail := tr.quick()
	in := detect.Input{Prompt: prompt, Assistant: clean(tail.LastAssistant, 1<<20), Task: clean(tail.CurrentTask, 4096)}
	if q := tail.OpenQuestion; q != nil {
		in.AskQuestion, in.AskOptions = clean(q.Question, 4096), q.Options
	}
	if ev.SessionID != "" {
		sp := statePath(p.ConfigDir, ev.SessionID)
		if st, ok := loadState(sp); ok {
			use := promptKey(ev, prompt)
			if st.UsedBy == "" || st.UsedBy == use {
				in.Assistant = st.Assistant
				if st.UsedBy == "" {
					st.UsedBy = use
					saveState(sp, st) // best effort: a failure only risks one repeat
				}
			}
		}
	}
	findings := detect.Prompt(in)
	if len(findings) == 0 {
		return nil, nil
	}
	var entries []store.Entry
	for _, f := range findings {
		e := entry(f)
		if e.Kind == store.KindSideIdea && e.Context == "" {
			e.Context = whatWeWereDoing(tr.full(), prompt)
		}
		entries = append(entries, e)
	}
	pk, err := park(p, cfg.Now, entries)
	if err != nil {
		return nil, err
	}
	return pk.output("UserPromptSubmit", true), nil
}

// QuickTailBudget is the first, small read of a transcript's tail.
const QuickTailBudget = 64 << 10

// tailReader reads a transcript's tail at most twice: a quick read, and the
// full TailBudget when the quick one is not enough. A transcript that is
// missing or cannot be read is an empty tail: the prompt itself can still
// hold a deferral or a side idea, and nothing the user typed depends on it.
type tailReader struct {
	path      string
	tail      transcript.Tail
	quickDone bool
	fullDone  bool
}

func (r *tailReader) quick() transcript.Tail {
	if r.path == "" || r.quickDone {
		return r.tail
	}
	r.quickDone = true
	r.tail, _ = transcript.ReadTail(r.path, QuickTailBudget)
	if r.tail.LastAssistant == "" && r.tail.OpenQuestion == nil {
		return r.full()
	}
	return r.tail
}

func (r *tailReader) full() transcript.Tail {
	if r.path == "" || r.fullDone {
		return r.tail
	}
	r.fullDone = true
	if t, err := transcript.ReadTail(r.path, TailBudget); err == nil {
		r.tail = t
	}
	return r.tail
}

// whatWeWereDoing is a side idea's "Raised while": the task in progress,
// else the session's last top-level request (not this prompt itself).
func whatWeWereDoing(tail transcript.Tail, prompt string) string {
	switch {
	case tail.CurrentTask != "":
		return tail.CurrentTask
	case tail.LastRequest != "" && tail.LastRequest != prompt:
		return clean(tail.LastRequest, 200)
	}
	return "another task in this session"
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

func openStore(p project.Paths, cfg Config) *store.Store { return store.Open(p.MemoryDir, cfg.Now) }
