package settings

import (
	"errors"
	"os"
	"strings"
	"testing"
)

const cmd = `'/usr/local/bin/openloop' hook # openloop`

// roundTrip installs, checks the result against want, installs again
// (identical bytes), uninstalls (original bytes).
func TestInstallUninstall(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"new file", "", `{
  "hooks": {
    "UserPromptSubmit": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "'/usr/local/bin/openloop' hook # openloop",
            "timeout": 10
          }
        ]
      }
    ],
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "'/usr/local/bin/openloop' hook # openloop",
            "timeout": 10
          }
        ]
      }
    ],
    "SessionEnd": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "'/usr/local/bin/openloop' hook # openloop",
            "timeout": 5
          }
        ]
      }
    ],
    "SessionStart": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "'/usr/local/bin/openloop' hook # openloop",
            "timeout": 10
          }
        ]
      }
    ]
  }
}
`},
		{"compact", `{"model":"opus","hooks":{"Stop":[{"hooks":[{"type":"command","command":"say done"}]}]}}`,
			`{"model":"opus","hooks":{"Stop":[{"hooks":[{"type":"command","command":"say done"}]},{"hooks":[{"type":"command","command":"'/usr/local/bin/openloop' hook # openloop","timeout":10}]}],"UserPromptSubmit":[{"hooks":[{"type":"command","command":"'/usr/local/bin/openloop' hook # openloop","timeout":10}]}],"SessionEnd":[{"hooks":[{"type":"command","command":"'/usr/local/bin/openloop' hook # openloop","timeout":5}]}],"SessionStart":[{"hooks":[{"type":"command","command":"'/usr/local/bin/openloop' hook # openloop","timeout":10}]}]}}`},
		{"tabs and others", "{\n\t\"permissions\": {\"allow\": [\"Bash(ls:*)\"]},\n\t\"hooks\": {\n\t\t\"Stop\": [\n\t\t\t{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"notify\"}]}\n\t\t]\n\t},\n\t\"n\": 1.50\n}\n",
			"{\n\t\"permissions\": {\"allow\": [\"Bash(ls:*)\"]},\n\t\"hooks\": {\n\t\t\"Stop\": [\n\t\t\t{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"notify\"}]},\n\t\t\t{\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"'/usr/local/bin/openloop' hook # openloop\",\n\t\t\t\t\t\t\"timeout\": 10\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t],\n\t\t\"UserPromptSubmit\": [\n\t\t\t{\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"'/usr/local/bin/openloop' hook # openloop\",\n\t\t\t\t\t\t\"timeout\": 10\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t],\n\t\t\"SessionEnd\": [\n\t\t\t{\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"'/usr/local/bin/openloop' hook # openloop\",\n\t\t\t\t\t\t\"timeout\": 5\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t],\n\t\t\"SessionStart\": [\n\t\t\t{\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"'/usr/local/bin/openloop' hook # openloop\",\n\t\t\t\t\t\t\"timeout\": 10\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t]\n\t},\n\t\"n\": 1.50\n}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, undo, err := Install([]byte(tt.in), cmd)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Fatalf("install:\n%s\nwant:\n%s", got, tt.want)
			}
			again, ch, _, err := Install(got, cmd)
			if err != nil || string(again) != string(got) {
				t.Fatalf("second install changed the document (%v):\n%s", err, again)
			}
			for _, c := range ch {
				if c.Action != Kept {
					t.Errorf("second install: %v", c)
				}
			}
			back, _, err := Uninstall(got, &undo)
			if err != nil {
				t.Fatal(err)
			}
			if orig := tt.in; string(back) != orig {
				t.Fatalf("uninstall:\n%q\nwant:\n%q", back, orig)
			}
		})
	}
}

// A Windows editor's CRLF file gets CRLF line breaks only, and comes back
// byte for byte.
func TestCRLF(t *testing.T) {
	in := "{\r\n  \"model\": \"opus\"\r\n}\r\n"
	got, _, undo, err := Install([]byte(in), cmd)
	if err != nil {
		t.Fatal(err)
	}
	if n, crlf := strings.Count(string(got), "\n"), strings.Count(string(got), "\r\n"); n != crlf || n < 10 {
		t.Errorf("%d line breaks, %d of them CRLF:\n%q", n, crlf, got)
	}
	back, _, err := Uninstall(got, &undo)
	if err != nil || string(back) != in {
		t.Errorf("uninstall: %q (%v)", back, err)
	}
}

func TestInvalid(t *testing.T) {
	for _, in := range []string{`{"a":`, `[]`, `{"hooks":[]}`, `{"hooks":{"Stop":{}}}`, `nope`} {
		if _, _, _, err := Install([]byte(in), cmd); err == nil || !strings.Contains(err.Error(), "not a valid settings file") {
			t.Errorf("Install(%q): err %v", in, err)
		}
		if _, _, err := Uninstall([]byte(in), nil); err == nil {
			t.Errorf("Uninstall(%q): no error", in)
		}
	}
}

// The example at the repository root is what Install writes for the
// project scope by default: openloop from PATH, with assist.
func TestExampleInSync(t *testing.T) {
	want, err := os.ReadFile("../../settings.example.json")
	if err != nil {
		t.Fatal(err)
	}
	got, _, _, err := InstallRule(nil, AssistHookCommand(PortableExe), AssistRule(PortableExe), nil)
	if err != nil || string(got) != string(want) {
		t.Fatalf("settings.example.json differs from InstallRule(nil, AssistHookCommand(PortableExe), AssistRule(PortableExe), nil) (%v):\n%s", err, got)
	}
}

// A user's own group that also holds an openloop handler keeps its other
// handlers; a moved binary is rewritten in place.
func TestUserGroupsAndUpdate(t *testing.T) {
	in := `{"hooks":{"Stop":[{"matcher":"","hooks":[{"type":"command","command":"say hi"},{"type":"command","command":"/old/openloop hook"}]}]}}`
	got, ch, undo, err := Install([]byte(in), cmd)
	if err != nil {
		t.Fatal(err)
	}
	if ch[1] != (Change{"Stop", Updated}) {
		t.Errorf("changes %v", ch)
	}
	if !strings.Contains(string(got), `{"type":"command","command":"say hi"},{"type":"command","command":"'/usr/local/bin/openloop' hook # openloop","timeout":10}`) {
		t.Errorf("not updated in place:\n%s", got)
	}
	back, _, err := Uninstall(got, &undo)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"hooks":{"Stop":[{"matcher":"","hooks":[{"type":"command","command":"say hi"}]}]}}`; string(back) != want {
		t.Errorf("uninstall:\n%s\nwant\n%s", back, want)
	}
}

func TestIsHookCommand(t *testing.T) {
	tests := []struct {
		line string
		prog string
		ok   bool
	}{
		{`openloop hook`, "openloop", true},
		{`'/a b/it'\''s/openloop' hook`, "/a b/it's/openloop", true},
		{`"${CLAUDE_PLUGIN_ROOT}/bin/openloop" hook`, "${CLAUDE_PLUGIN_ROOT}/bin/openloop", true},
		{`C:\\tools\\openloop.exe hook`, `C:\tools\openloop.exe`, true},
		{`/usr/bin/openloop hook --verbose`, "", false},
		{`/usr/bin/openloop resume`, "", false},
		{`/usr/bin/openloop-old hook`, "", false},
		{`'/usr/local/bin/ol' hook # openloop`, "/usr/local/bin/ol", true},
		{`/usr/local/bin/ol hook`, "", false},
		{`/usr/local/bin/ol hook # other`, "", false},
		{`ol resume # openloop`, "", false},
		{`if command -v openloop >/dev/null 2>&1; then exec openloop hook; fi`, "openloop", true},
		{`echo openloop hook`, "", false},
		{`'openloop hook`, "", false},
		{`'/usr/local/bin/ol' hook --assist # openloop`, "/usr/local/bin/ol", true},
		{`openloop hook --assist`, "openloop", true},
		{`if command -v openloop >/dev/null 2>&1; then exec openloop hook --assist; fi`, "openloop", true},
		{`openloop hook --assist --assist`, "", false},
		{`openloop hook -assist`, "", false},
		{`/usr/local/bin/ol hook --assist`, "", false},
		// The plugin's hooks run "hook --plugin" (pkg/plugin): copied into
		// a settings file, with or without --assist, they are openloop's.
		{`"${CLAUDE_PLUGIN_ROOT}/bin/openloop" hook --plugin`, "${CLAUDE_PLUGIN_ROOT}/bin/openloop", true},
		{`openloop hook --assist --plugin`, "openloop", true},
		{`openloop hook --plugin --assist`, "openloop", true},
		{`'/usr/local/bin/ol' hook --plugin # openloop`, "/usr/local/bin/ol", true},
		{`'/usr/local/bin/ol' hook --plugin --assist # openloop`, "/usr/local/bin/ol", true},
		{`openloop hook --plugin --plugin`, "", false},
		{`openloop hook --plugin --verbose`, "", false},
		{`/usr/local/bin/ol hook --plugin`, "", false},
	}
	for _, tt := range tests {
		if _, assist, _ := hookCommand(tt.line); assist != (tt.ok && strings.Contains(tt.line, "--assist")) {
			t.Errorf("hookCommand(%q): assist %v", tt.line, assist)
		}
		prog, ok := IsHookCommand(tt.line)
		if prog != tt.prog || ok != tt.ok {
			t.Errorf("IsHookCommand(%q) = %q, %v; want %q, %v", tt.line, prog, ok, tt.prog, tt.ok)
		}
	}
	for _, p := range []string{"/usr/bin/openloop", "/a b/it's/openloop", `/x/"$HOME"/openloop`, "/usr/bin/ol", "/a/#/x", "openloop", PluginExe} {
		if prog, ok := IsHookCommand(HookCommand(p)); !ok || prog != p {
			t.Errorf("HookCommand(%q) reads back as %q, %v", p, prog, ok)
		}
		if prog, assist, ok := hookCommand(AssistHookCommand(p)); !ok || !assist || prog != p {
			t.Errorf("AssistHookCommand(%q) reads back as %q, %v, %v", p, prog, assist, ok)
		}
		if _, assist, _ := hookCommand(HookCommand(p)); assist {
			t.Errorf("HookCommand(%q) reads back as --assist", p)
		}
	}
}

// The containers a user made and left empty stay, with their white space;
// those Install made go. An Undo is what tells them apart: the same bytes
// come from both.
func TestEmptyContainersRoundTrip(t *testing.T) {
	for _, in := range []string{
		"", `{"hooks": {}}`, "{\n  \"hooks\": {}\n}\n", `{"hooks":{"Stop":[]}}`, "{\n}\n", "{\"hooks\": {\n\n}}",
		"{\"hooks\":{\"SessionEnd\":[ ],\"Stop\":[\n]}}",
	} {
		out, _, undo, err := Install([]byte(in), cmd)
		if err != nil {
			t.Fatal(err)
		}
		back, _, err := Uninstall(out, &undo)
		if err != nil || string(back) != in {
			t.Errorf("round trip of %q gave %q (%v); undo %+v", in, back, err, undo)
		}
	}
	// Without a record a document is never emptied: "{}" stays.
	out, _, _, _ := Install(nil, cmd)
	if back, _, err := Uninstall(out, nil); err != nil || string(back) != "{}\n" {
		t.Errorf("uninstall without a record gave %q (%v)", back, err)
	}
	// A user's own "{\n  \"hooks\": {}\n}\n" is what Install(nil) leaves
	// after its hooks are removed by hand; with the record of an Install on
	// that file, it stays.
	user := "{\n  \"hooks\": {}\n}\n"
	out, _, undo, _ := Install([]byte(user), cmd)
	if back, _, _ := Uninstall(out, &undo); string(back) != user {
		t.Errorf("user file %q came back as %q", user, back)
	}
}

// Claude Code keeps the last of two equal keys, gjson the first: such a
// file is refused, wherever the duplicate is, with where it is.
func TestDuplicateKeys(t *testing.T) {
	for in, want := range map[string]string{
		`{"hooks":{},"hooks":{"Stop":[]}}`:                               `the key "hooks" appears twice in the top-level object`,
		`{"hooks":{"Stop":[],"St\u006fp":[]}}`:                           `the key "Stop" appears twice in "hooks"`,
		`{"hooks":{"Stop":[{"hooks":[{"type":"command","type":"x"}]}]}}`: `the key "type" appears twice in "hooks"."Stop"[0]."hooks"[0]`,
		`{"permissions":{"allow":[],"allow":[]}}`:                        `the key "allow" appears twice in "permissions"`,
		`{"a":{"\u001b[2J":1,"\u001b[2J":2}}`:                            `the key "\x1b[2J" appears twice in "a"`, // escaped once
		`{"\u202e":{"k":1,"k":2}}`:                                       `the key "k" appears twice in "\u202e"`,
	} {
		_, _, _, err := Install([]byte(in), cmd)
		if err == nil || !strings.Contains(err.Error(), want) || !errors.Is(err, ErrInvalid) {
			t.Errorf("Install(%q): %v, want %q", in, err, want)
		}
		if _, err := Find([]byte(in)); err == nil {
			t.Errorf("Find(%q) took it", in)
		}
	}
	if _, _, _, err := Install([]byte(`{"a":{"x":1},"b":{"x":1},"c":[{"x":1},{"x":2}]}`), cmd); err != nil {
		t.Errorf("equal keys in different objects: %v", err)
	}
}

// A document nested deeper than jsonguard allows is refused, quickly and
// without a stack overflow, by every entry point.
func TestDeeplyNested(t *testing.T) {
	doc := []byte(`{"a":` + strings.Repeat("[", 3_000_000) + strings.Repeat("]", 3_000_000) + `}`)
	if _, _, _, err := Install(doc, cmd); err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Errorf("Install: %v", err)
	}
	if _, _, err := Uninstall(doc, nil); err == nil {
		t.Error("Uninstall took it")
	}
	if _, err := Find(doc); err == nil {
		t.Error("Find took it")
	}
}

// install --bin ~/bin/ol: the marker, not the base name, makes the entry
// openloop's, so a second install keeps it and uninstall removes it.
func TestOtherBinaryName(t *testing.T) {
	c := HookCommand("/home/me/bin/ol")
	out, _, undo, err := Install(nil, c)
	if err != nil {
		t.Fatal(err)
	}
	again, ch, _, _ := Install(out, c)
	if string(again) != string(out) || ch[0].Action != Kept {
		t.Errorf("second install: %v\n%s", ch, again)
	}
	found, _ := Find(out)
	if len(found) != 4 || found[0].Program != "/home/me/bin/ol" {
		t.Errorf("Find: %+v", found)
	}
	if back, _, _ := Uninstall(out, &undo); len(back) != 0 {
		t.Errorf("uninstall left %q", back)
	}
}

// An Undo read back from a damaged record is refused before anything is
// given back: Uninstall never returns bytes that are not a valid settings
// file, whatever the record says.
func TestDamagedUndo(t *testing.T) {
	for name, in := range map[string]string{"empty object": "{}", "empty hooks": `{"hooks": {}}`, "new": ""} {
		out, _, undo, err := Install([]byte(in), cmd)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []Undo{
			{Inner: map[string]string{"": `"x": 1`}},
			{Inner: map[string]string{"hooks": "]"}},
			{Inner: map[string]string{"": "\x00"}},
			{Inner: map[string]string{"model": " "}},
			{Created: []string{"hooks", "model"}},
			{Created: []string{""}},
			{Created: []string{"hooks.Nope"}},
		} {
			d := bad.Merge(undo)
			back, _, err := Uninstall(out, &d)
			if !errors.Is(err, ErrDamagedUndo) || back != nil {
				t.Errorf("%s: Uninstall with %+v gave %q, %v; want ErrDamagedUndo", name, d, back, err)
			}
		}
	}
}
