package cli

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("stdin is gone") }

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("stdout is closed") }

// runSession neither ignores a failed read of its arguments nor a failed
// write of its output, and exits 0 either way (a non-zero exit aborts the
// slash command).
func TestSessionIOErrors(t *testing.T) {
	var out, errb bytes.Buffer
	e := &Env{Stdin: failingReader{}, Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }, Now: time.Now, Cwd: t.TempDir()}
	if code := Run(e, []string{"session"}); code != ExitOK {
		t.Errorf("exit %d", code)
	}
	if want := "openloop: error: session: read the arguments: stdin is gone\n"; out.String() != want {
		t.Errorf("stdout %q, want %q", out.String(), want)
	}

	errb.Reset()
	e = &Env{Stdin: strings.NewReader("bogus"), Stdout: failingWriter{}, Stderr: &errb, Getenv: func(string) string { return "" }, Now: time.Now, Cwd: t.TempDir()}
	if code := Run(e, []string{"session"}); code != ExitOK {
		t.Errorf("exit %d", code)
	}
	if want := "openloop: error: session: write the output: stdout is closed\n"; errb.String() != want {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
}

// A command whose stdout cannot be written fails with one error line (the
// session command, which always exits 0, is above); a short write counts.
func TestStdoutWriteError(t *testing.T) {
	for _, w := range []io.Writer{failingWriter{}, shortWriter{}} {
		for _, args := range [][]string{{"version"}, {"help"}, {"explain", "skip the benchmarks for now"}} {
			var errb bytes.Buffer
			e := &Env{Stdout: w, Stderr: &errb, Getenv: func(string) string { return "" }, Now: time.Now, Cwd: t.TempDir()}
			code := Run(e, args)
			lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
			if code != ExitFailure || len(lines) != 1 || !strings.HasPrefix(lines[0], "openloop: error: "+args[0]+": ") {
				t.Errorf("%T %v: exit %d, stderr %q", w, args, code, errb.String())
			}
		}
	}
}

type shortWriter struct{}

func (shortWriter) Write(p []byte) (int, error) { return len(p) / 2, nil }

// System's folder and binary errors are not dropped: a command that needs
// them says why they are missing.
func TestSystemErrorsReported(t *testing.T) {
	var out, errb bytes.Buffer
	e := &Env{Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }, Now: time.Now,
		cwdErr: errors.New("getwd: no such file or directory"), exeErr: errors.New("readlink /proc/self/exe: no such file")}
	if code := Run(e, []string{"resume"}); code != ExitFailure || !strings.Contains(errb.String(), "cannot tell the current folder: getwd: no such file or directory") {
		t.Errorf("resume: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	e.Cwd = t.TempDir()
	home := t.TempDir()
	e.Getenv = func(k string) string { return map[string]string{"HOME": home}[k] }
	if code := Run(e, []string{"install"}); code != ExitFailure || !strings.Contains(errb.String(), "cannot tell where this binary is: readlink /proc/self/exe: no such file") {
		t.Errorf("install: exit %d, %q", code, errb.String())
	}
}
