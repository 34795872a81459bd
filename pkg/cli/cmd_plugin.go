package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/store"
)

// pluginName names the plugin and the marketplace that lists it.
const pluginName = "openloop"

// runPlugin writes DIR as a Claude Code plugin (.claude-plugin/plugin.json,
// hooks/hooks.json, commands/session.md, bin/openloop) that is also its
// own one-plugin marketplace (.claude-plugin/marketplace.json, source
// "./"), so "/plugin marketplace add DIR" then "/plugin install
// openloop@openloop" installs it; checked with Claude Code 2.1.332's
// "claude plugin validate", "plugin marketplace add" and "plugin install".
// Claude Code copies the folder into its plugin cache, so nothing in it
// points outside it.
func runPlugin(e *Env, args []string) int {
	fs := newFlags(e, "plugin", nil)
	out := fs.String("out", "", "folder to write the marketplace to")
	bin := fs.String("bin", "", "the openloop binary to copy into the plugin (default: this one)")
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	if *out == "" || fs.NArg() > 0 {
		errorf(e.Stderr, "plugin: say where to write it: --out DIR")
		return ExitUsage
	}
	dir := *out
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(e.Cwd, dir)
	}
	src := *bin
	if src == "" {
		src = e.Exe
	}
	if !filepath.IsAbs(src) {
		src = filepath.Join(e.Cwd, src)
	}
	if err := checkPluginDir(dir); err != nil {
		errorf(e.Stderr, "plugin: %v", err)
		hintf(e.Stderr, "name an empty or new folder, or one an earlier 'openloop plugin' wrote")
		return ExitFailure
	}
	files, err := pluginFiles(e)
	if err != nil {
		errorf(e.Stderr, "plugin: %v", err)
		return ExitFailure
	}
	root := dir
	for _, f := range files {
		if err := writePluginFile(e, filepath.Join(dir, filepath.FromSlash(f.name)), f.data, 0o644); err != nil {
			errorf(e.Stderr, "plugin: %v", err)
			return ExitFailure
		}
	}
	// A Windows binary keeps its .exe: Git Bash, which runs the hooks
	// there, finds bin/openloop.exe when asked for bin/openloop.
	exeName := "openloop"
	if strings.EqualFold(filepath.Ext(src), ".exe") {
		exeName += ".exe"
	}
	exe := filepath.Join(root, "bin", exeName)
	if err := copyBinary(e, src, exe); err != nil {
		errorf(e.Stderr, "plugin: copy the binary: %v", err)
		return ExitFailure
	}
	fmt.Fprintf(e.Stdout, "Wrote the openloop plugin (and a marketplace listing it) to %s\n", dir)
	for _, f := range files {
		fmt.Fprintf(e.Stdout, "  %s\n", f.name)
	}
	fmt.Fprintf(e.Stdout, "  bin/%s (copy of %s)\n", exeName, src)
	fmt.Fprintln(e.Stdout, "In Claude Code, run:")
	fmt.Fprintf(e.Stdout, "  /plugin marketplace add %s\n", dir)
	fmt.Fprintf(e.Stdout, "  /plugin install %s@%s\n", pluginName, pluginName)
	fmt.Fprintln(e.Stdout, "Do not also run 'openloop install': every event would be delivered twice.")
	return ExitOK
}

type pluginFile struct {
	name string // slash-separated, relative to the plugin folder
	data []byte
}

// pluginFiles are the text files of the marketplace, in the order listed.
func pluginFiles(e *Env) ([]pluginFile, error) {
	desc := "Parks the open loops of a Claude Code session (deferred ideas, side ideas, unanswered questions) as memory files; /openloop:session resume, archive, summary."
	market := map[string]any{
		"$schema":     "https://json.schemastore.org/claude-code-marketplace.json",
		"name":        pluginName,
		"description": "openloop as a Claude Code plugin",
		"owner":       map[string]string{"name": "openloop"},
		"plugins":     []map[string]string{{"name": pluginName, "source": "./", "description": desc}},
	}
	manifest := map[string]any{
		"name":        pluginName,
		"description": desc,
		"author":      map[string]string{"name": "openloop"},
	}
	if Version != "dev" {
		manifest["version"] = Version
	}
	hooks, _, err := settings.Install([]byte("{\n  \"description\": \"openloop: notice and park open loops\"\n}\n"), settings.HookCommand(settings.PluginExe))
	if err != nil {
		return nil, err
	}
	nonce, err := e.nonce()
	if err != nil {
		return nil, err
	}
	return []pluginFile{
		{".claude-plugin/plugin.json", indentJSON(manifest)},
		{".claude-plugin/marketplace.json", indentJSON(market)},
		{"hooks/hooks.json", hooks},
		{"commands/session.md", settings.CommandFile(settings.PluginExe, nonce)},
		{"README.md", []byte(pluginReadme)},
	}, nil
}

const pluginReadme = `# openloop plugin

openloop notices the open loops of a Claude Code session (deferred ideas,
side ideas, clarifying questions that were skipped) and parks each one as a
small Markdown memory file, without spending tokens. This plugin registers
its hooks on UserPromptSubmit, Stop and SessionEnd and adds the command
/openloop:session (resume, archive <text>, summary). bin/openloop is the
openloop binary it runs. Do not also register openloop with
"openloop install": every event would then be delivered twice.
`

func indentJSON(v any) []byte {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err) // only maps of strings are encoded
	}
	return append(b, '\n')
}

// copyBinary copies src to dst, mode 0755, through a temp file and a
// rename so that a plugin folder never holds half a binary.
func copyBinary(e *Env, src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return writePluginFile(e, dst, data, 0o755)
}

// writePluginFile writes one file of the plugin atomically (a temp file in
// the same folder, then rename) with mode: a plugin's files are meant to
// be shared, so they are readable by all, unlike openloop's private files.
func writePluginFile(e *Env, path string, data []byte, mode fs.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := store.WriteTemp(filepath.Dir(path), ".openloop-tmp-", data, e.Now())
	if err != nil {
		return err
	}
	if err := os.Chmod(tmp, mode); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// checkPluginDir refuses to write into a folder that holds anything but an
// earlier openloop plugin: the plugin's files would replace the user's own
// (a README.md, a hooks/hooks.json).
func checkPluginDir(dir string) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(ents) == 0 {
		return nil
	}
	if err != nil {
		return err
	}
	manifest, err := os.ReadFile(filepath.Join(dir, ".claude-plugin", "plugin.json"))
	if err == nil && gjson.GetBytes(manifest, "name").String() == pluginName {
		return nil
	}
	return fmt.Errorf("%s is not empty and is not an openloop plugin: refusing to write over its files", dir)
}
