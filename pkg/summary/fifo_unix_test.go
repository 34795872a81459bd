//go:build unix

package summary

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/openloop/openloop/pkg/store"
)

// A FIFO at the log's path is no entries, at once: opening it must not
// wait for a writer.
func TestArchivedSinceFIFO(t *testing.T) {
	dir := t.TempDir()
	log := store.Log{Root: dir, Path: filepath.Join(dir, "session-archive.jsonl")}
	if err := syscall.Mkfifo(log.Path, 0o600); err != nil {
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

// A transcript swapped for a FIFO after Find chose it reads as empty, at
// once.
func TestReadTranscriptFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	if p, _ := (Transcripts{Dir: filepath.Dir(path)}).Find(""); p != "" {
		t.Errorf("Find chose a FIFO: %s", p)
	}
	done := make(chan error)
	go func() {
		s, err := Transcripts{}.Read(path)
		if err == nil && s.Size != 0 {
			err = errors.New("read something from a FIFO")
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reading a FIFO transcript blocked")
	}
}
