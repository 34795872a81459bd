package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPlumbing(t *testing.T) {
	p := NewProject(t, Say("Should expired refresh tokens return 401 or 403?"), Say("Sure, adding logging."))
	r := p.Ask("The auth middleware drops requests when the token refreshes. Fix it.")
	t.Logf("result: %+v", r)
	r2 := p.Resume(r.SessionID, "Now add request logging to the payments service")
	t.Logf("result: %+v", r2)
	log, _ := os.ReadFile(filepath.Join(p.Home, "hooks.log"))
	t.Logf("hooks.log:\n%s", log)
	for _, rq := range p.API.Requests() {
		t.Logf("%s main=%v %d bytes", rq.Path, rq.Main, len(rq.Body))
	}
	if !strings.Contains(PromptText(p.API.LastMain()), "payments service") {
		t.Errorf("last prompt not seen")
	}
	b, _ := os.ReadFile(p.Transcript(r.SessionID))
	t.Logf("transcript %d bytes", len(b))
}
