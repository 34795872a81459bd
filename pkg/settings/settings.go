// Package settings registers and removes openloop's hooks in a Claude Code
// settings file, and writes and recognises the /session command file.
//
// A settings file belongs to the user: Install and Uninstall edit it as
// text, through the positions gjson reports, and never decode it into a Go
// map and encode it again. Other keys, other hooks, key order, indentation
// and number spelling stay as they were; Install twice changes nothing the
// second time; Uninstall after Install gives back the original bytes.
package settings

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

// Event is one hook event openloop handles, with the timeout (seconds)
// written for it.
type Event struct {
	Name    string
	Timeout int
}

// Events are the events openloop registers, in the order written. The
// SessionEnd timeout matters: a timeout in a settings file raises Claude
// Code's 1.5 s budget for all SessionEnd hooks together.
var Events = []Event{
	{Name: "UserPromptSubmit", Timeout: 10},
	{Name: "Stop", Timeout: 10},
	{Name: "SessionEnd", Timeout: 5},
}

// Handler is one hook handler as written in settings.
type Handler struct {
	Type    string `json:"type"`
	Command string `json:"command"`
	Timeout int    `json:"timeout,omitempty"`
}

type group struct {
	Hooks []Handler `json:"hooks"`
}

// Action says what happened to one event's registration.
type Action string

// The Actions.
const (
	Added   Action = "added"   // a new handler was appended
	Updated Action = "updated" // an openloop handler now runs this binary
	Kept    Action = "kept"    // already registered exactly so
	Removed Action = "removed" // openloop handlers were removed
	Absent  Action = "absent"  // there was nothing to remove
)

// Change is what Install or Uninstall did for one event.
type Change struct {
	Event  string
	Action Action
}

// ErrInvalid wraps every reason a document cannot be edited.
var ErrInvalid = errors.New("not a valid settings file")

const bom = "\ufeff"

// check validates doc and returns it without a byte-order mark, and the
// mark ("" or bom) to put back.
func check(doc string) (string, string, error) {
	mark := ""
	if len(doc) >= len(bom) && doc[:len(bom)] == bom {
		doc, mark = doc[len(bom):], bom
	}
	if !gjson.Valid(doc) {
		return "", "", fmt.Errorf("%w: not valid JSON", ErrInvalid)
	}
	if !gjson.Parse(doc).IsObject() {
		return "", "", fmt.Errorf("%w: not a JSON object", ErrInvalid)
	}
	if h := gjson.Get(doc, "hooks"); h.Exists() && !h.IsObject() {
		return "", "", fmt.Errorf("%w: \"hooks\" is not an object", ErrInvalid)
	}
	for _, ev := range Events {
		if a := gjson.Get(doc, "hooks."+ev.Name); a.Exists() && !a.IsArray() {
			return "", "", fmt.Errorf("%w: \"hooks.%s\" is not an array", ErrInvalid, ev.Name)
		}
	}
	return doc, mark, nil
}

// root is the document's top-level object as a Result with a real Index.
func root(doc string) gjson.Result {
	r := gjson.Parse(doc)
	r.Index = strings.IndexByte(doc, '{')
	r.Raw = doc[r.Index : lastNonSpace(doc, len(doc))+1]
	return r
}

// Found is one openloop handler in a document.
type Found struct {
	Event   string
	Group   int // index of the matcher group in the event's list
	Index   int // index of the handler in the group's "hooks"
	Command string
	Timeout int
	Program string // the binary the command runs
}

// Find lists the openloop handlers (see IsHookCommand) registered for
// openloop's events, in document order.
func Find(doc []byte) ([]Found, error) {
	s, _, err := check(string(doc))
	if err != nil {
		return nil, err
	}
	var out []Found
	for _, ev := range Events {
		out = append(out, find(s, ev.Name)...)
	}
	return out, nil
}

func find(doc, event string) []Found {
	var out []Found
	gjson.Get(doc, "hooks."+event).ForEach(func(gi, g gjson.Result) bool {
		g.Get("hooks").ForEach(func(hi, h gjson.Result) bool {
			if h.Get("type").String() != "command" {
				return true
			}
			cmd := h.Get("command").String()
			if prog, ok := IsHookCommand(cmd); ok {
				out = append(out, Found{
					Event:   event,
					Group:   int(gi.Int()),
					Index:   int(hi.Int()),
					Command: cmd,
					Timeout: int(h.Get("timeout").Int()),
					Program: prog,
				})
			}
			return true
		})
		return true
	})
	return out
}

// Install registers command (see HookCommand) for every event in Events.
// An event that already has an openloop handler keeps it, rewritten to run
// command with openloop's timeout if it differs; otherwise a new matcher
// group holding one handler is appended. A nil or empty doc is a new file.
func Install(doc []byte, command string) ([]byte, []Change, error) {
	if len(doc) == 0 {
		doc = []byte("{}\n")
	}
	s, mark, err := check(string(doc))
	if err != nil {
		return nil, nil, err
	}
	st := detectStyle(s)
	var changes []Change
	for _, ev := range Events {
		want := Handler{Type: "command", Command: command, Timeout: ev.Timeout}
		if f := find(s, ev.Name); len(f) > 0 {
			if f[0].Command == command && f[0].Timeout == ev.Timeout {
				changes = append(changes, Change{ev.Name, Kept})
				continue
			}
			s = replace(s, st, gjson.Get(s, f[0].path()), want)
			changes = append(changes, Change{ev.Name, Updated})
			continue
		}
		if !gjson.Get(s, "hooks").Exists() {
			s = insert(s, st, root(s), "hooks", map[string]any{})
		}
		if !gjson.Get(s, "hooks."+ev.Name).Exists() {
			s = insert(s, st, gjson.Get(s, "hooks"), ev.Name, []any{})
		}
		s = insert(s, st, gjson.Get(s, "hooks."+ev.Name), "", group{Hooks: []Handler{want}})
		changes = append(changes, Change{ev.Name, Added})
	}
	return []byte(mark + s), changes, nil
}

// Uninstall removes every openloop handler from openloop's events, then
// each matcher group, event list and "hooks" object that this left empty.
// Nothing else changes.
func Uninstall(doc []byte) ([]byte, []Change, error) {
	s, mark, err := check(string(doc))
	if err != nil {
		return nil, nil, err
	}
	st := detectStyle(s)
	var changes []Change
	removed := false
	for _, ev := range Events {
		n := 0
		for f := find(s, ev.Name); len(f) > 0; f = find(s, ev.Name) {
			s = removeHandler(s, st, f[0])
			n++
		}
		if n == 0 {
			changes = append(changes, Change{ev.Name, Absent})
			continue
		}
		removed = true
		changes = append(changes, Change{ev.Name, Removed})
		if len(gjson.Get(s, "hooks."+ev.Name).Array()) == 0 {
			s = removeMember(s, st, gjson.Get(s, "hooks"), ev.Name)
		}
	}
	if h := gjson.Get(s, "hooks"); removed && len(h.Map()) == 0 {
		s = removeMember(s, st, root(s), "hooks")
	}
	return []byte(mark + s), changes, nil
}

// path is the gjson path of the handler object.
func (f Found) path() string {
	return "hooks." + f.Event + "." + strconv.Itoa(f.Group) + ".hooks." + strconv.Itoa(f.Index)
}

// removeHandler removes one handler, and its group when that leaves the
// group with no handlers.
func removeHandler(doc string, st style, f Found) string {
	gpath := "hooks." + f.Event + "." + strconv.Itoa(f.Group)
	doc = remove(doc, st, gjson.Get(doc, gpath+".hooks"), f.Index)
	if len(gjson.Get(doc, gpath+".hooks").Array()) == 0 {
		doc = remove(doc, st, gjson.Get(doc, "hooks."+f.Event), f.Group)
	}
	return doc
}

func removeMember(doc string, st style, obj gjson.Result, key string) string {
	i, n := 0, -1
	obj.ForEach(func(k, _ gjson.Result) bool {
		if k.String() == key {
			n = i
			return false
		}
		i++
		return true
	})
	if n < 0 {
		return doc
	}
	return remove(doc, st, obj, n)
}
