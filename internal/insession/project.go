package main

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// templateFiles is the scratch project: each path (slash-separated,
// relative to the project) and its bytes.
func templateFiles() (map[string][]byte, error) {
	const root = "testdata/project"
	files := map[string][]byte{}
	err := fs.WalkDir(testdata, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := testdata.ReadFile(p)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, root+"/")
		if rel == "go.mod.txt" {
			rel = "go.mod"
		}
		files[rel] = b
		return nil
	})
	return files, err
}

// writeProject copies the scratch project into dir and makes it a git
// repository with one commit (go-git: no git process is started).
func writeProject(dir string) error {
	files, err := templateFiles()
	if err != nil {
		return err
	}
	if err := writeFiles(dir, files); err != nil {
		return err
	}
	r, err := git.PlainInit(dir, false)
	if err != nil {
		return fmt.Errorf("git init %s: %w", dir, err)
	}
	wt, err := r.Worktree()
	if err != nil {
		return err
	}
	if err := wt.AddGlob("."); err != nil {
		return fmt.Errorf("git add: %w", err)
	}
	sig := &object.Signature{Name: "shopdesk", Email: "dev@shopdesk.example", When: time.Now()}
	if _, err := wt.Commit("shopdesk 0.2.0", &git.CommitOptions{Author: sig, Committer: sig}); err != nil {
		return fmt.Errorf("git commit: %w", err)
	}
	return nil
}

// writeFiles writes files (slash-separated paths) under dir.
func writeFiles(dir string, files map[string][]byte) error {
	for rel, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// checkFiles is the hidden tests of a session, by path in the project.
func checkFiles(session string) (map[string][]byte, error) {
	root := path.Join("testdata/checks", session)
	files := map[string][]byte{}
	err := fs.WalkDir(testdata, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root && os.IsNotExist(err) {
				return fs.SkipDir
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		b, err := testdata.ReadFile(p)
		if err != nil {
			return err
		}
		files[strings.TrimPrefix(p, root+"/")] = b
		return nil
	})
	return files, err
}
