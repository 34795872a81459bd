package store

// What the user dismissed: a dismissed idea stays dismissed.
//
// When the user drops an item as "not a loop" (dismiss, /session
// dismiss) or a candidate in review, the idea is remembered for the
// project, and no later park of the same idea (the rule of sameidea.go,
// as for "the same idea parks once") writes an item: not the hook's, not
// Claude's `openloop park`, not review --park; the hook keeps no
// candidate of it either. What Claude dismisses on its own (--source
// assist) is not the user's word and is never remembered. An archived
// item is done, not dismissed: the same idea put off again parks again.
//
// The remembered dismissals are private, one file a project under the
// config dir, beside the private text file of restore:
//
//	$CLAUDE_CONFIG_DIR/openloop/dismissed/<hash of the project root>.jsonl
//
// one JSON object a line ({"ts","kind","name","idea"}), folders 0700
// (privdir) and file 0600, never read or written through a symlink. A
// change takes the file's lock (a dot-named file beside it), reads the
// file, and writes the new one to a dot-named temp file (synced) renamed
// over it, so that a crash leaves the old file or the new one and two
// processes writing at once lose nothing. It holds at most MaxDismissed
// ideas, the oldest dropped first; an idea dismissed more than
// DismissedAge ago is no longer read, and goes at the next change.
//
// A file that does not read as one openloop wrote is an error, naming
// the file and its line, for the commands that show or change it (they
// change nothing). A park does not fail over it: when unsure, it parks.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/openloop/openloop/internal/privdir"
	"github.com/openloop/openloop/internal/safeio"
	"github.com/openloop/openloop/internal/textcut"
)

// Bounds of the dismissals file.
const (
	MaxDismissed     = 200           // ideas remembered a project; the oldest go first
	DismissedAge     = 365 * day     // an older dismissal is forgotten
	maxDismissedIdea = 1 << 10       // bytes of an idea kept
	maxDismissedName = 256           // bytes of a name kept
	maxDismissedFile = 2 << 20       // bytes read of the file
	dismissedRel     = "dismissed"   // the folder below openloop/
	dismissedLead    = ".dismissed-" // temp files of a change
	dismissedExt     = ".jsonl"      //
	dismissedWhat    = "dismissals"  // the lock's name in errors
)

// Dismissal is one idea the user dismissed.
type Dismissal struct {
	TS   time.Time `json:"ts"`
	Kind string    `json:"kind,omitempty"`
	Name string    `json:"name,omitempty"` // the item's name, or the candidate's slug
	Idea string    `json:"idea"`
}

// Line is the dismissal as a list shows it, escaped, its date in local
// time:
//
//	2026-12-02 retry-budget: retry budget for the upload client
func (d Dismissal) Line() string {
	return Show(d.TS.Local().Format("2006-01-02") + " " + d.Name + ": " + d.Idea)
}

// Dismissals is a project's dismissals file.
type Dismissals struct {
	ConfigDir string
	Path      string // "" when there is none: nothing is dismissed
	Now       func() time.Time
	LockWait  time.Duration // 0: DefaultLockWait
}

// DismissedPath is the dismissals file of the project at root.
func DismissedPath(configDir, root string) string {
	sum := sha256.Sum256([]byte(root))
	return filepath.Join(configDir, "openloop", dismissedRel, hex.EncodeToString(sum[:8])+dismissedExt)
}

// DismissalsOf is the dismissals file of the project at root.
func DismissalsOf(configDir, root string, now func() time.Time) Dismissals {
	return Dismissals{ConfigDir: configDir, Path: DismissedPath(configDir, root), Now: now}
}

// Dismissals is the store's project's dismissals file (set by
// WithPrivate); a store without a config dir has none.
func (s *Store) Dismissals() Dismissals {
	if s.Log.PrivateRoot == "" || s.Log.Root == "" {
		return Dismissals{Now: s.Now}
	}
	d := DismissalsOf(s.Log.PrivateRoot, s.Log.Root, s.Now)
	d.LockWait = s.LockWait
	return d
}

// List is the remembered dismissals, newest first. A missing file is
// none; one that is not as openloop writes it is an error.
func (d Dismissals) List() ([]Dismissal, error) {
	all, err := d.read()
	if err != nil {
		return nil, err
	}
	slices.Reverse(all)
	return all, nil
}

// Find is the dismissal of the same idea as idea (sameidea.go), if any.
func (d Dismissals) Find(idea string) (Dismissal, bool, error) {
	all, err := d.read()
	if err != nil || len(all) == 0 {
		return Dismissal{}, false, err
	}
	want := keptIdea(idea)
	for i := len(all) - 1; i >= 0; i-- {
		if sameIdeas(ideaOf(all[i].Idea), want) {
			return all[i], true, nil
		}
	}
	return Dismissal{}, false, nil
}

// Add remembers a dismissed idea. The same idea dismissed before is
// replaced by this one; past MaxDismissed the oldest go. commit, when
// set, runs once the new file is written: when it fails, the dismissal
// is taken back out, so that either both are kept or neither (dismiss
// records the user's label there). When the file cannot be written,
// commit does not run.
func (d Dismissals) Add(x Dismissal, commit func() error) error {
	x.TS = d.Now().UTC().Truncate(time.Second)
	x.Idea = textcut.Head(strings.ToValidUTF8(x.Idea, "\uFFFD"), maxDismissedIdea)
	x.Name = textcut.Head(strings.ToValidUTF8(x.Name, "\uFFFD"), maxDismissedName)
	x.Kind = textcut.Head(strings.ToValidUTF8(x.Kind, "\uFFFD"), 32)
	if strings.TrimSpace(x.Idea) == "" {
		return errors.New("dismissals: nothing to remember: the idea is empty")
	}
	var before []Dismissal
	err := d.change(func(all []Dismissal) ([]Dismissal, error) {
		before = slices.Clone(all)
		want := ideaOf(x.Idea)
		all = slices.DeleteFunc(all, func(o Dismissal) bool { return sameIdeas(ideaOf(o.Idea), want) })
		all = append(all, x)
		return all[max(0, len(all)-MaxDismissed):], nil
	})
	if err != nil || commit == nil {
		return err
	}
	if err := commit(); err != nil {
		// The label could not be kept: neither is the dismissal. A
		// change made by another process since stays.
		_ = d.change(func(all []Dismissal) ([]Dismissal, error) {
			all = slices.DeleteFunc(all, func(o Dismissal) bool { return o == x })
			for _, o := range before {
				if sameIdeas(ideaOf(o.Idea), ideaOf(x.Idea)) {
					all = append(all, o) // the one x replaced
				}
			}
			return all, nil
		})
		return err
	}
	return nil
}

// keptIdea is idea as a dismissal keeps it, for the same-idea rule: an
// idea longer than a dismissal keeps is the same idea as its kept head.
func keptIdea(idea string) ideaWords {
	return ideaOf(textcut.Head(strings.ToValidUTF8(idea, "\uFFFD"), maxDismissedIdea))
}

// Forget drops the dismissals of the same idea as idea (sameidea.go), and
// reports whether there was one. With no file, or none of that idea, it
// writes nothing.
func (d Dismissals) Forget(idea string) (bool, error) {
	if _, ok, err := d.Find(idea); !ok || err != nil {
		return false, err
	}
	found := false
	want := keptIdea(idea)
	err := d.change(func(all []Dismissal) ([]Dismissal, error) {
		n := len(all)
		all = slices.DeleteFunc(all, func(o Dismissal) bool { return sameIdeas(ideaOf(o.Idea), want) })
		found = len(all) < n
		return all, nil
	})
	return found && err == nil, err
}

// Lift forgets the one dismissal that best matches query, by the rules
// of archive (match.go, its name and its idea); on ErrAmbiguous the
// matches are returned, newest first, and nothing changes.
func (d Dismissals) Lift(query string) (Dismissal, []Dismissal, error) {
	var got Dismissal
	var cands []Dismissal
	err := d.change(func(all []Dismissal) ([]Dismissal, error) {
		newest := slices.Clone(all)
		slices.Reverse(newest)
		x, m, err := pickBy(newest, Dismissal.item, query)
		if err != nil {
			cands = m
			return nil, err
		}
		got = x
		return slices.DeleteFunc(all, func(o Dismissal) bool { return o == x }), nil
	})
	return got, cands, err
}

// item is the dismissal as match.go scores it.
func (d Dismissal) item() Item { return Item{Name: d.Name, Description: d.Idea} }

// read reads the file's dismissals, oldest first, those past
// DismissedAge left out.
func (d Dismissals) read() ([]Dismissal, error) {
	if d.Path == "" {
		return nil, nil
	}
	if _, err := privdir.Under(d.ConfigDir, false, "openloop", dismissedRel); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("dismissals: %w", err)
	}
	data, err := safeio.ReadPrivate(d.Path, maxDismissedFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("dismissals: %w", err)
	}
	all, err := ParseDismissals(data)
	if err != nil {
		return nil, fmt.Errorf("dismissals: %s: %w; fix or remove the file", d.Path, err)
	}
	now := d.Now()
	return slices.DeleteFunc(all, func(x Dismissal) bool { return now.Sub(x.TS) > DismissedAge }), nil
}

// ParseDismissals reads a dismissals file, oldest first: every line a
// JSON object as Add writes it (a time, an idea of valid UTF-8 within
// the bounds). Anything else is an error naming the line.
func ParseDismissals(data []byte) ([]Dismissal, error) {
	var out []Dismissal
	for i, line := range strings.SplitAfter(string(data), "\n") {
		if line == "" {
			continue
		}
		if !strings.HasSuffix(line, "\n") {
			return nil, fmt.Errorf("line %d is cut short", i+1)
		}
		var x Dismissal
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if !strings.HasPrefix(line, "{") || !utf8.ValidString(line) || dec.Decode(&x) != nil || dec.More() {
			return nil, fmt.Errorf("line %d is not a dismissal openloop wrote", i+1)
		}
		if x.TS.IsZero() || strings.TrimSpace(x.Idea) == "" || len(x.Idea) > maxDismissedIdea || len(x.Name) > maxDismissedName ||
			len(x.Kind) > 32 {
			return nil, fmt.Errorf("line %d is not a dismissal openloop wrote", i+1)
		}
		out = append(out, x)
	}
	return out, nil
}

// change runs edit on the file's dismissals (oldest first) under its
// lock and writes what it returns, atomically; an error from edit
// changes nothing. The folder is made (0700) when missing.
func (d Dismissals) change(edit func([]Dismissal) ([]Dismissal, error)) error {
	if d.Path == "" {
		return errors.New("dismissals: no config dir to keep them in")
	}
	dir, err := privdir.Under(d.ConfigDir, true, "openloop", dismissedRel)
	if err != nil {
		return fmt.Errorf("dismissals: %w", err)
	}
	base := filepath.Base(d.Path)
	unlock, err := LockFile(filepath.Join(dir, "."+base+".lock"), d.LockWait, dismissedWhat)
	if err != nil {
		return err
	}
	defer unlock()
	sweepTemps(dir, dismissedLead+base+"-") // a killed change's: a live one would hold the lock
	all, err := d.read()
	if err != nil {
		return err
	}
	all, err = edit(all)
	if err != nil {
		return err
	}
	if len(all) == 0 {
		if err := os.Remove(d.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("dismissals: %w", err)
		}
		syncDir(dir)
		return nil
	}
	data, err := marshalDismissals(all)
	for err == nil && len(data) > maxDismissedFile && len(all) > 1 {
		all = all[1:] // more than read reads back: the oldest go
		data, err = marshalDismissals(all)
	}
	if err != nil {
		return fmt.Errorf("dismissals: %w", err)
	}
	if fi, err := os.Lstat(d.Path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("dismissals: %s is not a regular file", d.Path)
	}
	if err := WriteFileAtomic(d.Path, data, dismissedLead+base+"-", d.Now()); err != nil {
		return fmt.Errorf("dismissals: %w", err)
	}
	return nil
}

func marshalDismissals(all []Dismissal) ([]byte, error) {
	var b []byte
	for _, x := range all {
		line, err := json.Marshal(x)
		if err != nil {
			return nil, err
		}
		b = append(append(b, line...), '\n')
	}
	return b, nil
}

// Refusal says why a park of the dismissed idea wrote nothing, and how
// to lift that (undo: the command that lifts a dismissal, "openloop
// dismiss --undo"), escaped:
//
//	the user dismissed "retry budget" on 2026-12-02; 'openloop dismiss --undo retry-budget' lifts that
func (d Dismissal) Refusal(undo string) string {
	name := d.Name
	if name == "" || Score(d.item(), name) != scoreExact {
		name = d.Idea
	}
	return fmt.Sprintf("the user dismissed \"%s\" on %s; '%s %s' lifts that", Show(d.Idea), d.TS.Local().Format("2006-01-02"), undo, Show(name))
}

// DismissedLines is a list of dismissals as dismiss --list prints it:
// the first MaxListed lines (Line), then a count of the others, each
// line ended.
func DismissedLines(list []Dismissal) string {
	shown, more := Some(list, MaxListed)
	var b strings.Builder
	for _, d := range shown {
		b.WriteString(d.Line() + "\n")
	}
	if more > 0 {
		fmt.Fprintf(&b, "… and %d more\n", more)
	}
	return b.String()
}

// DismissedList is dismiss --list's output: what is dismissed
// (DismissedLines) between a heading and how to lift one (undo: the
// command, "openloop dismiss --undo <text>"), or that nothing is.
func DismissedList(list []Dismissal, undo string) string {
	if len(list) == 0 {
		return "Nothing is dismissed in this project.\n"
	}
	return "Dismissed in this project, newest first (none of these parks again):\n" + DismissedLines(list) + "'" + undo + "' lifts one.\n"
}
