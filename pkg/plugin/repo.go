package plugin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"time"

	"github.com/openloop/openloop/pkg/settings"
)

// The plugin checked in at the repository's root, so that
//
//	/plugin marketplace add openloop/openloop      (or a clone's folder)
//	/plugin install openloop@openloop
//
// installs it from GitHub or from a clone. The marketplace is
// .claude-plugin/marketplace.json at the root and lists the plugin in
// RepoDir (not the root itself: the root's hooks/ is a Go package). The
// plugin carries no binary: its hooks and its command run the openloop on
// the user's PATH. Where there is none, each hook does nothing and exits 0,
// and the first hook able to show a message says once, in one line, how
// to install it (NoOpenloopMessage).
//
// The files are what RepoFiles returns: TestRepoPlugin fails when the
// checked-in ones drift, and "go generate ./pkg/plugin" rewrites them.

//go:generate go test -run ^TestRepoPlugin$ -update

// RepoDir is the checked-in plugin's folder, relative to the repository's
// root, as the marketplace's source names it.
const RepoDir = "plugin"

// GoInstall is how a user without a clone installs openloop.
const GoInstall = "go install github.com/openloop/openloop/cmd/openloop@latest"

// NoOpenloopMessage is the line the checked-in plugin shows, once, when no
// openloop is on PATH.
const NoOpenloopMessage = "openloop: the plugin runs the openloop binary on your PATH and there is none, so it does nothing; install it with: " + GoInstall

// SaidFile is the file whose existence records that NoOpenloopMessage was
// shown: in the plugin's data folder (${CLAUDE_PLUGIN_DATA}, which
// survives updates) or, without one, in openloop's own folder under the
// Claude Code config dir.
const SaidFile = "no-openloop-on-path-said"

// repoNonce ends the heredoc terminator of the checked-in command file.
// A checked-in file cannot keep a secret: the terminator is public, so
// unlike the random one "openloop plugin --out" and install choose, it
// only stops text that was not written against it (docs/install.md).
const repoNonce = "c0ffee5eed01"

// portableRun runs the openloop on PATH when there is one, keeping its exit
// code and stdout (exec). It is settings.HookCommand(PortableExe) with the
// plugin's flags.
const portableRun = "if command -v openloop >/dev/null 2>&1; then exec openloop hook --assist --plugin; fi"

// RepoHookCommand is the checked-in plugin's hook command for an event:
// portableRun, then, where the event can show a message, the one-time
// notice. SessionEnd discards its hooks' messages, so its hook, if it ran
// first, would use up the notice unseen: it only exits.
func RepoHookCommand(event string) string {
	if event == "SessionEnd" {
		return portableRun
	}
	msg, err := json.Marshal(map[string]string{"systemMessage": NoOpenloopMessage})
	if err != nil {
		panic(err) // a map of strings always encodes
	}
	// set -C makes ">" fail on a file that exists, so of two hooks
	// racing, one prints. Every failure (a read-only HOME) is silent and
	// exit 0: a hook never blocks for this.
	return portableRun + `; d="${CLAUDE_PLUGIN_DATA:-${CLAUDE_CONFIG_DIR:-$HOME/.claude}/openloop}"; ` +
		`{ mkdir -p "$d" && (set -C; : >"$d/` + SaidFile + `") && printf '%s\n' ` + settings.Quote(string(msg)) + `; } 2>/dev/null; exit 0`
}

// repoHooks is the checked-in plugin's hooks/hooks.json: each event of
// settings.Events with its RepoHookCommand and timeout, in that order.
func repoHooks() []byte {
	type handler struct {
		Type    string `json:"type"`
		Command string `json:"command"`
		Timeout int    `json:"timeout"`
	}
	type group struct {
		Hooks []handler `json:"hooks"`
	}
	var b bytes.Buffer
	b.WriteString("{\n  \"description\": \"openloop: notice and park open loops\",\n  \"hooks\": {\n")
	for i, ev := range settings.Events {
		// Unescaped, so that the file reads as the shell line it holds.
		var g bytes.Buffer
		enc := json.NewEncoder(&g)
		enc.SetEscapeHTML(false)
		enc.SetIndent("    ", "  ")
		if err := enc.Encode([]group{{Hooks: []handler{{"command", RepoHookCommand(ev.Name), ev.Timeout}}}}); err != nil {
			panic(err) // strings and ints always encode
		}
		fmt.Fprintf(&b, "    %q: %s", ev.Name, bytes.TrimSuffix(g.Bytes(), []byte("\n")))
		if i < len(settings.Events)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("  }\n}\n")
	return b.Bytes()
}

const repoReadme = readmeHead + `
Install it in Claude Code with

    /plugin install openloop --marketplace openloop/openloop

(Claude Code 2.1.275 or later), or in two steps: /plugin marketplace add
openloop/openloop (or a clone's folder), then /plugin install
openloop@openloop.

It runs the openloop binary on your PATH; install that with

    ` + GoInstall + `

(other ways: docs/install.md in the repository). Without it the hooks do
nothing and say so once. Do not also register openloop with "openloop
install": every event would then be delivered twice.
`

// RepoFiles are the files checked in at the repository's root: the
// marketplace, then the plugin's files under RepoDir.
func RepoFiles() []File {
	in := func(name string) string { return RepoDir + "/" + name }
	return []File{
		{".claude-plugin/marketplace.json", marketplace("./" + RepoDir)},
		{in(".claude-plugin/plugin.json"), manifest("")},
		{in("hooks/hooks.json"), repoHooks()},
		{in("commands/session.md"), settings.PluginCommandFile(settings.PortableExe, repoNonce)},
		{in("README.md"), []byte(repoReadme)},
	}
}

// WriteRepo writes RepoFiles under root, each file atomically, readable by
// all. It removes nothing: the test that compares them says what is extra.
func WriteRepo(root string, now time.Time) error {
	for _, f := range RepoFiles() {
		if err := writePluginFile(now, filepath.Join(root, filepath.FromSlash(f.Name)), f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
