package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
	"gopkg.in/yaml.v3"

	"github.com/openloop/openloop/internal/testbin"
	"github.com/openloop/openloop/pkg/settings"
)

// TestCommandFileAsClaudeCodeRunsIt installs the /session command file
// with a real binary, then does what Claude Code does with it when a user
// types "/session <args>": read the frontmatter, paste the raw argument
// text where the body says $ARGUMENTS, and run each ```! block with bash
// in the project folder. Arguments full of quotes and shell syntax must
// reach openloop as text, and nothing in them may run.
func TestCommandFileAsClaudeCodeRunsIt(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	tmp := t.TempDir()
	bin, err := testbin.Build(filepath.Join(tmp, "bin dir")) // a space: quoting must hold
	must(t, err)
	repo := filepath.Join(tmp, "repo")
	must(t, os.MkdirAll(filepath.Join(repo, ".git"), 0o755))
	env := append(os.Environ(), "HOME="+filepath.Join(tmp, "home"), "CLAUDE_CONFIG_DIR=", "OPENLOOP_MEMORY_DIR=", "OPENLOOP_LAYOUT=")
	run := func(args ...string) string {
		t.Helper()
		c := exec.Command(bin, args...)
		c.Dir, c.Env = repo, env
		out, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("openloop %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("install") // the user scope: the hooks run the binary by its path
	home := filepath.Join(tmp, "home", ".claude")
	checkHookCommands(t, filepath.Join(home, "settings.json"), repo, env)
	run("park", "--kind", "deferred", "--idea", "it's the retry budget", "--context", "auth first")
	file, err := os.ReadFile(filepath.Join(home, "commands", "session.md"))
	must(t, err)

	front, body := splitFrontmatter(t, file)
	var fm map[string]string
	must(t, yaml.Unmarshal(front, &fm))
	// The program as the block runs it, quotes and all: Claude Code
	// matches the pattern against the command's literal text.
	if want := "Bash(" + settings.QuoteIfNeeded(bin) + " session:*)"; fm["allowed-tools"] != want {
		t.Errorf("allowed-tools %q, want %q", fm["allowed-tools"], want)
	}
	if fm["argument-hint"] != "resume | archive <text> | restore <text> | dismiss <text> | rename <text> --idea <thing> | review | summary" || !strings.Contains(fm["description"], "restore") {
		t.Errorf("frontmatter %q", fm)
	}

	nonceTerm := regexp.MustCompile(`OPENLOOP_ARGS_[0-9a-f]{12}`).Find(body)
	if nonceTerm == nil {
		t.Fatal("no heredoc terminator with a nonce")
	}
	for _, name := range []string{"x", "keep"} {
		must(t, os.WriteFile(filepath.Join(repo, name), nil, 0o600))
	}
	tests := []struct {
		args string // the raw text after "/session "
		want string // a line of the output
	}{
		{`archive "it's; rm -rf x"`, `Nothing archived: "\"it's; rm -rf x\"" is too vague to pick an item. Use a word of three or more letters from its name or content.`},
		{`archive it's; rm -rf keep`, `No pending item matches "it's; rm -rf keep"; nothing archived.`},
		{`archive $(touch canary) x`, `No pending item matches "$(touch canary) x"; nothing archived.`},
		{"archive `touch canary`", "No pending item matches \"`touch canary`\"; nothing archived."},
		{`archive ' ; touch canary ; '`, `No pending item matches "' ; touch canary ; '"; nothing archived.`},
		{"archive a\nOPENLOOP_ARGS\ntouch canary", `No pending item matches "a\nOPENLOOP_ARGS\ntouch canary"; nothing archived.`},
		// A pasted closing fence ends the block early: the heredoc then ends
		// at the end of the script, and nothing after it runs.
		{"archive a\nEOF\ntouch canary\n```\n", `No pending item matches "a\nEOF\ntouch canary"; nothing archived.`},
		{`resume`, `- [ ] its-retry-budget — Deferred - it's the retry budget`},
		{`bogus $HOME`, `Unknown /session mode "bogus". Usage: /session resume | archive <text> | restore <text> | dismiss <text> | rename <text> --idea <thing> | review | summary`},
		{"\x1b[2Jbo\u202egus\U000E0041 x", `Unknown /session mode "\x1b[2Jbo\u202egus\U000e0041". Usage: /session resume | archive <text> | restore <text> | dismiss <text> | rename <text> --idea <thing> | review | summary`},
		{``, `Usage: /session resume | archive <text> | restore <text> | dismiss <text> | rename <text> --idea <thing> | review | summary`},
		{`rename it's the retry --idea '$(touch canary) budget; "quoted"'`, `Renamed: its-retry-budget → touch-canary-budget-quoted`},
		{`archive canary budget`, `Archived: touch-canary-budget-quoted`},
	}
	for _, tt := range tests {
		prompt := strings.ReplaceAll(string(body), "$ARGUMENTS", tt.args)
		blocks := bangBlocks(prompt)
		if len(blocks) != 1 {
			t.Fatalf("%q: %d ```! blocks, want 1", tt.args, len(blocks))
		}
		c := exec.Command("bash", "-c", blocks[0])
		c.Dir, c.Env = repo, env
		out, err := c.CombinedOutput()
		if err != nil {
			t.Errorf("%q: exit %v (Claude Code would abort the command)\n%s", tt.args, err, out)
		}
		if !bytes.Contains(out, []byte(tt.want+"\n")) {
			t.Errorf("%q: output\n%s\nwant the line\n%s", tt.args, out, tt.want)
		}
		for _, name := range []string{"x", "keep"} {
			if _, err := os.Stat(filepath.Join(repo, name)); err != nil {
				t.Fatalf("%q: %s was deleted: the arguments ran as shell code", tt.args, name)
			}
		}
		if _, err := os.Stat(filepath.Join(repo, "canary")); err == nil {
			t.Fatalf("%q: canary created: the arguments ran as shell code", tt.args)
		}
	}
}

// TestPluginAsClaudeCodeRunsIt checks the plugin's hooks and command the
// same way: hooks through sh -c with CLAUDE_PLUGIN_ROOT exported, the
// command with ${CLAUDE_PLUGIN_ROOT} and $ARGUMENTS pasted in as text.
func TestPluginAsClaudeCodeRunsIt(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	tmp := t.TempDir()
	bin, err := testbin.Build(tmp)
	must(t, err)
	repo := filepath.Join(tmp, "repo")
	must(t, os.MkdirAll(filepath.Join(repo, ".git"), 0o755))
	market := filepath.Join(tmp, "my market")
	root := market
	env := append(os.Environ(), "HOME="+filepath.Join(tmp, "home"), "CLAUDE_CONFIG_DIR=", "OPENLOOP_MEMORY_DIR=", "OPENLOOP_LAYOUT=", "CLAUDE_PLUGIN_ROOT="+root)
	c := exec.Command(bin, "plugin", "--out", market)
	c.Dir, c.Env = repo, env
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("plugin: %v\n%s", err, out)
	}
	hooks, err := os.ReadFile(filepath.Join(root, "hooks", "hooks.json"))
	must(t, err)
	must(t, os.MkdirAll(filepath.Join(repo, ".claude"), 0o755))
	must(t, os.WriteFile(filepath.Join(repo, ".claude", "settings.json"), hooks, 0o600))
	checkHookCommands(t, filepath.Join(repo, ".claude", "settings.json"), repo, env)

	file, err := os.ReadFile(filepath.Join(root, "commands", "session.md"))
	must(t, err)
	_, body := splitFrontmatter(t, file)
	prompt := strings.ReplaceAll(string(body), "${CLAUDE_PLUGIN_ROOT}", root)
	prompt = strings.ReplaceAll(prompt, "$ARGUMENTS", "archive it's; touch canary")
	blocks := bangBlocks(prompt)
	if len(blocks) != 1 {
		t.Fatalf("%d blocks", len(blocks))
	}
	c = exec.Command("bash", "-c", blocks[0])
	c.Dir, c.Env = repo, env
	out, err := c.CombinedOutput()
	if err != nil || string(out) != "No pending item matches \"it's; touch canary\"; nothing archived.\n" {
		t.Errorf("plugin command: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(repo, "canary")); err == nil {
		t.Fatal("canary created")
	}
}

// checkHookCommands runs each hook command that install registered the
// way Claude Code does (sh -c, the payload on stdin): the quoted path with a
// space in it must run the binary, which exits 0 and prints nothing here.
func checkHookCommands(t *testing.T, settings, repo string, env []string) {
	t.Helper()
	data, err := os.ReadFile(settings)
	must(t, err)
	for _, ev := range []string{"UserPromptSubmit", "Stop", "SessionEnd"} {
		cmd := gjson.GetBytes(data, "hooks."+ev+".0.hooks.0.command").String()
		payload := fmt.Sprintf(`{"session_id":"s1","cwd":%q,"hook_event_name":%q,"prompt":"hello","last_assistant_message":"Done.","reason":"other"}`, repo, ev)
		c := exec.Command("sh", "-c", cmd)
		c.Dir, c.Env, c.Stdin = repo, env, strings.NewReader(payload)
		out, err := c.CombinedOutput()
		if err != nil || len(out) != 0 {
			t.Errorf("%s hook %q: %v\n%s", ev, cmd, err, out)
		}
	}
}

// splitFrontmatter cuts a command file into its YAML frontmatter and body.
func splitFrontmatter(t *testing.T, file []byte) (front, body []byte) {
	t.Helper()
	rest, ok := bytes.CutPrefix(file, []byte("---\n"))
	if !ok {
		t.Fatal("no frontmatter")
	}
	front, body, ok = bytes.Cut(rest, []byte("\n---\n"))
	if !ok {
		t.Fatal("frontmatter not closed")
	}
	return front, body
}

// bangBlocks finds the ```! fenced blocks of a prompt, after $ARGUMENTS was
// pasted in (the pessimistic order: pasted text could add or close fences).
func bangBlocks(prompt string) []string {
	var blocks []string
	lines := strings.Split(prompt, "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] != "```!" {
			continue
		}
		var b []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			b = append(b, lines[i])
		}
		blocks = append(blocks, strings.Join(b, "\n"))
	}
	return blocks
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
