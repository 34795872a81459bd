package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// errorLine is the one error form: "openloop: error: <command>: …", no
// capital after the prefix, no full stop at the end; a warning and a hint
// have the same shape.
var errorLine = regexp.MustCompile(`^openloop: (error|warning|hint): [^A-Z].*[^.]$`)

// Every command's failure paths print the same form: one error line
// naming the command, an optional hint, nothing else on stderr, and
// nothing on stdout.
func TestErrorForm(t *testing.T) {
	home := t.TempDir()
	cwd := filepath.Join(home, "repo")
	file := filepath.Join(home, "afile")
	for _, d := range []string{filepath.Join(cwd, ".git")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home}
	memFile := map[string]string{"HOME": home, "OPENLOOP_MEMORY_DIR": filepath.Join(file, "mem")}
	for _, tt := range []struct {
		args []string
		env  map[string]string
		cmd  string // the command the error line names
	}{
		{[]string{"nope"}, env, ""},
		{[]string{"help", "nope"}, env, "help"},
		{[]string{"help", "a", "b"}, env, "help"},
		{[]string{"version", "x"}, env, "version"},
		{[]string{"install", "x"}, env, "install"},
		{[]string{"install", "--nope"}, env, "install"},
		{[]string{"install", "--scope", "everywhere"}, env, "install"},
		{[]string{"install", "--scope", "project", "--bin", file}, env, "install"},
		{[]string{"install", "--bin", filepath.Join(home, "missing")}, env, "install"},
		{[]string{"uninstall", "x"}, env, "uninstall"},
		{[]string{"uninstall", "--scope", "everywhere"}, env, "uninstall"},
		{[]string{"doctor", "x"}, env, "doctor"},
		{[]string{"plugin"}, env, "plugin"},
		{[]string{"plugin", "--out", file}, env, "plugin"},
		{[]string{"status", "x"}, env, "status"},
		{[]string{"status"}, memFile, "status"},
		{[]string{"resume", "x"}, env, "resume"},
		{[]string{"resume"}, memFile, "resume"},
		{[]string{"archive"}, env, "archive"},
		{[]string{"archive", "x"}, memFile, "archive"},
		{[]string{"restore"}, env, "restore"},
		{[]string{"dismiss"}, env, "dismiss"},
		{[]string{"dismiss", "retry"}, memFile, "dismiss"},
		{[]string{"park"}, env, "park"},
		{[]string{"park", "--kind", "nope", "--idea", "x", "--context", "y"}, env, "park"},
		{[]string{"park", "--kind", "deferred", "--idea", "retry budget", "--context", "y"}, memFile, "park"},
		{[]string{"summary", "x"}, env, "summary"},
		{[]string{"summary", "--session", "../x"}, env, "summary"},
		{[]string{"explain", "--top", "-1", "x"}, env, "explain"},
		{[]string{"explain"}, env, "explain"},
		{[]string{"hook", "x"}, env, "hook"},
		{[]string{"hook"}, env, "hook"},
		{[]string{"demo", "x"}, env, "demo"},
	} {
		var out, errb bytes.Buffer
		e := &Env{
			Stdin: strings.NewReader("not a payload"), Stdout: &out, Stderr: &errb,
			Getenv: func(k string) string { return tt.env[k] },
			Now:    func() time.Time { return time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC) },
			Cwd:    cwd, Exe: filepath.Join(home, "missing-exe"),
		}
		code := Run(e, tt.args)
		name := strings.Join(tt.args, " ")
		if code == ExitOK {
			t.Errorf("openloop %s: exit 0, want a failure", name)
			continue
		}
		if out.Len() != 0 {
			t.Errorf("openloop %s: stdout %q on failure", name, out.String())
		}
		lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
		errors := 0
		for _, l := range lines {
			if !errorLine.MatchString(l) {
				t.Errorf("openloop %s: stderr line %q is not in the error form", name, l)
			}
			if strings.HasPrefix(l, "openloop: error: ") {
				errors++
				if tt.cmd != "" && !strings.HasPrefix(l, "openloop: error: "+tt.cmd+": ") {
					t.Errorf("openloop %s: %q does not name the command (%q)", name, l, tt.cmd)
				}
			}
		}
		if errors != 1 {
			t.Errorf("openloop %s: %d error lines, want 1:\n%s", name, errors, errb.String())
		}
	}
}
