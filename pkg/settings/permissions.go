package settings

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/tidwall/gjson"
)

// The assist tier's permission rule.
//
// `openloop install --assist` lets Claude run `<program> park …` without a
// prompt by adding one rule to "permissions.allow" in the same settings
// file: "Bash(<program> park:*)". Claude Code matches a Bash rule against
// the command's literal text: "X:*" allows the command X and every command
// that starts with "X " (docs/permissions.md). <program> is therefore
// written exactly as the parking rule tells Claude to type it, quotes and
// all (see ProgramWord).

// AssistRule is the permission rule for a binary: Bash(<word> park:*),
// with <word> the binary as one sh word (ProgramWord).
func AssistRule(exe string) string {
	return "Bash(" + ProgramWord(exe) + " park:*)"
}

// ProgramWord is a binary as one sh word, the way the hook names it to
// Claude and the /session command runs it: the bare path when sh reads it
// as one word, in single quotes when not (a space in it), the plugin's
// form in double quotes.
func ProgramWord(exe string) string { return binWord(exe) }

// checkPermissions validates the containers a rule goes into.
func checkPermissions(doc string) error {
	if p := gjson.Get(doc, "permissions"); p.Exists() && !p.IsObject() {
		return fmt.Errorf("%w: \"permissions\" is not an object", ErrInvalid)
	}
	if a := gjson.Get(doc, "permissions.allow"); a.Exists() && !a.IsArray() {
		return fmt.Errorf("%w: \"permissions.allow\" is not an array", ErrInvalid)
	}
	return nil
}

// allowIndex is the index of rule in permissions.allow, -1 when absent.
func allowIndex(doc, rule string) int {
	i, at := 0, -1
	gjson.Get(doc, "permissions.allow").ForEach(func(_, v gjson.Result) bool {
		if v.Type == gjson.String && v.String() == rule {
			at = i
			return false
		}
		i++
		return true
	})
	return at
}

// allowCount is how many times rule is in permissions.allow.
func allowCount(doc, rule string) int {
	n := 0
	gjson.Get(doc, "permissions.allow").ForEach(func(_, v gjson.Result) bool {
		if v.Type == gjson.String && v.String() == rule {
			n++
		}
		return true
	})
	return n
}

// allow adds rule to permissions.allow in doc (a checked document, without
// its byte-order mark), creating the containers it needs, and notes in u
// what it created. It reports whether the rule was added (false: it was
// there already, and is not the install's to remove).
func allow(doc string, st style, rule string, u *Undo) (string, bool) {
	if allowIndex(doc, rule) >= 0 {
		return doc, false
	}
	add := func(path string, c gjson.Result, key string, v any) { doc = u.add(doc, st, path, c, key, v) }
	if !gjson.Get(doc, "permissions").Exists() {
		add("", root(doc), "permissions", map[string]any{})
		u.Created = append(u.Created, "permissions")
	}
	if !gjson.Get(doc, "permissions.allow").Exists() {
		add("permissions", gjson.Get(doc, "permissions"), "allow", []any{})
		u.Created = append(u.Created, "permissions.allow")
	}
	add("permissions.allow", gjson.Get(doc, "permissions.allow"), "", rule)
	if !slices.Contains(u.Allowed, rule) {
		u.Allowed = append(u.Allowed, rule)
	}
	return doc, true
}

// disallow removes rule from permissions.allow, and the containers install
// created (u; with a nil u, any) that this leaves empty. It reports
// whether the rule was there.
func disallow(doc string, st style, rule string, u *Undo) (string, bool) {
	i := allowIndex(doc, rule)
	if i < 0 {
		return doc, false
	}
	w, ok := u.inner("permissions.allow")
	doc = remove(doc, st, gjson.Get(doc, "permissions.allow"), i, w, ok)
	if len(gjson.Get(doc, "permissions.allow").Array()) == 0 && u.created("permissions.allow") {
		doc = removeMember(doc, st, gjson.Get(doc, "permissions"), "permissions", "allow", u)
	}
	if p := gjson.Get(doc, "permissions"); p.Exists() && len(p.Map()) == 0 && u.created("permissions") {
		doc = removeMember(doc, st, root(doc), "", "permissions", u)
	}
	return doc, true
}

// forgetAllow drops from u what disallow took back: the rule, and the
// containers that are gone from doc.
func (u *Undo) forgetAllow(doc, rule string) {
	u.Allowed = slices.DeleteFunc(u.Allowed, func(r string) bool { return r == rule })
	for _, c := range []string{"permissions.allow", "permissions"} {
		if !gjson.Get(doc, c).Exists() {
			u.Created = slices.DeleteFunc(u.Created, func(x string) bool { return x == c })
			delete(u.Inner, c)
		}
	}
	if len(u.Allowed) == 0 {
		u.Allowed = nil
	}
	if len(u.Created) == 0 {
		u.Created = nil
	}
	if len(u.Inner) == 0 {
		u.Inner = nil
	}
}

// assistRules are the rules an Uninstall without a record takes back: the
// assist rule of each program registered with "hook --assist", which only
// install --assist writes beside it.
func assistRules(doc string) []string {
	var out []string
	for _, ev := range Events {
		for _, f := range find(doc, ev.Name) {
			if r := AssistRule(f.Program); f.Assist && !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// quoteRule is a rule for an error message.
func quoteRule(r string) string { return strconv.Quote(r) }

// HasAllow reports whether rule is in the document's permissions.allow.
func HasAllow(doc []byte, rule string) bool {
	s, _, err := check(string(doc))
	return err == nil && allowIndex(s, rule) >= 0
}

// add inserts into the container c at path (see insert), noting in u the
// white space it held when it was empty (the first time only: what the
// document held before any install).
func (u *Undo) add(doc string, st style, path string, c gjson.Result, key string, v any) string {
	if open, close := bounds(c); !hasChildren(c) {
		if u.Inner == nil {
			u.Inner = map[string]string{}
		}
		if _, ok := u.Inner[path]; !ok {
			u.Inner[path] = doc[open+1 : close]
		}
	}
	return insert(doc, st, c, key, v)
}
