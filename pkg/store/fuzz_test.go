package store

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzParse: Parse never panics on any bytes, and whatever it accepts
// survives Render → Parse with the same name, description and body.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"---\nname: a\ndescription: Deferred - x\ntype: project\n---\n\nDeferred: x. Context: y.\n",
		"---\r\nname: a\r\nmetadata:\r\n  type: project\r\n---\r\nbody",
		"\xef\xbb\xbf---\nname: 'quoted: colon'\n---",
		"---\n---\n",
		"---\nname: &a [*a]\n---\n",
		"---\nname: |\n  multi\n  line\n---\n",
		"no frontmatter",
		"---\nname: x\n---\n---\nname: y\n---\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		it, err := Parse(data)
		if err != nil {
			return
		}
		if it.Name == "" || strings.ContainsAny(it.Name, "\n\r") || strings.ContainsAny(it.Description, "\n\r") {
			t.Fatalf("accepted with a bad name or description: %+v", it)
		}
		out, err := Render(it.Name, it.Description, it.Body)
		if err != nil {
			if !utf8.ValidString(it.Name + it.Description) {
				return // yaml.v3 refuses to write invalid UTF-8
			}
			t.Fatalf("Render(%q, %q): %v", it.Name, it.Description, err)
		}
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("rendered file does not parse: %v\n%s", err, out)
		}
		if again.Name != it.Name || again.Description != it.Description || again.Type != "project" || again.Body != it.Body {
			t.Fatalf("round trip changed the item:\n got %+v\nwant %+v\nfile:\n%s", again, it, out)
		}
	})
}

// FuzzPark: whatever text an entry holds, the file written for it parses,
// keeps its keys, carries the idea back out of Idea(), and has a safe name.
func FuzzPark(f *testing.F) {
	f.Add("a retry budget for uploads", "fixing auth first", "", "")
	f.Add("x\ntype: user", "---\nname: evil", "\x00", "'\"")
	f.Add("../../etc/passwd", "a. Context: b", "why", "how")
	f.Add("invoice\u202Egnp.md", "\uFF0F", "…", "”")
	f.Fuzz(func(t *testing.T, idea, ctx, why, how string) {
		e := Entry{Kind: KindDeferred, Idea: idea, Context: ctx, Why: why, HowTo: how}
		name := Slug(idea)
		if !safeSlug(name) {
			t.Fatalf("Slug(%q) = %q", idea, name)
		}
		data, err := Render(name, e.Description(), e.Body())
		if err != nil {
			if !utf8.ValidString(e.Description()) {
				return
			}
			t.Fatalf("Render: %v", err)
		}
		it, err := Parse(data)
		if err != nil {
			t.Fatalf("written file does not parse: %v\n%s", err, data)
		}
		if it.Name != name || it.Type != "project" {
			t.Fatalf("keys changed: %+v", it)
		}
		if ideaKey(idea) != "" && ideaKey(it.Idea()) != ideaKey(idea) {
			t.Fatalf("Idea() = %q, parked %q: the same idea would be parked twice\n%s", it.Idea(), idea, data)
		}
		if FileName(name, time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)) == "" || !IsItemFile(FileName(name, time.Now())) {
			t.Fatalf("file name for %q is not an item file", name)
		}
	})
}

func safeSlug(s string) bool {
	if s == "" || len(s) > MaxSlug || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
