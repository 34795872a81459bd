// Package userfile reads and replaces the files openloop's install,
// uninstall, doctor and plugin commands work on for the user (settings
// files, /session command files, a plugin's folder), and prints the diff
// that --dry-run shows. Which files those are (the scopes) is
// pkg/settings' Scopes.
package userfile

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/openloop/openloop/internal/safeio"
	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/store"
)

// MaxSize bounds what is read of a settings or command file: real ones
// are a few KB, and a file that is larger, or never ends (a symlink to
// /dev/zero), is refused rather than read.
const MaxSize = 4 << 20

// ReadOptional reads a file the user owns: a missing file is nil data and
// no error; a FIFO, device or folder at the path, or a file over
// MaxSize, is an error, and nothing blocks on it.
func ReadOptional(path string) ([]byte, bool, error) {
	data, err := safeio.ReadRegular(path, MaxSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}

// MissingDirs lists the folders above path that do not exist, outermost
// first: those a write of path creates.
func MissingDirs(path string) []string {
	var out []string
	for d := filepath.Dir(path); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		out = append([]string{d}, out...)
	}
	return out
}

// Write replaces a file the user owns, atomically. An existing
// file keeps its mode, and a symlink (a dotfiles manager's) stays a
// symlink: the file it points to is replaced. A new file is 0600, in a
// folder created 0700 where missing. It returns the folders it created,
// outermost first.
func Write(path string, data []byte, now time.Time) ([]string, error) {
	mode := fs.FileMode(0o600)
	target := path
	var made []string
	if li, err := os.Lstat(path); err == nil {
		if li.Mode()&fs.ModeSymlink != 0 {
			t, err := filepath.EvalSymlinks(path)
			if err != nil {
				return nil, fmt.Errorf("%s is a symlink that does not resolve: %w", path, err)
			}
			target = t
		}
		fi, err := os.Stat(target)
		if err != nil {
			return nil, err
		}
		if !fi.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "write", Path: path, Err: safeio.ErrNotRegular}
		}
		mode = fi.Mode().Perm()
	} else {
		made = MissingDirs(path)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, err
		}
	}
	if err := store.WriteFileAtomic(target, data, ".openloop-tmp-", now); err != nil {
		return made, err
	}
	if mode != 0o600 {
		return made, os.Chmod(target, mode)
	}
	return made, nil
}

// RemoveIfEmpty removes dir when it is an empty folder: a real one, never
// a symlink (even to an empty folder), which openloop did not make.
func RemoveIfEmpty(dir string) {
	if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
		return
	}
	if ents, err := os.ReadDir(dir); err == nil && len(ents) == 0 {
		os.Remove(dir)
	}
}

// Nonce is 12 hex digits from r (nil: crypto/rand).
func Nonce(r io.Reader) (string, error) {
	if r == nil {
		r = rand.Reader
	}
	b := make([]byte, 6)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", fmt.Errorf("random nonce: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// DiffName is how a dry run names a file: relative to the current folder
// cwd when it is inside it (apply with "patch -p0" there), else by its
// absolute path (apply with "patch -d / -p1").
func DiffName(cwd, path string) string {
	if rel, err := filepath.Rel(cwd, path); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(path)
}

// Diff prints a unified diff that patch(1) applies: one hunk for the
// changed region (install and uninstall change one region or a few close
// ones) with up to three lines of context, "/dev/null" and a 0,0 range for
// a file that is created or removed, and "\ No newline at end of file"
// where a side does not end in one. old or new nil means the file is not
// there. name is printed through termsafe: it is a path.
func Diff(w io.Writer, name string, old, new []byte) {
	name = termsafe.Line(name)
	if bytes.Equal(old, new) && (old == nil) == (new == nil) {
		fmt.Fprintf(w, "%s: no change\n", name)
		return
	}
	a, b := lines(old), lines(new) // each with its line break, if any
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	from, toA, toB := max(pre-3, 0), len(a)-max(suf-3, 0), len(b)-max(suf-3, 0)
	oldName, newName := name, name
	if old == nil {
		oldName = "/dev/null"
	}
	if new == nil {
		newName = "/dev/null"
	}
	fmt.Fprintf(w, "--- %s\n+++ %s\n@@ -%s +%s @@\n", oldName, newName, hunkRange(from, toA-from), hunkRange(from, toB-from))
	line := func(prefix, l string) {
		body, nl := strings.CutSuffix(l, "\n")
		body, cr := strings.CutSuffix(body, "\r")
		// The lines are the user's file: control and format characters
		// are shown escaped (tabs and a CRLF line end are kept, so the
		// diff still applies).
		body = termsafe.Text(body)
		if cr {
			body += "\r"
		}
		fmt.Fprintf(w, "%s%s\n", prefix, body)
		if !nl {
			fmt.Fprintln(w, "\\ No newline at end of file")
		}
	}
	for _, l := range a[from:pre] {
		line(" ", l)
	}
	for _, l := range a[pre : len(a)-suf] {
		line("-", l)
	}
	for _, l := range b[pre : len(b)-suf] {
		line("+", l)
	}
	for _, l := range a[len(a)-suf : toA] {
		line(" ", l)
	}
}

// hunkRange is a unified diff range: a range of no lines starts at the
// line before it, so an empty file's is "0,0".
func hunkRange(from, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", from)
	case 1:
		return fmt.Sprintf("%d", from+1)
	}
	return fmt.Sprintf("%d,%d", from+1, n)
}

// lines splits b into lines, each with its line break; the last has none
// when b does not end in one.
func lines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	l := strings.SplitAfter(string(b), "\n")
	if l[len(l)-1] == "" {
		l = l[:len(l)-1]
	}
	return l
}
