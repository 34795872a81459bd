package e2e

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// git runs the git CLI in the project (test set-up only; openloop itself
// reads repositories with go-git).
func git(t *testing.T, p *Project, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = p.Dir
	cmd.Env = append(p.env(), "GIT_AUTHOR_NAME=Dev", "GIT_AUTHOR_EMAIL=dev@example.com",
		"GIT_COMMITTER_NAME=Dev", "GIT_COMMITTER_EMAIL=dev@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// /session summary typed as a prompt: the digest of the session reaches
// the model. The session completes a task (TaskCreate + TaskUpdate, real
// tool calls run by Claude Code), a commit is made, and an item is
// archived with /session archive.
func TestSessionSummary(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git to build the project's repository")
	}
	p := NewProject(t,
		Reply{{Text: "Tracking it."}, {Tool: "TaskCreate", Input: `{"subject":"Fix the refresh race","description":"The auth middleware drops requests on refresh"}`}},
		Reply{{Tool: "TaskUpdate", Input: `{"taskId":"1","status":"completed"}`}},
		Say("I fixed the refresh race."),
		Say("Archived."),
		Say("Here is the digest."))
	// Claude Code 2.1.332 offers the task tools only with this switch.
	p.ExtraEnv = []string{"CLAUDE_CODE_ENABLE_TODO_TOOLS=1"}
	git(t, p, "init", "-q", "-b", "main")
	git(t, p, "commit", "-q", "--allow-empty", "-m", "initial commit")

	r := p.Ask("Fix the refresh race in the auth middleware.")
	// git stamps commits in whole seconds; a commit in the same second as
	// the session's first transcript line (a -p run can take under a
	// second) would be dated before the session started.
	time.Sleep(1100 * time.Millisecond)
	git(t, p, "commit", "-q", "--allow-empty", "-m", "auth: fix the refresh race")
	parkTwo(p)
	var archived, kept string
	for _, it := range p.Items() {
		if strings.Contains(it.Name, "dark") {
			archived = it.Name
		} else {
			kept = it.Name
		}
	}
	p.Resume(r.SessionID, "/session archive dark mode")
	if got := sessionOut(t, p); !strings.Contains(got, "Archived: "+archived) {
		t.Fatalf("/session archive dark mode did not archive %s:\n%s", archived, got)
	}

	p.Resume(r.SessionID, "/session summary")
	got := sessionOut(t, p)
	t.Logf("/session summary put in front of the model:\n%s", got)
	for _, want := range []string{"Fix the refresh race", "auth: fix the refresh race", archived, kept} {
		if !strings.Contains(got, want) {
			t.Errorf("/session summary: the model did not get %q:\n%s", want, got)
		}
	}
}
