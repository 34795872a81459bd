package gitlog

// Reading refs and objects without go-git's storage/filesystem.
//
// storage/filesystem (and dotgit) import go-git's config package, which
// links gcfg, encoding/gob and go-git's URL regexps: about 2 ms of init
// code (GODEBUG=inittrace=1) in every openloop process, the hook on every
// prompt included, although only summary reads commits. What a first-parent
// walk needs is small: HEAD through loose refs and packed-refs, and commit
// objects, loose (plumbing/format/objfile) or packed (idxfile + packfile).
// Those packages link none of config. pack.go's fast path reads most
// commits; readObject is its fallback (deltified commits, version 1
// indexes), in place of go-git's storage.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
	"github.com/go-git/go-git/v5/plumbing/format/objfile"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"

	"github.com/openloop/openloop/internal/safeio"
)

// errNoObject means an object is in no loose file and no pack.
var errNoObject = errors.New("object not found")

// fullPack is one packfile and its decoded index, for what pack.go's fast
// path leaves (deltified commits, version 1 indexes); opened on first use.
type fullPack struct {
	idx  *idxfile.MemoryIndex
	path string // the .pack file
	p    *packfile.Packfile
}

// resolveHEAD follows HEAD through symbolic refs to a hash. ok is false
// when the branch HEAD names has no commit yet (unborn).
func (r *Repo) resolveHEAD() (h plumbing.Hash, ok bool, err error) {
	name := "HEAD"
	for range 10 {
		data, found, err := r.readRef(name)
		if err != nil {
			return h, false, err
		}
		if !found {
			return h, false, nil
		}
		if target, sym := strings.CutPrefix(data, "ref: "); sym {
			name = strings.TrimSpace(target)
			continue
		}
		if !isHex40(data) {
			return h, false, fmt.Errorf("ref %s: bad value %q", name, data)
		}
		return plumbing.NewHash(data), true, nil
	}
	return h, false, errors.New("HEAD: symbolic refs nest too deeply")
}

// readRef reads one ref: the worktree's own file, then the common dir's,
// then packed-refs.
func (r *Repo) readRef(name string) (value string, found bool, err error) {
	if strings.Contains(name, "..") || filepath.IsAbs(name) {
		return "", false, fmt.Errorf("bad ref name %q", name)
	}
	for _, dir := range r.refDirs() {
		b, err := safeio.ReadRegular(filepath.Join(dir, filepath.FromSlash(name)), maxSmallFile)
		if err == nil {
			return strings.TrimSpace(string(b)), true, nil
		}
	}
	for _, dir := range r.refDirs() {
		f, _, err := safeio.OpenRegular(filepath.Join(dir, "packed-refs"))
		if err != nil {
			continue
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "^") {
				continue
			}
			if hash, ref, ok := strings.Cut(line, " "); ok && ref == name {
				return hash, true, nil
			}
		}
		return "", false, sc.Err()
	}
	return "", false, nil
}

func (r *Repo) refDirs() []string {
	if r.common != "" && r.common != r.gitDir {
		return []string{r.gitDir, r.common}
	}
	return []string{r.gitDir}
}

// objectsDir is where objects live: the common dir's for a linked worktree.
func (r *Repo) objectsDir() string {
	if r.common != "" {
		return filepath.Join(r.common, "objects")
	}
	return filepath.Join(r.gitDir, "objects")
}

// readObject returns up to limit bytes of an object's content and its type.
func (r *Repo) readObject(h plumbing.Hash, limit int64) (plumbing.ObjectType, []byte, error) {
	hex := h.String()
	f, _, err := safeio.OpenRegular(filepath.Join(r.objectsDir(), hex[:2], hex[2:]))
	if err == nil {
		defer f.Close()
		or, err := objfile.NewReader(f)
		if err != nil {
			return 0, nil, err
		}
		defer or.Close()
		typ, _, err := or.Header()
		if err != nil {
			return 0, nil, err
		}
		data, err := io.ReadAll(io.LimitReader(or, limit))
		return typ, data, err
	}
	if err := r.loadPacks(); err != nil {
		return 0, nil, err
	}
	for _, pk := range r.full {
		if ok, _ := pk.idx.Contains(h); !ok {
			continue
		}
		if pk.p == nil {
			f, _, err := safeio.OpenRegular(pk.path) // a FIFO would block go-git's open
			if err != nil {
				return 0, nil, err
			}
			f.Close()
			pf, err := osfs.Default.Open(pk.path)
			if err != nil {
				return 0, nil, err
			}
			pk.p = packfile.NewPackfile(pk.idx, osfs.New(filepath.Dir(pk.path)), pf, 0)
		}
		o, err := pk.p.Get(h)
		if err != nil {
			return 0, nil, err
		}
		rd, err := o.Reader()
		if err != nil {
			return 0, nil, err
		}
		defer rd.Close()
		data, err := io.ReadAll(io.LimitReader(rd, limit))
		return o.Type(), data, err
	}
	return 0, nil, errNoObject
}

// loadPacks reads every pack index once.
func (r *Repo) loadPacks() error {
	if r.fullLoaded {
		return nil
	}
	r.fullLoaded = true
	idxs, _ := filepath.Glob(filepath.Join(r.objectsDir(), "pack", "pack-*.idx"))
	for _, path := range idxs {
		data, err := safeio.ReadRegular(path, maxIndex)
		if err != nil {
			return err
		}
		idx := idxfile.NewMemoryIndex()
		if err := idxfile.NewDecoder(bytes.NewReader(data)).Decode(idx); err != nil {
			return fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		r.full = append(r.full, &fullPack{idx: idx, path: strings.TrimSuffix(path, ".idx") + ".pack"})
	}
	return nil
}

// closeFull closes the packfiles readObject opened.
func (r *Repo) closeFull() error {
	var errs []error
	for _, pk := range r.full {
		if pk.p != nil {
			errs = append(errs, pk.p.Close())
		}
	}
	return errors.Join(errs...)
}

func isHex40(s string) bool {
	if len(s) != 40 {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
