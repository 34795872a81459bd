package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/doctor"
	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/userfile"
)

// runInstall registers openloop's hooks in one scope's settings file and
// writes the /session command file for it. It checks everything before it
// writes anything: an invalid settings file, or a session.md that openloop
// did not write or that was edited since (the seed's own /session command,
// say), stops it with nothing changed; --force replaces such a session.md.
// What it creates is recorded (see installRecord) so that uninstall gives
// back exactly what was there.
func runInstall(e *Env, args []string) int {
	fs := newFlags(e, "install", nil)
	scopeName := fs.String("scope", settings.DefaultScope, "user, project or local")
	bin := fs.String("bin", "", "the openloop binary the hooks run (default: this one); not for --scope project, which runs openloop from PATH")
	force := fs.Bool("force", false, "replace a session.md that openloop did not write or that was edited since (it is kept, and uninstall puts it back)")
	dry := fs.Bool("dry-run", false, "print the changes as a diff for patch(1) and write nothing")
	assist := fs.Bool("assist", false, "also give Claude the parking rule at session start and a nudge for a likely loop, and let it run 'openloop park' without a prompt (a permission rule in the same settings file)")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	p, err := e.paths(common{})
	if err != nil {
		errorf(e.Stderr, "install: %v", err)
		return ExitFailure
	}
	all := settings.Unify(settings.Scopes(p.Cwd, p.Root, p.ConfigDir))
	sc, err := settings.PickScope(all, *scopeName)
	if err != nil {
		errorf(e.Stderr, "install: %v", err)
		return ExitUsage
	}
	exe := settings.PortableExe
	switch {
	case sc.Shared && *bin != "":
		errorf(e.Stderr, "install: --bin does not apply to --scope project: its files are shared, so they run openloop from each machine's PATH")
		hintf(e.Stderr, "put the binary on PATH as openloop, or use --scope user or local for a binary elsewhere")
		return ExitUsage
	case !sc.Shared:
		if exe, err = installBinary(e, *bin); err != nil {
			errorf(e.Stderr, "install: %v", err)
			hintf(e.Stderr, "install the binary first (go install ./cmd/openloop), then run 'openloop install' from it, or pass --bin PATH")
			return ExitFailure
		}
	}

	if err := stateDirs(p.ConfigDir, recordPath(p.ConfigDir, sc.Settings), keptPath(p.ConfigDir, sc.Command)); err != nil {
		errorf(e.Stderr, "install: %v", err)
		hintf(e.Stderr, "replace the link with a real folder (or remove it), then run 'openloop install' again; nothing was changed")
		return ExitFailure
	}
	oldSettings, settingsExists, err := userfile.ReadOptional(sc.Settings)
	if err != nil {
		errorf(e.Stderr, "install: %v", err)
		return ExitFailure
	}
	hookCmd, rule := settings.HookCommand(exe), ""
	if *assist {
		hookCmd, rule = settings.AssistHookCommand(exe), settings.AssistRule(exe)
	}
	// The record of the install before, if it is still this file's: a
	// rule it added and this one does not want is taken back.
	rec := loadRecord(p.ConfigDir, sc.Settings)
	var prev *settings.Undo
	found, _ := settings.Find(oldSettings)
	if rec != nil && len(found) > 0 {
		prev = &rec.Undo
	}
	newSettings, changes, undo, err := settings.InstallRule(oldSettings, hookCmd, rule, prev)
	if errors.Is(err, settings.ErrDamagedUndo) {
		errorf(e.Stderr, "install: %s: %v", recordPath(p.ConfigDir, sc.Settings), err)
		hintf(e.Stderr, "remove that file and run 'openloop install' again; nothing was changed")
		return ExitFailure
	}
	if err != nil {
		errorf(e.Stderr, "install: %s: %v", sc.Settings, err)
		hintf(e.Stderr, "fix or move the file, then run 'openloop install' again; nothing was changed")
		return ExitFailure
	}
	oldCmd, cmdExists, err := userfile.ReadOptional(sc.Command)
	if err != nil {
		errorf(e.Stderr, "install: %v", err)
		return ExitFailure
	}
	_, nonce, ours := settings.ParseCommandFile(oldCmd)
	if cmdExists && !ours && !*force {
		if strings.Contains(string(oldCmd), settings.Marker) {
			errorf(e.Stderr, "install: %s was written by openloop and has been edited since; installing would undo those edits", sc.Command)
			hintf(e.Stderr, "to replace it with openloop's, run 'openloop install --force' (--dry-run shows the change first); nothing was changed")
		} else {
			errorf(e.Stderr, "install: %s is another /session command, not openloop's", sc.Command)
			hintf(e.Stderr, "it may be the /session command that openloop replaces: move it away, or replace it with 'openloop install --force', which keeps it for uninstall to put back; nothing was changed")
		}
		return ExitFailure
	}
	if !ours {
		if nonce, err = userfile.Nonce(e.Rand); err != nil {
			errorf(e.Stderr, "install: %v", err)
			return ExitFailure
		}
	}
	newCmd := settings.CommandFile(exe, nonce)
	if !settingsExists {
		oldSettings = nil
	}
	if !cmdExists {
		oldCmd = nil
	}

	if *dry {
		userfile.Diff(e.Stdout, userfile.DiffName(e.Cwd, sc.Settings), oldSettings, newSettings)
		userfile.Diff(e.Stdout, userfile.DiffName(e.Cwd, sc.Command), oldCmd, newCmd)
		return ExitOK
	}
	settingsChanged := !bytes.Equal(oldSettings, newSettings) || !settingsExists
	cmdChanged := !bytes.Equal(oldCmd, newCmd) || !cmdExists
	stateMade := userfile.MissingDirs(recordPath(p.ConfigDir, sc.Settings)) // before keep makes them
	kept := ""
	if cmdChanged && cmdExists && !ours {
		// --force: the file replaced is the user's; keep it for uninstall.
		if err := keep(e, p.ConfigDir, sc.Command, oldCmd); err != nil {
			errorf(e.Stderr, "install: keep %s before replacing it: %v", sc.Command, err)
			hintf(e.Stderr, "move %s away yourself, then run 'openloop install' again; nothing was changed", sc.Command)
			return ExitFailure
		}
		kept = keptPath(p.ConfigDir, sc.Command)
	}
	if settingsChanged || cmdChanged {
		if err := recordInstall(e, p.ConfigDir, sc, rec, len(found) > 0, settingsExists, undo, cmdChanged, stateMade); err != nil {
			errorf(e.Stderr, "install: keep a record of what install creates: %v", err)
			hintf(e.Stderr, "nothing was changed")
			return ExitFailure
		}
	}
	if settingsChanged {
		if _, err := userfile.Write(sc.Settings, newSettings, e.Now()); err != nil {
			errorf(e.Stderr, "install: %v", err)
			return ExitFailure
		}
	}
	if cmdChanged {
		if _, err := userfile.Write(sc.Command, newCmd, e.Now()); err != nil {
			errorf(e.Stderr, "install: %v", err)
			hintf(e.Stderr, "the hooks are registered; run 'openloop install' again to write the command")
			return ExitFailure
		}
	}
	w := e.Stdout
	if settingsChanged || cmdChanged {
		fmt.Fprintf(w, "Installed openloop (scope %s)\n", sc.Name)
	} else {
		fmt.Fprintf(w, "Already installed (scope %s); nothing changed\n", sc.Name)
	}
	fmt.Fprintf(w, "  %s: %s\n", termsafe.Line(sc.Settings), describe(changes))
	switch {
	case kept != "":
		fmt.Fprintf(w, "  %s: written; the file it replaced is kept in %s, and uninstall puts it back\n", termsafe.Line(sc.Command), termsafe.Line(kept))
	default:
		fmt.Fprintf(w, "  %s: %s\n", termsafe.Line(sc.Command), map[bool]string{true: "written", false: "unchanged"}[cmdChanged])
	}
	fmt.Fprintf(w, "  hook command: %s\n", termsafe.Line(hookCmd))
	same := sameFiles(w, all, sc)
	if sc.Shared {
		if same == "" {
			fmt.Fprintln(w, "  These files name no path of this machine: commit them, and each teammate's hooks run")
			fmt.Fprintln(w, "  the openloop on their PATH, or do nothing where there is none.")
		}
		if doctor.CheckProgram(exe, e.Cwd, e.Getenv) != nil {
			fmt.Fprintln(w, "  openloop is not on this shell's PATH: the hooks do nothing here until it is.")
		}
	}
	if settingsChanged || cmdChanged {
		fmt.Fprintln(w, "New Claude Code sessions pick this up; check with 'openloop doctor'.")
	}
	warnTwice(e, all, sc, hookCmd)
	return ExitOK
}

// warnTwice warns when another scope (another settings file) registers
// openloop's hooks with another command: Claude Code runs both, so every
// event reaches openloop twice. It says how to keep one.
func warnTwice(e *Env, all []settings.Scope, sc settings.Scope, hookCmd string) {
	for _, o := range all {
		if o.Settings == sc.Settings {
			continue
		}
		data, ok, err := userfile.ReadOptional(o.Settings)
		if err != nil || !ok {
			continue
		}
		found, _ := settings.Find(data)
		if !slices.ContainsFunc(found, func(f settings.Found) bool { return f.Command != hookCmd }) {
			continue
		}
		warnf(e.Stderr, "the %s scope registers openloop's hooks too (%s): Claude Code runs both, and every event reaches openloop twice", o.Name, o.Settings)
		hintf(e.Stderr, "keep one: 'openloop uninstall --scope %s' removes the other, or 'openloop uninstall --scope %s' undoes this install", o.Name, sc.Name)
		return
	}
}

// recordInstall notes, before anything is written, what this install
// creates: the settings file or its containers, and the folders of both
// files. A settings file that holds no openloop handler starts a new
// record (an older one is out of date); one that does updates its record
// (undo is then the record's Undo with this install's changes).
func recordInstall(e *Env, configDir string, sc settings.Scope, rec *installRecord, hadHooks, existed bool, undo settings.Undo, cmdChanged bool, stateMade []string) error {
	switch {
	case !hadHooks:
		rec = &installRecord{Settings: sc.Settings, FileCreated: !existed, Undo: undo}
	case rec == nil:
		// Installed before records were kept: what that install created
		// is unknown, and uninstall does best without a record.
		return nil
	default:
		rec.Undo = undo
	}
	if !existed {
		rec.addDirs(userfile.MissingDirs(sc.Settings))
	}
	if cmdChanged {
		rec.addDirs(userfile.MissingDirs(sc.Command))
	}
	// The record itself may make the config folder: a project install in
	// a home where Claude Code has not run yet.
	rec.addDirs(stateMade)
	return saveRecord(e, configDir, rec)
}

// installBinary is the absolute path of the binary the hooks will run:
// --bin, or this binary unless it is a temporary "go run" build, which is
// deleted when go run exits.
func installBinary(e *Env, bin string) (string, error) {
	if bin == "" {
		bin = e.Exe
		if isGoRunBuild(bin) {
			return "", fmt.Errorf("this binary is a temporary 'go run' build (%s)", bin)
		}
	}
	if bin == "" {
		if e.exeErr != nil {
			return "", fmt.Errorf("cannot tell where this binary is: %w", e.exeErr)
		}
		return "", errors.New("cannot tell where this binary is")
	}
	if !filepath.IsAbs(bin) {
		bin = filepath.Join(e.Cwd, bin)
	}
	// The path goes into one line of sh in the settings file and the
	// /session command file: a line break in it splits that line, and
	// uninstall could no longer tell the command file for openloop's.
	if strings.ContainsFunc(bin, unicode.IsControl) {
		return "", fmt.Errorf("binary path %q holds a control character; the hooks run it from one line of sh", bin)
	}
	fi, err := os.Stat(bin) // Stat, not open: a FIFO here is refused below, never read
	if err != nil {
		return "", fmt.Errorf("binary %s: %w", bin, err)
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("binary %s is not a regular file", bin)
	}
	return filepath.Clean(bin), nil
}

// isGoRunBuild reports whether exe was built by go run: it lives in the
// build cache ($GOCACHE, …/go-build/xx/…-d/<name> since Go 1.24) or in a
// temporary work folder ($TMPDIR/go-build…/b001/exe/<name>), and either
// can disappear at any time.
func isGoRunBuild(exe string) bool {
	for _, el := range strings.FieldsFunc(exe, func(r rune) bool { return r == '/' || r == '\\' }) {
		if strings.HasPrefix(el, "go-build") {
			return true
		}
	}
	return false
}

// sameFiles says, when another scope is the same files as sc (run from
// the home folder, the project scope's .claude is the config dir), that
// the two are one here, and returns its name.
func sameFiles(w io.Writer, all []settings.Scope, sc settings.Scope) string {
	other := settings.SameAs(all, sc)
	if other != "" {
		fmt.Fprintf(w, "  Here the %s and %s scopes are the same files: %s is the config dir.\n", sc.Name, other, termsafe.Line(filepath.Dir(sc.Settings)))
	}
	return other
}

// describe lists what happened per event: "UserPromptSubmit added, …".
func describe(changes []settings.Change) string {
	parts := make([]string, len(changes))
	for i, c := range changes {
		parts[i] = c.Event + " " + string(c.Action)
	}
	return strings.Join(parts, ", ")
}
