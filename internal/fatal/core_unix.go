//go:build unix

package fatal

import "syscall"

// noCoreDump sets this process's core file size limit to 0, and reports
// whether it is 0 now.
func noCoreDump() bool {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_CORE, &lim); err != nil {
		return false
	}
	if lim.Cur == 0 {
		return true
	}
	lim.Cur = 0
	return syscall.Setrlimit(syscall.RLIMIT_CORE, &lim) == nil
}
