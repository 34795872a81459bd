package settings

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	regexp "github.com/openloop/openloop/internal/lazyre"
)

// The /session command file.
//
// Claude Code pastes the text typed after /session into the file where it
// says $ARGUMENTS, then runs the ```! block with bash. Pasted into a command
// line, a quote breaks the line and ";", "$(…)" or backticks run as shell
// code. Pasted into the body of a quoted heredoc, the text reaches openloop
// on stdin exactly as typed and nothing in it is expanded. The one way out
// of a heredoc is a line equal to its terminator, so the terminator ends
// in a random nonce chosen at install time: text typed by a person or
// quoted from a web page cannot end the heredoc early.
//
// openloop session always exits 0 (Claude Code aborts the whole command,
// with no output, when a `!` command exits non-zero).

// Marker is the line that identifies a command file openloop wrote.
const Marker = "<!-- openloop: written by 'openloop install'; 'openloop uninstall' removes this file while it is unchanged -->"

// TermPrefix starts the heredoc terminator; a nonce of hex digits follows.
const TermPrefix = "OPENLOOP_ARGS_"

// pluginMarker marks the command file of the plugin `openloop plugin`
// writes; the plugin, not uninstall, owns it.
const pluginMarker = "<!-- openloop: written by 'openloop plugin' -->"

// heads are the description and argument hint of each version of the
// command file, newest first. A file an earlier version wrote is still
// openloop's: install replaces it, uninstall removes it.
var heads = []struct{ description, hint string }{
	{"Open loops of this session: resume, archive <text>, restore <text>, dismiss <text>, rename <text> --idea <thing>, review, summary (openloop)",
		"resume | archive <text> | restore <text> | dismiss <text> | rename <text> --idea <thing> | review | summary"},
	{"Open loops of this session: resume, archive <text>, restore <text>, dismiss <text>, rename <text> --idea <thing>, summary (openloop)",
		"resume | archive <text> | restore <text> | dismiss <text> | rename <text> --idea <thing> | summary"},
	{"Open loops of this session: resume, archive <text>, restore <text>, dismiss <text>, summary (openloop)",
		"resume | archive <text> | restore <text> | dismiss <text> | summary"},
	{"Open loops of this session: resume, archive <text>, restore <text>, summary (openloop)",
		"resume | archive <text> | restore <text> | summary"},
	{"Open loops of this session: resume, archive <text>, summary (openloop)",
		"resume | archive <text> | summary"},
}

// CommandFile is the /session command file that runs exe, with the heredoc
// terminator TermPrefix+nonce. nonce must be hex digits.
func CommandFile(exe, nonce string) []byte {
	return commandFile(exe, nonce, 0, Marker, false)
}

// PluginCommandFile is the plugin's /session command file, running exe:
// PluginExe for the plugin that carries its binary (openloop plugin
// --out), PortableExe for the one checked in at the repository's root,
// which runs the openloop on the user's PATH.
func PluginCommandFile(exe, nonce string) []byte {
	return commandFile(exe, nonce, 0, pluginMarker, false)
}

// commandFile is the command file with heads[version] and marker. The
// allowed-tools pattern names the program exactly as the block runs it
// (ProgramWord): Claude Code matches a pattern against the command's
// literal text, quotes included (docs/permissions.md). Before, it named
// the bare path (legacyTools), which a quoted path never matched.
func commandFile(exe, nonce string, version int, marker string, legacyTools bool) []byte {
	bin := binWord(exe)
	tools := bin
	if legacyTools {
		tools = toSlash(exe)
	}
	term := TermPrefix + nonce
	var b strings.Builder
	b.WriteString("---\n")
	fmt.Fprintf(&b, "description: %s\n", yamlScalar(heads[version].description))
	fmt.Fprintf(&b, "argument-hint: %s\n", yamlScalar(heads[version].hint))
	fmt.Fprintf(&b, "allowed-tools: %s\n", yamlScalar("Bash("+tools+" session:*)"))
	// The user runs /session; the model must not archive items on its own.
	b.WriteString("disable-model-invocation: true\n")
	b.WriteString("---\n")
	b.WriteString(marker + "\n\n")
	b.WriteString("```!\n")
	// The plugin's command runs "session --plugin", so that what it prints
	// names /openloop:session, the command the plugin's user has.
	session := bin + " session"
	if marker == pluginMarker {
		session += " --plugin"
	}
	fmt.Fprintf(&b, "%s <<'%s'\n$ARGUMENTS\n%s\n", session, term, term)
	b.WriteString("```\n\n")
	text := instructions
	if marker == pluginMarker {
		text = strings.Replace(text, "openloop's /session command", "openloop's /openloop:session command", 1)
	}
	b.WriteString(strings.ReplaceAll(strings.ReplaceAll(text, "{{bin}} session", session), "{{bin}}", bin))
	return []byte(b.String())
}

// instructions follow the output in the command file. They must not hold
// "$ARGUMENTS" or "$" followed by a digit: Claude Code substitutes those.
const instructions = `The block above is the output of openloop's /session command. Show it to
the user exactly as it is: do not reword, reorder, shorten or add items.

- If it lists more than one matching item and says nothing was archived, ask
  the user which item they meant. When they answer, run
  ` + "`{{bin}} session archive <name>`" + ` with the Bash tool, with the exact
  name from the list, and show its output.
- If it is a session summary: first apply task hygiene. Call TaskList; for
  each task set status completed if its work is clearly done, deleted if it is
  orphaned or no longer relevant, and keep in_progress only if it is genuinely
  continuing. If you changed any task, run ` + "`{{bin}} session summary`" + `
  with the Bash tool and show that output instead.
- Otherwise do nothing more.
`

// PluginExe is the binary as a plugin names it: Claude Code replaces
// ${CLAUDE_PLUGIN_ROOT} with the plugin's folder in commands and hooks, and
// also exports it to the processes it starts.
const PluginExe = "${CLAUDE_PLUGIN_ROOT}/bin/openloop"

// binWord is exe as one sh word: the plugin form in double quotes (so it
// works whether or not Claude Code has substituted it), any other path
// bare when that is safe and in single quotes when not.
func binWord(exe string) string {
	if strings.HasPrefix(exe, "${CLAUDE_PLUGIN_ROOT}") {
		return `"` + exe + `"`
	}
	return QuoteIfNeeded(toSlash(exe))
}

// yamlScalar writes s as a YAML scalar: plain when that reads back as s,
// quoted when not.
func yamlScalar(s string) string {
	out, err := yaml.Marshal(s)
	if err != nil {
		panic(err) // a string always marshals
	}
	return strings.TrimSuffix(string(out), "\n")
}

var blockLine = regexp.MustCompile("(?m)^```!\n(.+) session <<'" + TermPrefix + "([0-9a-f]+)'\n")

// ParseCommandFile recognises a command file that openloop wrote: it
// returns the binary it runs and its nonce, and ok only when the file is
// byte for byte what CommandFile writes for them (so a file the user has
// edited, or their own /session command, is never taken for openloop's).
func ParseCommandFile(data []byte) (exe, nonce string, ok bool) {
	if !strings.Contains(string(data), Marker) {
		return "", "", false
	}
	m := blockLine.FindSubmatch(data)
	if m == nil {
		return "", "", false
	}
	w, err := Words(string(m[1]))
	if err != nil || len(w) != 1 {
		return "", "", false
	}
	exe, nonce = w[0], string(m[2])
	for v := range heads {
		for _, legacy := range []bool{false, true} {
			if string(commandFile(exe, nonce, v, Marker, legacy)) == string(data) {
				return exe, nonce, true
			}
		}
	}
	return exe, nonce, false
}
