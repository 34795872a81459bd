// Package gitlog lists a repository's recent commits with go-git's storage
// layer only. It does not import go-git's top-level package, which links
// every transport (ssh, http, crypto) and would slow openloop's start-up;
// reading commits needs none of that.
//
// The walk goes from HEAD along first parents (the line `git log
// --first-parent` shows) and stops at the first commit older than the
// cut-off, so its cost depends on how many commits are listed, never on the
// size of the history.
package gitlog

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/openloop/openloop/internal/safeio"
)

// Every file under .git is opened with safeio (regular files only, so a
// FIFO planted there cannot hang summary) and read within a bound.
const (
	maxSmallFile = 64 << 10 // a .git file, commondir, a loose ref
	maxShallow   = 16 << 20 // .git/shallow: 41 bytes a boundary commit
	maxIndex     = 1 << 30  // a pack index read whole by the fallback
)

// ErrNotRepository means the folder has no .git folder or .git file.
var ErrNotRepository = errors.New("not a git repository")

// Commit is one listed commit.
type Commit struct {
	Hash    string    // full hex hash
	Short   string    // first 7 hex digits
	Subject string    // first line of the message
	When    time.Time // committer time
}

// Repo is an opened repository: its git dir, and the common dir that holds
// objects and shared refs for a linked worktree (storage.go reads them).
type Repo struct {
	gitDir, common string
	fast           *objects    // pack.go: binary search in .idx files, loose objects
	full           []*fullPack // storage.go: go-git's packfile reader, for the rest
	fullLoaded     bool
	shallow        map[plumbing.Hash]bool // boundary commits of a shallow clone; nil until read
	reads          int                    // commit objects read, for tests
}

// Open opens the repository whose top level is root (root/.git is a
// folder, or a file "gitdir: <path>" as in linked worktrees and
// submodules; a "commondir" file in the git dir is followed for objects
// and shared refs).
func Open(root string) (*Repo, error) {
	gitDir := filepath.Join(root, ".git")
	fi, err := os.Stat(gitDir)
	if err != nil {
		return nil, ErrNotRepository
	}
	if fi.Mode().IsRegular() {
		if gitDir, err = readGitFile(gitDir); err != nil {
			return nil, err
		}
	} else if !fi.IsDir() {
		return nil, ErrNotRepository
	}
	var common string
	if b, err := safeio.ReadRegular(filepath.Join(gitDir, "commondir"), maxSmallFile); err == nil {
		common = strings.TrimSpace(string(b))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
	}
	objDir := filepath.Join(gitDir, "objects")
	if common != "" {
		objDir = filepath.Join(common, "objects")
	}
	return &Repo{gitDir: gitDir, common: common, fast: openObjects(objDir)}, nil
}

// Close releases the open pack files.
func (r *Repo) Close() error {
	r.fast.close()
	return r.closeFull()
}

// readGitFile reads a ".git" file: "gitdir: <path>", relative to the
// file's folder unless absolute.
func readGitFile(path string) (string, error) {
	b, err := safeio.ReadRegular(path, maxSmallFile)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", path, err)
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	dir, ok := strings.CutPrefix(strings.TrimSpace(string(line)), "gitdir:")
	if !ok {
		return "", fmt.Errorf("%s: no gitdir line", path)
	}
	dir = strings.TrimSpace(dir)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(filepath.Dir(path), dir)
	}
	return dir, nil
}

// Since lists first-parent commits from HEAD, newest first, while their
// committer time is not before since, at most max of them. more reports
// that the max was reached with newer-than-since commits left. An
// unborn HEAD (no commits yet) gives an empty list.
func (r *Repo) Since(since time.Time, max int) (list []Commit, more bool, err error) {
	err = r.walk(func(c *commit) bool {
		if c.When.Before(since) {
			return false
		}
		if len(list) == max {
			more = true
			return false
		}
		list = append(list, c.Commit)
		return true
	})
	return list, more, err
}

// Last lists the last n first-parent commits from HEAD, newest first.
func (r *Repo) Last(n int) ([]Commit, error) {
	var list []Commit
	err := r.walk(func(c *commit) bool {
		if len(list) == n {
			return false
		}
		list = append(list, c.Commit)
		return true
	})
	return list, err
}

// walk calls keep on HEAD's commit and its first parents until keep
// returns false or the history ends. In a shallow clone the history ends
// at a commit listed in .git/shallow: its parents were not fetched.
func (r *Repo) walk(keep func(*commit) bool) error {
	h, ok, err := r.resolveHEAD()
	if err != nil {
		return fmt.Errorf("resolve HEAD: %w", err)
	}
	if !ok {
		return nil // unborn branch
	}
	if err := r.readShallow(); err != nil {
		return err
	}
	for !h.IsZero() {
		c, err := r.commit(h)
		if err != nil {
			return fmt.Errorf("read commit %s: %w", h.String()[:7], err)
		}
		if !keep(c) || r.shallow[h] {
			return nil
		}
		h = c.parent
	}
	return nil
}

// readShallow reads the boundary commits of a shallow clone: .git/shallow
// (in the common dir for a linked worktree), one hex hash a line. A
// repository that is not shallow has no such file.
func (r *Repo) readShallow() error {
	if r.shallow != nil {
		return nil
	}
	r.shallow = map[plumbing.Hash]bool{}
	dir := r.gitDir
	if r.common != "" {
		dir = r.common
	}
	path := filepath.Join(dir, "shallow")
	data, err := safeio.ReadRegular(path, maxShallow)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	for _, line := range strings.Fields(string(data)) {
		if !isHex40(line) {
			return fmt.Errorf("%s: bad line %q", path, line)
		}
		r.shallow[plumbing.NewHash(line)] = true
	}
	return nil
}

// commit is a decoded commit and its first parent (zero for a root).
type commit struct {
	Commit
	parent plumbing.Hash
}

// maxCommitRead bounds how much of one commit object is read: headers and
// the subject line are all that is needed.
const maxCommitRead = 1 << 20

// commit reads and decodes one commit object. go-git's plumbing/object
// package would do this, but it links OpenPGP for signature checks; the
// header format is simple (gitformat-commit): "tree", "parent"…,
// "author", "committer" lines, continuation lines starting with a space
// (gpgsig, mergetag), a blank line, then the message.
func (r *Repo) commit(h plumbing.Hash) (*commit, error) {
	r.reads++
	if data, ok, err := r.fast.commitData(h); err != nil {
		return nil, err
	} else if ok {
		return decodeCommit(h, data)
	}
	typ, data, err := r.readObject(h, maxCommitRead)
	if err != nil {
		return nil, err
	}
	if typ != plumbing.CommitObject {
		return nil, fmt.Errorf("object is a %s, not a commit", typ)
	}
	return decodeCommit(h, data)
}

func decodeCommit(h plumbing.Hash, data []byte) (*commit, error) {
	c := &commit{}
	hash := h.String()
	c.Hash, c.Short = hash, hash[:7]
	sawCommitter := false
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(line) == 0 { // end of headers
			msg := strings.TrimSpace(string(data))
			subject, _, _ := strings.Cut(msg, "\n")
			c.Subject = strings.TrimSpace(subject)
			break
		}
		key, val, _ := bytes.Cut(line, []byte(" "))
		switch string(key) {
		case "parent":
			if c.parent.IsZero() {
				if len(val) != 40 {
					return nil, fmt.Errorf("bad parent %q", val)
				}
				c.parent = plumbing.NewHash(string(val))
			}
		case "committer":
			t, err := signatureTime(val)
			if err != nil {
				return nil, err
			}
			c.When, sawCommitter = t, true
		}
	}
	if !sawCommitter {
		return nil, errors.New("no committer")
	}
	return c, nil
}

// signatureTime reads the time of "Name <email> 1700000000 +0100".
func signatureTime(sig []byte) (time.Time, error) {
	i := bytes.LastIndexByte(sig, '>')
	f := strings.Fields(string(sig[i+1:]))
	if len(f) < 1 {
		return time.Time{}, fmt.Errorf("bad signature %q", sig)
	}
	sec, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("bad signature time %q", f[0])
	}
	loc := time.UTC
	if len(f) > 1 && len(f[1]) == 5 {
		if tz, err := strconv.Atoi(f[1][1:]); err == nil {
			off := (tz/100*60 + tz%100) * 60
			if f[1][0] == '-' {
				off = -off
			}
			loc = time.FixedZone(f[1], off)
		}
	}
	return time.Unix(sec, 0).In(loc), nil
}
