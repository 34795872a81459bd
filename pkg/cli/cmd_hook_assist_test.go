package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/openloop/openloop/pkg/settings"
)

func TestHookProgram(t *testing.T) {
	for _, tc := range []struct{ arg0, want string }{
		{"openloop", "openloop"},
		{"", "openloop"},
		{"/usr/local/bin/openloop", "/usr/local/bin/openloop"},
		{"/Users/me/My Tools/openloop", "'/Users/me/My Tools/openloop'"},
		{"./bin/open'loop", `'./bin/open'\''loop'`},
	} {
		if got := hookProgram(tc.arg0); got != tc.want {
			t.Errorf("hookProgram(%q) = %q, want %q", tc.arg0, got, tc.want)
		}
		// What the rule names is one shell word that is the program.
		if w, err := settings.Words(hookProgram(tc.arg0)); err != nil || len(w) != 1 || tc.arg0 != "" && w[0] != tc.arg0 {
			t.Errorf("hookProgram(%q) splits to %q, %v", tc.arg0, w, err)
		}
	}
}

// `hook --assist` names the park command as the hook was invoked, quoted.
func TestHookAssistRuleNamesInvocation(t *testing.T) {
	old := invokedAs
	defer func() { invokedAs = old }()
	invokedAs = func() string { return "/Users/me/My Tools/openloop" }
	e, out, errb := hookEnv(t.TempDir(), strings.NewReader(`{"hook_event_name":"SessionStart","source":"startup","session_id":"s1"}`))
	if code := Run(e, []string{"hook", "--assist"}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb)
	}
	var o struct {
		Specific struct {
			Event   string `json:"hookEventName"`
			Context string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(out.Bytes(), &o); err != nil {
		t.Fatal(err)
	}
	if o.Specific.Event != "SessionStart" || !strings.Contains(o.Specific.Context, ". '/Users/me/My Tools/openloop' park --source assist ") {
		t.Errorf("got %s", out)
	}
}
