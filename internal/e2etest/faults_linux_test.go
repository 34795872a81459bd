package e2etest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// tinyDisk mounts a tmpfs of size bytes at dir, or skips the test with the
// reason when the machine does not allow it (not root, no mount, a
// container without CAP_SYS_ADMIN).
func tinyDisk(t *testing.T, dir, size string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 {
		t.Skip("a full disk needs a tiny tmpfs, and mounting one needs root")
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size+",mode=0700"); err != nil {
		t.Skipf("cannot mount a tiny tmpfs here: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
}

// fill writes a file in dir until the disk is full and returns its path.
func fill(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 512)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return path
		}
	}
}

// A full disk under the log: the archive fails, the item stays, and the
// log keeps exactly its bytes (no half line for the next archive to glue
// onto). Once there is room, the next archive appends one whole line.
func TestLogOnFullDisk(t *testing.T) {
	p := newProj(t)
	logs := filepath.Dir(p.LogPath())
	tinyDisk(t, logs, "64k")
	p.park("retry budget")
	p.park("dark mode")
	// Lines up to 40 bytes short of the first page: the next line fits
	// only in part.
	line := `{"ts":"2026-01-01T00:00:00Z","item":"padding","action":"archived"}` + "\n"
	var log []byte
	for len(log)+2*len(line) <= 4096-40 {
		log = append(log, line...)
	}
	pad := 4096 - 40 - len(log) - len(line)
	log = append(log, strings.Replace(line, "padding", "padding"+strings.Repeat("x", pad), 1)...)
	if len(log) != 4096-40 {
		t.Fatalf("log is %d bytes", len(log))
	}
	writeFile(t, p.LogPath(), string(log))
	filler := fill(t, logs)

	r := p.run(nil, "archive", "retry budget")
	if r.Code != 1 || !strings.HasPrefix(r.Stderr, "openloop: error: ") || strings.Count(r.Stderr, "\n") != 1 {
		t.Errorf("archive on a full disk: exit %d\nstdout: %s\nstderr: %s", r.Code, r.Stdout, r.Stderr)
	}
	if got, _ := os.ReadFile(p.LogPath()); !bytes.Equal(got, log) {
		t.Errorf("the log changed on a failed append:\n%q", tail(got))
	}
	if n := len(p.itemFiles()); n != 2 {
		t.Errorf("%d items after a failed archive, want 2", n)
	}
	noTemps(t, p.Mem)

	os.Remove(filler)
	if r := p.run(nil, "archive", "retry budget"); r.Code != 0 {
		t.Fatalf("archive with room: exit %d %s%s", r.Code, r.Stdout, r.Stderr)
	}
	lines := logLines(t, p.LogPath())
	if last := lines[len(lines)-1]; last["item"] != "retry-budget" || last["action"] != "archived" {
		t.Errorf("last log line %v", last)
	}
}

// A full disk under the memory dir: park fails with one error line and
// leaves no temp file behind.
func TestParkOnFullDisk(t *testing.T) {
	p := newProj(t)
	tinyDisk(t, p.Mem, "64k")
	fill(t, p.Mem)
	r := p.park("retry budget " + strings.Repeat("and more words ", 400))
	if r.Code != 1 || !strings.HasPrefix(r.Stderr, "openloop: error: park: ") || strings.Count(r.Stderr, "\n") != 1 {
		t.Errorf("park on a full disk: exit %d\nstdout: %s\nstderr: %s", r.Code, r.Stdout, r.Stderr)
	}
	noTemps(t, p.Mem)
	if files := p.itemFiles(); len(files) != 0 {
		t.Errorf("items on a full disk: %v", files)
	}
}

// The item survives a crash: park syncs the file, renames (links) it into
// place, then syncs the folder, in that order, as strace sees the real
// binary do it. Archive syncs the folder after moving the item aside,
// before its log line, and the log after writing it.
func TestFsyncOrder(t *testing.T) {
	if _, err := exec.LookPath("strace"); err != nil {
		t.Skip("strace is not installed")
	}
	p := newProj(t)
	p.park("warm up") // creates the memory dir and the lock
	trace := func(args ...string) string {
		t.Helper()
		out := filepath.Join(t.TempDir(), "trace")
		c, _, errb := p.cmd(t.Context(), nil, args...)
		c.Args = append([]string{"strace", "-f", "-y", "-o", out, "-e", "trace=fsync,fdatasync,rename,renameat,renameat2,link,linkat,unlink,unlinkat,write,openat", "--", bin}, args...)
		c.Path, _ = exec.LookPath("strace")
		if err := c.Run(); err != nil {
			t.Skipf("strace cannot trace here: %v %s", err, errb)
		}
		data, _ := os.ReadFile(out)
		return string(data)
	}
	events := func(tr string, pats ...string) []int {
		t.Helper()
		var at []int
		lines := strings.Split(tr, "\n")
		for _, pat := range pats {
			re := regexp.MustCompile(pat)
			i := -1
			for j, l := range lines {
				if re.MatchString(l) && !strings.Contains(l, "= -1") {
					i = j
					break
				}
			}
			at = append(at, i)
		}
		return at
	}
	mem := regexp.QuoteMeta(p.Mem)
	// strace splits a call another thread interrupts into "fsync(8</x>
	// <unfinished ...>" and "<... fsync resumed>) = 0": either form ends it.
	const end = `(\)| <unfinished)`
	tr := trace("park", "--kind", "deferred", "--idea", "crash safe", "--context", "c")
	at := events(tr,
		`fsync\(\d+<`+mem+`/\.openloop-tmp-`,
		`(link|rename)at2?\(.*session-open-crash-safe-`,
		`fsync\(\d+<`+mem+`>`+end)
	if at[0] < 0 || at[1] <= at[0] || at[2] <= at[1] {
		t.Errorf("park: file sync, link, folder sync at lines %v, want all three in order\n%s", at, tr)
	}
	logPath := regexp.QuoteMeta(p.LogPath())
	tr = trace("archive", "crash safe")
	at = events(tr,
		`renameat2?\(.*session-open-crash-safe-.*\.openloop-tmp-archive-`,
		`fsync\(\d+<`+mem+`>`+end,
		`write\(\d+<`+logPath+`>`,
		`fsync\(\d+<`+logPath+`>`+end,
		`unlinkat\(.*\.openloop-tmp-archive-`)
	for i := 1; i < len(at); i++ {
		if at[0] < 0 || at[i] <= at[i-1] {
			t.Errorf("archive: aside, folder sync, log write, log sync, unlink at lines %v, want each after the one before\n%s", at, tr)
			break
		}
	}
}
