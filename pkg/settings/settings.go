// Package settings registers and removes openloop's hooks in a Claude Code
// settings file, and writes and recognises the /session command file.
//
// A settings file belongs to the user: Install and Uninstall edit it as
// text, through the positions gjson reports, and never decode it into a Go
// map and encode it again. Other keys, other hooks, key order, indentation
// and number spelling stay as they were; Install twice changes nothing the
// second time; Uninstall, given the Undo that Install returned, gives back
// the original bytes, whatever they were.
//
// The edits are spliced by hand (jsonedit.go) rather than made with sjson:
// sjson writes a new value in its own layout and cannot remove a member
// together with exactly the white space and comma an insert added, so a
// round trip would not give back the user's bytes. FuzzInstallUninstall
// checks that it does, for every document.
package settings

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/internal/termsafe"
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
	// SessionStart gives Claude the session's parked items after a
	// compaction, and with --assist the parking rule on every start.
	{Name: "SessionStart", Timeout: 10},
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

// ErrDamagedUndo wraps every reason an Undo cannot be used: it names a
// container Install never creates, holds text that is not white space
// where only white space was, or gives back a document that is not valid
// JSON or still holds an openloop handler. Uninstall then changes nothing.
var ErrDamagedUndo = errors.New("damaged install record")

const bom = "\ufeff"

// check validates doc and returns it without a byte-order mark, and the
// mark ("" or bom) to put back.
func check(doc string) (string, string, error) {
	mark := ""
	if len(doc) >= len(bom) && doc[:len(bom)] == bom {
		doc, mark = doc[len(bom):], bom
	}
	if jsonguard.TooDeep([]byte(doc), jsonguard.MaxDepth) {
		return "", "", fmt.Errorf("%w: JSON nested deeper than %d levels", ErrInvalid, jsonguard.MaxDepth)
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
	if path, key, ok := duplicateKey(gjson.Parse(doc), ""); ok {
		return "", "", fmt.Errorf("%w: the key %q appears twice in %s (Claude Code reads only the last one)", ErrInvalid, key, where(path))
	}
	return doc, mark, nil
}

// duplicateKey finds the first object, in document order, that holds the
// same key twice (after unescaping: "a" and "\u0061" are the same key). A
// JSON parser such as Claude Code's keeps the last of them, gjson the
// first, so openloop would read and edit hooks Claude Code does not see.
// The depth is bounded by the jsonguard check before it.
func duplicateKey(r gjson.Result, path string) (string, string, bool) {
	var (
		seen     map[string]bool
		dupPath  string
		dupKey   string
		found    bool
		isObject = r.IsObject()
	)
	if isObject {
		seen = map[string]bool{}
	}
	i := 0
	r.ForEach(func(k, v gjson.Result) bool {
		child := path + "[" + strconv.Itoa(i) + "]"
		if isObject {
			key := k.String()
			if seen[key] {
				dupPath, dupKey, found = path, key, true
				return false
			}
			seen[key] = true
			child = path + "." + strconv.Quote(key)
		}
		i++
		if v.IsObject() || v.IsArray() {
			dupPath, dupKey, found = duplicateKey(v, child)
		}
		return !found
	})
	return dupPath, dupKey, found
}

// where names a path found by duplicateKey for an error message.
func where(path string) string {
	if path == "" {
		return "the top-level object"
	}
	return termsafe.Line(strings.TrimPrefix(path, "."))
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
	Assist  bool   // it runs "hook --assist"
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
			if prog, assist, ok := hookCommand(cmd); ok {
				out = append(out, Found{
					Assist:  assist,
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

// Undo is what Install created in a document: what Uninstall needs to give
// back the document's bytes exactly. Without it, a container that was
// already there and empty ("hooks": {}, "Stop": []) cannot be told from
// one Install added, nor "{\n}" from "{}" once something is inside. The
// caller keeps it beside the file (openloop install records it in its own
// state folder), because the bytes alone cannot tell.
type Undo struct {
	// NewDoc: the document was empty (0 bytes) and Install began from
	// "{}\n".
	NewDoc bool `json:"new_doc,omitempty"`
	// Created lists the containers Install added: "hooks" and
	// "hooks.<Event>".
	Created []string `json:"created,omitempty"`
	// Inner maps a container that was empty when Install put something in
	// it ("" is the top-level object) to the white space that was between
	// its brackets.
	Inner map[string]string `json:"inner,omitempty"`
	// Allowed lists the permission rules Install added to
	// "permissions.allow" (install --assist); "permissions" and
	// "permissions.allow" may be in Created and Inner.
	Allowed []string `json:"allowed,omitempty"`
}

// IsZero reports whether Install created nothing.
func (u Undo) IsZero() bool {
	return !u.NewDoc && len(u.Created) == 0 && len(u.Inner) == 0 && len(u.Allowed) == 0
}

// Merge adds what a later Install created to an earlier Undo. What the
// earlier one knew wins: it saw the document first.
func (u Undo) Merge(later Undo) Undo {
	out := Undo{NewDoc: u.NewDoc || later.NewDoc, Inner: map[string]string{}}
	out.Created = append(slices.Clone(u.Created), later.Created...)
	slices.Sort(out.Created)
	out.Created = slices.Compact(out.Created)
	for _, r := range append(slices.Clone(u.Allowed), later.Allowed...) {
		if !slices.Contains(out.Allowed, r) {
			out.Allowed = append(out.Allowed, r)
		}
	}
	for _, m := range []map[string]string{later.Inner, u.Inner} {
		for k, v := range m {
			out.Inner[k] = v
		}
	}
	if len(out.Inner) == 0 {
		out.Inner = nil
	}
	return out
}

func (u *Undo) created(path string) bool {
	return u == nil || slices.Contains(u.Created, path)
}

// inner is the recorded white space of container path, if any.
func (u *Undo) inner(path string) (string, bool) {
	if u == nil {
		return "", false
	}
	w, ok := u.Inner[path]
	return w, ok
}

// newDoc is what Install starts from when the document is empty.
const newDoc = "{}\n"

// Install registers command (see HookCommand) for every event in Events.
// An event that already has an openloop handler keeps it, rewritten to run
// command with openloop's timeout if it differs; otherwise a new matcher
// group holding one handler is appended. A nil or empty doc is a new file.
// The Undo says what Install created, for Uninstall.
func Install(doc []byte, command string) ([]byte, []Change, Undo, error) {
	return InstallRule(doc, command, "", nil)
}

// InstallRule is Install that also adds rule (AssistRule; "" for none) to
// "permissions.allow", and takes back the rules an earlier install added
// that are not rule: prev's (the Undo recorded for the document), or,
// without one, the assist rule of each "hook --assist" handler. So a plain
// install over an --assist one, or the reverse, switches cleanly. With a
// prev, the Undo returned is prev with this install's changes; without,
// it is what this install created.
func InstallRule(doc []byte, command, rule string, prev *Undo) ([]byte, []Change, Undo, error) {
	var u Undo
	if prev != nil {
		if err := prev.valid(); err != nil {
			return nil, nil, Undo{}, err
		}
		u = prev.Merge(Undo{})
	}
	if len(doc) == 0 {
		doc, u.NewDoc = []byte(newDoc), true
	}
	s, mark, err := check(string(doc))
	if err != nil {
		return nil, nil, Undo{}, err
	}
	if err := checkPermissions(s); err != nil {
		return nil, nil, Undo{}, err
	}
	st := detectStyle(s)
	var changes, ruleChanges []Change
	// Rules of an earlier install that this one does not want.
	old := assistRules(s)
	if prev != nil {
		old = slices.Clone(prev.Allowed)
	}
	for _, r := range old {
		if r == rule {
			continue
		}
		var gone bool
		if s, gone = disallow(s, st, r, prev); gone {
			ruleChanges = append(ruleChanges, Change{"rule " + r, Removed})
		}
		u.forgetAllow(s, r)
	}
	add := func(path string, c gjson.Result, key string, v any) { s = u.add(s, st, path, c, key, v) }
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
			add("", root(s), "hooks", map[string]any{})
			u.Created = append(u.Created, "hooks")
		}
		if !gjson.Get(s, "hooks."+ev.Name).Exists() {
			add("hooks", gjson.Get(s, "hooks"), ev.Name, []any{})
			u.Created = append(u.Created, "hooks."+ev.Name)
		}
		add("hooks."+ev.Name, gjson.Get(s, "hooks."+ev.Name), "", group{Hooks: []Handler{want}})
		changes = append(changes, Change{ev.Name, Added})
	}
	changes = append(changes, ruleChanges...)
	if rule != "" {
		var added bool
		if s, added = allow(s, st, rule, &u); added {
			changes = append(changes, Change{"rule " + rule, Added})
		} else {
			changes = append(changes, Change{"rule " + rule, Kept})
		}
	}
	// Containers Install made itself were empty only for a moment.
	for _, c := range u.Created {
		delete(u.Inner, c)
	}
	if len(u.Inner) == 0 {
		u.Inner = nil
	}
	slices.Sort(u.Created)
	u.Created = slices.Compact(u.Created)
	if len(u.Created) == 0 {
		u.Created = nil
	}
	return []byte(mark + s), changes, u, nil
}

// Uninstall removes every openloop handler from openloop's events, and
// each matcher group this leaves empty. With an Undo (from the Install
// that wrote the document) it also removes the event lists and "hooks"
// object that Install created and this left empty, puts back the white
// space of the containers Install filled, and returns an empty document
// when Install began from one and nothing else was added since. With a nil
// Undo (an install whose record is lost, or another machine's) every event
// list and "hooks" object this leaves empty is removed. Nothing else
// changes.
func Uninstall(doc []byte, u *Undo) ([]byte, []Change, error) {
	s, mark, err := check(string(doc))
	if err != nil {
		return nil, nil, err
	}
	if err := u.valid(); err != nil {
		return nil, nil, err
	}
	if err := checkPermissions(s); err != nil {
		return nil, nil, err
	}
	rules := assistRules(s)
	if u != nil {
		rules = u.Allowed
	}
	st := detectStyle(s)
	var changes []Change
	removed := false
	for _, ev := range Events {
		n := 0
		for f := find(s, ev.Name); len(f) > 0; f = find(s, ev.Name) {
			s = removeHandler(s, st, f[0], u)
			n++
		}
		if n == 0 {
			changes = append(changes, Change{ev.Name, Absent})
			continue
		}
		removed = true
		changes = append(changes, Change{ev.Name, Removed})
		if len(gjson.Get(s, "hooks."+ev.Name).Array()) == 0 && u.created("hooks."+ev.Name) {
			s = removeMember(s, st, gjson.Get(s, "hooks"), "hooks", ev.Name, u)
		}
	}
	if h := gjson.Get(s, "hooks"); removed && h.Exists() && len(h.Map()) == 0 && u.created("hooks") {
		s = removeMember(s, st, root(s), "", "hooks", u)
	}
	// left is how many copies of each rule the uninstall leaves: one
	// fewer than there are, since a copy beyond the one install added is
	// the user's own (added by hand after it, or kept by it), and stays.
	left := map[string]int{}
	for _, r := range rules {
		left[r] = max(allowCount(s, r)-1, 0)
	}
	for _, r := range rules {
		var gone bool
		if s, gone = disallow(s, st, r, u); gone {
			changes = append(changes, Change{"rule " + r, Removed})
		}
	}
	if u != nil && u.NewDoc && mark == "" && s == newDoc {
		return []byte{}, changes, nil
	}
	// Every byte given back is checked: what the Undo put back must leave
	// a document Claude Code reads, with no openloop handler left.
	if _, _, err := check(s); err != nil {
		return nil, nil, fmt.Errorf("%w: it gives back a document that is %v", ErrDamagedUndo, strings.TrimPrefix(err.Error(), ErrInvalid.Error()+": "))
	}
	for _, ev := range Events {
		if len(find(s, ev.Name)) > 0 {
			return nil, nil, fmt.Errorf("%w: an openloop handler for %s is left", ErrDamagedUndo, ev.Name)
		}
	}
	for _, r := range rules {
		if allowCount(s, r) > left[r] {
			return nil, nil, fmt.Errorf("%w: the rule %s is left", ErrDamagedUndo, quoteRule(r))
		}
	}
	return []byte(mark + s), changes, nil
}

// isContainer reports whether an Undo may name a container: the
// top-level object (""), "hooks", "hooks.<Event>", "permissions" and
// "permissions.allow".
func isContainer(name string) bool {
	switch name {
	case "", "hooks", "permissions", "permissions.allow":
		return true
	}
	ev, ok := strings.CutPrefix(name, "hooks.")
	return ok && slices.ContainsFunc(Events, func(e Event) bool { return e.Name == ev })
}

// valid checks an Undo read back from where the caller kept it: only
// containers Install makes, and only JSON white space between brackets.
func (u *Undo) valid() error {
	if u == nil {
		return nil
	}
	for _, c := range u.Created {
		if c == "" || !isContainer(c) {
			return fmt.Errorf("%w: it names %q, which install never creates", ErrDamagedUndo, c)
		}
	}
	for c, w := range u.Inner {
		if !isContainer(c) {
			return fmt.Errorf("%w: it names %q, which install never fills", ErrDamagedUndo, c)
		}
		if strings.Trim(w, " \t\r\n") != "" {
			return fmt.Errorf("%w: the white space kept for %s holds %q", ErrDamagedUndo, where(c), w)
		}
	}
	return nil
}

// hasChildren reports whether a container holds anything.
func hasChildren(c gjson.Result) bool {
	n := false
	c.ForEach(func(_, _ gjson.Result) bool { n = true; return false })
	return n
}

// path is the gjson path of the handler object.
func (f Found) path() string {
	return "hooks." + f.Event + "." + strconv.Itoa(f.Group) + ".hooks." + strconv.Itoa(f.Index)
}

// removeHandler removes one handler, and its group when that leaves the
// group with no handlers.
func removeHandler(doc string, st style, f Found, u *Undo) string {
	gpath := "hooks." + f.Event + "." + strconv.Itoa(f.Group)
	doc = remove(doc, st, gjson.Get(doc, gpath+".hooks"), f.Index, "", false)
	if len(gjson.Get(doc, gpath+".hooks").Array()) == 0 {
		w, ok := u.inner("hooks." + f.Event)
		doc = remove(doc, st, gjson.Get(doc, "hooks."+f.Event), f.Group, w, ok)
	}
	return doc
}

// removeMember removes key from the object at path.
func removeMember(doc string, st style, obj gjson.Result, path, key string, u *Undo) string {
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
	w, ok := u.inner(path)
	return remove(doc, st, obj, n, w, ok)
}
