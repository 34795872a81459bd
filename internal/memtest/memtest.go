// Package memtest measures the peak memory of a piece of work inside the
// test process, for tests that bound what openloop may use.
//
// The peak resident set size of a child process cannot be read cleanly on
// Linux: Go starts children with vfork, and the kernel charges the parent's
// high-water mark to the child at exec. So the work runs in the test
// process itself: the kernel's high-water mark is reset to the current RSS
// (/proc/self/clear_refs, Linux 4.0 and later), the work runs, and the
// growth of the mark is what the work needed at its peak.
package memtest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
)

// ErrUnsupported is returned where the peak cannot be measured (not Linux,
// or /proc/self/clear_refs cannot be written).
var ErrUnsupported = errors.New("peak RSS cannot be measured here")

// PeakGrowth runs work and returns by how many bytes the process's peak
// resident set grew above its resident set at the start.
func PeakGrowth(work func()) (int64, error) {
	if runtime.GOOS != "linux" {
		return 0, fmt.Errorf("%w: not linux", ErrUnsupported)
	}
	runtime.GC()
	debug.FreeOSMemory()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		return 0, fmt.Errorf("%w: %v", ErrUnsupported, err)
	}
	start, err := status("VmRSS")
	if err != nil {
		return 0, err
	}
	work()
	peak, err := status("VmHWM")
	if err != nil {
		return 0, err
	}
	return peak - start, nil
}

// status reads one "Name: N kB" line of /proc/self/status, in bytes.
func status(name string) (int64, error) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrUnsupported, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		k, v, ok := bytes.Cut(sc.Bytes(), []byte(":"))
		if !ok || string(k) != name {
			continue
		}
		kb, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(v), []byte(" kB"))), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: %q: %w", name, v, err)
		}
		return kb << 10, nil
	}
	return 0, fmt.Errorf("%w: no %s in /proc/self/status", ErrUnsupported, name)
}
