package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// CheckResult is one check of the work and whether it held.
type CheckResult struct {
	Check Check
	OK    bool
}

// modulePath is the scratch project's module.
const modulePath = "example.com/shopdesk"

// runChecks tests the work Claude did: a copy of the project with the
// session's hidden tests added, built, vetted and tested once. The
// project itself is left as Claude left it.
func runChecks(st *State, sess Session) ([]CheckResult, error) {
	tmp, err := os.MkdirTemp("", "insession-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if err := copyTree(st.Project, tmp); err != nil {
		return nil, err
	}
	hidden, err := checkFiles(sess.ID)
	if err != nil {
		return nil, err
	}
	if err := writeFiles(tmp, hidden); err != nil {
		return nil, err
	}
	tests, err := goTest(tmp)
	if err != nil {
		return nil, err
	}
	tmpl, err := templateFiles()
	if err != nil {
		return nil, err
	}
	var out []CheckResult
	for _, c := range sess.Checks {
		r := CheckResult{Check: c}
		switch {
		case c.Pkg != "":
			r.OK = tests.pkgPassed[modulePath+"/"+strings.TrimPrefix(strings.TrimPrefix(c.Pkg, "./"), "/")]
		case c.Test != "":
			r.OK = tests.passed[c.Test] && !tests.failed[c.Test]
		case c.Build:
			r.OK = goVet(tmp) == nil
		case c.File != "":
			b, err := os.ReadFile(filepath.Join(st.Project, filepath.FromSlash(c.File)))
			r.OK = err == nil
			if r.OK && c.Same {
				r.OK = bytes.Equal(b, tmpl[c.File])
			}
			for _, s := range c.Contains {
				r.OK = r.OK && bytes.Contains(b, []byte(s))
			}
		}
		out = append(out, r)
	}
	return out, nil
}

type testResults struct {
	passed, failed, pkgPassed map[string]bool
}

// goEnv runs the go command offline on the scratch module.
func goEnv() []string {
	return append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
}

func goTest(dir string) (testResults, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "-json", "./...")
	cmd.Dir, cmd.Env = dir, goEnv()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		return testResults{}, fmt.Errorf("go test: %v", err)
	}
	r := testResults{passed: map[string]bool{}, failed: map[string]bool{}, pkgPassed: map[string]bool{}}
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var ev struct{ Action, Package, Test string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		switch {
		case ev.Test == "" && ev.Action == "pass":
			r.pkgPassed[ev.Package] = true
		case ev.Test != "" && ev.Action == "pass":
			r.passed[ev.Test] = true
		case ev.Test != "" && ev.Action == "fail":
			r.failed[ev.Test] = true
		}
	}
	return r, nil
}

func goVet(dir string) error {
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir, cmd.Env = dir, goEnv()
	return cmd.Run()
}

// copyTree copies the regular files under src to dst, without .git.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}
