// Package doctor checks an openloop set-up: where it reads and writes for
// a project, how Claude Code will run it (the hooks and the /session
// command at each scope, the plugin), and what is wrong, each problem with
// its fix. It changes nothing.
package doctor

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/config"
	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/userfile"
)

// Input is what the checks read besides the files.
type Input struct {
	Paths   project.Paths
	Cwd     string
	Getenv  func(string) string
	Now     func() time.Time
	CmdLine func(rest string) string // a command as the reader types it: "openloop resume"
}

// Row is one line of what doctor shows: a name and its value (a path or
// text from a settings file: the caller escapes it).
type Row struct{ Key, Value string }

// Problem is one thing doctor found wrong, with what to do about it.
type Problem struct{ What, Fix string }

// Report is what Check found, in the order shown.
type Report struct {
	Rows     []Row
	Problems []Problem
}

// Check looks at the set-up of the project in.Paths names.
func Check(in Input) Report {
	p := in.Paths
	all := settings.Scopes(p.Cwd, p.Root, p.ConfigDir)
	var r Report
	add := func(fix, format string, a ...any) {
		r.Problems = append(r.Problems, Problem{fmt.Sprintf(format, a...), fix})
	}
	row := func(k, format string, a ...any) { r.Rows = append(r.Rows, Row{k, fmt.Sprintf(format, a...)}) }
	row("project root", "%s", p.Root)
	row("memory dir", "%s (%s)", p.MemoryDir, p.Layout)
	if _, err := os.Stat(p.TranscriptDir); err != nil {
		row("transcript folder", "%s (not there yet: no session started here)", p.TranscriptDir)
	} else {
		row("transcript folder", "%s", p.TranscriptDir)
	}
	items, listErr := store.Open(p.MemoryDir, in.Now).List()
	row("open items", "%d", len(items))
	if err := checkWritable(p.MemoryDir); err != nil {
		add("fix the folder's permissions, or point OPENLOOP_MEMORY_DIR at a writable folder", "the memory dir is not writable: %v", err)
	} else if listErr != nil {
		add("check the folder's permissions", "cannot list the memory dir: %v", listErr)
	}
	// The user's settings (pkg/config): where, and what is in force.
	if _, err := config.Load(p.ConfigDir); err != nil {
		add("fix the file ("+config.Path(p.ConfigDir)+"; docs/settings.md says what it holds), or remove it", "the settings file is not valid, so the defaults are in force: %v", err)
	}
	if lines := config.Describe(p.ConfigDir); len(lines) >= 3 {
		row("settings", "%s", strings.TrimPrefix(lines[0], "settings: "))
		row("kinds", "%s", strings.TrimSpace(lines[1]))
		row("after compaction", "%s", strings.TrimPrefix(strings.TrimSpace(lines[2]), "compact context: "))
	}
	if len(items) >= store.MaxOpen {
		add(in.CmdLine("resume")+", then "+in.CmdLine("archive <name>")+" for what is done", "%d items are open: nothing new is parked until some are archived", len(items))
	}

	// Registrations, per event, per scope. Each problem is reported once,
	// not once per event.
	type entry struct {
		settings.Found
		scope string
	}
	reg := map[string][]entry{} // event → handlers, in scope order
	var assist []string         // scopes whose hooks run with --assist
	plugin := ""
	for _, sc := range all {
		data, ok, err := userfile.ReadOptional(sc.Settings)
		if err != nil {
			add("replace it with a regular JSON file, or remove it", "cannot read %s: %v", sc.Settings, err)
			continue
		}
		if !ok {
			continue
		}
		found, err := settings.Find(data)
		if err != nil {
			add("fix the file: Claude Code does not read an invalid settings file", "%s: %v", sc.Settings, err)
			continue
		}
		checked := map[string]bool{}
		for _, f := range found {
			reg[f.Event] = append(reg[f.Event], entry{f, sc.Name})
			if f.Assist && !slices.Contains(assist, sc.Name) {
				assist = append(assist, sc.Name)
				if r := settings.AssistRule(f.Program); !settings.HasAllow(data, r) {
					add("openloop install --assist --scope "+sc.Name+" (it adds the rule)",
						"the hooks at %s scope run with --assist, but %s has no permission rule %s: Claude is asked each time it parks", sc.Name, sc.Settings, r)
				}
			}
			if checked[f.Program] {
				continue
			}
			checked[f.Program] = true
			if err := in.checkProgram(f.Program); err != nil {
				fix := "openloop install --scope " + sc.Name + " (it rewrites the hooks to run the binary you run it with)"
				if f.Program == settings.PortableExe {
					fix = "put openloop on PATH: go install ./cmd/openloop, with $(go env GOPATH)/bin on PATH"
				}
				add(fix, "the hooks at %s scope run %s: %v", sc.Name, f.Program, err)
			}
		}
		if gjson.GetBytes(data, "disableAllHooks").Bool() {
			add("remove \"disableAllHooks\" from "+sc.Settings, "%s sets \"disableAllHooks\": no hook runs", sc.Settings)
		}
		gjson.GetBytes(data, "enabledPlugins").ForEach(func(k, v gjson.Result) bool {
			if strings.HasPrefix(k.String(), "openloop@") && (v.Bool() || v.IsArray()) {
				plugin = k.String() + " (" + sc.Name + " scope)"
			}
			return true
		})
	}
	var missing []string
	twice := map[string]bool{} // scopes whose commands differ for one event
	both := ""                 // a scope registered beside the plugin
	for _, ev := range settings.Events {
		var where []string
		cmds := map[string]bool{}
		for _, f := range reg[ev.Name] {
			where = append(where, f.scope)
			cmds[f.Command] = true
		}
		switch {
		case len(where) == 0 && plugin != "":
			row(ev.Name, "plugin %s", plugin)
		case len(where) == 0:
			row(ev.Name, "not registered")
			missing = append(missing, ev.Name)
		default:
			row(ev.Name, "%s", strings.Join(where, ", "))
		}
		if len(cmds) > 1 {
			for _, f := range reg[ev.Name] {
				twice[f.scope] = true
			}
		}
		if len(where) > 0 && plugin != "" && both == "" {
			both = where[0]
		}
	}
	switch st, _ := config.Load(p.ConfigDir); {
	case len(assist) > 0 && !st.Assist:
		row("assist", "off: the hooks at %s scope run with --assist, but %s sets \"assist\": false (no rule, no nudges)", strings.Join(assist, ", "), config.Path(p.ConfigDir))
	case len(assist) > 0:
		row("assist", "on (%s): Claude gets the parking rule and may run 'openloop park' unasked", strings.Join(assist, ", "))
	case len(reg) > 0:
		row("assist", "off: the hook alone parks; 'openloop install --assist' lets Claude judge and name the loops (about 180 tokens a session start and a line per likely loop)")
	default:
		row("assist", "off (openloop install sets it up)")
	}
	switch {
	case len(missing) == len(settings.Events):
		add("openloop install", "openloop's hooks are not registered")
	case len(missing) > 0:
		add("openloop install", "the %s hook(s) are not registered", strings.Join(missing, ", "))
	}
	if len(twice) > 0 {
		var names, fixes []string
		for _, sc := range all {
			if twice[sc.Name] {
				names = append(names, sc.Name)
				fixes = append(fixes, "openloop uninstall --scope "+sc.Name)
			}
		}
		add("keep one scope's: "+strings.Join(fixes, ", or ")+" (then openloop doctor again)",
			"openloop's hooks are registered at more than one scope with different commands (%s): every event is delivered twice (harmless: openloop parks an idea once)", strings.Join(names, ", "))
	}
	if both != "" {
		add("keep one: disable the plugin (/plugin), or run openloop uninstall --scope "+both,
			"openloop's hooks are registered in settings and by the plugin %s: every event is delivered twice (harmless: openloop parks an idea once)", plugin)
	}
	in.command(all, plugin, row, add)
	row("plugin", "%s", orText(plugin, "not enabled"))

	return r
}

// command reports where the /session command file is and checks it.
func (in Input) command(all []settings.Scope, plugin string, row func(string, string, ...any), add func(string, string, ...any)) {
	var where []string
	seen := map[string]bool{}
	for _, sc := range all {
		if seen[sc.Command] {
			continue
		}
		seen[sc.Command] = true
		data, ok, err := userfile.ReadOptional(sc.Command)
		if err != nil {
			add("replace it with a regular file, or remove it", "cannot read %s: %v", sc.Command, err)
			continue
		}
		if !ok {
			continue
		}
		exe, _, ours := settings.ParseCommandFile(data)
		switch {
		case !ours && strings.Contains(string(data), settings.Marker):
			add("openloop install --force replaces it (--dry-run shows the change first)",
				"%s was written by openloop and has been edited since", sc.Command)
			continue
		case !ours:
			add("move it away, then run openloop install",
				"%s is another /session command, not openloop's (the seed's, say)", sc.Command)
			continue
		}
		where = append(where, sc.Name)
		if err := in.checkProgram(exe); err != nil {
			fix := "openloop install --scope " + sc.Name
			if exe == settings.PortableExe {
				fix = "put openloop on PATH: go install ./cmd/openloop, with $(go env GOPATH)/bin on PATH"
			}
			add(fix, "%s runs %s: %v", sc.Command, exe, err)
		}
	}
	switch {
	case len(where) > 0:
		row("/session command", "%s", strings.Join(where, ", "))
	case plugin != "":
		row("/session command", "plugin %s (as /openloop:session)", plugin)
	default:
		row("/session command", "not installed")
		add("openloop install", "the /session command is not installed")
	}
}

func orText(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func (in Input) checkProgram(prog string) error { return CheckProgram(prog, in.Cwd, in.Getenv) }

// CheckProgram checks that a hook's program word names an executable file:
// "$CLAUDE_PROJECT_DIR" is the working directory cwd, "~/" the home folder,
// a bare name is looked up on $PATH. A plugin's ${CLAUDE_PLUGIN_ROOT}
// cannot be checked from here and passes.
func CheckProgram(prog, cwd string, getenv func(string) string) error {
	if strings.Contains(prog, "CLAUDE_PLUGIN_ROOT") {
		return nil
	}
	prog = strings.NewReplacer("${CLAUDE_PROJECT_DIR}", cwd, "$CLAUDE_PROJECT_DIR", cwd).Replace(prog)
	if rest, ok := strings.CutPrefix(prog, "~/"); ok {
		prog = filepath.Join(getenv("HOME"), rest)
	}
	if !strings.ContainsAny(prog, `/\`) {
		for _, dir := range filepath.SplitList(getenv("PATH")) {
			if dir == "" {
				continue
			}
			if isExecutable(filepath.Join(dir, prog)) == nil ||
				runtime.GOOS == "windows" && isExecutable(filepath.Join(dir, prog+".exe")) == nil {
				return nil
			}
		}
		return fmt.Errorf("not found on $PATH")
	}
	return isExecutable(prog)
}

func isExecutable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("does not exist")
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("is not a file")
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0 {
		return fmt.Errorf("is not executable")
	}
	return nil
}

// checkWritable checks that dir, or the nearest folder above it that
// exists, takes a new file; the probe file is removed at once.
func checkWritable(dir string) error {
	for d := dir; ; d = filepath.Dir(d) {
		if fi, err := os.Stat(d); err == nil {
			if !fi.IsDir() {
				return fmt.Errorf("%s is not a folder", d)
			}
			f, err := os.CreateTemp(d, ".openloop-doctor-*")
			if err != nil {
				return err
			}
			f.Close()
			return os.Remove(f.Name())
		}
		if filepath.Dir(d) == d {
			return fmt.Errorf("no folder of %s exists", dir)
		}
	}
}

// Write prints the report: each row, then each problem with its fix and
// how many there are, or that nothing is wrong. Every value is a path or
// text from a settings file: escaped.
func (r Report) Write(w io.Writer) {
	for _, row := range r.Rows {
		fmt.Fprintf(w, "%-18s %s\n", row.Key, termsafe.Line(row.Value))
	}
	if len(r.Problems) == 0 {
		fmt.Fprintln(w, "OK: nothing wrong")
		return
	}
	fmt.Fprintln(w)
	for _, pr := range r.Problems {
		fmt.Fprintf(w, "problem: %s\n  fix: %s\n", termsafe.Line(pr.What), termsafe.Line(pr.Fix))
	}
	fmt.Fprintf(w, "%d problem(s) found\n", len(r.Problems))
}
