package store

import (
	"unicode"

	"golang.org/x/text/unicode/norm"

	"strings"
	"testing"
	"time"
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
	f.Add([]byte("---\r\nname: a\r\nmetadata:\r\n  type: project\r\n---\r\nbody"))
	f.Add([]byte("\xef\xbb\xbf---\nname: 'quoted: colon'\n---"))
	f.Add([]byte("---\nname: |\n  multi\n  line\n---\n"))
	f.Add([]byte("---\nname: x\n---\n---\nname: y\n---\n"))
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

// safeSlug: a name in any script, but only letters, digits and their
// marks (NFC, lower case where the script has case) joined by single "-",
// and the symbols that make a name ("c#", "c++", ".net": "#" and "+" after
// a word's letters, "." before a letter at a word's start), within MaxSlug
// bytes: nothing a file system on Linux, macOS or Windows reads as a
// separator, a control, format or bidi character, and no "..".
func safeSlug(s string) bool {
	if s == "" || len(s) > MaxSlug || !utf8.ValidString(s) || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") || !norm.NFC.IsNormalString(s) {
		return false
	}
	prev := '-'
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '#' || r == '+':
			if prev == '-' || prev == '.' {
				return false
			}
		case r == '.':
			if prev != '-' || i+1 == len(rs) || !unicode.IsLetter(rs[i+1]) {
				return false
			}
		case r == '-':
		case !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)) || unicode.ToLower(r) != r:
			return false
		default:
			if prev == '#' || prev == '+' {
				return false // "c#x" is not one word
			}
		}
		prev = r
	}
	return true
}

// FuzzSlug: every name is safe (safeSlug), and never "item" when the idea
// holds a letter or a digit.
func FuzzSlug(f *testing.F) {
	for _, s := range []string{"Zeitzonen-Unterstützung für Reminder", "支持多仓库", "кэширование заказов", "e\u0301", "\u0301\u0301", "a\u200cb", "Ǆ", "İstanbul", "ﬃ", "\u202eevil", "a or b", strings.Repeat("ü", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, idea string) {
		name := Slug(idea)
		if !safeSlug(name) {
			t.Fatalf("Slug(%q) = %q: not a safe name", idea, name)
		}
		if name == "item" && strings.IndexFunc(idea, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 && idea != "item" && !strings.EqualFold(strings.TrimSpace(idea), "item") {
			t.Fatalf("Slug(%q) = item, but the idea holds a letter", idea)
		}
	})
}

// FuzzSameIdeas: the dedupe rule (sameidea.go) is symmetric, and an idea
// with words is the same idea as itself and as itself with other
// punctuation and case.
func FuzzSameIdeas(f *testing.F) {
	for _, p := range [][2]string{
		{"retry budget", "the retry budget for the upload client"},
		{"dark mode", "dark mode toggle"},
		{"retry budget", "retry queue"},
		{"idea number a", "idea number b"},
		{"tests", "flaky tests"},
		{"“café” menus", "CAFÉ MENU!"},
	} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		x, y := ideaOf(a), ideaOf(b)
		if sameIdeas(x, y) != sameIdeas(y, x) {
			t.Fatalf("not symmetric: %q, %q", a, b)
		}
		if x.key != "" && !sameIdeas(x, ideaOf(strings.ToUpper(a)+"!")) && strings.ToLower(strings.ToUpper(a)) == strings.ToLower(a) {
			t.Fatalf("%q is not the same idea as itself in capitals", a)
		}
		if x.key != "" && !sameIdeas(x, x) {
			t.Fatalf("%q is not the same idea as itself", a)
		}
	})
}
