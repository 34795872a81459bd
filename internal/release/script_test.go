package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestScripts runs testdata/script: a user's go install of a released
// version, from a module proxy on disk that serves this checkout as that
// version (modproxy), so that nothing is cloned and nothing leaves the
// machine. Each build compiles openloop's packages anew: skipped under
// -short.
func TestScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: go install builds openloop from a module proxy")
	}
	gocache, modcache := goEnv(t, "GOCACHE"), goEnv(t, "GOMODCACHE")
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("HOME", filepath.Join(env.WorkDir, "home"))
			env.Setenv("GOCACHE", gocache)
			// The user's module cache is their own (a served version
			// must not linger in the real one); the modules openloop
			// needs come from the real cache's download folder, itself a
			// module proxy.
			env.Setenv("GOMODCACHE", filepath.Join(env.WorkDir, "modcache"))
			env.Setenv("REALPROXY", "file://"+filepath.ToSlash(filepath.Join(modcache, "cache", "download")))
			env.Setenv("GOTOOLCHAIN", "local")
			env.Setenv("GOSUMDB", "off")
			// -modcacherw so that the work folder can be removed;
			// -trimpath so that the dependencies' compiled packages are
			// the build cache's, whatever folder they are read from (the
			// version go install records is the same either way).
			env.Setenv("GOFLAGS", "-modcacherw -trimpath")
			env.Setenv("GOBIN", filepath.Join(env.WorkDir, "bin"))
			return nil
		},
		Cmds:                map[string]func(ts *testscript.TestScript, neg bool, args []string){"modproxy": cmdModproxy},
		RequireExplicitExec: true,
	})
}

func goEnv(t *testing.T, key string) string {
	out, err := exec.Command("go", "env", key).Output()
	if err != nil || len(bytes.TrimSpace(out)) == 0 {
		t.Skipf("go env %s: %v", key, err)
	}
	return string(bytes.TrimSpace(out))
}

// modproxy DIR VERSION writes a module proxy in DIR (GOPROXY=file://DIR)
// serving this checkout as Module@VERSION: the list, .info, .mod and
// .zip files of the GOPROXY protocol. The zip holds the module's files
// as a release tag would, less hidden folders and ignored output.
func cmdModproxy(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: modproxy DIR VERSION")
	}
	root, err := moduleRoot()
	ts.Check(err)
	dir, version := filepath.Join(ts.MkAbs(args[0]), filepath.FromSlash(Module), "@v"), args[1]
	ts.Check(os.MkdirAll(dir, 0o755))
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	ts.Check(err)
	info, _ := json.Marshal(map[string]string{"Version": version, "Time": time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC).Format(time.RFC3339)})
	ts.Check(os.WriteFile(filepath.Join(dir, "list"), []byte(version+"\n"), 0o644))
	ts.Check(os.WriteFile(filepath.Join(dir, version+".info"), info, 0o644))
	ts.Check(os.WriteFile(filepath.Join(dir, version+".mod"), gomod, 0o644))
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	prefix := Module + "@" + version + "/"
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || rel == "dist" || rel == "bench/out") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && rel != "." {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !d.Type().IsRegular() || strings.HasSuffix(rel, ".test") || rel == "openloop" {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		w, err := zw.Create(prefix + rel)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	ts.Check(err)
	ts.Check(zw.Close())
	ts.Check(os.WriteFile(filepath.Join(dir, version+".zip"), buf.Bytes(), 0o644))
}
