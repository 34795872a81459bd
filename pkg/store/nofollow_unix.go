//go:build unix

package store

import "syscall"

// oNoFollow makes opening an item, the log or the lock fail when its last
// element is a symlink; oNonblock makes opening a FIFO planted there
// return at once instead of waiting for a writer.
const (
	oNoFollow = syscall.O_NOFOLLOW
	oNonblock = syscall.O_NONBLOCK
)
