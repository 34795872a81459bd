package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/internal/safeio"
	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/userfile"
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
//
// It writes all or nothing: every file goes into a temporary folder beside
// DIR, which then takes DIR's place in one rename (an earlier plugin there
// is moved aside first and removed after). A missing --bin, a full disk or
// any other failure leaves DIR as it was.
func runPlugin(e *Env, args []string) int {
	fs := newFlags(e, "plugin", nil)
	out := fs.String("out", "", "folder to write the marketplace to")
	bin := fs.String("bin", "", "the openloop binary to copy into the plugin (default: this one)")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	if *out == "" {
		errorf(e.Stderr, "plugin: say where to write it: --out DIR")
		return ExitUsage
	}
	dir := *out
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(e.Cwd, dir)
	}
	dir = filepath.Clean(dir)
	src := *bin
	if src == "" {
		src = e.Exe
	}
	if src == "" {
		errorf(e.Stderr, "plugin: cannot tell where this binary is: %v", e.exeErr)
		hintf(e.Stderr, "pass --bin PATH")
		return ExitFailure
	}
	if !filepath.IsAbs(src) {
		src = filepath.Join(e.Cwd, src)
	}
	files, err := pluginFiles(e)
	if err != nil {
		errorf(e.Stderr, "plugin: %v", err)
		return ExitFailure
	}
	if err := checkPluginDir(dir, files); err != nil {
		errorf(e.Stderr, "plugin: %v", err)
		hintf(e.Stderr, "name an empty or new folder, or one an earlier 'openloop plugin' wrote and nothing else")
		return ExitFailure
	}
	binary, _, err := safeio.OpenRegular(src)
	if err != nil {
		errorf(e.Stderr, "plugin: the binary to copy: %v", err)
		hintf(e.Stderr, "nothing was written")
		return ExitFailure
	}
	defer binary.Close()
	// A Windows binary keeps its .exe: Git Bash, which runs the hooks
	// there, finds bin/openloop.exe when asked for bin/openloop.
	exeName := "openloop"
	if strings.EqualFold(filepath.Ext(src), ".exe") {
		exeName += ".exe"
	}
	if err := writePluginDir(e, dir, files, exeName, binary); err != nil {
		errorf(e.Stderr, "plugin: %v", err)
		hintf(e.Stderr, "nothing was written")
		return ExitFailure
	}
	w := e.Stdout
	fmt.Fprintf(w, "Wrote the openloop plugin (and a marketplace listing it) to %s\n", termsafe.Line(dir))
	for _, f := range files {
		fmt.Fprintf(w, "  %s\n", f.name)
	}
	fmt.Fprintf(w, "  bin/%s (copy of %s)\n", exeName, termsafe.Line(src))
	fmt.Fprintln(w, "In Claude Code, run:")
	fmt.Fprintf(w, "  /plugin marketplace add %s\n", termsafe.Line(dir))
	fmt.Fprintf(w, "  /plugin install %s@%s\n", pluginName, pluginName)
	fmt.Fprintln(w, "Do not also run 'openloop install': every event would be delivered twice.")
	return ExitOK
}

// writePluginDir builds the plugin in a temporary folder beside dir, then
// puts it in dir's place. On failure it removes what it made and dir is
// as it was.
func writePluginDir(e *Env, dir string, files []pluginFile, exeName string, binary io.Reader) (err error) {
	parent := filepath.Dir(dir)
	made := userfile.MissingDirs(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	stage, err := os.MkdirTemp(parent, ".openloop-plugin-tmp-")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(stage)
			for i := len(made) - 1; i >= 0; i-- {
				userfile.RemoveIfEmpty(made[i])
			}
		}
	}()
	if err := os.Chmod(stage, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		if err := writePluginFile(e, filepath.Join(stage, filepath.FromSlash(f.name)), f.data, 0o644); err != nil {
			return err
		}
	}
	if err := copyBinary(stage, filepath.Join(stage, "bin", exeName), binary); err != nil {
		return fmt.Errorf("copy the binary: %w", err)
	}
	return replaceDir(stage, dir)
}

// replaceDir renames stage to dir. A dir that exists (empty, or an earlier
// plugin) is moved aside first, put back if the rename fails, and removed
// after.
func replaceDir(stage, dir string) error {
	if _, err := os.Lstat(dir); err != nil {
		return os.Rename(stage, dir)
	}
	old := stage + "-old"
	if err := os.Rename(dir, old); err != nil {
		return err
	}
	if err := os.Rename(stage, dir); err != nil {
		if rerr := os.Rename(old, dir); rerr != nil {
			return fmt.Errorf("%w (and the earlier plugin is left at %s: %v)", err, old, rerr)
		}
		return err
	}
	return os.RemoveAll(old)
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
	hooks, _, _, err := settings.Install([]byte("{\n  \"description\": \"openloop: notice and park open loops\"\n}\n"), settings.HookCommand(settings.PluginExe))
	if err != nil {
		return nil, err
	}
	nonce, err := userfile.Nonce(e.Rand)
	if err != nil {
		return nil, err
	}
	return []pluginFile{
		{".claude-plugin/plugin.json", indentJSON(manifest)},
		{".claude-plugin/marketplace.json", indentJSON(market)},
		{"hooks/hooks.json", hooks},
		{"commands/session.md", settings.PluginCommandFile(nonce)},
		{"README.md", []byte(pluginReadme)},
	}, nil
}

const pluginReadme = `# openloop plugin

openloop notices the open loops of a Claude Code session (deferred ideas,
side ideas, clarifying questions that were skipped) and parks each one as a
small Markdown memory file, without spending tokens. This plugin registers
its hooks on UserPromptSubmit, Stop and SessionEnd and adds the command
/openloop:session (resume, archive <text>, restore <text>, summary). bin/openloop is the
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

// copyBinary streams the binary into dst, mode 0755, inside the staging
// folder stage.
func copyBinary(stage, dst string, binary io.Reader) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, binary)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(dst, 0o755) // whatever the umask
	}
	return err
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
func checkPluginDir(dir string, files []pluginFile) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(ents) == 0 {
		return nil
	}
	if err != nil {
		return err
	}
	manifest, err := safeio.ReadRegular(filepath.Join(dir, ".claude-plugin", "plugin.json"), userfile.MaxSize)
	if err != nil || !jsonguard.Valid(manifest) || gjson.GetBytes(manifest, "name").String() != pluginName {
		return fmt.Errorf("%s is not empty and is not an openloop plugin: refusing to replace its files", dir)
	}
	// The whole folder is replaced, so it may hold nothing but what an
	// earlier plugin wrote: a file of the user's (a README, a .git) is
	// never removed with it.
	ours := map[string]bool{"bin/openloop": true, "bin/openloop.exe": true}
	for _, f := range files {
		for p := f.name; p != "."; p = path.Dir(p) {
			ours[p] = true
		}
	}
	ours["bin"] = true
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		if !ours[rel] || !(d.IsDir() || d.Type().IsRegular()) {
			return fmt.Errorf("%s holds %s, which an openloop plugin does not: refusing to replace the folder", dir, rel)
		}
		return nil
	})
}
