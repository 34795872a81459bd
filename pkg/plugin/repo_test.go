package plugin

import (
	"bytes"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/openloop/openloop/pkg/settings"
)

var update = flag.Bool("update", false, "rewrite the plugin checked in at the repository's root (go generate ./pkg/plugin)")

// root is the repository's root, from this package's folder.
const root = "../.."

// The marketplace and plugin checked in at the root are byte for byte what
// RepoFiles generates, and the plugin's folders hold nothing else. With
// -update (go generate ./pkg/plugin) it rewrites them first.
func TestRepoPlugin(t *testing.T) {
	if *update {
		if err := WriteRepo(root, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]bool{}
	for _, f := range RepoFiles() {
		want[f.Name] = true
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Name)))
		if err != nil {
			t.Errorf("%v (regenerate: go generate ./pkg/plugin)", err)
			continue
		}
		if !bytes.Equal(got, f.Data) {
			t.Errorf("%s differs from what pkg/plugin generates (regenerate: go generate ./pkg/plugin)\n got:\n%s\nwant:\n%s", f.Name, got, f.Data)
		}
	}
	for _, dir := range []string{".claude-plugin", RepoDir} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			if !want[filepath.ToSlash(rel)] {
				t.Errorf("%s is checked in beside the plugin but pkg/plugin does not write it", rel)
			}
			return nil
		})
		if err != nil {
			t.Error(err)
		}
	}
}

// What a user of Claude Code reads in the marketplace and the manifest.
func TestRepoPluginManifests(t *testing.T) {
	files := map[string][]byte{}
	for _, f := range RepoFiles() {
		files[f.Name] = f.Data
	}
	var m struct {
		Name    string
		Owner   struct{ Name string }
		Plugins []struct{ Name, Source string }
	}
	if err := json.Unmarshal(files[".claude-plugin/marketplace.json"], &m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "openloop" || m.Owner.Name == "" || len(m.Plugins) != 1 || m.Plugins[0].Name != "openloop" || m.Plugins[0].Source != "./plugin" {
		t.Errorf("marketplace.json = %+v, want marketplace openloop listing plugin openloop at ./plugin", m)
	}
	// No version: a version pins updates, and the checked-in plugin
	// follows the repository.
	var man map[string]any
	if err := json.Unmarshal(files["plugin/.claude-plugin/plugin.json"], &man); err != nil {
		t.Fatal(err)
	}
	if man["name"] != "openloop" || man["version"] != nil {
		t.Errorf("plugin.json = %v, want name openloop and no version", man)
	}
	var hooks struct {
		Hooks map[string][]struct {
			Hooks []struct {
				Type, Command string
				Timeout       int
			}
		}
	}
	if err := json.Unmarshal(files["plugin/hooks/hooks.json"], &hooks); err != nil {
		t.Fatal(err)
	}
	for _, ev := range settings.Events {
		g := hooks.Hooks[ev.Name]
		if len(g) != 1 || len(g[0].Hooks) != 1 || g[0].Hooks[0].Command != RepoHookCommand(ev.Name) || g[0].Hooks[0].Timeout != ev.Timeout {
			t.Errorf("hooks.json %s = %+v, want one handler running RepoHookCommand with timeout %d", ev.Name, g, ev.Timeout)
		}
	}
	if len(hooks.Hooks) != len(settings.Events) {
		t.Errorf("hooks.json registers %d events, want %d", len(hooks.Hooks), len(settings.Events))
	}
	cmd := string(files["plugin/commands/session.md"])
	if !strings.Contains(cmd, "\nopenloop session --plugin <<'OPENLOOP_ARGS_"+repoNonce+"'\n") || strings.Contains(cmd, "CLAUDE_PLUGIN_ROOT") {
		t.Errorf("the command file does not run the openloop on PATH:\n%s", cmd)
	}
}

// hookRun is one run of a hook command by sh, as Claude Code runs it.
type hookRun struct {
	stdout, stderr string
	code           int
}

func runHookCommand(t *testing.T, command string, env []string, stdin string) hookRun {
	t.Helper()
	cmd := exec.Command("sh", "-c", command)
	cmd.Env = env
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return hookRun{out.String(), errb.String(), code}
}

// pathWith is a folder for PATH holding mkdir (the one program the
// notice needs) and, when script is not "", an openloop running it.
func pathWith(t *testing.T, script string) string {
	t.Helper()
	dir := t.TempDir()
	mkdir, err := exec.LookPath("mkdir")
	if err != nil {
		t.Skip("no mkdir")
	}
	if err := os.Symlink(mkdir, filepath.Join(dir, "mkdir")); err != nil {
		t.Fatal(err)
	}
	if script != "" {
		if err := os.WriteFile(filepath.Join(dir, "openloop"), []byte("#!/bin/sh\n"+script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Without openloop on PATH, each hook exits 0 and blocks nothing; the
// first that can show a message prints NoOpenloopMessage as one JSON
// line, and none prints it again.
func TestRepoHookWithoutOpenloop(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil || runtime.GOOS == "windows" {
		t.Skip("needs sh")
	}
	bin := pathWith(t, "")
	wantLine, _ := json.Marshal(map[string]string{"systemMessage": NoOpenloopMessage})
	for _, tc := range []struct {
		name string
		env  func(home string) []string
		said func(home string) string
	}{
		{"plugin data dir",
			func(h string) []string { return []string{"HOME=" + h, "CLAUDE_PLUGIN_DATA=" + h + "/data"} },
			func(h string) string { return h + "/data/" + SaidFile }},
		{"config dir",
			func(h string) []string { return []string{"HOME=" + h, "CLAUDE_CONFIG_DIR=" + h + "/cfg"} },
			func(h string) string { return h + "/cfg/openloop/" + SaidFile }},
		{"home",
			func(h string) []string { return []string{"HOME=" + h} },
			func(h string) string { return h + "/.claude/openloop/" + SaidFile }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			env := append(tc.env(home), "PATH="+bin)
			// SessionEnd first: it says nothing and uses nothing up.
			if r := runHookCommand(t, RepoHookCommand("SessionEnd"), env, "{}"); r != (hookRun{}) {
				t.Errorf("SessionEnd hook = %+v, want exit 0 and no output", r)
			}
			if _, err := os.Stat(tc.said(home)); err == nil {
				t.Errorf("SessionEnd recorded the notice as said")
			}
			r := runHookCommand(t, RepoHookCommand("SessionStart"), env, "{}")
			if r != (hookRun{stdout: string(wantLine) + "\n"}) {
				t.Errorf("first hook = %+v, want exit 0 and stdout %s", r, wantLine)
			}
			if _, err := os.Stat(tc.said(home)); err != nil {
				t.Errorf("the notice is not recorded: %v", err)
			}
			for _, ev := range []string{"UserPromptSubmit", "Stop", "SessionStart"} {
				if r := runHookCommand(t, RepoHookCommand(ev), env, "{}"); r != (hookRun{}) {
					t.Errorf("%s after the notice = %+v, want exit 0 and no output", ev, r)
				}
			}
		})
	}
	// Where the notice cannot be recorded, the hook still exits 0 and
	// prints nothing: it never repeats the notice at every prompt.
	if os.Geteuid() != 0 {
		home := t.TempDir()
		if err := os.Chmod(home, 0o500); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(home, 0o700)
		r := runHookCommand(t, RepoHookCommand("UserPromptSubmit"), []string{"HOME=" + home, "PATH=" + bin}, "{}")
		if r != (hookRun{}) {
			t.Errorf("read-only HOME: hook = %+v, want exit 0 and no output", r)
		}
	}
}

// With openloop on PATH, each hook runs "openloop hook --assist --plugin"
// with the event on stdin, and its stdout and exit code are the hook's;
// no notice, nothing recorded.
func TestRepoHookRunsOpenloop(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil || runtime.GOOS == "windows" {
		t.Skip("needs sh")
	}
	bin := pathWith(t, `echo "$0 $*"; read -r line; printf '%s' "$line"; exit 1`+"\n")
	home := t.TempDir()
	env := []string{"HOME=" + home, "PATH=" + bin, "CLAUDE_PLUGIN_DATA=" + home + "/data"}
	for _, ev := range settings.Events {
		r := runHookCommand(t, RepoHookCommand(ev.Name), env, `{"hook_event_name":"`+ev.Name+`"}`)
		want := hookRun{stdout: "openloop hook --assist --plugin\n" + `{"hook_event_name":"` + ev.Name + `"}`, code: 1}
		// $0 is the path sh found.
		r.stdout = strings.Replace(r.stdout, bin+"/openloop", "openloop", 1)
		if r != want {
			t.Errorf("%s: hook = %+v, want %+v", ev.Name, r, want)
		}
	}
	if _, err := os.Stat(filepath.Join(home, "data")); err == nil {
		t.Error("the notice's folder was made although openloop is on PATH")
	}
}
