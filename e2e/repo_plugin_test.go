package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/openloop/openloop/pkg/plugin"
)

// The plugin checked in at the repository's root (.claude-plugin/
// marketplace.json listing plugin/), installed the ways a user does:
// "claude plugin marketplace add openloop/openloop" from GitHub, or a
// clone's folder, then "claude plugin install openloop@openloop". Its
// hooks run the openloop on PATH; without one they do nothing and say so
// once.

// repoRoot is the repository's root, from this package's folder.
const repoRoot = ".."

// repoCopy copies what the repository holds for its marketplace (the
// .claude-plugin/ folder at the root and the plugin's folder) into dir.
func repoCopy(t *testing.T, dir string) {
	t.Helper()
	for _, sub := range []string{".claude-plugin", plugin.RepoDir} {
		if err := os.CopyFS(filepath.Join(dir, sub), os.DirFS(filepath.Join(repoRoot, sub))); err != nil {
			t.Fatal(err)
		}
	}
	if os.Getenv(envNoHooks) == "1" {
		t.Log("OPENLOOP_E2E_NOHOOKS=1: removing the plugin's hooks; the scenario is expected to fail")
		if err := os.Remove(filepath.Join(dir, plugin.RepoDir, "hooks", "hooks.json")); err != nil {
			t.Fatal(err)
		}
	}
}

// fakeGitHub makes github.com/openloop/openloop a git repository on disk
// holding the marketplace, committed with go-git, and points the HOME's
// git at it (url.<dir>.insteadOf https://github.com/): "claude plugin
// marketplace add openloop/openloop" clones it exactly as it clones from
// GitHub, offline.
func fakeGitHub(t *testing.T, p *Project) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("Claude Code clones a GitHub marketplace with git, and there is none: %v", err)
	}
	hub := filepath.Join(p.Home, "fake-github")
	dir := filepath.Join(hub, "openloop", "openloop.git")
	repoCopy(t, dir)
	r, err := gogit.PlainInit(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	w, err := r.Worktree()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.AddGlob("."); err != nil {
		t.Fatal(err)
	}
	sig := &object.Signature{Name: "openloop", Email: "e2e@example.com", When: time.Now()}
	if _, err := w.Commit("the marketplace", &gogit.CommitOptions{Author: sig}); err != nil {
		t.Fatal(err)
	}
	conf := "[url \"file://" + hub + "/\"]\n\tinsteadOf = https://github.com/\n\tinsteadOf = git@github.com:\n"
	if err := os.WriteFile(filepath.Join(p.Home, ".gitconfig"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
}

// installRepoPlugin installs the plugin from the marketplace at source,
// in one step ("plugin install openloop --marketplace SOURCE", Claude Code
// 2.1.275+) or in two ("plugin marketplace add SOURCE", then "plugin
// install openloop@openloop"), and checks that Claude Code lists it.
func installRepoPlugin(t *testing.T, p *Project, source string, oneStep bool) {
	t.Helper()
	if oneStep {
		p.cli("plugin", "install", plugin.Name, "--marketplace", source)
	} else {
		p.cli("plugin", "marketplace", "add", source)
		p.cli("plugin", "install", plugin.Name+"@"+plugin.Name)
	}
	if out := p.cli("plugin", "list"); !strings.Contains(out, plugin.Name+"@"+plugin.Name) {
		t.Fatalf("claude plugin list does not show %s@%s:\n%s", plugin.Name, plugin.Name, out)
	}
}

// From GitHub, in one step, with openloop on PATH: the deferral is parked and
// /openloop:session resume lists it.
func TestRepoPluginFromGitHub(t *testing.T) {
	p := newBareProject(t, pluginScript...)
	fakeGitHub(t, p)
	installRepoPlugin(t, p, "openloop/openloop", true)
	pluginSession(t, p, plugin.Name)
	if n := notOnPath(p); n > 0 {
		t.Errorf("the not-on-PATH notice was shown %d times with openloop on PATH", n)
	}
}

// From a clone's folder, in two steps, with openloop on PATH: the same.
func TestRepoPluginFromClone(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the GitHub route installs the same files")
	}
	p := newBareProject(t, pluginScript...)
	clone := filepath.Join(p.Home, "src", "openloop")
	repoCopy(t, clone)
	installRepoPlugin(t, p, clone, false)
	pluginSession(t, p, plugin.Name)
}

// Without openloop on PATH: every hook exits 0 and blocks nothing (the
// project's checkQuiet), nothing is parked, the prompts reach the model,
// and over two sessions the user is told once, in one line, how to
// install it.
func TestRepoPluginWithoutOpenloop(t *testing.T) {
	if os.Getenv(envNoHooks) == "1" {
		t.Skip("OPENLOOP_E2E_NOHOOKS=1: no hook, so no notice either way")
	}
	p := newBareProject(t, pluginScript...)
	path := "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
	for _, dir := range filepath.SplitList(path) {
		if _, err := os.Stat(filepath.Join(dir, "openloop")); err == nil {
			t.Fatalf("%s holds an openloop: the scenario needs a PATH without one", dir)
		}
	}
	p.ExtraEnv = append(p.ExtraEnv, "PATH="+path)
	clone := filepath.Join(p.Home, "src", "openloop")
	repoCopy(t, clone)
	installRepoPlugin(t, p, clone, false)
	r := p.Ask("Make the upload client stream large files in chunks.")
	p.Resume(r.SessionID, "Good. Let's come back to the retry budget later, finish the chunking first.")
	p.Ask("Is the chunk size configurable?")
	if got := TurnText(p.API.LastMain()); !strings.Contains(got, "Is the chunk size configurable?") {
		t.Errorf("the last prompt did not reach the model:\n%s", got)
	}
	for _, it := range p.Items() {
		t.Errorf("parked %s without openloop on PATH:\n%s", it.File, it.Raw)
	}
	notices := p.Notices()
	t.Logf("notices: %q", notices)
	if n := notOnPath(p); n != 1 {
		t.Errorf("the not-on-PATH notice was shown %d times in two sessions, want once; notices: %q", n, notices)
	}
	if len(notices) != 1 {
		t.Errorf("notices %q, want only %q", notices, plugin.NoOpenloopMessage)
	}
	said, _ := filepath.Glob(filepath.Join(p.Home, ".claude", "plugins", "data", "*", plugin.SaidFile))
	if len(said) != 1 {
		t.Errorf("the notice is recorded in %q, want one file in the plugin's data folder", said)
	}
}

// notOnPath counts the notices that say openloop is not on PATH.
func notOnPath(p *Project) int {
	return len(slices.DeleteFunc(p.Notices(), func(s string) bool { return s != plugin.NoOpenloopMessage }))
}
