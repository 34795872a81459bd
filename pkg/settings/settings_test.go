package settings

import (
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
