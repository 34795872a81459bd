// Package demo is what `openloop demo` plays: a throwaway world (a home
// folder of its own, a project that is a git repository, the session's
// transcript where Claude Code keeps it) and a short session in it, each
// turn's hook payload run through the real command line. It lives in
// internal/ because nothing but the demo command should build on it.
package demo

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/objfile"

	"github.com/openloop/openloop/pkg/project"
)

// The demo's session, in the shapes Claude Code writes (see the fixtures
// in testdata): a transcript where two tasks are created and completed,
// then the hook payloads of the turns that follow.

//go:embed transcript.jsonl
var transcriptTemplate string

// SessionID is the demo session's id, as Claude Code writes it.
const SessionID = "7b1d6c1e-3f7a-4c55-9e0b-2a8c4e9f1d20"

// World is the throwaway home folder and project of one demo run.
type World struct {
	Dir        string // the temp folder that holds everything
	Home       string
	Project    string
	Transcript string
	Start      time.Time // when the session started
}

// NewWorld makes the temp folder, a home folder, a project that is a
// git repository with two commits made during the session, and the
// session's transcript where Claude Code would keep it.
func NewWorld(now time.Time) (*World, error) {
	dir, err := os.MkdirTemp("", "openloop-demo-")
	if err != nil {
		return nil, err
	}
	if dir, err = filepath.EvalSymlinks(dir); err != nil { // macOS: /var → /private/var
		return nil, err
	}
	w := &World{Dir: dir, Home: filepath.Join(dir, "home"), Project: filepath.Join(dir, "acme-api"), Start: now.Add(-20 * time.Minute)}
	if err := os.MkdirAll(w.Project, 0o700); err != nil {
		return w, err
	}
	if err := demoRepo(w.Project, []demoCommit{
		{w.Start.Add(-48 * time.Hour), "Add the auth middleware"},
		{w.Start.Add(6 * time.Minute), "Add a failing test for the token refresh race"},
		{w.Start.Add(12 * time.Minute), "Hold the old token until the new one is stored"},
	}); err != nil {
		return w, fmt.Errorf("make the demo repository: %w", err)
	}
	cfg := filepath.Join(w.Home, ".claude")
	folder := filepath.Join(cfg, "projects", project.ClaudeFolderName(w.Project))
	if err := os.MkdirAll(folder, 0o700); err != nil {
		return w, err
	}
	w.Transcript = filepath.Join(folder, SessionID+".jsonl")
	cwd, _ := json.Marshal(w.Project)
	text := strings.NewReplacer(
		`"{{cwd}}"`, string(cwd),
		"{{t0}}", w.Start.UTC().Format(time.RFC3339),
		"{{t1}}", w.Start.Add(5*time.Minute).UTC().Format(time.RFC3339),
		"{{t2}}", w.Start.Add(13*time.Minute).UTC().Format(time.RFC3339),
		"{{t3}}", w.Start.Add(15*time.Minute).UTC().Format(time.RFC3339),
	).Replace(transcriptTemplate)
	return w, os.WriteFile(w.Transcript, []byte(text), 0o600)
}

// Getenv is the demo's whole environment: its own home folder, nothing
// from the user's (no CLAUDE_CONFIG_DIR, no OPENLOOP_*).
func (w *World) Getenv(k string) string {
	if k == "HOME" {
		return w.Home
	}
	return ""
}

// payload is one hook event's JSON, with the common fields filled in.
func (w *World) payload(event string, fields map[string]any) []byte {
	m := map[string]any{
		"session_id":      SessionID,
		"transcript_path": w.Transcript,
		"cwd":             w.Project,
		"permission_mode": "default",
		"hook_event_name": event,
	}
	for k, v := range fields {
		m[k] = v
	}
	b, _ := json.Marshal(m)
	return b
}

type demoCommit struct {
	when time.Time
	msg  string
}

// demoRepo makes dir a git repository with a chain of commits on main that
// all hold the empty tree. It writes loose objects (go-git's objfile) and
// plain ref files itself: go-git's storage/filesystem would link go-git's
// config package, gcfg and encoding/gob into the binary, about 2 ms of
// init code in every openloop process, the hook included (BENCHMARKS.md).
func demoRepo(dir string, commits []demoCommit) error {
	gitDir := filepath.Join(dir, ".git")
	for _, d := range []string{"objects", "refs/heads", "refs/tags"} {
		if err := os.MkdirAll(filepath.Join(gitDir, filepath.FromSlash(d)), 0o755); err != nil {
			return err
		}
	}
	files := map[string]string{
		"config": "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n",
		"HEAD":   "ref: refs/heads/main\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(gitDir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	tree, err := putObject(gitDir, plumbing.TreeObject, nil)
	if err != nil {
		return err
	}
	var parent plumbing.Hash
	for _, c := range commits {
		var b bytes.Buffer
		fmt.Fprintf(&b, "tree %s\n", tree)
		if !parent.IsZero() {
			fmt.Fprintf(&b, "parent %s\n", parent)
		}
		sig := fmt.Sprintf("Dev <dev@example.com> %d +0000", c.when.Unix())
		fmt.Fprintf(&b, "author %s\ncommitter %s\n\n%s\n", sig, sig, c.msg)
		if parent, err = putObject(gitDir, plumbing.CommitObject, b.Bytes()); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(gitDir, "refs", "heads", "main"), []byte(parent.String()+"\n"), 0o644)
}

// putObject writes one loose object and returns its hash.
func putObject(gitDir string, t plumbing.ObjectType, data []byte) (plumbing.Hash, error) {
	var buf bytes.Buffer
	w := objfile.NewWriter(&buf)
	if err := w.WriteHeader(t, int64(len(data))); err != nil {
		return plumbing.ZeroHash, err
	}
	if _, err := w.Write(data); err != nil {
		return plumbing.ZeroHash, err
	}
	if err := w.Close(); err != nil {
		return plumbing.ZeroHash, err
	}
	h := w.Hash()
	hex := h.String()
	path := filepath.Join(gitDir, "objects", hex[:2], hex[2:])
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return plumbing.ZeroHash, err
	}
	return h, os.WriteFile(path, buf.Bytes(), 0o444)
}
