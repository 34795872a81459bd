//go:build unix

package userlabel

import "syscall"

// noFollow makes the open fail on a symlink, and return at once on a FIFO.
const noFollow = syscall.O_NOFOLLOW | syscall.O_NONBLOCK
