//go:build unix

package safeio

import (
	"errors"
	"os"
	"syscall"
)

func openNonblock(path string, follow bool) (*os.File, error) {
	flag := os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	if !follow {
		flag |= syscall.O_NOFOLLOW
	}
	return os.OpenFile(path, flag, 0)
}

// isLoop reports the error O_NOFOLLOW gives for a symlink.
func isLoop(err error) bool { return errors.Is(err, syscall.ELOOP) }

// clearNonblock puts a regular file back into blocking mode. Reads of a
// regular file never block anyway; this keeps the runtime from registering
// it with the poller.
func clearNonblock(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) { serr = syscall.SetNonblock(int(fd), false) }); err != nil {
		return err
	}
	return serr
}
