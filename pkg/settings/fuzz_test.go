package settings

import (
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// FuzzInstallUninstall: whatever the document, Install never panics; when
// it succeeds the result is valid JSON and a second Install changes
// nothing. Uninstall with Install's Undo leaves no openloop handler, and,
// when the document held none, gives back the original bytes: every
// document, including empty "hooks" objects, empty event lists and white
// space between empty brackets.
func FuzzInstallUninstall(f *testing.F) {
	for _, s := range []string{
		"", "{}", "{}\n", "{\n}\n", `{"a":1}`, "{\n\t\"hooks\": {}\n}\n", `{"hooks":{"Stop":[]}}`,
		"{\"hooks\": {\n}}", "{\"hooks\":{\"Stop\":[\n ]}}\n", `{"hooks":{}}`,
		`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"openloop hook"}]}]}}`,
		"\ufeff{\"x\": [1, 2]}", `{ "hooks" : { "Stop" : [ { "hooks" : [ ] } ] } }`, `[1]`, `{"a":`,
		`{"hooks":{},"hooks":{}}`, strings.Repeat("[", 5000),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		out, _, undo, err := Install(doc, cmd)
		if err != nil {
			if _, _, err2 := Uninstall(doc, nil); err2 == nil && len(doc) > 0 {
				t.Fatalf("Install refused %q (%v) but Uninstall took it", doc, err)
			}
			return
		}
		if !gjson.ValidBytes(out[len(bomOf(out)):]) {
			t.Fatalf("invalid JSON from %q:\n%s", doc, out)
		}
		again, _, more, err := Install(out, cmd)
		if err != nil || string(again) != string(out) || !more.IsZero() {
			t.Fatalf("second install of %q changed it (%v, %+v):\n%s\n%s", doc, err, more, out, again)
		}
		back, _, err := Uninstall(out, &undo)
		if err != nil {
			t.Fatal(err)
		}
		if found, err := Find(back); len(back) > 0 && (err != nil || len(found) > 0) {
			t.Fatalf("uninstall of install of %q left %v (%v):\n%s", doc, found, err, back)
		}
		if found, _ := Find(doc); len(found) == 0 && string(back) != string(doc) {
			t.Fatalf("uninstall of install of %q gave %q (undo %+v)", doc, back, undo)
		}
	})
}

func bomOf(b []byte) string {
	if len(b) >= 3 && string(b[:3]) == bom {
		return bom
	}
	return ""
}

// FuzzWords: Quote gives one word that Words reads back; Words never
// panics.
func FuzzWords(f *testing.F) {
	for _, s := range []string{"", "a b", `'it''s'`, `"a\"b"`, `x\ y`, "${X}/bin/openloop", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		Words(s)
		w, err := Words(Quote(s))
		if err != nil || len(w) != 1 || w[0] != s {
			t.Fatalf("Words(Quote(%q)) = %q, %v", s, w, err)
		}
		if exe, _, ok := ParseCommandFile(CommandFile("/x/"+s+"/openloop", "abc123")); !ok && validPath(s) {
			t.Fatalf("command file for %q not recognised (exe %q)", s, exe)
		}
	})
}

// validPath: a path a binary can live at, as one line.
func validPath(s string) bool {
	for _, c := range s {
		if c == '\n' || c == '\r' || c == 0 {
			return false
		}
	}
	return true
}

// FuzzAssistRoundTrip: install --assist, a second one (no change), a
// plain install over it and an --assist install again (each with the
// Undo recorded so far), then uninstall: every step gives valid JSON, the
// rule is in permissions.allow exactly while assist is on, and a document
// that held no openloop handler and not the rule comes back byte for
// byte.
func FuzzAssistRoundTrip(f *testing.F) {
	for _, s := range []string{
		"", "{}", "{\n}\n", `{"permissions":{}}`, `{"permissions":{"allow":[]}}`,
		"{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(ls:*)\"\n    ]\n  }\n}\n",
		"{\"permissions\": {\"deny\": [\"Read(.env)\"], \"allow\": [ ]}, \"hooks\": {}}",
		`{"permissions":{"allow":["Bash('/p q/openloop' park:*)"]}}`, `{"permissions":[]}`, `{"permissions":{"allow":{}}}`,
		"\ufeff{\"a\": 1}\r\n",
	} {
		f.Add([]byte(s))
	}
	const exe = "/p q/openloop"
	rule := AssistRule(exe)
	on, off := AssistHookCommand(exe), HookCommand(exe)
	has := func(doc []byte) bool { return allowIndex(string(doc[len(bomOf(doc)):]), rule) >= 0 }
	f.Fuzz(func(t *testing.T, doc []byte) {
		a, _, undo, err := InstallRule(doc, on, rule, nil)
		if err != nil {
			return
		}
		if !gjson.ValidBytes(a[len(bomOf(a)):]) || !has(a) {
			t.Fatalf("assist install of %q: %q", doc, a)
		}
		again, _, undo2, err := InstallRule(a, on, rule, &undo)
		if err != nil || string(again) != string(a) {
			t.Fatalf("second assist install of %q changed it (%v):\n%s\n%s", doc, err, a, again)
		}
		p, _, undo3, err := InstallRule(a, off, "", &undo2)
		if err != nil || !gjson.ValidBytes(p[len(bomOf(p)):]) {
			t.Fatalf("plain install over assist of %q: %v %q", doc, err, p)
		}
		if had := has(doc); has(p) != had {
			t.Fatalf("plain install over assist of %q: rule there %v, want %v:\n%s", doc, has(p), had, p)
		}
		// (Not always a's bytes: a document whose own indentation is odd,
		// " {}", gets its indent unit from what the first install wrote.)
		b, _, undo4, err := InstallRule(p, on, rule, &undo3)
		if err != nil || !gjson.ValidBytes(b[len(bomOf(b)):]) || !has(b) {
			t.Fatalf("assist again over plain of %q gave (%v)\n%s", doc, err, b)
		}
		back, _, err := Uninstall(b, &undo4)
		if err != nil {
			t.Fatalf("uninstall of %q: %v", doc, err)
		}
		if found, _ := Find(doc); len(found) == 0 && !has(doc) && string(back) != string(doc) {
			t.Fatalf("round trip of %q gave %q (undo %+v)", doc, back, undo4)
		}
	})
}
