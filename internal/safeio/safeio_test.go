package safeio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
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
