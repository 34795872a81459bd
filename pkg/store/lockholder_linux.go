package store

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/openloop/openloop/internal/safeio"
)

// lockHolder finds the process that holds a lock on path in /proc/locks
// (read at most 1 MiB of it) and its command line: the program's base
// name and its first argument, "openloop archive". 0 when none is found.
func lockHolder(path string) (pid int, cmd string) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, ""
	}
	data, err := safeio.ReadRegular("/proc/locks", 1<<20)
	if err != nil && len(data) == 0 {
		return 0, ""
	}
	ino := ":" + strconv.FormatUint(st.Ino, 10)
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		// "1: FLOCK  ADVISORY  WRITE 4242 00:2b:1234 0 EOF"; waiters are
		// "1: -> FLOCK …".
		if len(f) < 6 || f[1] == "->" || !strings.HasSuffix(f[5], ino) {
			continue
		}
		if pid, err = strconv.Atoi(f[4]); err != nil || pid <= 0 {
			continue
		}
		return pid, command(pid)
	}
	return 0, ""
}

// command is a process's program base name and its first argument, when
// that is a command name ("openloop archive"; never the text after it).
func command(pid int) string {
	data, err := safeio.ReadRegular(fmt.Sprintf("/proc/%d/cmdline", pid), 4096)
	if err != nil && len(data) == 0 {
		return ""
	}
	args := bytes.Split(bytes.TrimRight(data, "\x00"), []byte{0})
	if len(args) == 0 || len(args[0]) == 0 {
		return ""
	}
	out := filepath.Base(string(args[0]))
	if len(args) > 1 && !bytes.HasPrefix(args[1], []byte("-")) && len(args[1]) <= 32 {
		out += " " + string(args[1])
	}
	return out
}
