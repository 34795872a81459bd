package e2e

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// newPluginProject makes a project where openloop is NOT installed in
// settings: it comes only from the plugin that `openloop plugin --out`
// writes.
func newPluginProject(t *testing.T, script ...Reply) (*Project, string) {
	t.Helper()
	p := newBareProject(t, script...) // no `openloop install`: the plugin is the only route
	out := filepath.Join(p.Home, "openloop-plugin")
	t.Logf("openloop plugin --out:\n%s", p.Openloop("plugin", "--out", out))
	if os.Getenv(envNoHooks) == "1" {
		t.Log("OPENLOOP_E2E_NOHOOKS=1: removing the plugin's hooks; the scenario is expected to fail")
		err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
			if err == nil && d.Name() == "hooks.json" {
				err = os.Remove(path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return p, out
}

// pluginRoot is the folder holding .claude-plugin/plugin.json under dir.
func pluginRoot(t *testing.T, dir string) string {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, ".claude-plugin", "plugin.json"))
	more, _ := filepath.Glob(filepath.Join(dir, "*", "*", ".claude-plugin", "plugin.json"))
	matches = append(matches, more...)
	if len(matches) != 1 {
		t.Fatalf("openloop plugin --out %s: found %d plugin.json files, want 1", dir, len(matches))
	}
	return filepath.Dir(filepath.Dir(matches[0]))
}

// pluginName is the plugin's name from its manifest: the namespace of its
// commands.
func pluginName(t *testing.T, root string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, ".claude-plugin", "plugin.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(b, &m); err != nil || m.Name == "" {
		t.Fatalf("plugin.json: name missing (%v):\n%s", err, b)
	}
	return m.Name
}

// pluginSession runs a deferral and the plugin's /session command in
// sessions that load the plugin with extra claude arguments. The plugin's
// hooks run with assist: the deferral reaches Claude as a nudge, and Claude
// parks it. A plugin cannot add a permission rule, so Claude's park is
// allowed here as a user allows it when Claude Code asks (under -p,
// --allowedTools).
func pluginSession(t *testing.T, p *Project, name string, extra ...string) {
	t.Helper()
	run := func(args ...string) Result {
		return p.claude(append(append(args, "--output-format", "json"), extra...)...)
	}
	r := run("-p", "Make the upload client stream large files in chunks.")
	run("-p", "--resume", r.SessionID, "Good. Let's come back to the retry budget later, finish the chunking first.",
		"--allowedTools", "Bash(openloop park:*)")
	nudged := false
	for _, q := range p.API.Requests() {
		nudged = nudged || q.Main && strings.Contains(string(q.Body), `openloop: possible deferral: \"retry budget\"`)
	}
	if !nudged {
		t.Errorf("the plugin's hook did not name the deferral to Claude")
	}
	items := p.Items()
	if len(items) != 1 || !strings.Contains(items[0].Raw, "source: assist") {
		for _, it := range items {
			t.Logf("%s:\n%s", it.File, it.Raw)
		}
		t.Fatalf("parked %d items, want Claude's one park", len(items))
	}
	it := items[0]
	// Claude Code 2.1.332 does not resolve a plugin command by its bare
	// name: "/session" answers "/session isn't available in this
	// environment." without asking the model. It must be typed with the
	// plugin's namespace.
	cmd := "/" + name + ":session"
	run("-p", "--resume", r.SessionID, cmd+" resume")
	got := TurnText(p.API.LastMain())
	if !strings.Contains(got, "<command-name>"+cmd+"</command-name>") || !strings.Contains(got, "- [ ] "+it.Name+" — ") {
		t.Errorf("%s resume: the model did not get the list with %s:\n%s", cmd, it.Name, got)
	}
}

// pluginScript is Claude's side of pluginSession: a reply, the park the
// nudge leads to, its end of turn, and the answer to /session resume.
var pluginScript = []Reply{
	Say("The upload client now streams the file in chunks and the test passes."),
	Reply{{Text: "Parking the retry budget for later."}, {Tool: "Bash", Input: `{"command":"openloop park --source assist --kind deferred --idea 'retry budget for the upload client' --context 'chunked uploads'"}`}},
	Say("OK, finishing the chunked upload first."),
	Say("Here is the list."),
}

// The plugin loaded for a session from a local folder with --plugin-dir:
// works offline.
func TestPluginDir(t *testing.T) {
	p, out := newPluginProject(t, pluginScript...)
	root := pluginRoot(t, out)
	pluginSession(t, p, pluginName(t, root), "--plugin-dir", root)
}

// The plugin installed through a local marketplace (`claude plugin
// marketplace add DIR`, then `claude plugin install NAME@MARKETPLACE`):
// also works offline. Skipped when `openloop plugin` writes no
// marketplace.json.
func TestPluginMarketplace(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the --plugin-dir route covers the plugin's contents")
	}
	p, out := newPluginProject(t, pluginScript...)
	mkt := filepath.Join(out, ".claude-plugin", "marketplace.json")
	b, err := os.ReadFile(mkt)
	if err != nil {
		t.Skipf("openloop plugin wrote no %s", mkt)
	}
	var m struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", mkt, err)
	}
	name := pluginName(t, pluginRoot(t, out))
	p.cli("plugin", "marketplace", "add", out)
	p.cli("plugin", "install", name+"@"+m.Name)
	pluginSession(t, p, name)
}

// Both routes at once (`openloop install` and the plugin): every event is
// delivered twice, to two openloop processes, and the same deferral is
// still parked once (design.md §3: the same idea arriving twice parks once).
func TestInstallAndPluginParkOnce(t *testing.T) {
	if os.Getenv(envNoHooks) == "1" {
		t.Skip("OPENLOOP_E2E_NOHOOKS=1: nothing to deduplicate")
	}
	p := NewProject(t,
		Say("The upload client now streams the file in chunks and the test passes."),
		Say("OK, finishing the chunked upload first."))
	out := filepath.Join(p.Home, "openloop-plugin")
	p.Openloop("plugin", "--out", out)
	root := pluginRoot(t, out)
	r := p.claude("-p", "Make the upload client stream large files in chunks.", "--output-format", "json", "--plugin-dir", root)
	p.claude("-p", "--resume", r.SessionID, "Good. Let's come back to the retry budget later, finish the chunking first.", "--output-format", "json", "--plugin-dir", root)
	items := p.Items()
	if len(items) != 1 {
		for _, it := range items {
			t.Logf("%s:\n%s", it.File, it.Raw)
		}
		t.Fatalf("parked %d items with both routes installed, want 1", len(items))
	}
	// Both routes really ran: two openloop Stop hooks per turn.
	d := Durations{}
	stopDurations(p, d)
	if n := len(d["Stop openloop"]); n != 4 {
		t.Errorf("%d openloop Stop hook runs recorded in 2 turns, want 4 (two routes)", n)
	}
}
