package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// fakeLog is an open log whose writes can fail part way, as on a full
// disk: it takes the first room bytes of a write, then fails.
type fakeLog struct {
	data      []byte
	room      int // bytes a write may still add; -1 for no limit
	truncFail bool
	syncFail  bool
}

func (f *fakeLog) Stat() (fs.FileInfo, error) { return fakeInfo{int64(len(f.data))}, nil }
func (f *fakeLog) ReadAt(p []byte, off int64) (int, error) {
	return copy(p, f.data[off:]), nil
}
func (f *fakeLog) Write(p []byte) (int, error) {
	if f.room >= 0 && len(p) > f.room {
		f.data = append(f.data, p[:f.room]...)
		return f.room, syscall.ENOSPC
	}
	f.data = append(f.data, p...)
	return len(p), nil
}
func (f *fakeLog) Sync() error {
	if f.syncFail {
		return syscall.EIO
	}
	return nil
}
func (f *fakeLog) Truncate(n int64) error {
	if f.truncFail {
		return errors.New("truncate failed")
	}
	f.data = f.data[:n]
	return nil
}

type fakeInfo struct{ size int64 }

func (i fakeInfo) Name() string       { return "session-archive.jsonl" }
func (i fakeInfo) Size() int64        { return i.size }
func (i fakeInfo) Mode() fs.FileMode  { return 0o600 }
func (i fakeInfo) ModTime() time.Time { return time.Time{} }
func (i fakeInfo) IsDir() bool        { return false }
func (i fakeInfo) Sys() any           { return nil }

// A log line is whole or absent: a short write is truncated away, and a
// cut line left by a killed writer never glues onto the next one.
func TestAppendLine(t *testing.T) {
	const a = `{"ts":"t","item":"a","action":"archived"}` + "\n"
	const b = `{"ts":"t","item":"b","action":"archived"}` + "\n"
	tests := []struct {
		name, before string
		room         int
		want         string
		wantErr      bool
	}{
		{"empty", "", -1, b, false},
		{"after a whole line", a, -1, a + b, false},
		{"full disk: half the line fits", a, 10, a, true},
		{"full disk: nothing fits", a, 0, a, true},
		{"a cut line is cut away", a + `{"ts":"t","it`, -1, a + b, false},
		{"a line without its newline is ended", a + strings.TrimSuffix(a, "\n"), -1, a + a + b, false},
		{"a cut line, then a full disk", a + `{"ts`, 5, a, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeLog{data: []byte(tt.before), room: tt.room}
			err := appendLine(f, []byte(b))
			if (err != nil) != tt.wantErr || string(f.data) != tt.want {
				t.Errorf("err %v; log\n%q\nwant\n%q", err, f.data, tt.want)
			}
			if err != nil && !errors.Is(err, syscall.ENOSPC) {
				t.Errorf("error does not wrap the cause: %v", err)
			}
		})
	}
	// A line written but not synced is taken back: the step did not happen.
	f := &fakeLog{data: []byte(a), room: -1, syncFail: true}
	if err := appendLine(f, []byte(b)); !errors.Is(err, syscall.EIO) || string(f.data) != a {
		t.Errorf("failed sync: %v, log %q", err, f.data)
	}
	f = &fakeLog{data: []byte(a), room: 3, truncFail: true}
	if err := appendLine(f, []byte(b)); err == nil || !strings.Contains(err.Error(), "could not be removed") {
		t.Errorf("a failed truncate is not reported: %v", err)
	}
}

// No folder below the project root on the way to the log may be a
// symlink, or a file; missing ones are made 0700.
func TestDirBelow(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	dir, err := DirBelow(root, filepath.Join(".claude", "logs"), true)
	if err != nil || dir != filepath.Join(root, ".claude", "logs") {
		t.Fatalf("DirBelow = %q, %v", dir, err)
	}
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o700 {
		t.Errorf("mode %v", fi.Mode())
	}
	for _, tt := range []struct{ plant, rel, want string }{
		{"link", "link/logs", "is a symlink"},
		{"a/link", "a/link", "is a symlink"},
		{"file", "file/x", "is not a folder"},
		{"", "../x", "is not below"},
		{"", "/abs", "is not below"},
	} {
		if tt.plant != "" {
			p := filepath.Join(root, tt.plant)
			os.MkdirAll(filepath.Dir(p), 0o700)
			if tt.plant == "file" {
				os.WriteFile(p, nil, 0o600)
			} else if err := os.Symlink(outside, p); err != nil {
				t.Skip(err)
			}
		}
		if _, err := DirBelow(root, tt.rel, true); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("DirBelow(%q): %v, want %q", tt.rel, err, tt.want)
		}
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("created outside: %v", ents)
	}
	if _, err := DirBelow(root, "missing/x", false); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing without create: %v", err)
	}
}

// The log is refused behind a symlinked .claude or .claude/logs, for
// reading and for writing.
func TestLogSymlinkedParents(t *testing.T) {
	for _, link := range []string{".claude", ".claude/logs"} {
		root, outside := t.TempDir(), t.TempDir()
		os.MkdirAll(filepath.Join(root, filepath.Dir(link)), 0o700)
		if err := os.Symlink(outside, filepath.Join(root, link)); err != nil {
			t.Skip(err)
		}
		os.MkdirAll(filepath.Join(outside, "logs"), 0o700)
		l := Log{Root: root, Path: filepath.Join(root, ".claude", "logs", "session-archive.jsonl")}
		if err := l.Append(LogLine{}); err == nil || !strings.HasPrefix(err.Error(), "refusing to write the log: ") {
			t.Errorf("%s: Append: %v", link, err)
		}
		if err := l.Scan(func(LogLine) bool { return true }); err == nil {
			t.Errorf("%s: Scan read through the symlink", link)
		}
		var found []string
		filepath.Walk(outside, func(p string, fi os.FileInfo, err error) error {
			if err == nil && !fi.IsDir() {
				found = append(found, p)
			}
			return nil
		})
		if len(found) != 0 {
			t.Errorf("%s: written outside: %v", link, found)
		}
	}
}

// Scan reads every JSON line, skips the rest, and survives lines longer
// than its buffer.
func TestScan(t *testing.T) {
	root := t.TempDir()
	l := Log{Root: root, Path: filepath.Join(root, "log.jsonl")}
	if err := l.Scan(func(LogLine) bool { t.Fatal("a line in a missing log"); return true }); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("x", 200<<10)
	var want []string
	var buf bytes.Buffer
	for _, item := range []string{"a", "b", big, "c"} {
		line, _ := json.Marshal(LogLine{LogEntry: LogEntry{TS: "t", Item: item, Action: "archived"}})
		buf.Write(line)
		buf.WriteString("\n")
		buf.WriteString("not json\n\n")
		want = append(want, item)
	}
	os.WriteFile(l.Path, buf.Bytes(), 0o600)
	var got []string
	l.Scan(func(ll LogLine) bool { got = append(got, ll.Item); return true })
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("Scan read %d lines", len(got))
	}
}

// Whatever the log held before (a cloned repository's, a cut line, a line
// without its newline, binary junk), after an append it ends with the new
// line on a line of its own, and what came before is kept, bar a cut last
// line that is not JSON.
func FuzzAppendLine(f *testing.F) {
	for _, s := range []string{"", "\n", `{"ts":"t"}` + "\n", `{"ts":"t"}`, `{"ts":"t`, "junk\x00\xff", "a\nb", "\n\n{"} {
		f.Add([]byte(s))
	}
	line := []byte(`{"ts":"2026-12-02T10:00:00Z","item":"x","action":"archived"}` + "\n")
	f.Fuzz(func(t *testing.T, before []byte) {
		log := &fakeLog{data: append([]byte(nil), before...), room: -1}
		if err := appendLine(log, line); err != nil {
			t.Fatal(err)
		}
		got := log.data
		if !bytes.HasSuffix(got, line) {
			t.Fatalf("does not end with the line: %q", got)
		}
		head := got[:len(got)-len(line)]
		if len(head) > 0 && head[len(head)-1] != '\n' {
			t.Fatalf("the line is glued onto %q", head)
		}
		kept := bytes.TrimSuffix(head, []byte("\n"))
		if !bytes.HasPrefix(before, kept) {
			t.Fatalf("earlier bytes changed: %q → %q", before, head)
		}
		if cut := before[len(kept):]; len(cut) > 0 && cut[0] != '\n' && json.Valid(bytes.TrimPrefix(cut, []byte("\n"))) {
			t.Fatalf("a whole JSON line was cut: %q", cut)
		}
		// And a failed write leaves the log as it was after the repair.
		fail := &fakeLog{data: append([]byte(nil), before...), room: len(line) / 2}
		appendLine(fail, line)
		if !bytes.Equal(fail.data, head) && !bytes.Equal(fail.data, before) {
			t.Fatalf("a failed append left %q", fail.data)
		}
	})
}

// Scan reads any bytes at the log's path without failing or panicking, and
// reports only lines that are JSON objects.
func FuzzScan(f *testing.F) {
	for _, s := range []string{"", `{"ts":"t","item":"a","action":"archived","text":"x"}` + "\n", "[1,2]\n{}\nnull\n", "\xff\xfe{"} {
		f.Add([]byte(s))
	}
	root := f.TempDir()
	l := Log{Root: root, Path: filepath.Join(root, "log.jsonl")}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(l.Path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		n := 0
		if err := l.Scan(func(LogLine) bool { n++; return true }); err != nil {
			t.Fatal(err)
		}
		if n > bytes.Count(data, []byte("\n"))+1 {
			t.Fatalf("%d lines from %d newlines", n, bytes.Count(data, []byte("\n")))
		}
	})
}

// A log line is appended under the log's own file lock, which is what a
// process in another memory dir of the same project (OPENLOOP_MEMORY_DIR)
// shares: while someone holds it, Append waits and writes nothing.
func TestLogAppendTakesTheFileLock(t *testing.T) {
	root := t.TempDir()
	l := Log{Root: root, Path: filepath.Join(root, ".claude", "logs", "session-archive.jsonl")}
	if err := l.Append(LogLine{LogEntry: LogEntry{TS: "2026-12-02T10:00:00Z", Item: "first", Action: ActionArchived}}); err != nil {
		t.Fatal(err)
	}
	held, err := lockedfile.Edit(l.Path)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		done <- l.Append(LogLine{LogEntry: LogEntry{TS: "2026-12-02T10:00:01Z", Item: "second", Action: ActionArchived}})
	}()
	// Not a speed check: Append must not finish at all while the lock is
	// held. Without the lock it finishes in about a millisecond.
	select {
	case err := <-done:
		t.Fatalf("Append finished while another process held the log's lock (%v)", err)
	case <-time.After(300 * time.Millisecond):
	}
	held.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(l.Path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n != 2 {
		t.Fatalf("log has %d lines, want 2:\n%s", n, b)
	}
}
