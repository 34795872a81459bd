package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTranscriptFolderOverride(t *testing.T) {
	tests := []struct {
		name, configDir, dirName, want string
	}{
		{"derived", "", "", "-work-repo"},
		{"override needs CLAUDE_CONFIG_DIR", "", "mine", "-work-repo"},
		{"override", "/cfg", "my_proj-1", "my_proj-1"},
		{"too long", "/cfg", strings.Repeat("x", 65), "-work-repo"},
		{"bad characters", "/cfg", "../evil", "-work-repo"},
	}
	for _, tt := range tests {
		env := map[string]string{"HOME": "/home/u", "CLAUDE_CONFIG_DIR": tt.configDir, "CLAUDE_CODE_PROJECT_DIR_NAME": tt.dirName}
		p, err := Resolve(Options{Cwd: "/work/repo", Getenv: func(k string) string { return env[k] }})
		if err != nil {
			t.Fatal(err)
		}
		if got := filepath.Base(p.TranscriptDir); got != tt.want {
			t.Errorf("%s: transcript folder %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestResolveMemoryDir(t *testing.T) {
	env := map[string]string{"HOME": "/home/u"}
	get := func(k string) string { return env[k] }
	p, err := Resolve(Options{Cwd: "/work/my.repo", Getenv: get})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.FromSlash("/home/u/.claude/projects/work-my-repo/memory"); p.MemoryDir != want || p.Layout != LayoutSeed {
		t.Errorf("seed memory dir %q (%s), want %q", p.MemoryDir, p.Layout, want)
	}
	env["OPENLOOP_LAYOUT"] = "native"
	if p, _ = Resolve(Options{Cwd: "/work/my.repo", Getenv: get}); p.MemoryDir != filepath.FromSlash("/home/u/.claude/projects/-work-my-repo/memory") {
		t.Errorf("native memory dir %q", p.MemoryDir)
	}
	env["OPENLOOP_LAYOUT"] = "bogus"
	if _, err := Resolve(Options{Cwd: "/work/my.repo", Getenv: get}); err == nil {
		t.Error("bogus layout accepted")
	}
	delete(env, "OPENLOOP_LAYOUT")
	env["OPENLOOP_MEMORY_DIR"] = "/elsewhere"
	if p, _ = Resolve(Options{Cwd: "/work/my.repo", Getenv: get}); p.MemoryDir != filepath.FromSlash("/elsewhere") || p.Layout != "override" {
		t.Errorf("env override %q", p.MemoryDir)
	}
	if p, _ = Resolve(Options{Cwd: "/work/my.repo", Getenv: get, MemoryDir: "/flag"}); p.MemoryDir != filepath.FromSlash("/flag") {
		t.Errorf("flag override %q", p.MemoryDir)
	}
	env["CLAUDE_CONFIG_DIR"] = "/cfg"
	delete(env, "OPENLOOP_MEMORY_DIR")
	if p, _ = Resolve(Options{Cwd: "/work/my.repo", Getenv: get}); p.MemoryDir != filepath.FromSlash("/cfg/projects/work-my-repo/memory") {
		t.Errorf("CLAUDE_CONFIG_DIR memory dir %q", p.MemoryDir)
	}
	if _, err := Resolve(Options{Cwd: "/x", Getenv: func(string) string { return "" }}); err == nil {
		t.Error("no HOME accepted")
	}
	// A relative folder from the environment would move with the folder
	// openloop runs in (hooks follow cd): refused.
	for _, bad := range []map[string]string{
		{"HOME": "home"},
		{"HOME": "/home/u", "CLAUDE_CONFIG_DIR": "cfg"},
		{"HOME": "/home/u", "CLAUDE_CONFIG_DIR": "~/cfg"},
		{"HOME": "/home/u", "OPENLOOP_MEMORY_DIR": "mem"},
	} {
		if p, err := Resolve(Options{Cwd: "/work/my.repo", Getenv: func(k string) string { return bad[k] }}); err == nil {
			t.Errorf("%v accepted: memory dir %q", bad, p.MemoryDir)
		}
	}
	rel := map[string]string{"HOME": "/home/u"}
	if p, err := Resolve(Options{Cwd: "/work/my.repo", Getenv: func(k string) string { return rel[k] }, MemoryDir: "mem"}); err != nil || !filepath.IsAbs(p.MemoryDir) {
		t.Errorf("a relative --memory-dir: %q %v", p.MemoryDir, err)
	}
}

func TestSeedSlug(t *testing.T) {
	for in, want := range map[string]string{
		"/home/dev/src/acme-api": "home-dev-src-acme-api",
		"/Users/me/.agents":      "Users-me--agents",
		"/a/b_c d":               "a-b_c d",
		"relative/x.y":           "relative-x-y",
	} {
		if got := SeedSlug(in); got != want {
			t.Errorf("SeedSlug(%q) = %q, want %q", in, got, want)
		}
	}
	// A slug over 255 bytes is no file name: it is cut at 200 bytes, at a
	// character boundary, and a hash of the whole slug tells such
	// projects apart (hook_deep_path.txtar).
	long := "/" + strings.Repeat("d", 100) + "/" + strings.Repeat("é", 100)
	other := long[:len(long)-2] + "è"
	got, got2 := SeedSlug(long), SeedSlug(other)
	if len(got) > 255 || !utf8.ValidString(got) || !strings.HasPrefix(got, strings.Repeat("d", 100)+"-é") || got == got2 {
		t.Errorf("SeedSlug(long) = %q (%d bytes), SeedSlug(other) = %q", got, len(got), got2)
	}
	if edge := "/" + strings.Repeat("x", 255); SeedSlug(edge) != edge[1:] {
		t.Errorf("a 255-byte slug changed: %q", SeedSlug(edge))
	}
}

func TestRoot(t *testing.T) {
	dir := t.TempDir()
	mk := func(p string) string {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(full, 0o700); err != nil {
			t.Fatal(err)
		}
		return full
	}
	repo := mk("repo/.git")
	repo = filepath.Dir(repo)
	sub := mk("repo/a/b")
	wt := mk("repo/wt")
	if err := os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: ../.git/worktrees/wt\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	outside := mk("plain/x")
	for in, want := range map[string]string{repo: repo, sub: repo, wt: wt, outside: outside} {
		if got := Root(in); got != want {
			t.Errorf("Root(%s) = %s, want %s", in, got, want)
		}
	}
}

// A folder reached through a symlink resolves to the physical one, as git
// rev-parse --show-toplevel (the seed's root) and Claude Code's getcwd
// name it: one project, one memory dir, whichever path a shell has.
func TestResolveSymlinkedCwd(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(dir, "real")
	if err := os.MkdirAll(filepath.Join(real, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(real, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skipf("symlink: %v", err)
	}
	get := func(k string) string { return map[string]string{"HOME": "/home/u"}[k] }
	want, err := Resolve(Options{Cwd: filepath.Join(real, "sub"), Getenv: get})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Resolve(Options{Cwd: filepath.Join(link, "sub"), Getenv: get})
	if err != nil {
		t.Fatal(err)
	}
	if got.Root != real || got.MemoryDir != want.MemoryDir || got.LogPath != want.LogPath || got.TranscriptDir != want.TranscriptDir {
		t.Errorf("through the link: %+v\nwant %+v", got, want)
	}
	// Of a folder that does not exist, the part that exists is resolved:
	// still the same project.
	gone := filepath.Join(link, "sub", "gone", "deeper")
	if p, err := Resolve(Options{Cwd: gone, Getenv: get}); err != nil || p.Cwd != filepath.Join(real, "sub", "gone", "deeper") || p.MemoryDir != want.MemoryDir {
		t.Errorf("missing folder: cwd %q, memory dir %q (%v); want %q", p.Cwd, p.MemoryDir, err, want.MemoryDir)
	}
}
