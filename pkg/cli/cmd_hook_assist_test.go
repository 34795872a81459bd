package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

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
