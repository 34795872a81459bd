package main

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// The scratch project, the scripted sessions and their hidden checks are
// compiled in, so a copy of the harness (the wrapper runs one) needs no
// source tree. testdata/project's go.mod is kept as go.mod.txt: a folder
// holding a go.mod would be another module, which embed refuses.
//
//go:embed testdata/project testdata/sessions testdata/checks
var testdata embed.FS

// The kinds of open loop, as `openloop park --kind` spells them.
const (
	KindDeferred = "deferred"
	KindSide     = "side-idea"
	KindQuestion = "question"
)

// Kinds in the order the tables list them.
var Kinds = []string{KindDeferred, KindSide, KindQuestion}

// Look-alike classes: messages that look like a loop and leave none.
var lookalikes = map[string]string{
	"scoping":     `"for now" that leaves nothing for later`,
	"ordering":    `"first X, then Y" within the task`,
	"quoting":     "quoted text that holds a deferral",
	"translating": `a string that says "later" to translate or add`,
	"feature":     "a feature about snoozing or deferring",
	"handoff":     "a handoff note Claude is asked to write",
	"offer":       "Claude's offer, declined or taken",
	"answered":    "Claude's question, answered",
}

// The §6 misses of issue 25 that a loop may be an instance of.
var misses = map[string]string{
	"own-action":    "the user's own later action",
	"not-now":       `"not now" to an offer of Claude's`,
	"long-spec":     "a deferral that is one clause of a long spec",
	"half-answered": "a question half answered",
}

// Session is one scripted session: user messages with labels, and checks
// that the requested work got done.
type Session struct {
	ID       string    `yaml:"id"`
	Lang     string    `yaml:"lang"`
	About    string    `yaml:"about"`
	Checks   []Check   `yaml:"checks"`
	Messages []Message `yaml:"messages"`
}

// Message is one user message. Loops are the open loops it leaves (a
// skipped question is labelled on the message that moves on); Lookalike is
// set on a message that looks like a loop and leaves none.
type Message struct {
	Say       string `yaml:"say"`
	Loops     []Loop `yaml:"loops"`
	Lookalike string `yaml:"lookalike"`
}

// Loop is one labelled open loop. A park is its when it was made while
// this message was under way (or the next) and its name or idea holds one
// of Keys; Name is the reference a park's name is scored against.
type Loop struct {
	Kind string   `yaml:"kind"`
	Name string   `yaml:"name"`
	Keys []string `yaml:"keys"`
	Miss string   `yaml:"miss"`
}

// Check is one test of the work: a package's tests all pass (Pkg), one
// test passes (Test), the project builds and vets (Build), or a file
// exists, holds some strings, or is as the template had it (Same).
type Check struct {
	Pkg      string   `yaml:"pkg"`
	Test     string   `yaml:"test"`
	Build    bool     `yaml:"build"`
	File     string   `yaml:"file"`
	Contains []string `yaml:"contains"`
	Same     bool     `yaml:"same"`
}

func (c Check) String() string {
	switch {
	case c.Pkg != "":
		return "go test " + c.Pkg
	case c.Test != "":
		return c.Test
	case c.Build:
		return "go vet ./..."
	case c.Same:
		return c.File + " unchanged"
	case len(c.Contains) > 0:
		return c.File + " holds " + fmt.Sprintf("%q", c.Contains)
	}
	return c.File + " exists"
}

// Text is the message as the user types it.
func (m Message) Text() string { return strings.TrimSpace(m.Say) }

// LoadSessions reads every scripted session, in file name order.
func LoadSessions() ([]Session, error) {
	ents, err := fs.ReadDir(testdata, "testdata/sessions")
	if err != nil {
		return nil, err
	}
	var out []Session
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		b, err := testdata.ReadFile(path.Join("testdata/sessions", e.Name()))
		if err != nil {
			return nil, err
		}
		s, err := ParseSession(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		if s.ID+".yaml" != e.Name() {
			return nil, fmt.Errorf("%s: id %q does not match the file name", e.Name(), s.ID)
		}
		out = append(out, s)
	}
	return out, nil
}

// FindSession is the session with this id, or with this number ("3" or
// "03" for 03-inventory-de).
func FindSession(id string) (Session, error) {
	all, err := LoadSessions()
	if err != nil {
		return Session{}, err
	}
	var ids []string
	for _, s := range all {
		num, _, _ := strings.Cut(s.ID, "-")
		if s.ID == id || num == id || strings.TrimLeft(num, "0") == id {
			return s, nil
		}
		ids = append(ids, s.ID)
	}
	return Session{}, fmt.Errorf("no session %q (have %s)", id, strings.Join(ids, ", "))
}

// ParseSession reads and validates one session script.
func ParseSession(b []byte) (Session, error) {
	var s Session
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		return Session{}, err
	}
	return s, s.validate()
}

func (s Session) validate() error {
	if s.ID == "" || len(s.Messages) == 0 {
		return fmt.Errorf("a session needs an id and messages")
	}
	if len(s.Checks) == 0 {
		return fmt.Errorf("%s: no checks of the work", s.ID)
	}
	for i, m := range s.Messages {
		n := i + 1
		if m.Text() == "" {
			return fmt.Errorf("%s message %d: empty", s.ID, n)
		}
		if m.Lookalike != "" {
			if _, ok := lookalikes[m.Lookalike]; !ok {
				return fmt.Errorf("%s message %d: unknown look-alike class %q (have %s)", s.ID, n, m.Lookalike, keysOf(lookalikes))
			}
			if len(m.Loops) > 0 {
				return fmt.Errorf("%s message %d: a look-alike leaves no loop", s.ID, n)
			}
		}
		for _, l := range m.Loops {
			if l.Kind != KindDeferred && l.Kind != KindSide && l.Kind != KindQuestion {
				return fmt.Errorf("%s message %d: unknown kind %q", s.ID, n, l.Kind)
			}
			if l.Name == "" || len(l.Keys) == 0 {
				return fmt.Errorf("%s message %d: a loop needs a name and keys", s.ID, n)
			}
			if l.Miss != "" {
				if _, ok := misses[l.Miss]; !ok {
					return fmt.Errorf("%s message %d: unknown miss %q (have %s)", s.ID, n, l.Miss, keysOf(misses))
				}
			}
			if l.Kind == KindQuestion && i == 0 {
				return fmt.Errorf("%s message 1: a skipped question needs a message before it", s.ID)
			}
		}
	}
	for _, c := range s.Checks {
		set := 0
		for _, b := range []bool{c.Pkg != "", c.Test != "", c.Build, c.File != ""} {
			if b {
				set++
			}
		}
		if set != 1 {
			return fmt.Errorf("%s: check %+v: give one of pkg, test, build, file", s.ID, c)
		}
		if c.File == "" && (c.Same || len(c.Contains) > 0) {
			return fmt.Errorf("%s: check %+v: same and contains go with file", s.ID, c)
		}
	}
	return nil
}

func keysOf(m map[string]string) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}
