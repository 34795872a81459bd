package safeio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.json")
	if err := os.WriteFile(p, []byte("12345"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadRegular(p, 5); err != nil || string(b) != "12345" {
		t.Fatalf("ReadRegular = %q, %v", b, err)
	}
	if _, err := ReadRegular(p, 4); !errors.Is(err, ErrTooBig) {
		t.Fatalf("over the bound: err = %v, want ErrTooBig", err)
	}
	if _, err := ReadRegular(filepath.Join(dir, "missing"), 5); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing: err = %v, want ErrNotExist", err)
	}
	if _, err := ReadRegular(dir, 5); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("folder: err = %v, want ErrNotRegular", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(p, link); err == nil {
		if b, err := ReadRegular(link, 5); err != nil || string(b) != "12345" {
			t.Fatalf("symlink to a regular file = %q, %v", b, err)
		}
	}
}

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
