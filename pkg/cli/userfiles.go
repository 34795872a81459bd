package cli

// Files that install and uninstall read and replace for the user, and the
// diff that --dry-run prints. Which files those are (the scopes) is
// pkg/settings' Scopes.

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

	"github.com/openloop/openloop/pkg/store"
)

// readOptional reads a file; a missing file is nil data and no error.
func readOptional(path string) ([]byte, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}

// writeUserFile replaces a file the user owns, atomically. An existing
// file keeps its mode, and a symlink (a dotfiles manager's) stays a
// symlink: the file it points to is replaced. A new file is 0600, in a
// folder created 0700 where missing.
func writeUserFile(e *Env, path string, data []byte) error {
	mode := fs.FileMode(0o600)
	target := path
	if li, err := os.Lstat(path); err == nil {
		if li.Mode()&fs.ModeSymlink != 0 {
			t, err := filepath.EvalSymlinks(path)
			if err != nil {
				return fmt.Errorf("%s is a symlink that does not resolve: %w", path, err)
			}
			target = t
		}
		fi, err := os.Stat(target)
		if err != nil {
			return err
		}
		mode = fi.Mode().Perm()
	} else if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	if err := store.WriteFileAtomic(target, data, ".openloop-tmp-", e.Now()); err != nil {
		return err
	}
	if mode != 0o600 {
		return os.Chmod(target, mode)
	}
	return nil
}

// removeIfEmpty removes dir when it is an empty folder.
func removeIfEmpty(dir string) {
	if ents, err := os.ReadDir(dir); err == nil && len(ents) == 0 {
		os.Remove(dir)
	}
}

// nonce is 12 hex digits from e.Rand.
func (e *Env) nonce() (string, error) {
	r := e.Rand
	if r == nil {
		r = rand.Reader
	}
	b := make([]byte, 6)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", fmt.Errorf("random nonce: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// diff prints a unified diff of one changed region of old and new, with
// up to three lines of context. Install and uninstall change one region or
// a few close ones, which this shows as one hunk.
func diff(w io.Writer, path string, old, new []byte) {
	if bytes.Equal(old, new) {
		fmt.Fprintf(w, "%s: no change\n", path)
		return
	}
	a, b := lines(old), lines(new)
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	from, toA, toB := max(pre-3, 0), len(a)-max(suf-3, 0), len(b)-max(suf-3, 0)
	oldName, newName := path, path
	if old == nil {
		oldName = "/dev/null"
	}
	if new == nil {
		newName = "/dev/null"
	}
	fmt.Fprintf(w, "--- %s\n+++ %s\n@@ -%d,%d +%d,%d @@\n", oldName, newName, from+1, toA-from, from+1, toB-from)
	for i := from; i < pre; i++ {
		fmt.Fprintf(w, " %s\n", a[i])
	}
	for i := pre; i < len(a)-suf; i++ {
		fmt.Fprintf(w, "-%s\n", a[i])
	}
	for i := pre; i < len(b)-suf; i++ {
		fmt.Fprintf(w, "+%s\n", b[i])
	}
	for i := len(a) - suf; i < toA; i++ {
		fmt.Fprintf(w, " %s\n", a[i])
	}
}

func lines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}
