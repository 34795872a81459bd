//go:build unix

package summary

import "syscall"

// noFollow makes reading back a digest fail on a symlink and return at
// once on a FIFO planted at its name.
const noFollow = syscall.O_NOFOLLOW | syscall.O_NONBLOCK
