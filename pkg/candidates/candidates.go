// Package candidates keeps what the UserPromptSubmit hook was unsure of:
// a prompt that scored between its kind's candidate and park thresholds
// (detect.Assess) is not parked but kept here, for the user to review with
// `openloop review` and in the session summary. A candidate has no memory
// file and does not count toward the 10-item cap.
//
// Candidates are private: one small JSON file per session beside the
// hooks' session state, under the config dir and never in the project,
//
//	$CLAUDE_CONFIG_DIR/openloop/sessions/<session>.cand.json
//
// at most MaxPerSession a session, folder 0700 and file 0600, never
// followed through a symlink (internal/sessiondir). SessionEnd leaves them
// (review reads a project's recent candidates after the session is over);
// they are pruned with stale session state after 30 days unchanged.
package candidates

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/internal/safeio"
	"github.com/openloop/openloop/internal/sessiondir"
	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/internal/textcut"
	"github.com/openloop/openloop/pkg/store"
)

// Bounds.
const (
	MaxPerSession = 20        // candidates kept a session; the oldest go first
	maxFiles      = 200       // session files review reads, newest first
	maxFile       = 256 << 10 // bytes read of one session file
	MaxExcerpt    = 160       // bytes of the prompt kept
	maxIdea       = 200
	maxContext    = 600
	maxNumber     = 1 << 30 // a larger number is a damaged or planted file
)

// ByClaude is Candidate.By for a deferral Claude stated.
const ByClaude = "claude"

// Ext is the extension of a session's candidates file.
const Ext = ".cand.json"

// Candidate is one prompt the hook was unsure of.
type Candidate struct {
	Kind    string    `json:"kind"`              // question, deferred, side-idea
	Idea    string    `json:"idea"`              // what would be parked
	Context string    `json:"context,omitempty"` // the question asked, why it was put off, or what was under way
	Why     string    `json:"why,omitempty"`     // what the detector saw
	Score   float64   `json:"score"`             // the model's score for the kind
	Excerpt string    `json:"excerpt"`           // the start of the prompt, on one line
	TS      time.Time `json:"ts"`
	Root    string    `json:"root"` // the project root
	Session string    `json:"session,omitempty"`
	// Rule names the rule that would have parked it, kept for review
	// because its kind's sensitivity is below 0 (config.Settings.Filter);
	// "" for the model's.
	Rule string `json:"rule,omitempty"`
	// By is "claude" for a deferral Claude stated (Stop): Excerpt is then
	// what Claude said, not the prompt.
	By string `json:"by,omitempty"`
	// N is the candidate's number in the project's review list, given
	// when a list first shows it (Numbered) and kept until it leaves the
	// list; 0 until then.
	N int `json:"n,omitempty"`
}

type file struct {
	Candidates []Candidate `json:"candidates"`
}

// Excerpt is the start of a prompt on one line: whitespace runs folded to
// one space, cut to MaxExcerpt bytes with "…".
func Excerpt(prompt string) string {
	s := strings.Join(strings.Fields(prompt), " ")
	if len(s) > MaxExcerpt {
		s = textcut.Head(s, MaxExcerpt-len("…")) + "…"
	}
	return s
}

// bound cuts the text fields and drops control and format characters:
// the text is the user's and the payload's.
func (c Candidate) bound() Candidate {
	c.Idea = textcut.Head(termsafe.Strip(c.Idea), maxIdea)
	c.Context = textcut.Head(termsafe.Strip(c.Context), maxContext)
	c.Why = textcut.Head(termsafe.Strip(c.Why), maxContext)
	c.Excerpt = textcut.Head(termsafe.Strip(c.Excerpt), MaxExcerpt)
	c.Root = textcut.Head(c.Root, 4096)
	c.Session = textcut.Head(c.Session, 256)
	c.Rule = textcut.Head(termsafe.Strip(c.Rule), maxIdea)
	return c
}

// read reports whether c, as read from a file, is a candidate Add could
// have written: one of the three kinds, spelled as Add writes it, and a
// score from 0 to 1. Anything else (a damaged or planted file) is not
// listed: its kind would reach the terminal unescaped, and a score past
// 1e305 is +Inf at three places, which --json cannot write.
func (c Candidate) read() bool {
	return knownKind(c.Kind) && c.Score >= 0 && c.Score <= 1 && c.N >= 0 && c.N <= maxNumber && (c.By == "" || c.By == ByClaude)
}

// knownKind reports whether a kind read from a file is one of the three,
// spelled as Add writes it: anything else (a damaged or planted file) is
// not a candidate, and never reaches the terminal unescaped.
func knownKind(k string) bool {
	switch store.Kind(k) {
	case store.KindQuestion, store.KindDeferred, store.KindSideIdea:
		return true
	}
	return false
}

// same reports whether two candidates are the same loop of the same
// session and project: the same prompt delivered twice, or the same idea
// raised again.
func same(a, b Candidate) bool {
	return a.Kind == b.Kind && a.Root == b.Root && a.Session == b.Session &&
		strings.EqualFold(strings.Join(strings.Fields(a.Idea), " "), strings.Join(strings.Fields(b.Idea), " "))
}

// Add keeps c for its session: the same loop raised again replaces the
// older one, and past MaxPerSession the oldest go.
func Add(configDir string, c Candidate) error {
	dir, err := sessiondir.Folder(configDir, true)
	if err != nil {
		return err
	}
	c = c.bound()
	path := sessiondir.Path(dir, c.Session, Ext)
	unlock, err := lockSession(path)
	if err != nil {
		return err
	}
	defer unlock()
	f := load(path)
	// The same loop raised again keeps the number a list showed it with
	// (none that a list could not have given: a file edited by hand).
	for _, o := range f.Candidates {
		if same(o, c) && o.N > 0 && o.N <= maxNumber {
			c.N = o.N
		}
	}
	f.Candidates = slices.DeleteFunc(f.Candidates, func(o Candidate) bool { return same(o, c) })
	f.Candidates = append(f.Candidates, c)
	if n := len(f.Candidates) - MaxPerSession; n > 0 {
		f.Candidates = f.Candidates[n:]
	}
	// More than review reads of the file (text that JSON escapes to six
	// times its bytes): the oldest go, as they do past MaxPerSession.
	err = save(path, f)
	var big tooLarge
	for errors.As(err, &big) && len(f.Candidates) > 1 {
		f.Candidates = f.Candidates[1:]
		err = save(path, f)
	}
	return err
}

// LockWait bounds the wait for a session file's lock: the hook keeps its
// candidate within its event's budget (hooks.LockWaits), or drops it.
var LockWait = time.Second

// lockSession takes the lock of a session's candidates file, so that two
// hooks of one session, or a hook and review, never write over each
// other's change: a dot-named file beside it (".<stem>.cand.json.lock",
// which Recent does not read and pruning removes with the session's other
// files).
func lockSession(path string) (func(), error) {
	return store.LockFile(filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock"), LockWait, "candidates")
}

// load reads a session's file: a regular file only, bounded, checked JSON.
// A damaged file reads as empty (it is replaced at the next Add).
func load(path string) file {
	var f file
	data, err := safeio.ReadPrivate(path, maxFile)
	if err != nil || !jsonguard.Valid(data) || json.Unmarshal(data, &f) != nil {
		return file{}
	}
	return f
}

func save(path string, f file) error {
	if len(f.Candidates) == 0 {
		err := os.Remove(path)
		if os.IsNotExist(err) {
			return nil
		}
		return err
	}
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	// What is written must read back (load reads maxFile bytes): a larger
	// file would read as empty, every candidate in it gone from review.
	if len(data) > maxFile {
		return tooLarge(path)
	}
	return sessiondir.WriteAtomic(path, data)
}

// tooLarge is save's refusal of a file larger than load reads (the path):
// the file is left as it was.
type tooLarge string

func (e tooLarge) Error() string {
	return fmt.Sprintf("%s would be larger than the %d bytes review reads; left as it was", string(e), maxFile)
}

// Recent is the project's candidates from the last sessiondir.MaxAge,
// newest first (ties in a fixed order), from at most maxFiles session
// files. A missing or foreign folder is an empty list.
func Recent(configDir, root string, now time.Time) []Candidate {
	dir, err := sessiondir.Folder(configDir, false)
	if err != nil {
		return nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	type named struct {
		path string
		mod  time.Time
	}
	var files []named
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), Ext) || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		fi, err := e.Info()
		if err != nil || !fi.Mode().IsRegular() || now.Sub(fi.ModTime()) > sessiondir.MaxAge {
			continue
		}
		files = append(files, named{filepath.Join(dir, e.Name()), fi.ModTime()})
	}
	slices.SortFunc(files, func(a, b named) int { return b.mod.Compare(a.mod) })
	var out []Candidate
	for _, f := range files[:min(len(files), maxFiles)] {
		for _, c := range load(f.path).Candidates {
			c = c.bound()
			// A candidate lives in its session's file, where Remove looks
			// for it: one in a file copied or renamed by hand could never
			// be dropped.
			if c.Root == root && now.Sub(c.TS) <= sessiondir.MaxAge && c.Idea != "" && c.read() &&
				sessiondir.Path(dir, c.Session, Ext) == f.path {
				out = append(out, c)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Candidate) int {
		return cmp.Or(b.TS.Compare(a.TS), cmp.Compare(a.Session, b.Session), cmp.Compare(a.Idea, b.Idea))
	})
	return out
}

// Remove drops c from its session's file; a candidate no longer there is
// not an error.
func Remove(configDir string, c Candidate) error {
	dir, err := sessiondir.Folder(configDir, false)
	if err != nil {
		return err
	}
	path := sessiondir.Path(dir, c.Session, Ext)
	unlock, err := lockSession(path)
	if err != nil {
		return err
	}
	defer unlock()
	f := load(path)
	n := len(f.Candidates)
	f.Candidates = slices.DeleteFunc(f.Candidates, func(o Candidate) bool {
		return same(o.bound(), c) && o.TS.Equal(c.TS)
	})
	if len(f.Candidates) == n {
		return nil
	}
	return save(path, f)
}

// View is one listed candidate as review --json and summary --json print
// it: N is its number in the project's list (what review --park takes;
// Numbered).
type View struct {
	N       int     `json:"n"`
	Kind    string  `json:"kind"`
	Idea    string  `json:"idea"`
	Context string  `json:"context"`
	Score   float64 `json:"score"`
	Excerpt string  `json:"excerpt"`
	TS      string  `json:"ts"`
	Session string  `json:"session"`
	Rule    string  `json:"rule,omitempty"`
	By      string  `json:"by,omitempty"`
}

// ViewOf is c as a list shows it, its score to three places.
func ViewOf(c Candidate) View {
	return View{
		N: c.N, Kind: c.Kind, Idea: c.Idea, Context: c.Context, Score: math.Round(c.Score*1000) / 1000,
		Excerpt: c.Excerpt, TS: c.TS.UTC().Format(time.RFC3339), Session: c.Session, Rule: c.Rule, By: c.By,
	}
}

// ParkCommand is the one command that parks the n-th candidate; review
// is the command that lists them ("openloop review", or "/session review"
// inside the slash command).
func ParkCommand(review string, n int) string {
	return fmt.Sprintf("%s --park %d", review, n)
}
