// Package safeio opens and reads files that come from outside openloop
// (transcripts, settings files, session state) without trusting what sits
// at the path. A FIFO, socket or device planted where a regular file should
// be must not hang a hook, so nothing is read until the open file is known
// to be regular: on Unix the open itself is non-blocking (O_NONBLOCK makes
// open(2) on a FIFO return at once), and the check is made on the open
// descriptor, so a file swapped in between a stat and the open is caught
// too. Every read is bounded.
package safeio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is returned for a path that holds a FIFO, socket, device
// or folder rather than a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooBig is returned by ReadRegular for a file larger than its bound.
var ErrTooBig = errors.New("file too large")

// OpenRegular opens path for reading, following symlinks, and returns the
// file and its size. It never blocks on a FIFO or a device: such a path
// gives ErrNotRegular. Errors wrap the os errors, so errors.Is(err,
// fs.ErrNotExist) works.
func OpenRegular(path string) (*os.File, int64, error) {
	return openRegular(path, true)
}

// openRegular is OpenRegular; with follow false, a symlink at path is
// refused as not a regular file (O_NOFOLLOW where there is one).
func openRegular(path string, follow bool) (*os.File, int64, error) {
	f, err := openNonblock(path, follow)
	if err != nil {
		if !follow && isLoop(err) {
			return nil, 0, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
		}
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, 0, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	if err := clearNonblock(f); err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, fi.Size(), nil
}

// ReadRegular reads a whole regular file of at most max bytes. A larger
// file gives ErrTooBig (nothing is read past max+1 bytes, so a file that
// grows while it is read, or /dev/zero behind a symlink, cannot exhaust
// memory).
func ReadRegular(path string, max int64) ([]byte, error) {
	return readRegular(path, max, true)
}

// ReadPrivate is ReadRegular for a file only openloop writes, in a folder
// only the user can write (session state, candidates): a symlink at the
// path is not followed, and reads as not a regular file.
func ReadPrivate(path string, max int64) ([]byte, error) {
	return readRegular(path, max, false)
}

func readRegular(path string, max int64, follow bool) ([]byte, error) {
	f, size, err := openRegular(path, follow)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > max {
		return nil, fmt.Errorf("%s: %w (%d bytes, limit %d)", path, ErrTooBig, size, max)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s: %w (over %d bytes)", path, ErrTooBig, max)
	}
	return b, nil
}
