// Package plugin writes openloop as a Claude Code plugin that is also its
// own one-plugin marketplace: .claude-plugin/plugin.json and
// marketplace.json (source "./"), hooks/hooks.json, commands/session.md
// and bin/openloop, so "/plugin marketplace add DIR" then "/plugin install
// openloop@openloop" installs it; checked with Claude Code 2.1.332's
// "claude plugin validate", "plugin marketplace add" and "plugin install".
// Claude Code copies the folder into its plugin cache, so nothing in it
// points outside it.
package plugin

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
	"time"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/internal/hint"
	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/internal/safeio"
	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/userfile"
)

// Name names the plugin and the marketplace that lists it.
const Name = "openloop"

// Options say what to write where.
type Options struct {
	Dir     string    // the folder to write, absolute
	Binary  string    // the openloop binary to copy, absolute
	Version string    // the manifest's version; "dev" for none
	Now     time.Time // the files' modification time
	Rand    io.Reader // the /session heredoc nonce's source (nil: crypto/rand)
}

// Written is what Write wrote: the text files, in order, and the binary's
// name under bin/.
type Written struct {
	Files   []string
	ExeName string
}

// Write writes the plugin to o.Dir, all or nothing: every file goes into a
// temporary folder beside it, which then takes its place in one rename
// (an earlier plugin there is moved aside first and removed after). A
// missing binary, a full disk or any other failure leaves the folder as it
// was. A folder that holds anything but an earlier openloop plugin is
// refused. Errors carry their hint (internal/hint).
func Write(o Options) (Written, error) {
	files, err := pluginFiles(o)
	if err != nil {
		return Written{}, err
	}
	if err := checkPluginDir(o.Dir, files); err != nil {
		return Written{}, hint.Wrap(err, "name an empty or new folder, or one an earlier 'openloop plugin' wrote and nothing else")
	}
	binary, _, err := safeio.OpenRegular(o.Binary)
	if err != nil {
		return Written{}, hint.Wrap(fmt.Errorf("the binary to copy: %w", err), "nothing was written")
	}
	defer binary.Close()
	// A Windows binary keeps its .exe: Git Bash, which runs the hooks
	// there, finds bin/openloop.exe when asked for bin/openloop.
	exeName := "openloop"
	if strings.EqualFold(filepath.Ext(o.Binary), ".exe") {
		exeName += ".exe"
	}
	if err := writePluginDir(o, files, exeName, binary); err != nil {
		return Written{}, hint.Wrap(err, "nothing was written")
	}
	w := Written{ExeName: exeName}
	for _, f := range files {
		w.Files = append(w.Files, f.Name)
	}
	return w, nil
}

// writePluginDir builds the plugin in a temporary folder beside dir, then
// puts it in dir's place. On failure it removes what it made and dir is
// as it was.
func writePluginDir(o Options, files []File, exeName string, binary io.Reader) (err error) {
	dir := o.Dir
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
		if err := writePluginFile(o.Now, filepath.Join(stage, filepath.FromSlash(f.Name)), f.Data, 0o644); err != nil {
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

// File is one text file of a plugin or marketplace.
type File struct {
	Name string // slash-separated, relative to the folder written
	Data []byte
}

// Description is the plugin's, in its manifest and in the marketplace.
const Description = "Parks the open loops of a Claude Code session (deferred ideas, side ideas, unanswered questions) as memory files; /openloop:session resume, archive, summary."

// marketplace is the marketplace.json listing the plugin at source.
func marketplace(source string) []byte {
	return indentJSON(map[string]any{
		"$schema":     "https://json.schemastore.org/claude-code-marketplace.json",
		"name":        Name,
		"description": "openloop as a Claude Code plugin",
		"owner":       map[string]string{"name": "openloop"},
		"plugins":     []map[string]string{{"name": Name, "source": source, "description": Description}},
	})
}

// manifest is the plugin.json, with version unless it is "" or "dev" (a
// version pins updates: the checked-in plugin has none).
func manifest(version string) []byte {
	m := map[string]any{
		"name":        Name,
		"description": Description,
		"author":      map[string]string{"name": "openloop"},
	}
	if version != "" && version != "dev" {
		m["version"] = version
	}
	return indentJSON(m)
}

// hooksDoc starts every plugin's hooks/hooks.json.
const hooksDoc = "{\n  \"description\": \"openloop: notice and park open loops\"\n}\n"

// pluginFiles are the text files of the marketplace, in the order listed.
func pluginFiles(o Options) ([]File, error) {
	// --plugin: the hook's notices name the plugin's command,
	// /openloop:session, not the /session an install writes. --assist:
	// Claude's judgment, the default of install too (docs/assist.md).
	hooks, _, _, err := settings.Install([]byte(hooksDoc), settings.AssistHookCommand(settings.PluginExe)+" --plugin")
	if err != nil {
		return nil, err
	}
	nonce, err := userfile.Nonce(o.Rand)
	if err != nil {
		return nil, err
	}
	return []File{
		{".claude-plugin/plugin.json", manifest(o.Version)},
		{".claude-plugin/marketplace.json", marketplace("./")},
		{"hooks/hooks.json", hooks},
		{"commands/session.md", settings.PluginCommandFile(settings.PluginExe, nonce)},
		{"README.md", []byte(pluginReadme)},
	}, nil
}

// readmeHead starts the README of both plugins.
const readmeHead = `# openloop plugin

openloop notices the open loops of a Claude Code session (deferred ideas,
side ideas, clarifying questions that were skipped) and parks each one as a
small Markdown memory file. Its hooks run with --assist: Claude is given a
short parking rule at session start (about 180 tokens) and a one-line nudge
when the hook hears a likely loop it cannot name, and parks with 'openloop
park' (Claude Code asks before each such Bash call unless you allow it);
"assist": false in ~/.claude/openloop/settings.json turns that off. This
plugin registers its hooks on UserPromptSubmit, Stop, SessionEnd and
SessionStart and adds the command
/openloop:session (resume, archive <text>, restore <text>, dismiss <text>, summary).
`

const pluginReadme = readmeHead + `bin/openloop is the openloop binary it runs. Do not also register openloop
with "openloop install": every event would then be delivered twice.
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
func writePluginFile(now time.Time, path string, data []byte, mode fs.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := store.WriteTemp(filepath.Dir(path), ".openloop-tmp-", data, now)
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
func checkPluginDir(dir string, files []File) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(ents) == 0 {
		return nil
	}
	if err != nil {
		return err
	}
	manifest, err := safeio.ReadRegular(filepath.Join(dir, ".claude-plugin", "plugin.json"), userfile.MaxSize)
	if err != nil || !jsonguard.Valid(manifest) || gjson.GetBytes(manifest, "name").String() != Name {
		return fmt.Errorf("%s is not empty and is not an openloop plugin: refusing to replace its files", dir)
	}
	// The whole folder is replaced, so it may hold nothing but what an
	// earlier plugin wrote: a file of the user's (a README, a .git) is
	// never removed with it.
	ours := map[string]bool{"bin/openloop": true, "bin/openloop.exe": true}
	for _, f := range files {
		for p := f.Name; p != "."; p = path.Dir(p) {
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
