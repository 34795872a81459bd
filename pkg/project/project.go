// Package project resolves where openloop's files live for a working
// directory: the project root (the repository's top level, found the way
// go-git's DetectDotGit finds it, or the directory itself outside a
// repository), the memory directory that holds parked items, the resolution
// log, and the folder where Claude Code keeps the session transcripts.
//
// Nothing here starts a process, and nothing reads the environment directly:
// callers pass a Getenv function so that tests can inject their own.
package project

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Layout names where parked items go.
const (
	// LayoutSeed is the seed command's memory dir: the root path with every
	// "/" and "." replaced by "-", one leading "-" removed.
	LayoutSeed = "seed"
	// LayoutNative is Claude Code's own auto-memory folder for the root:
	// every non-alphanumeric character replaced, the leading "-" kept.
	LayoutNative = "native"
)

// Paths is every location openloop reads or writes for one project.
type Paths struct {
	Root          string // project root (repository top level or cwd)
	ConfigDir     string // $CLAUDE_CONFIG_DIR or $HOME/.claude
	MemoryDir     string // where session-open-*.md items live
	LogPath       string // <root>/.claude/logs/session-archive.jsonl
	TranscriptDir string // Claude Code's transcript folder for Cwd
	Cwd           string // the directory the paths were resolved from
	Layout        string // LayoutSeed, LayoutNative or "override"
}

// Options controls Resolve.
type Options struct {
	Cwd       string              // working directory; required
	Getenv    func(string) string // environment lookup; required
	MemoryDir string              // explicit override (the --memory-dir flag)
}

// Resolve computes Paths for a working directory. The memory dir comes from,
// in order: opts.MemoryDir, $OPENLOOP_MEMORY_DIR, then the layout chosen by
// $OPENLOOP_LAYOUT ("seed", the default, or "native") under the Claude Code
// config dir.
func Resolve(opts Options) (Paths, error) {
	if opts.Cwd == "" {
		return Paths{}, errors.New("no working directory")
	}
	cwd, err := filepath.Abs(opts.Cwd)
	if err != nil {
		return Paths{}, fmt.Errorf("resolve working directory: %w", err)
	}
	// The physical folder, as git rev-parse --show-toplevel (the seed's
	// root) and Claude Code's own cwd (getcwd) name it: a shell in a
	// checkout reached through a symlink has the link in $PWD, which
	// os.Getwd returns, and the same project would otherwise get a second
	// memory dir. Of a folder that does not exist (deleted under a
	// running session), the part that exists is resolved.
	cwd = physical(cwd)
	cfg, err := ConfigDir(opts.Getenv)
	if err != nil {
		return Paths{}, err
	}
	root := Root(cwd)
	p := Paths{
		Root:          root,
		ConfigDir:     cfg,
		LogPath:       filepath.Join(root, ".claude", "logs", "session-archive.jsonl"),
		TranscriptDir: filepath.Join(cfg, "projects", transcriptFolder(cwd, opts.Getenv)),
		Cwd:           cwd,
	}
	switch {
	case opts.MemoryDir != "":
		p.MemoryDir, p.Layout = opts.MemoryDir, "override"
	case opts.Getenv("OPENLOOP_MEMORY_DIR") != "":
		p.MemoryDir, p.Layout = opts.Getenv("OPENLOOP_MEMORY_DIR"), "override"
		if err := absolute("OPENLOOP_MEMORY_DIR", p.MemoryDir); err != nil {
			return Paths{}, err
		}
	default:
		switch l := opts.Getenv("OPENLOOP_LAYOUT"); l {
		case "", LayoutSeed:
			p.MemoryDir, p.Layout = filepath.Join(cfg, "projects", SeedSlug(root), "memory"), LayoutSeed
		case LayoutNative:
			p.MemoryDir, p.Layout = filepath.Join(cfg, "projects", ClaudeFolderName(root), "memory"), LayoutNative
		default:
			return Paths{}, fmt.Errorf("unknown OPENLOOP_LAYOUT %q (want %q or %q)", l, LayoutSeed, LayoutNative)
		}
	}
	if p.MemoryDir, err = filepath.Abs(p.MemoryDir); err != nil {
		return Paths{}, fmt.Errorf("resolve memory dir: %w", err)
	}
	return p, nil
}

// physical is dir with its symlinks resolved: the longest part of it that
// exists, then the rest as it is.
func physical(dir string) string {
	rest := ""
	for d := dir; ; {
		if real, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		rest = filepath.Join(filepath.Base(d), rest)
		d = parent
	}
}

// ConfigDir is Claude Code's configuration folder: $CLAUDE_CONFIG_DIR when
// set, else $HOME/.claude ($USERPROFILE on Windows when HOME is unset).
// Either must be an absolute path (see absolute).
func ConfigDir(getenv func(string) string) (string, error) {
	if d := getenv("CLAUDE_CONFIG_DIR"); d != "" {
		if err := absolute("CLAUDE_CONFIG_DIR", d); err != nil {
			return "", err
		}
		return filepath.Clean(d), nil
	}
	name, home := "HOME", getenv("HOME")
	if home == "" && runtime.GOOS == "windows" {
		name, home = "USERPROFILE", getenv("USERPROFILE")
	}
	if home == "" {
		return "", errors.New("neither HOME nor CLAUDE_CONFIG_DIR is set")
	}
	if err := absolute(name, home); err != nil {
		return "", err
	}
	return filepath.Join(home, ".claude"), nil
}

// absolute refuses a relative path in the environment variable name. It
// would be read from whatever folder openloop runs in, and hooks run in
// Claude Code's current folder, which follows cd: one project's items
// would be parked in several memory dirs, each under its own cap and none
// found by a resume run elsewhere, inside the project's own tree, where a
// commit picks them up. (--memory-dir, typed on a command line, is
// relative to the folder it is typed in.)
func absolute(name, path string) error {
	if !filepath.IsAbs(path) {
		return fmt.Errorf("%s is not an absolute path: %q", name, path)
	}
	return nil
}

// Root returns the top level of the repository that holds dir, as go-git's
// PlainOpen with DetectDotGit finds it: the nearest directory, dir itself or
// an ancestor, that has a ".git" folder or a ".git" file (a linked worktree
// or submodule, which is its own root, as `git rev-parse --show-toplevel`
// says). Outside a repository it returns dir.
//
// The walk is done here rather than through go-git's top-level package so
// that the hook path does not link go-git's transports (see BENCHMARKS.md);
// pkg/gitlog opens the repository found here with go-git's storage layer.
func Root(dir string) string {
	for d := dir; ; {
		if fi, err := os.Stat(filepath.Join(d, ".git")); err == nil && (fi.IsDir() || fi.Mode().IsRegular()) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// SeedSlug is the seed command's project slug:
//
//	echo "$PROJECT" | sed 's|[/.]|-|g' | sed 's|^-||'
//
// Every "/" and "." becomes "-", then one leading "-" is removed. On Windows
// the path is first written with forward slashes, as git prints it, and the
// ":" and "\" that a file name cannot hold also become "-".
//
// A slug longer than a file name may be (maxSeedSlug bytes: the seed's
// mkdir -p fails there, so it never parked under one) is cut to
// maxFolderName bytes at a character boundary and followed by "-" and the
// base-36 hash of the whole slug, as Claude Code names its own folder for
// a long path: a project in a deep folder still has a memory dir of its
// own.
func SeedSlug(root string) string {
	s := seedSlug(root)
	if len(s) <= maxSeedSlug {
		return s
	}
	cut := maxFolderName
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	units := utf16.Encode([]rune(s))
	return s[:cut] + "-" + strconv.FormatInt(abs64(int64(javaHash(units))), 36)
}

// maxSeedSlug is the longest file name most filesystems take (NAME_MAX).
const maxSeedSlug = 255

func seedSlug(root string) string {
	s := filepath.ToSlash(root)
	s = strings.Map(func(r rune) rune {
		switch r {
		case '/', '.':
			return '-'
		case ':', '\\':
			if runtime.GOOS == "windows" {
				return '-'
			}
		}
		return r
	}, s)
	return strings.TrimPrefix(s, "-")
}

// transcriptFolder is Claude Code's folder name for sessions started in
// cwd. Since Claude Code 2.1.234, CLAUDE_CODE_PROJECT_DIR_NAME replaces the
// derived name when CLAUDE_CONFIG_DIR is also set; it must be 1–64
// characters of [A-Za-z0-9_-], or it is ignored as Claude Code ignores it.
func transcriptFolder(cwd string, getenv func(string) string) string {
	if name := getenv("CLAUDE_CODE_PROJECT_DIR_NAME"); name != "" && getenv("CLAUDE_CONFIG_DIR") != "" && validDirName(name) {
		return name
	}
	return ClaudeFolderName(cwd)
}

func validDirName(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}
