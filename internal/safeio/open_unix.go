//go:build unix

package safeio

import (
	"os"
	"syscall"
)

func openNonblock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
}

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
