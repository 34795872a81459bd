//go:build unix

package store

import "syscall"

// oNoFollow makes opening the log or the lock fail when its last element
// is a symlink.
const oNoFollow = syscall.O_NOFOLLOW
