//go:build unix

package summary

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO at the log's path is no entries, at once: opening it must not
// wait for a writer.
func TestArchivedSinceFIFO(t *testing.T) {
	log := filepath.Join(t.TempDir(), "session-archive.jsonl")
	if err := syscall.Mkfifo(log, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	done := make(chan int)
	go func() { done <- len(ArchivedSince(log, time.Time{}, now)) }()
	select {
	case n := <-done:
		if n != 0 {
			t.Errorf("%d entries from a FIFO", n)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ArchivedSince blocked on a FIFO")
	}
}
