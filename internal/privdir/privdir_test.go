package privdir

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Under makes the missing parts 0700 with create, finds them without, and
// refuses a part that is a symlink (to a folder or not) or a file, making
// nothing behind it; the config dir itself may be a symlink.
func TestUnder(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(t *testing.T, cfg, elsewhere string)
		create bool
		want   error // nil, ErrFolder or fs.ErrNotExist
	}{
		{"missing, made", nil, true, nil},
		{"missing, not made", nil, false, fs.ErrNotExist},
		{"there", func(t *testing.T, cfg, _ string) { mkdir(t, filepath.Join(cfg, "openloop", "sessions")) }, false, nil},
		{"symlink at the first part", func(t *testing.T, cfg, elsewhere string) { symlink(t, elsewhere, filepath.Join(cfg, "openloop")) }, true, ErrFolder},
		{"symlink at the second part", func(t *testing.T, cfg, elsewhere string) {
			mkdir(t, filepath.Join(cfg, "openloop"))
			symlink(t, elsewhere, filepath.Join(cfg, "openloop", "sessions"))
		}, true, ErrFolder},
		{"dangling symlink", func(t *testing.T, cfg, elsewhere string) {
			symlink(t, filepath.Join(elsewhere, "none"), filepath.Join(cfg, "openloop"))
		}, true, ErrFolder},
		{"a file", func(t *testing.T, cfg, _ string) {
			if err := os.WriteFile(filepath.Join(cfg, "openloop"), nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}, true, ErrFolder},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, elsewhere := t.TempDir(), t.TempDir()
			if tt.setup != nil {
				tt.setup(t, cfg, elsewhere)
			}
			dir, err := Under(cfg, tt.create, "openloop", "sessions")
			if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("Under = %q, %v; want %v", dir, err, tt.want)
			}
			if err == nil {
				if want := filepath.Join(cfg, "openloop", "sessions"); dir != want {
					t.Errorf("dir %s, want %s", dir, want)
				}
				for _, d := range []string{filepath.Join(cfg, "openloop"), dir} {
					if fi, err := os.Lstat(d); err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
						t.Errorf("%s: %v %v", d, fi.Mode(), err)
					}
				}
			}
			if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
				t.Errorf("made something behind the symlink: %v", ents)
			}
		})
	}
}

// The config dir itself may be a symlink: the user chose it.
func TestUnderSymlinkedConfigDir(t *testing.T) {
	real := t.TempDir()
	cfg := filepath.Join(t.TempDir(), "claude")
	symlink(t, real, cfg)
	if dir, err := Under(cfg, true, "openloop"); err != nil || dir != filepath.Join(cfg, "openloop") {
		t.Fatalf("Under = %q, %v", dir, err)
	}
	if fi, err := os.Lstat(filepath.Join(real, "openloop")); err != nil || !fi.IsDir() {
		t.Fatalf("not made in the config dir: %v", err)
	}
}

func mkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
}
