package main

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/openloop/openloop/pkg/project"
)

// State is a run's state, in DIR/run.json. The wrapper reads it to know
// which message is under way when openloop is called.
type State struct {
	Session      string   `json:"session"`
	Script       string   `json:"script,omitempty"` // a session file given with -script
	Runner       string   `json:"runner"`           // "driver" (a helper acts as Claude) or "claude" (the real CLI)
	SessionID    string   `json:"session_id"`
	Turn         int      `json:"turn"` // 0 before the first message, i while message i is under way, n+1 after the last
	Messages     int      `json:"messages"`
	Over         bool     `json:"over"`
	Dir          string   `json:"dir"`
	Project      string   `json:"project"`
	Home         string   `json:"home"`
	Bin          string   `json:"bin"` // the real openloop binary
	Transcript   string   `json:"transcript"`
	LastUUID     string   `json:"last_uuid,omitempty"`
	StopActive   bool     `json:"stop_hook_active,omitempty"` // the last Stop gave feedback: the turn goes on
	InstallFlags []string `json:"install_flags"`
	Started      string   `json:"started"`
}

// Paths inside a run dir.
func (st *State) configDir() string { return filepath.Join(st.Home, ".claude") }
func (st *State) wrapper() string   { return filepath.Join(st.Dir, "bin", "openloop") }
func (st *State) callLog() string   { return filepath.Join(st.Dir, "log", "calls.jsonl") }
func (st *State) hookLog() string   { return filepath.Join(st.Dir, "log", "hooks.jsonl") }
func (st *State) replyFile(i int) string {
	return filepath.Join(st.Dir, "replies", fmt.Sprintf("%02d.md", i))
}

func loadState(dir string) (*State, error) {
	b, err := os.ReadFile(filepath.Join(dir, "run.json"))
	if err != nil {
		return nil, fmt.Errorf("%s is not a run dir (no run.json): %w", dir, err)
	}
	var st State
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("%s/run.json: %w", dir, err)
	}
	return &st, nil
}

func (st *State) save() error {
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(st.Dir, "run.json"), append(b, '\n'))
}

// session is the run's script.
func (st *State) session() (Session, error) {
	if st.Script != "" {
		b, err := os.ReadFile(st.Script)
		if err != nil {
			return Session{}, err
		}
		return ParseSession(b)
	}
	return FindSession(st.Session)
}

func writeAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// setupFlags are the flags start and claude share.
type setupFlags struct {
	session, dir, bin, installFlags, script string
}

func (f *setupFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.session, "session", "", "the session: its id or number (see 'insession sessions')")
	fs.StringVar(&f.dir, "dir", "", "the run dir to create (must not exist or be empty)")
	fs.StringVar(&f.bin, "bin", "", "the openloop binary to measure (default: go build ./cmd/openloop)")
	fs.StringVar(&f.installFlags, "install-flags", "", "flags for 'openloop install', split on spaces (default: none, the product's default install)")
	fs.StringVar(&f.script, "script", "", "a session file to play instead of a scripted session (for tests of the harness)")
}

// setup makes a run dir: its HOME, the scratch project, the openloop
// binary and its wrapper, and openloop installed as a user would.
func setup(f setupFlags, runner string, log io.Writer) (*State, Session, error) {
	if f.dir == "" || (f.session == "" && f.script == "") {
		return nil, Session{}, errors.New("-session and -dir are required")
	}
	st := &State{Session: f.session, Runner: runner}
	if f.script != "" {
		abs, err := filepath.Abs(f.script)
		if err != nil {
			return nil, Session{}, err
		}
		st.Script = abs
	}
	sess, err := st.session()
	if err != nil {
		return nil, Session{}, err
	}
	st.Session = sess.ID
	st.Messages = len(sess.Messages)
	dir, err := filepath.Abs(f.dir)
	if err != nil {
		return nil, Session{}, err
	}
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return nil, Session{}, fmt.Errorf("%s is not empty: give a new run dir", dir)
	}
	for _, sub := range []string{"home/.claude", "project", "bin", "log", "replies"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return nil, Session{}, err
		}
	}
	// Paths as the hooks will see them: a symlinked temp dir (macOS /tmp)
	// resolved, as Claude Code's cwd is.
	if dir, err = filepath.EvalSymlinks(dir); err != nil {
		return nil, Session{}, err
	}
	st.Dir = dir
	st.Home = filepath.Join(dir, "home")
	st.Project = filepath.Join(dir, "project")
	st.Started = time.Now().UTC().Format(time.RFC3339)
	st.SessionID = newUUID()
	if err := writeProject(st.Project); err != nil {
		return nil, Session{}, err
	}
	if st.Bin, err = openloopBinary(f.bin, filepath.Join(dir, "bin", "openloop-real"), log); err != nil {
		return nil, Session{}, err
	}
	if err := writeWrapper(st); err != nil {
		return nil, Session{}, err
	}
	st.InstallFlags = strings.Fields(f.installFlags)
	st.Transcript = filepath.Join(st.configDir(), "projects", project.ClaudeFolderName(st.Project), st.SessionID+".jsonl")
	if err := st.save(); err != nil {
		return nil, Session{}, err
	}
	if err := install(st, log); err != nil {
		return nil, Session{}, err
	}
	return st, sess, nil
}

// openloopBinary puts the binary to measure at dst: a copy of bin, or a
// build of ./cmd/openloop from the current directory (the repository).
func openloopBinary(bin, dst string, log io.Writer) (string, error) {
	if bin == "" {
		fmt.Fprintf(log, "building ./cmd/openloop …\n")
		cmd := exec.Command("go", "build", "-o", dst, "./cmd/openloop")
		cmd.Stdout, cmd.Stderr = log, log
		if err := cmd.Run(); err != nil {
			return "", fmt.Errorf("go build ./cmd/openloop (run from the repository, or give -bin): %w", err)
		}
		return dst, nil
	}
	b, err := os.ReadFile(bin)
	if err != nil {
		return "", err
	}
	return dst, os.WriteFile(dst, b, 0o755)
}

// install runs `openloop install` with the run's flags, as a user would,
// with the run's HOME. Hooks are registered to run the wrapper (so every
// hook run is logged), unless the flags name a binary or the project
// scope (which runs openloop from PATH, where the wrapper comes first).
func install(st *State, log io.Writer) error {
	args := append([]string{"install"}, st.InstallFlags...)
	if !hasFlag(st.InstallFlags, "bin") && flagValue(st.InstallFlags, "scope") != "project" {
		args = append(args, "--bin", st.wrapper())
	}
	cmd := exec.Command(st.Bin, args...)
	cmd.Dir = st.Project
	cmd.Env = st.env(nil)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if err := os.WriteFile(filepath.Join(st.Dir, "log", "install.txt"), []byte("openloop "+strings.Join(args, " ")+"\n"+out.String()), 0o644); err != nil {
		return err
	}
	if err != nil {
		return fmt.Errorf("openloop %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	fmt.Fprintf(log, "openloop %s\n", strings.Join(args, " "))
	return nil
}

func hasFlag(args []string, name string) bool {
	for _, a := range args {
		a = strings.TrimLeft(a, "-")
		if a == name || strings.HasPrefix(a, name+"=") {
			return true
		}
	}
	return false
}

func flagValue(args []string, name string) string {
	for i, a := range args {
		t := strings.TrimLeft(a, "-")
		if v, ok := strings.CutPrefix(t, name+"="); ok {
			return v
		}
		if t == name && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// env is the environment of openloop and of hooks in this run: the
// caller's, without anything of Claude Code's or of another HOME, plus
// the run's HOME, config dir and PATH (the wrapper first), and extra.
func (st *State) env(extra map[string]string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if k == "HOME" || k == "PATH" || strings.HasPrefix(k, "CLAUDE") || strings.HasPrefix(k, "OPENLOOP") {
			continue
		}
		env = append(env, kv)
	}
	env = append(env,
		"HOME="+st.Home,
		"CLAUDE_CONFIG_DIR="+st.configDir(),
		"PATH="+filepath.Join(st.Dir, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"),
	)
	for k, v := range extra {
		env = append(env, k+"="+v)
	}
	return env
}

// appendFile appends b to the file at path, creating it.
func appendFile(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func newUUID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// cmdStart sets a run up, sends SessionStart and the first message, and
// prints what the acting Claude sees.
func cmdStart(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("start", flag.ContinueOnError)
	var f setupFlags
	f.register(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	st, sess, err := setup(f, "driver", io.Discard)
	if err != nil {
		return err
	}
	start, err := runHooks(st, "SessionStart", map[string]any{"source": "startup", "model": "claude-sonnet-5"})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Run dir: %s\nYou are Claude Code, at work in %s (a git repository).\n", st.Dir, st.Project)
	section(w, "context from the SessionStart hook (in your context, as Claude Code gives it)", start.context())
	return nextMessage(st, sess, w)
}

// nextMessage moves to the next message: runs UserPromptSubmit for it,
// records it in the transcript, and prints it with the hooks' output; or,
// after the last, ends the session.
func nextMessage(st *State, sess Session, w io.Writer) error {
	st.Turn++
	if err := st.save(); err != nil {
		return err
	}
	if st.Turn > len(sess.Messages) {
		if _, err := runHooks(st, "SessionEnd", map[string]any{"reason": "prompt_input_exit"}); err != nil {
			return err
		}
		st.Over = true
		if err := st.save(); err != nil {
			return err
		}
		fmt.Fprintf(w, "SESSION OVER\n")
		return nil
	}
	text := sess.Messages[st.Turn-1].Text()
	promptID := newUUID()
	ups, err := runHooks(st, "UserPromptSubmit", map[string]any{"prompt": text, "prompt_id": promptID, "permission_mode": "default"})
	if err != nil {
		return err
	}
	if ups.blocked() {
		fmt.Fprintf(w, "WARNING: a UserPromptSubmit hook blocked this prompt (Claude Code would erase it); it is sent anyway so the session goes on\n")
	}
	if err := appendUser(st, text, promptID); err != nil {
		return err
	}
	section(w, fmt.Sprintf("user message %d of %d", st.Turn, len(sess.Messages)), text)
	section(w, "context from the UserPromptSubmit hook (in your context, as Claude Code gives it)", ups.context())
	section(w, "shown to the user only, not in your context (hook systemMessage)", ups.messages())
	fmt.Fprintf(w, "\nDo the work in %s, then write your final reply to a file and run:\n  %s reply -dir %s -file <your reply file>\n",
		st.Project, filepath.Join(st.Dir, "bin", "insession"), st.Dir)
	return nil
}

func section(w io.Writer, title, body string) {
	if body == "" {
		body = "(none)"
	}
	fmt.Fprintf(w, "\n=== %s ===\n%s\n", title, strings.TrimRight(body, "\n"))
}

// cmdReply records Claude's reply to the message under way, runs Stop,
// and moves on.
func cmdReply(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("reply", flag.ContinueOnError)
	dir := fs.String("dir", "", "the run dir")
	file := fs.String("file", "", "a file holding Claude's final reply to the current message ('-' for stdin)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" || *file == "" {
		return errors.New("-dir and -file are required")
	}
	st, err := loadState(*dir)
	if err != nil {
		return err
	}
	if st.Over {
		return errors.New("the session is over; score it with 'insession score " + st.Dir + "'")
	}
	if st.Runner != "driver" {
		return fmt.Errorf("%s is a %s run, not one for replies", st.Dir, st.Runner)
	}
	sess, err := st.session()
	if err != nil {
		return err
	}
	var b []byte
	if *file == "-" {
		b, err = io.ReadAll(os.Stdin)
	} else {
		b, err = os.ReadFile(*file)
	}
	if err != nil {
		return err
	}
	reply := strings.TrimSpace(string(b))
	if reply == "" {
		return errors.New("the reply is empty")
	}
	if err := appendFile(st.replyFile(st.Turn), []byte(reply+"\n")); err != nil {
		return err
	}
	if err := appendAssistant(st, reply); err != nil {
		return err
	}
	stop, err := runHooks(st, "Stop", map[string]any{
		"permission_mode": "default", "stop_hook_active": st.StopActive, "last_assistant_message": reply,
		"background_tasks": []any{}, "session_crons": []any{}, "effort": map[string]any{"level": "medium"},
	})
	if err != nil {
		return err
	}
	if c := stop.context(); c != "" && !st.StopActive {
		st.StopActive = true
		if err := st.save(); err != nil {
			return err
		}
		section(w, "Stop hook feedback (in your context: Claude Code keeps the turn going with it; act on it, then reply again with 'reply')", c)
		// Claude Code would continue the same turn; the next reply is
		// recorded against the same message.
		return nil
	}
	st.StopActive = false
	section(w, "shown to the user only, not in your context (Stop hook systemMessage)", stop.messages())
	return nextMessage(st, sess, w)
}
