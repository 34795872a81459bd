package settings

import (
	"os"
	"strings"
	"testing"
)

const cmd = `'/usr/local/bin/openloop' hook`

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
            "command": "'/usr/local/bin/openloop' hook",
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
            "command": "'/usr/local/bin/openloop' hook",
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
            "command": "'/usr/local/bin/openloop' hook",
            "timeout": 5
          }
        ]
      }
    ]
  }
}
`},
		{"compact", `{"model":"opus","hooks":{"Stop":[{"hooks":[{"type":"command","command":"say done"}]}]}}`,
			`{"model":"opus","hooks":{"Stop":[{"hooks":[{"type":"command","command":"say done"}]},{"hooks":[{"type":"command","command":"'/usr/local/bin/openloop' hook","timeout":10}]}],"UserPromptSubmit":[{"hooks":[{"type":"command","command":"'/usr/local/bin/openloop' hook","timeout":10}]}],"SessionEnd":[{"hooks":[{"type":"command","command":"'/usr/local/bin/openloop' hook","timeout":5}]}]}}`},
		{"tabs and others", "{\n\t\"permissions\": {\"allow\": [\"Bash(ls:*)\"]},\n\t\"hooks\": {\n\t\t\"Stop\": [\n\t\t\t{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"notify\"}]}\n\t\t]\n\t},\n\t\"n\": 1.50\n}\n",
			"{\n\t\"permissions\": {\"allow\": [\"Bash(ls:*)\"]},\n\t\"hooks\": {\n\t\t\"Stop\": [\n\t\t\t{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\", \"command\": \"notify\"}]},\n\t\t\t{\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"'/usr/local/bin/openloop' hook\",\n\t\t\t\t\t\t\"timeout\": 10\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t],\n\t\t\"UserPromptSubmit\": [\n\t\t\t{\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"'/usr/local/bin/openloop' hook\",\n\t\t\t\t\t\t\"timeout\": 10\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t],\n\t\t\"SessionEnd\": [\n\t\t\t{\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"'/usr/local/bin/openloop' hook\",\n\t\t\t\t\t\t\"timeout\": 5\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t]\n\t},\n\t\"n\": 1.50\n}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := Install([]byte(tt.in), cmd)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Fatalf("install:\n%s\nwant:\n%s", got, tt.want)
			}
			again, ch, err := Install(got, cmd)
			if err != nil || string(again) != string(got) {
				t.Fatalf("second install changed the document (%v):\n%s", err, again)
			}
			for _, c := range ch {
				if c.Action != Kept {
					t.Errorf("second install: %v", c)
				}
			}
			back, _, err := Uninstall(got)
			if err != nil {
				t.Fatal(err)
			}
			orig := tt.in
			if orig == "" {
				orig = "{}\n"
			}
			if string(back) != orig {
				t.Fatalf("uninstall:\n%q\nwant:\n%q", back, orig)
			}
		})
	}
}

// A Windows editor's CRLF file gets CRLF line breaks only, and comes back
// byte for byte.
func TestCRLF(t *testing.T) {
	in := "{\r\n  \"model\": \"opus\"\r\n}\r\n"
	got, _, err := Install([]byte(in), cmd)
	if err != nil {
		t.Fatal(err)
	}
	if n, crlf := strings.Count(string(got), "\n"), strings.Count(string(got), "\r\n"); n != crlf || n < 10 {
		t.Errorf("%d line breaks, %d of them CRLF:\n%q", n, crlf, got)
	}
	back, _, err := Uninstall(got)
	if err != nil || string(back) != in {
		t.Errorf("uninstall: %q (%v)", back, err)
	}
}

func TestInvalid(t *testing.T) {
	for _, in := range []string{`{"a":`, `[]`, `{"hooks":[]}`, `{"hooks":{"Stop":{}}}`, `nope`} {
		if _, _, err := Install([]byte(in), cmd); err == nil || !strings.Contains(err.Error(), "not a valid settings file") {
			t.Errorf("Install(%q): err %v", in, err)
		}
		if _, _, err := Uninstall([]byte(in)); err == nil {
			t.Errorf("Uninstall(%q): no error", in)
		}
	}
}

// The example at the repository root is what Install writes for a binary
// on $PATH.
func TestExampleInSync(t *testing.T) {
	want, err := os.ReadFile("../../settings.example.json")
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := Install(nil, "openloop hook")
	if err != nil || string(got) != string(want) {
		t.Fatalf("settings.example.json differs from Install(nil, \"openloop hook\") (%v):\n%s", err, got)
	}
}

// A user's own group that also holds an openloop handler keeps its other
// handlers; a moved binary is rewritten in place.
func TestUserGroupsAndUpdate(t *testing.T) {
	in := `{"hooks":{"Stop":[{"matcher":"","hooks":[{"type":"command","command":"say hi"},{"type":"command","command":"/old/openloop hook"}]}]}}`
	got, ch, err := Install([]byte(in), cmd)
	if err != nil {
		t.Fatal(err)
	}
	if ch[1] != (Change{"Stop", Updated}) {
		t.Errorf("changes %v", ch)
	}
	if !strings.Contains(string(got), `{"type":"command","command":"say hi"},{"type":"command","command":"'/usr/local/bin/openloop' hook","timeout":10}`) {
		t.Errorf("not updated in place:\n%s", got)
	}
	back, _, err := Uninstall(got)
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
		{`echo openloop hook`, "", false},
		{`'openloop hook`, "", false},
	}
	for _, tt := range tests {
		prog, ok := IsHookCommand(tt.line)
		if prog != tt.prog || ok != tt.ok {
			t.Errorf("IsHookCommand(%q) = %q, %v; want %q, %v", tt.line, prog, ok, tt.prog, tt.ok)
		}
	}
	for _, p := range []string{"/usr/bin/openloop", "/a b/it's/openloop", `/x/"$HOME"/openloop`} {
		if prog, ok := IsHookCommand(HookCommand(p)); !ok || prog != p {
			t.Errorf("HookCommand(%q) reads back as %q, %v", p, prog, ok)
		}
	}
}
