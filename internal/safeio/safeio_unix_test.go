//go:build unix

package safeio

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// A FIFO with no writer blocks a plain open(2) forever; OpenRegular must
// return at once.
func TestFIFODoesNotBlock(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs on windows")
	}
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadRegular(p, 1<<20); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) {
			t.Fatalf("FIFO: err = %v, want ErrNotRegular", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ReadRegular blocked on a FIFO")
	}
}

// /dev/zero behind a symlink is not a regular file, and is never read.
func TestDeviceRefused(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	link := filepath.Join(t.TempDir(), "settings.json")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Skipf("symlink: %v", err)
	}
	if _, err := ReadRegular(link, 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("/dev/zero: err = %v, want ErrNotRegular", err)
	}
}

// ReadPrivate never follows a symlink, even to a regular file; ReadRegular
// does.
func TestReadPrivateRefusesSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "elsewhere.json")
	if err := os.WriteFile(target, []byte(`{"x":1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "s1.json")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlink: %v", err)
	}
	if _, err := ReadPrivate(link, 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadPrivate through a symlink: err = %v, want ErrNotRegular", err)
	}
	if b, err := ReadRegular(link, 1<<20); err != nil || string(b) != `{"x":1}` {
		t.Errorf("ReadRegular through a symlink = %q, %v", b, err)
	}
	if b, err := ReadPrivate(target, 1<<20); err != nil || string(b) != `{"x":1}` {
		t.Errorf("ReadPrivate of a regular file = %q, %v", b, err)
	}
	if _, err := ReadPrivate(filepath.Join(dir, "none.json"), 1<<20); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadPrivate of nothing: err = %v, want ErrNotExist", err)
	}
}
