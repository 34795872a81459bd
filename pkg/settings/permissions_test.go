package settings

import (
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// ruleMatches is Claude Code's matching of one Bash permission rule
// against one simple command, as documented (docs/permissions.md): the
// command's literal text, quotes included; "X:*" allows X and every
// command starting with "X "; a pattern with "*" is an anchored match in
// which "*" is any text and a single trailing " *" is optional; anything
// else must be the whole command.
func ruleMatches(rule, command string) bool {
	spec, ok := strings.CutPrefix(rule, "Bash(")
	if !ok || !strings.HasSuffix(spec, ")") {
		return false
	}
	spec = strings.TrimSuffix(spec, ")")
	if prefix, ok := strings.CutSuffix(spec, ":*"); ok {
		return command == prefix || strings.HasPrefix(command, prefix+" ")
	}
	if !strings.Contains(spec, "*") {
		return command == spec
	}
	re := strings.ReplaceAll(regexp.QuoteMeta(spec), `\*`, ".*")
	if strings.Count(spec, "*") == 1 && strings.HasSuffix(re, " .*") {
		re = strings.TrimSuffix(re, " .*") + "( .*)?"
	}
	return regexp.MustCompile(`(?s)^` + re + `$`).MatchString(command)
}

// The matcher itself, on the documented examples.
func TestRuleMatchesDocumented(t *testing.T) {
	for _, tt := range []struct {
		rule, cmd string
		want      bool
	}{
		{"Bash(ls:*)", "ls -la", true},
		{"Bash(ls:*)", "ls", true},
		{"Bash(ls:*)", "lsof", false},
		{"Bash(ls *)", "ls -la", true},
		{"Bash(ls *)", "lsof", false},
		{"Bash(ls*)", "lsof", true},
		{"Bash(npm run build)", "npm run build", true},
		{"Bash(npm run build)", "npm run build --x", false},
		{"Bash(git * main)", "git checkout main", true},
		{"Bash(/a b/x:*)", "'/a b/x' y", false}, // the literal text: quotes count
	} {
		if got := ruleMatches(tt.rule, tt.cmd); got != tt.want {
			t.Errorf("ruleMatches(%q, %q) = %v, want %v", tt.rule, tt.cmd, got, tt.want)
		}
	}
}

// Each pattern openloop writes matches the command it runs, whatever the
// binary's path: the /session block (allowed-tools) and the park command
// the hook names to Claude under install --assist (the permission rule).
// The rule does not match a longer program name, nor another subcommand.
func TestPermissionPatternsMatch(t *testing.T) {
	for _, exe := range []string{
		"/usr/local/bin/openloop", "/home/me/my tools/openloop", "/home/me/it's/openloop",
		`C:\Users\Me\My Tools\openloop.exe`, "/opt/a$b/openloop", PortableExe, PluginExe,
	} {
		file := CommandFile(exe, "0123456789ab")
		var front struct {
			AllowedTools string `yaml:"allowed-tools"`
		}
		parts := strings.SplitN(string(file), "---\n", 3)
		if err := yaml.Unmarshal([]byte(parts[1]), &front); err != nil {
			t.Fatalf("%s: frontmatter: %v", exe, err)
		}
		m := blockLine.FindSubmatch(file)
		if m == nil {
			t.Fatalf("%s: no command block", exe)
		}
		block := string(file[strings.Index(string(file), "```!\n")+5:])
		block = block[:strings.Index(block, "\n```")]
		if !ruleMatches(front.AllowedTools, block) {
			t.Errorf("%s: allowed-tools %q does not match the block's command %q", exe, front.AllowedTools, block)
		}

		// The park command: the hook names the program as it was run
		// (os.Args[0], shell-quoted when it holds a path separator).
		park := ProgramWord(exe) + " park --source assist --kind deferred --idea 'retry budget' --context 'auth'"
		rule := AssistRule(exe)
		if !ruleMatches(rule, park) {
			t.Errorf("%s: rule %q does not match %q", exe, rule, park)
		}
		for _, no := range []string{
			ProgramWord(exe+"x") + " park --kind deferred",
			ProgramWord(exe) + " parking",
			ProgramWord(exe) + " archive x",
		} {
			if ruleMatches(rule, no) {
				t.Errorf("%s: rule %q matches %q", exe, rule, no)
			}
		}
	}
}

// The user adds openloop's very rule by hand after install --assist (or
// a record is lost while they keep their own copy): uninstall takes back
// the one copy install added and leaves theirs, rather than refusing the
// whole uninstall as a damaged install record.
func TestUninstallLeavesTheUsersOwnCopyOfTheRule(t *testing.T) {
	const exe = "/opt/bin/openloop"
	rule := AssistRule(exe)
	doc, _, undo, err := InstallRule([]byte(`{"permissions": {"allow": ["Bash(ls:*)"]}}`), AssistHookCommand(exe), rule, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The user's own copy, added after the install.
	s := strings.Replace(string(doc), `"Bash(ls:*)",`, `"Bash(ls:*)", "`+rule+`",`, 1)
	if strings.Count(s, rule) != 2 {
		t.Fatalf("setup: %s", s)
	}
	for _, u := range []*Undo{&undo, nil} {
		out, changes, err := Uninstall([]byte(s), u)
		if err != nil {
			t.Fatalf("undo %v: %v", u != nil, err)
		}
		if n := strings.Count(string(out), rule); n != 1 {
			t.Errorf("undo %v: %d copies of the rule left, want the user's one:\n%s", u != nil, n, out)
		}
		if !strings.Contains(string(out), `"Bash(ls:*)"`) {
			t.Errorf("undo %v: the user's other rule is gone:\n%s", u != nil, out)
		}
		if changes[len(changes)-1] != (Change{"rule " + rule, Removed}) {
			t.Errorf("undo %v: changes %v", u != nil, changes)
		}
	}
}
