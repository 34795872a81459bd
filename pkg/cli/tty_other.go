//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd && !dragonfly

package cli

// isTerminal is false where openloop cannot tell: a command that reads
// stdin then waits for it, as before.
func isTerminal(uintptr) bool { return false }
