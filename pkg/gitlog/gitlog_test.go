package gitlog

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/memory"

	"github.com/openloop/openloop/internal/gittest"
)

var t0 = time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)

func subjects(cs []Commit) []string {
	var s []string
	for _, c := range cs {
		s = append(s, c.Subject)
	}
	return s
}

func build(t *testing.T, dir string, msgs map[time.Duration]string, order []time.Duration) map[string]plumbing.Hash {
	t.Helper()
	g, err := gittest.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	hashes := map[string]plumbing.Hash{}
	for _, d := range order {
		h, err := g.Commit(t0.Add(d), msgs[d])
		if err != nil {
			t.Fatal(err)
		}
		hashes[msgs[d]] = h
	}
	return hashes
}

func TestSinceAndLast(t *testing.T) {
	dir := t.TempDir()
	order := []time.Duration{-26 * time.Hour, -time.Hour, -time.Second, 0, 30 * time.Minute, time.Hour}
	msgs := map[time.Duration]string{
		-26 * time.Hour: "yesterday", -time.Hour: "before the session", -time.Second: "just before",
		0: "at the start\n\nbody text", 30 * time.Minute: "fix the refresh race", time.Hour: "  add a test  ",
	}
	hashes := build(t, dir, msgs, order)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, more, err := r.Since(t0, 20)
	if err != nil || more {
		t.Fatal(err, more)
	}
	if want := []string{"add a test", "fix the refresh race", "at the start"}; !reflect.DeepEqual(subjects(got), want) {
		t.Errorf("Since = %q, want %q", subjects(got), want)
	}
	if h := hashes["  add a test  "].String(); got[0].Hash != h || got[0].Short != h[:7] || !got[0].When.Equal(t0.Add(time.Hour)) {
		t.Errorf("first = %+v, want hash %s", got[0], h)
	}
	got, more, _ = r.Since(t0, 2)
	if len(got) != 2 || !more {
		t.Errorf("max 2: %d commits, more=%v", len(got), more)
	}
	got, _, _ = r.Since(t0.Add(2*time.Hour), 20)
	if len(got) != 0 {
		t.Errorf("future cut-off: %q", subjects(got))
	}
	last, err := r.Last(4)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"add a test", "fix the refresh race", "at the start", "just before"}; !reflect.DeepEqual(subjects(last), want) {
		t.Errorf("Last = %q", subjects(last))
	}
	all, _ := r.Last(100)
	if len(all) != 6 {
		t.Errorf("Last(100) = %d commits", len(all))
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(dir); !errors.Is(err, ErrNotRepository) {
		t.Errorf("plain folder: %v", err)
	}
	// A fresh repository with no commits lists nothing, without error.
	if _, err := gittest.Open(dir); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, more, err := r.Since(t0, 5); err != nil || len(got) != 0 || more {
		t.Errorf("unborn: %v %v %v", got, more, err)
	}
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, ".git"), []byte("nonsense\n"), 0o600)
	if _, err := Open(bad); err == nil {
		t.Error(".git file without gitdir: no error")
	}
}

// A linked worktree's .git file points at .git/worktrees/<name>, whose
// commondir holds the objects and branches.
func TestLinkedWorktree(t *testing.T) {
	main := t.TempDir()
	hashes := build(t, main, map[time.Duration]string{0: "on main", time.Hour: "on feature"}, []time.Duration{0, time.Hour})
	wtGit := filepath.Join(main, ".git", "worktrees", "wt")
	os.MkdirAll(wtGit, 0o700)
	os.WriteFile(filepath.Join(wtGit, "commondir"), []byte("../..\n"), 0o600)
	os.WriteFile(filepath.Join(wtGit, "HEAD"), []byte("ref: refs/heads/feature\n"), 0o600)
	os.WriteFile(filepath.Join(main, ".git", "refs", "heads", "feature"), []byte(hashes["on main"].String()+"\n"), 0o600)
	wt := t.TempDir()
	os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: "+wtGit+"\n"), 0o600)

	r, err := Open(wt)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Last(5)
	if err != nil || !reflect.DeepEqual(subjects(got), []string{"on main"}) {
		t.Errorf("worktree Last = %q, %v", subjects(got), err)
	}
}

func TestDecodeCommit(t *testing.T) {
	h := plumbing.NewHash("0123456789abcdef0123456789abcdef01234567")
	p1, p2 := "1111111111111111111111111111111111111111", "2222222222222222222222222222222222222222"
	raw := "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n" +
		"parent " + p1 + "\nparent " + p2 + "\n" +
		"author A <a@x> 1764666000 +0100\n" +
		"committer C <c@x> 1764669600 -0230\n" +
		"gpgsig -----BEGIN PGP SIGNATURE-----\n \n abc\n -----END PGP SIGNATURE-----\n" +
		"\nMerge branch 'x'\n\nbody\n"
	c, err := decodeCommit(h, []byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	if c.parent.String() != p1 || c.Subject != "Merge branch 'x'" || c.Short != "0123456" || c.When.Unix() != 1764669600 {
		t.Errorf("got %+v", c)
	}
	if _, off := c.When.Zone(); off != -(2*3600 + 30*60) {
		t.Errorf("zone offset %d", off)
	}
	for _, bad := range []string{"tree x\n\nmsg", "committer C <c@x> soon +0000\n\nmsg", "parent 12\ncommitter C <c@x> 1 +0000\n"} {
		if _, err := decodeCommit(h, []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// FuzzDecodeCommit: whatever the object holds, a commit that decodes
// keeps what it promises (its hash, a one-line trimmed subject that is
// in the message, a committer line in the headers) and decodes to itself
// again once written back out; and whatever a message holds, it never
// changes what the headers say (time, time zone, parent).
func FuzzDecodeCommit(f *testing.F) {
	f.Add([]byte("tree x\nparent 1111111111111111111111111111111111111111\ncommitter C <c@x> 1764669600 -0230\n\nsubject\n"))
	f.Add([]byte("committer <> 1 +9999\n"))
	f.Add([]byte("committer C <c@x> 1764669600 +0100\n\n\n  \tsubject  \r\nbody\n"))
	f.Add([]byte("committer C <c@x> 1764669600 +0100\ncommitter D <d@x> 1 -0000\ngpgsig -----BEGIN\n committer X <x> 5 +0000\n\nparent 2222222222222222222222222222222222222222\ncommitter E <e> 7 +0000\n"))
	f.Add([]byte("committer C <c> -62135596800 +1400\n\n\u2028\u0085x\x00\n"))
	h := plumbing.NewHash("0123456789abcdef0123456789abcdef01234567")
	const parent = "89abcdef0123456789abcdef0123456789abcdef"
	head := "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nparent " + parent +
		"\nauthor A U Thor <a@example.com> 1700000000 +0000\ncommitter C O Mitter <c@example.com> 1764669600 -0230\n"
	f.Fuzz(func(t *testing.T, b []byte) {
		if c, err := decodeCommit(h, b); err == nil {
			checkCommit(t, h, b, c)
			again, err := decodeCommit(h, encodeCommit(c))
			if err != nil {
				t.Fatalf("%q decodes to %+v, which does not decode once written out: %v", b, c, err)
			}
			if !sameCommit(c, again) {
				t.Fatalf("%q decodes to %+v, written out and decoded again to %+v", b, c, again)
			}
		}

		// b as the message under fixed headers.
		data := append([]byte(head+"\n"), b...)
		c, err := decodeCommit(h, data)
		if err != nil {
			t.Fatalf("valid headers with message %q: %v", b, err)
		}
		checkCommit(t, h, data, c)
		_, off := c.When.Zone()
		if c.When.Unix() != 1764669600 || off != -(2*3600+30*60) || c.parent.String() != parent {
			t.Fatalf("message %q changed the headers: %v (offset %d), parent %s", b, c.When, off, c.parent)
		}
		want := ""
		for _, l := range strings.Split(string(b), "\n") {
			if want = strings.TrimSpace(l); want != "" {
				break
			}
		}
		if c.Subject != want {
			t.Fatalf("message %q: subject %q, want its first non-blank line %q", b, c.Subject, want)
		}
	})
}

// checkCommit checks what a decoded commit promises of the object data.
func checkCommit(t *testing.T, h plumbing.Hash, data []byte, c *commit) {
	t.Helper()
	if c.Hash != h.String() || c.Short != h.String()[:7] {
		t.Fatalf("hash %q short %q, want %s", c.Hash, c.Short, h)
	}
	if strings.ContainsAny(c.Subject, "\n") || strings.TrimSpace(c.Subject) != c.Subject {
		t.Fatalf("subject %q of %q is not one trimmed line", c.Subject, data)
	}
	headers, msg, _ := strings.Cut(string(data), "\n\n")
	if strings.HasPrefix(string(data), "\n") {
		headers, msg = "", string(data[1:])
	}
	if !strings.Contains(msg, c.Subject) {
		t.Fatalf("subject %q is not in the message of %q", c.Subject, data)
	}
	if !strings.HasPrefix(headers, "committer ") && !strings.Contains(headers, "\ncommitter ") {
		t.Fatalf("%q decoded with no committer line in its headers", data)
	}
}

// encodeCommit writes c back out in git's commit format.
func encodeCommit(c *commit) []byte {
	var b strings.Builder
	b.WriteString("tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n")
	if !c.parent.IsZero() {
		b.WriteString("parent " + c.parent.String() + "\n")
	}
	zone, _ := c.When.Zone()
	fmt.Fprintf(&b, "committer C <c@example.com> %d %s\n\n%s\n", c.When.Unix(), zone, c.Subject)
	return []byte(b.String())
}

func sameCommit(a, b *commit) bool {
	az, ao := a.When.Zone()
	bz, bo := b.When.Zone()
	return a.Commit.Hash == b.Commit.Hash && a.Short == b.Short && a.Subject == b.Subject &&
		a.When.Equal(b.When) && az == bz && ao == bo && a.parent == b.parent
}

// BenchmarkSince: listing a session of 5 commits costs the same on a
// history of 200 commits and of 20,000.
func BenchmarkSince(b *testing.B) {
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, n := range []int{200, 20000} {
		dir := b.TempDir()
		g, err := gittest.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		if err := g.Chain(n, start, time.Minute); err != nil {
			b.Fatal(err)
		}
		cut := start.Add(time.Duration(n-5) * time.Minute)
		b.Run(map[int]string{200: "200commits", 20000: "20000commits"}[n], func(b *testing.B) {
			for b.Loop() {
				r, err := Open(dir)
				if err != nil {
					b.Fatal(err)
				}
				got, _, err := r.Since(cut, 20)
				if err != nil || len(got) != 5 {
					b.Fatal(err, len(got))
				}
			}
		})
	}
}

// The fast path (loose files, binary search in .idx) and go-git's storage
// read the same commits, from a pack and from loose objects on top of it.
func TestFastPathMatchesGoGit(t *testing.T) {
	dir := t.TempDir()
	g, err := gittest.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Chain(300, t0, time.Minute); err != nil { // one pack
		t.Fatal(err)
	}
	for i := range 3 { // loose
		if _, err := g.Commit(t0.Add(time.Duration(400+i)*time.Minute), "loose"); err != nil {
			t.Fatal(err)
		}
	}
	packs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.idx"))
	if len(packs) != 1 {
		t.Fatalf("want one pack, have %v", packs)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if len(r.fast.packs) != 1 {
		t.Fatalf("fast path did not open the pack")
	}
	fast, err := r.Last(1000)
	if err != nil {
		t.Fatal(err)
	}
	// Every commit was readable by the fast path.
	for _, c := range fast {
		if _, ok, err := r.fast.commitData(plumbing.NewHash(c.Hash)); !ok || err != nil {
			t.Fatalf("fast path missed %s: %v", c.Short, err)
		}
	}
	r.fast = &objects{} // no packs, wrong folder: everything goes to the fallback (storage.go)
	slow, err := r.Last(1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(fast) != 303 || !reflect.DeepEqual(fast, slow) {
		t.Errorf("fast %d commits, go-git %d; equal=%v", len(fast), len(slow), reflect.DeepEqual(fast, slow))
	}
	if fast[0].Subject != "loose" || fast[3].Subject != "commit 300" || fast[302].Subject != "commit 1" {
		t.Errorf("order: %q %q %q", fast[0].Subject, fast[3].Subject, fast[302].Subject)
	}
}

// The walk reads the listed commits and the first older one, nothing more,
// however long the history.
func TestSinceReadsOnlyTheSession(t *testing.T) {
	dir := t.TempDir()
	g, err := gittest.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Chain(3000, t0, time.Minute); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, _, err := r.Since(t0.Add(2995*time.Minute), 20)
	if err != nil || len(got) != 5 || got[4].Subject != "commit 2996" {
		t.Fatalf("Since: %q %v", subjects(got), err)
	}
	if r.reads != 6 {
		t.Errorf("read %d commits for a session of 5, want 6", r.reads)
	}
}

// A cloned or gc'ed repository keeps its objects in a packfile and its
// branches in packed-refs: the walk reads both (storage.go).
func TestPackedRepository(t *testing.T) {
	dir := t.TempDir()
	gitDir := filepath.Join(dir, ".git")
	mem := memory.NewStorage()
	var all []plumbing.Hash
	put := func(o interface {
		Encode(plumbing.EncodedObject) error
	}) plumbing.Hash {
		obj := mem.NewEncodedObject()
		if err := o.Encode(obj); err != nil {
			t.Fatal(err)
		}
		h, err := mem.SetEncodedObject(obj)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, h)
		return h
	}
	tree := put(&object.Tree{})
	base := time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)
	var parent plumbing.Hash
	for i := range 5 {
		sig := object.Signature{Name: "Dev", Email: "dev@example.com", When: base.Add(time.Duration(i) * time.Hour)}
		c := &object.Commit{Author: sig, Committer: sig, TreeHash: tree, Message: fmt.Sprintf("commit %d\n", i)}
		if !parent.IsZero() {
			c.ParentHashes = []plumbing.Hash{parent}
		}
		parent = put(c)
	}
	disk := filesystem.NewStorage(osfs.New(gitDir), cache.NewObjectLRUDefault())
	if err := disk.Init(); err != nil {
		t.Fatal(err)
	}
	pw, err := disk.PackfileWriter()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := packfile.NewEncoder(pw, mem, false).Encode(all, 10); err != nil {
		t.Fatal(err)
	}
	if err := pw.Close(); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(gitDir, "HEAD"), []byte("ref: refs/heads/main\n"), 0o600)
	os.WriteFile(filepath.Join(gitDir, "packed-refs"), []byte("# pack-refs with: peeled fully-peeled sorted\n"+parent.String()+" refs/heads/main\n"), 0o600)
	if loose, _ := filepath.Glob(filepath.Join(gitDir, "objects", "??", "*")); len(loose) != 0 {
		t.Fatalf("loose objects: %v", loose)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, err := r.Last(3)
	if err != nil || strings.Join(subjects(got), ",") != "commit 4,commit 3,commit 2" {
		t.Fatalf("Last(3) = %q, %v", subjects(got), err)
	}
	since, more, err := r.Since(base.Add(90*time.Minute), 10)
	if err != nil || more || len(since) != 3 {
		t.Fatalf("Since = %q %v %v", subjects(since), more, err)
	}
}

// A shallow clone has commits whose parents were never fetched; they are
// listed in .git/shallow. The walk stops there instead of failing with
// "object not found" (and summary listing no commits at all).
func TestShallowClone(t *testing.T) {
	for _, layout := range []string{"loose", "git clone --depth"} {
		t.Run(layout, func(t *testing.T) {
			dir := t.TempDir()
			order := []time.Duration{-3 * time.Hour, -2 * time.Hour, -time.Hour, 0}
			msgs := map[time.Duration]string{-3 * time.Hour: "one", -2 * time.Hour: "two", -time.Hour: "three", 0: "four"}
			hashes := build(t, dir, msgs, order)
			gitDir := filepath.Join(dir, ".git")
			if layout == "loose" {
				// What a shallow fetch of depth 2 leaves: "three" is a
				// boundary, "two" and "one" are absent.
				for _, m := range []string{"one", "two"} {
					hex := hashes[m].String()
					if err := os.Remove(filepath.Join(gitDir, "objects", hex[:2], hex[2:])); err != nil {
						t.Fatal(err)
					}
				}
				os.WriteFile(filepath.Join(gitDir, "shallow"), []byte(hashes["three"].String()+"\n"), 0o600)
			} else {
				if _, err := exec.LookPath("git"); err != nil {
					t.Skip("no git")
				}
				clone := filepath.Join(t.TempDir(), "clone")
				out, err := exec.Command("git", "clone", "-q", "--depth", "2", "file://"+dir, clone).CombinedOutput()
				if err != nil {
					t.Fatalf("git clone: %v\n%s", err, out)
				}
				if _, err := os.Stat(filepath.Join(clone, ".git", "shallow")); err != nil {
					t.Fatalf("the clone is not shallow: %v", err)
				}
				dir = clone
			}
			r, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			list, more, err := r.Since(t0.Add(-24*time.Hour), 20)
			if err != nil || more || !reflect.DeepEqual(subjects(list), []string{"four", "three"}) {
				t.Errorf("Since: %v %v %v", subjects(list), more, err)
			}
			last, err := r.Last(15)
			if err != nil || !reflect.DeepEqual(subjects(last), []string{"four", "three"}) {
				t.Errorf("Last: %v %v", subjects(last), err)
			}
		})
	}
}

// A .git/shallow that is a FIFO, or holds something that is not a hash,
// is an error, not a hang or a wrong list.
func TestShallowFileErrors(t *testing.T) {
	dir := t.TempDir()
	build(t, dir, map[time.Duration]string{0: "only"}, []time.Duration{0})
	os.WriteFile(filepath.Join(dir, ".git", "shallow"), []byte("not a hash\n"), 0o600)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.Last(1); err == nil || !strings.Contains(err.Error(), `shallow: bad line "not"`) {
		t.Errorf("err = %v", err)
	}
}
