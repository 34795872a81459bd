//go:build !unix

package safeio

import (
	"io/fs"
	"os"
)

// openNonblock checks the path before opening it where O_NONBLOCK does
// not exist; the check on the open file in OpenRegular still stands.
func openNonblock(path string, follow bool) (*os.File, error) {
	stat := os.Stat
	if !follow {
		stat = os.Lstat
	}
	fi, err := stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return os.Open(path)
}

func clearNonblock(*os.File) error { return nil }

func isLoop(error) bool { return false }
