package summary

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
	"time"

	"github.com/openloop/openloop/pkg/store"
)

// Dir is the folder, below the project root, that long digests go to.
const Dir = ".temp"

// ErrSymlink is returned when the .temp folder is a symlink: a cloned
// repository can commit one, and following it would write the digest
// wherever it points.
var ErrSymlink = errors.New("is a symlink; refusing to write the summary through it")

// WriteFile writes the digest to <root>/.temp/output-session-summary-<date>.md,
// or -2, -3 … when that exists: it never overwrites a file. When one of
// those files already holds exactly the digest, that file's path is
// returned and nothing is written. The bytes go to
// a temp file first and are hard-linked into place, so the name appears
// only with the whole digest in it and a name taken meanwhile by another
// process is skipped, not replaced. Folder 0700, file 0600.
//
// The file is written only inside <root>/.temp itself: a .temp that is a
// symlink (or not a folder) is refused with ErrSymlink, and every step
// goes through an os.Root, so a .temp swapped for a symlink meanwhile
// still cannot lead outside the project root.
func WriteFile(root string, now time.Time, data []byte) (string, error) {
	dir := filepath.Join(root, Dir)
	r, err := os.OpenRoot(root)
	if err != nil {
		return "", fmt.Errorf("write summary: %w", err)
	}
	defer r.Close()
	if err := r.Mkdir(Dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("create %s: %w", dir, err)
	}
	fi, err := r.Lstat(Dir)
	if err != nil {
		return "", fmt.Errorf("create %s: %w", dir, err)
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return "", fmt.Errorf("%s %w", dir, ErrSymlink)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("create %s: not a folder", dir)
	}
	t, err := r.OpenRoot(Dir)
	if err != nil {
		return "", fmt.Errorf("write summary: %w", err)
	}
	defer t.Close()
	base := "output-session-summary-" + now.Format("2006-01-02")
	name := func(n int) string {
		if n == 1 {
			return base + ".md"
		}
		return fmt.Sprintf("%s-%d.md", base, n)
	}
	// The same digest run again (summary outside Claude Code, where
	// nothing changes between runs) is the file already written: no
	// second copy.
	for n := 1; n < 10000; n++ {
		same, exists := sameFile(t, name(n), data)
		if same {
			return filepath.Join(dir, name(n)), nil
		}
		if !exists {
			break
		}
	}
	tmp, err := writeTemp(t, data, now)
	if err != nil {
		return "", fmt.Errorf("write summary: %w", err)
	}
	defer t.Remove(tmp)
	for n := 1; n < 10000; n++ {
		name := name(n)
		err := t.Link(tmp, name)
		if err == nil {
			return filepath.Join(dir, name), nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("write summary: %w", err)
		}
	}
	return "", fmt.Errorf("write summary: too many summaries for %s in %s", now.Format("2006-01-02"), dir)
}

// sameFile reports whether name in t is a regular file holding exactly
// data, and whether anything is at name at all. It reads at most
// len(data)+1 bytes, and never follows a symlink.
func sameFile(t *os.Root, name string, data []byte) (same, exists bool) {
	fi, err := t.Lstat(name)
	if err != nil {
		return false, !errors.Is(err, fs.ErrNotExist)
	}
	if !fi.Mode().IsRegular() || fi.Size() != int64(len(data)) {
		return false, true
	}
	f, err := t.OpenFile(name, os.O_RDONLY|noFollow, 0)
	if err != nil {
		return false, true
	}
	defer f.Close()
	got, err := io.ReadAll(io.LimitReader(f, int64(len(data))+1))
	return err == nil && bytes.Equal(got, data), true
}

// writeTemp writes data to a new dot-named file in t, mode 0600, synced,
// with modification time now, and returns its name. On failure nothing is
// left behind.
func writeTemp(t *os.Root, data []byte, now time.Time) (name string, err error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	tmp := ".openloop-tmp-" + hex.EncodeToString(b[:])
	f, err := t.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			t.Remove(tmp)
		}
	}()
	err = store.FillTemp(f, data, func() error { return t.Chtimes(tmp, now, now) })
	if err != nil {
		return "", err
	}
	return tmp, nil
}
