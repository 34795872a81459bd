// Package install registers openloop with Claude Code at one scope (the
// hooks in a settings file, the /session command file) and takes it back.
// Install checks everything before it writes anything: an invalid
// settings file, or a session.md that openloop did not write or that was
// edited since (the seed's own /session command, say), stops it with
// nothing changed; Force replaces such a session.md and keeps it (see
// keep). What it creates is recorded (see installRecord) so that Uninstall
// gives back exactly what was there. Errors carry their hint
// (internal/hint), and usage errors are marked as such.
package install

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/openloop/openloop/internal/hint"
	"github.com/openloop/openloop/pkg/config"
	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/userfile"
)

// Options are what install and uninstall are asked to do, and where.
type Options struct {
	Scopes    []settings.Scope // every scope (settings.Unify'd), to compare with
	Scope     settings.Scope   // the scope to change
	ConfigDir string           // where the records are kept
	Cwd       string           // a relative --bin is taken from here; dry-run names files from here
	Bin       string           // --bin: the binary the hooks run ("": Exe)
	Exe       string           // this binary; ExeErr says why it is unknown
	ExeErr    error
	Mode      Mode // --assist, --no-assist, or neither
	Force     bool // replace a session.md that is not openloop's
	DryRun    bool // write nothing: Diff holds the changes
	Now       time.Time
	Rand      io.Reader // the heredoc nonce's source (nil: crypto/rand)
}

// Mode is the detection mode asked for: ModeDefault takes it from the
// user's settings file ("assist"), else from the install already in the
// scope (a user who has an older install keeps what they have), else
// assist.
type Mode int

// The modes.
const (
	ModeDefault Mode = iota
	ModeAssist
	ModeNoAssist
)

// mode resolves o.Mode for a settings file holding found: whether to
// install assist, and what decided it when the user did not ("" for the
// product's default or a flag).
func (o Options) mode(found []settings.Found) (bool, string) {
	switch o.Mode {
	case ModeAssist:
		return true, ""
	case ModeNoAssist:
		return false, ""
	}
	if s, err := config.Load(o.ConfigDir); err == nil && s.AssistSet {
		return s.Assist, config.Path(o.ConfigDir) + " sets \"assist\""
	}
	if len(found) > 0 {
		return found[0].Assist, "kept from the install before"
	}
	return true, ""
}

// Done is what Install or Uninstall did, for the command to report.
type Done struct {
	SettingsChanged, CmdChanged bool
	Changes                     []settings.Change // per event and rule
	Exe                         string            // the binary the hooks run
	HookCmd                     string
	Kept                        string // where the file install --force replaced is kept
	SameAs                      string // another scope that is the same files (see settings.SameAs)
	Twice                       *settings.Scope
	Diff                        []byte // DryRun: the changes as a diff for patch(1)
	Assist                      bool   // the hooks run with --assist
	AssistFrom                  string // why that mode: "", or what chose it (ModeFrom)

	// Uninstall only.
	SettingsExisted bool
	SettingsRemoved bool   // install created it and it held nothing else
	CmdNote         string // what became of the command file
}

// Install registers the hooks in o.Scope's settings file and writes its
// /session command file.
func Install(o Options) (Done, error) {
	sc := o.Scope
	d := Done{Exe: settings.PortableExe, SameAs: settings.SameAs(o.Scopes, sc)}
	var err error
	switch {
	case sc.Shared && o.Bin != "":
		return d, hint.Usage(errors.New("--bin does not apply to --scope project: its files are shared, so they run openloop from each machine's PATH"),
			"put the binary on PATH as openloop, or use --scope user or local for a binary elsewhere")
	case !sc.Shared:
		if d.Exe, err = binary(o); err != nil {
			return d, hint.Wrap(err, "install the binary first (go install ./cmd/openloop), then run 'openloop install' from it, or pass --bin PATH")
		}
	}

	if err := stateDirs(o.ConfigDir, recordPath(o.ConfigDir, sc.Settings), keptPath(o.ConfigDir, sc.Command)); err != nil {
		return d, hint.Wrap(err, "replace the link with a real folder (or remove it), then run 'openloop install' again; nothing was changed")
	}
	oldSettings, settingsExists, err := userfile.ReadOptional(sc.Settings)
	if err != nil {
		return d, err
	}
	rule := ""
	found, _ := settings.Find(oldSettings)
	d.Assist, d.AssistFrom = o.mode(found)
	d.HookCmd = settings.HookCommand(d.Exe)
	if d.Assist {
		d.HookCmd, rule = settings.AssistHookCommand(d.Exe), settings.AssistRule(d.Exe)
	}
	// The record of the install before, if it is still this file's: a
	// rule it added and this one does not want is taken back.
	rec := loadRecord(o.ConfigDir, sc.Settings)
	var prev *settings.Undo
	if rec != nil && len(found) > 0 {
		prev = &rec.Undo
	}
	newSettings, changes, undo, err := settings.InstallRule(oldSettings, d.HookCmd, rule, prev)
	if errors.Is(err, settings.ErrDamagedUndo) {
		return d, hint.Wrap(fmt.Errorf("%s: %w", recordPath(o.ConfigDir, sc.Settings), err), "remove that file and run 'openloop install' again; nothing was changed")
	}
	if err != nil {
		return d, hint.Wrap(fmt.Errorf("%s: %w", sc.Settings, err), "fix or move the file, then run 'openloop install' again; nothing was changed")
	}
	d.Changes = changes
	oldCmd, cmdExists, err := userfile.ReadOptional(sc.Command)
	if err != nil {
		return d, err
	}
	_, nonce, ours := settings.ParseCommandFile(oldCmd)
	if cmdExists && !ours && !o.Force {
		if strings.Contains(string(oldCmd), settings.Marker) {
			return d, hint.Wrap(fmt.Errorf("%s was written by openloop and has been edited since; installing would undo those edits", sc.Command),
				"to replace it with openloop's, run 'openloop install --force' (--dry-run shows the change first); nothing was changed")
		}
		return d, hint.Wrap(fmt.Errorf("%s is another /session command, not openloop's", sc.Command),
			"it may be the /session command that openloop replaces: move it away, or replace it with 'openloop install --force', which keeps it for uninstall to put back; nothing was changed")
	}
	if !ours {
		if nonce, err = userfile.Nonce(o.Rand); err != nil {
			return d, err
		}
	}
	newCmd := settings.CommandFile(d.Exe, nonce)
	if !settingsExists {
		oldSettings = nil
	}
	if !cmdExists {
		oldCmd = nil
	}

	if o.DryRun {
		d.Diff = o.diff(oldSettings, newSettings, oldCmd, newCmd)
		return d, nil
	}
	d.SettingsChanged = !bytes.Equal(oldSettings, newSettings) || !settingsExists
	d.CmdChanged = !bytes.Equal(oldCmd, newCmd) || !cmdExists
	stateMade := userfile.MissingDirs(recordPath(o.ConfigDir, sc.Settings)) // before keep makes them
	if d.CmdChanged && cmdExists && !ours {
		// --force: the file replaced is the user's; keep it for uninstall.
		if err := keep(o.Now, o.ConfigDir, sc.Command, oldCmd); err != nil {
			return d, hint.Wrap(fmt.Errorf("keep %s before replacing it: %w", sc.Command, err),
				fmt.Sprintf("move %s away yourself, then run 'openloop install' again; nothing was changed", sc.Command))
		}
		d.Kept = keptPath(o.ConfigDir, sc.Command)
	}
	if d.SettingsChanged || d.CmdChanged {
		if err := recordInstall(o, rec, len(found) > 0, settingsExists, undo, d.CmdChanged, stateMade); err != nil {
			return d, hint.Wrap(fmt.Errorf("keep a record of what install creates: %w", err), "nothing was changed")
		}
	}
	if d.SettingsChanged {
		if _, err := userfile.Write(sc.Settings, newSettings, o.Now); err != nil {
			return d, err
		}
	}
	if d.CmdChanged {
		if _, err := userfile.Write(sc.Command, newCmd, o.Now); err != nil {
			return d, hint.Wrap(err, "the hooks are registered; run 'openloop install' again to write the command")
		}
	}
	d.Twice = twice(o.Scopes, sc, d.HookCmd)
	return d, nil
}

// diff is what a dry run prints: the changes to the scope's two files as
// a diff for patch(1).
func (o Options) diff(oldSettings, newSettings, oldCmd, newCmd []byte) []byte {
	var b bytes.Buffer
	userfile.Diff(&b, userfile.DiffName(o.Cwd, o.Scope.Settings), oldSettings, newSettings)
	userfile.Diff(&b, userfile.DiffName(o.Cwd, o.Scope.Command), oldCmd, newCmd)
	return b.Bytes()
}

// twice finds another scope (another settings file) that registers
// openloop's hooks with another command: Claude Code runs both, so every
// event reaches openloop twice.
func twice(all []settings.Scope, sc settings.Scope, hookCmd string) *settings.Scope {
	for _, o := range all {
		if o.Settings == sc.Settings {
			continue
		}
		data, ok, err := userfile.ReadOptional(o.Settings)
		if err != nil || !ok {
			continue
		}
		found, _ := settings.Find(data)
		if slices.ContainsFunc(found, func(f settings.Found) bool { return f.Command != hookCmd }) {
			return &o
		}
	}
	return nil
}

// recordInstall notes, before anything is written, what this install
// creates: the settings file or its containers, and the folders of both
// files. A settings file that holds no openloop handler starts a new
// record (an older one is out of date); one that does updates its record
// (undo is then the record's Undo with this install's changes).
func recordInstall(o Options, rec *installRecord, hadHooks, existed bool, undo settings.Undo, cmdChanged bool, stateMade []string) error {
	sc := o.Scope
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
	return saveRecord(o.Now, o.ConfigDir, rec)
}

// binary is the absolute path of the binary the hooks will run: --bin, or
// this binary unless it is a temporary "go run" build, which is deleted
// when go run exits.
func binary(o Options) (string, error) {
	bin := o.Bin
	if bin == "" {
		bin = o.Exe
		if isGoRunBuild(bin) {
			return "", fmt.Errorf("this binary is a temporary 'go run' build (%s)", bin)
		}
	}
	if bin == "" {
		if o.ExeErr != nil {
			return "", fmt.Errorf("cannot tell where this binary is: %w", o.ExeErr)
		}
		return "", errors.New("cannot tell where this binary is")
	}
	if !filepath.IsAbs(bin) {
		bin = filepath.Join(o.Cwd, bin)
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
