package store

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse: parsing never panics, and whatever parses renders to a file
// that parses back to the same name, description and body.
func FuzzParse(f *testing.F) {
	f.Add([]byte("---\nname: a\ndescription: b\ntype: project\n---\n\nbody\n"))
	f.Add([]byte("---\nname: a\nmetadata: \n  type: project\n---\n"))
	f.Add([]byte("---\n---\n"))
	f.Add([]byte("---\nname: &a x\ndescription: *a\n---\nx"))
	f.Add([]byte("no frontmatter"))
	f.Fuzz(func(t *testing.T, data []byte) {
		it, err := Parse(data)
		if err != nil || !utf8.ValidString(it.Name+it.Description) {
			return
		}
		out, err := Render(it.Name, it.Description, it.Body)
		if err != nil {
			t.Fatalf("render: %v", err)
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("re-parse: %v\n%q", err, out)
		}
		if back.Name != oneLine(it.Name) || back.Description != it.Description || back.Body != strings.TrimPrefix(it.Body, "\n") && back.Body != it.Body {
			t.Fatalf("round trip changed the item:\n%+v\n%+v", it, back)
		}
	})
}

// FuzzRenderEntry: any user text renders to a file with exactly our keys.
func FuzzRenderEntry(f *testing.F) {
	f.Add("a retry budget", "auth first", "x\ntype: user")
	f.Add("---", "\n---\nname: evil", "#")
	f.Fuzz(func(t *testing.T, idea, ctx, why string) {
		if !utf8.ValidString(idea + ctx + why) {
			return
		}
		e := Entry{Kind: KindDeferred, Idea: idea, Context: ctx, Why: why}
		name := Slug(idea)
		data, err := Render(name, e.Description(), e.Body())
		if err != nil {
			t.Fatal(err)
		}
		it, err := Parse(data)
		if err != nil {
			t.Fatalf("parse: %v\n%s", err, data)
		}
		if it.Name != name || it.Type != "project" || it.Description != oneLine(e.Description()) {
			t.Fatalf("keys changed: %+v\n%s", it, data)
		}
	})
}
