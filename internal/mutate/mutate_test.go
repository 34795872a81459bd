package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every row of the table applies to the code as it is: its text is found
// exactly once, the change compiles in principle (old != new), its
// packages exist, and ids are unique. A row that no longer applies would
// silently drop a behaviour from the check.
func TestEveryMutationApplies(t *testing.T) {
	root := filepath.Join("..", "..")
	seen := map[string]bool{}
	for _, m := range mutations {
		if m.id == "" || seen[m.id] {
			t.Errorf("mutation id %q is empty or used twice", m.id)
		}
		seen[m.id] = true
		if m.behaviour == "" || len(m.pkgs) == 0 {
			t.Errorf("%s: needs a behaviour and packages", m.id)
		}
		if err := applies(root, m); err != nil {
			t.Errorf("%s: %v\n(update internal/mutate/mutations.go to the code as it now reads)", m.id, err)
			continue
		}
		// Syntax only: a full type check (unused imports) is the tool's
		// job, which reports such a row as BROKEN.
		src, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(m.file)))
		mutated, _ := replaceOnce(string(src), m)
		if _, err := parser.ParseFile(token.NewFileSet(), m.file, mutated, 0); err != nil {
			t.Errorf("%s: the mutated file does not parse: %v", m.id, err)
		}
		for _, p := range m.pkgs {
			dir := filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(p, "/...")))
			if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
				t.Errorf("%s: package %s: not a folder", m.id, p)
			}
		}
	}
	if len(mutations) < 30 {
		t.Errorf("%d mutations; the check covers at least 30 behaviours", len(mutations))
	}
}

func TestReplaceOnce(t *testing.T) {
	m := mutation{file: "f.go", old: "a >= b", new: "a > b"}
	if got, err := replaceOnce("if a >= b {", m); err != nil || got != "if a > b {" {
		t.Errorf("once: %q, %v", got, err)
	}
	if _, err := replaceOnce("if a > b {", m); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("missing: %v", err)
	}
	if _, err := replaceOnce("a >= b; a >= b", m); err == nil || !strings.Contains(err.Error(), "2 times") {
		t.Errorf("twice: %v", err)
	}
	if _, err := replaceOnce("a >= b", mutation{old: "x", new: "x"}); err == nil {
		t.Error("a mutation that changes nothing was accepted")
	}
}

func TestFailingTest(t *testing.T) {
	out := "=== RUN   TestPark\n=== RUN   TestPark/cap\n    store_test.go:10: boom\n    --- FAIL: TestPark/cap (0.00s)\n--- FAIL: TestPark (0.00s)\nFAIL\n"
	if got := failingTest([]byte(out)); got != "TestPark/cap" {
		t.Errorf("failingTest = %q, want the innermost TestPark/cap", got)
	}
	parentFirst := "--- FAIL: TestScripts (1.00s)\n    --- FAIL: TestScripts/expire (0.10s)\n        testscript.go:1: FAIL\nFAIL\n"
	if got := failingTest([]byte(parentFirst)); got != "TestScripts/expire" {
		t.Errorf("failingTest = %q, want TestScripts/expire", got)
	}
	if got := failingTest([]byte("panic: runtime error: index out of range\n\ngoroutine 1\n")); got != "(panic: runtime error: index out of range)" {
		t.Errorf("failingTest on a panic = %q", got)
	}
}

// The copy leaves out .git and bench/out and keeps modes and symlinks.
func TestCopyTree(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	write := func(rel, data string, mode os.FileMode) {
		p := filepath.Join(src, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), mode); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module x\n", 0o644)
	write("bench/run.sh", "#!/bin/sh\n", 0o755)
	write("bench/out/table.md", "old\n", 0o644)
	write(".git", "gitdir: /elsewhere\n", 0o644)
	if err := os.Symlink("go.mod", filepath.Join(src, "link")); err != nil {
		t.Fatal(err)
	}
	if err := copyTree(src, dst); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dst, "bench", "run.sh")); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("bench/run.sh: %v %v", fi, err)
	}
	for _, gone := range []string{".git", "bench/out"} {
		if _, err := os.Lstat(filepath.Join(dst, gone)); !os.IsNotExist(err) {
			t.Errorf("%s was copied (%v)", gone, err)
		}
	}
	if l, err := os.Readlink(filepath.Join(dst, "link")); err != nil || l != "go.mod" {
		t.Errorf("link: %q %v", l, err)
	}
}
