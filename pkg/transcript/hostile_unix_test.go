//go:build unix

package transcript

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO (or a device) planted at the transcript's path reads as an empty
// transcript, at once: a plain open(2) of a FIFO with no writer blocks
// forever, and the hook would wait out Claude Code's timeout on every
// prompt. The time limit is a hang guard, not a speed assertion.
func TestFIFOIsAnEmptyTranscript(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs on windows")
	}
	p := filepath.Join(t.TempDir(), "session.jsonl")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	paths := map[string]string{"fifo": p}
	if _, err := os.Stat("/dev/zero"); err == nil {
		link := filepath.Join(t.TempDir(), "zero.jsonl")
		if err := os.Symlink("/dev/zero", link); err == nil {
			paths["device"] = link
		}
	}
	for name, path := range paths {
		done := make(chan string, 1)
		go func() {
			var msgs []string
			if tl, err := ReadTail(path, 1<<20); err != nil || !reflect.DeepEqual(tl, Tail{}) {
				msgs = append(msgs, "ReadTail: "+err.Error())
			}
			if s, err := ReadSession(path, 1<<20, 1<<20); err != nil || s.Size != 0 {
				msgs = append(msgs, "ReadSession")
			}
			if ts, err := FirstTimestamp(path, 1<<20); err != nil || !ts.IsZero() {
				msgs = append(msgs, "FirstTimestamp")
			}
			done <- strings.Join(msgs, "; ")
		}()
		select {
		case msg := <-done:
			if msg != "" {
				t.Errorf("%s: %s", name, msg)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: reading the transcript blocked", name)
		}
	}
}
