package settings

import (
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

// FuzzInstallUninstall: whatever the document, Install never panics; when
// it succeeds the result is valid JSON, a second Install changes nothing,
// and (when the document held no openloop handler) Uninstall gives back
// the original bytes.
func FuzzInstallUninstall(f *testing.F) {
	for _, s := range []string{
		"", "{}", "{}\n", `{"a":1}`, "{\n\t\"hooks\": {}\n}\n", `{"hooks":{"Stop":[]}}`,
		`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"openloop hook"}]}]}}`,
		"\ufeff{\"x\": [1, 2]}", `{ "hooks" : { "Stop" : [ { "hooks" : [ ] } ] } }`, `[1]`, `{"a":`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		out, _, err := Install(doc, cmd)
		if err != nil {
			return
		}
		if !gjson.ValidBytes(out[len(bomOf(out)):]) {
			t.Fatalf("invalid JSON from %q:\n%s", doc, out)
		}
		again, _, err := Install(out, cmd)
		if err != nil || string(again) != string(out) {
			t.Fatalf("second install of %q changed it (%v):\n%s\n%s", doc, err, out, again)
		}
		if found, _ := Find(doc); len(found) > 0 || len(doc) == 0 {
			return
		}
		back, _, err := Uninstall(out)
		if err != nil {
			t.Fatal(err)
		}
		if string(back) != string(doc) && !emptyContainers(doc) {
			t.Fatalf("uninstall of install of %q gave %q", doc, back)
		}
	})
}

func bomOf(b []byte) string {
	if len(b) >= 3 && string(b[:3]) == bom {
		return bom
	}
	return ""
}

// emptyContainers reports documents where the round trip is known not to
// be exact: "hooks" or an event list that was already empty (uninstall
// cannot tell it from one install made), or white space inside empty
// brackets that holds a line break ("{\n}" and "{}" give the same install).
func emptyContainers(doc []byte) bool {
	s := string(doc[len(bomOf(doc)):])
	if r := gjson.Parse(s); len(r.Map()) == 0 && strings.Contains(r.Raw, "\n") {
		return true
	}
	h := gjson.Get(s, "hooks")
	if h.Exists() && len(h.Map()) == 0 {
		return true
	}
	for _, ev := range Events {
		if a := h.Get(ev.Name); a.Exists() && len(a.Array()) == 0 {
			return true
		}
	}
	return false
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
