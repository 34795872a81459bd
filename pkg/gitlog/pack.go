package gitlog

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/openloop/openloop/internal/safeio"
)

// objects is a fast path for reading commit objects whose cost does not
// grow with the repository: a loose object is one file, and a packed one
// is found by binary search in each pack's .idx file, read with ReadAt,
// never loaded whole. go-git's storage decodes every .idx in full on its
// first lookup (28 bytes per object in the repository), which is what
// made a walk of 5 commits slower in a larger history.
//
// Anything the fast path does not handle (a deltified commit, a version 1
// .idx, an object found only through alternates) reports ok=false and the
// caller falls back to go-git.
type objects struct {
	dir   string // the objects folder
	packs []*pack
}

type pack struct {
	idx, data *os.File
	fanout    [256]uint32
	n         uint32
}

// openObjects opens the objects folder. Packs whose index cannot be used
// are skipped (the fallback still sees them).
func openObjects(dir string) *objects {
	o := &objects{dir: dir}
	idxs, _ := filepath.Glob(filepath.Join(dir, "pack", "pack-*.idx"))
	for _, p := range idxs {
		if pk, err := openPack(p); err == nil {
			o.packs = append(o.packs, pk)
		}
	}
	return o
}

func (o *objects) close() {
	for _, p := range o.packs {
		p.idx.Close()
		p.data.Close()
	}
}

var idxMagic = []byte{0xff, 't', 'O', 'c', 0, 0, 0, 2}

func openPack(idxPath string) (*pack, error) {
	idx, _, err := safeio.OpenRegular(idxPath)
	if err != nil {
		return nil, err
	}
	var head [8 + 256*4]byte
	if _, err := io.ReadFull(idx, head[:]); err != nil || !bytes.Equal(head[:8], idxMagic) {
		idx.Close()
		return nil, errors.New("not a version 2 pack index")
	}
	data, _, err := safeio.OpenRegular(idxPath[:len(idxPath)-len(".idx")] + ".pack")
	if err != nil {
		idx.Close()
		return nil, err
	}
	p := &pack{idx: idx, data: data}
	for i := range p.fanout {
		p.fanout[i] = binary.BigEndian.Uint32(head[8+4*i:])
	}
	p.n = p.fanout[255]
	return p, nil
}

// offset finds h in the pack's index by binary search within its fanout
// bucket.
func (p *pack) offset(h plumbing.Hash) (int64, bool, error) {
	lo := uint32(0)
	if h[0] > 0 {
		lo = p.fanout[h[0]-1]
	}
	hi := p.fanout[h[0]]
	const hashes = 8 + 256*4
	var buf [20]byte
	for lo < hi {
		mid := lo + (hi-lo)/2
		if _, err := p.idx.ReadAt(buf[:], hashes+int64(mid)*20); err != nil {
			return 0, false, err
		}
		switch c := bytes.Compare(buf[:], h[:]); {
		case c == 0:
			return p.readOffset(mid)
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false, nil
}

func (p *pack) readOffset(i uint32) (int64, bool, error) {
	base := int64(8+256*4) + int64(p.n)*(20+4)
	var b [8]byte
	if _, err := p.idx.ReadAt(b[:4], base+int64(i)*4); err != nil {
		return 0, false, err
	}
	off := binary.BigEndian.Uint32(b[:4])
	if off&0x80000000 == 0 {
		return int64(off), true, nil
	}
	large := base + int64(p.n)*4 + int64(off&0x7fffffff)*8
	if _, err := p.idx.ReadAt(b[:], large); err != nil {
		return 0, false, err
	}
	return int64(binary.BigEndian.Uint64(b[:])), true, nil
}

// commitData returns the raw content of commit h, at most maxCommitRead
// bytes of it. ok is false when the fast path cannot read it.
func (o *objects) commitData(h plumbing.Hash) (data []byte, ok bool, err error) {
	hx := hex.EncodeToString(h[:])
	if f, _, err := safeio.OpenRegular(filepath.Join(o.dir, hx[:2], hx[2:])); err == nil {
		defer f.Close()
		return looseCommit(f)
	}
	for _, p := range o.packs {
		off, found, err := p.offset(h)
		if err != nil {
			return nil, false, nil
		}
		if found {
			return p.commitAt(off)
		}
	}
	return nil, false, nil
}

// looseCommit inflates a loose object: "commit <size>\x00<content>".
func looseCommit(r io.Reader) ([]byte, bool, error) {
	z, err := zlib.NewReader(r)
	if err != nil {
		return nil, false, nil
	}
	defer z.Close()
	b, err := io.ReadAll(io.LimitReader(z, maxCommitRead+64))
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, false, nil
	}
	head, body, found := bytes.Cut(b, []byte{0})
	kind, size, _ := bytes.Cut(head, []byte(" "))
	if !found || string(kind) != "commit" {
		return nil, false, nil
	}
	if _, err := strconv.Atoi(string(size)); err != nil {
		return nil, false, nil
	}
	return body, true, nil
}

// commitAt reads the packed object at off when it is a whole (not
// deltified) commit.
func (p *pack) commitAt(off int64) ([]byte, bool, error) {
	var hdr [16]byte
	n, err := p.data.ReadAt(hdr[:], off)
	if n == 0 {
		return nil, false, fmt.Errorf("read pack at %d: %w", off, err)
	}
	typ := (hdr[0] >> 4) & 7
	i := 0
	for hdr[i]&0x80 != 0 {
		if i++; i >= n {
			return nil, false, nil
		}
	}
	if typ != 1 { // 1 = commit; 6, 7 = deltas: left to go-git
		return nil, false, nil
	}
	z, err := zlib.NewReader(io.NewSectionReader(p.data, off+int64(i+1), 1<<62))
	if err != nil {
		return nil, false, nil
	}
	defer z.Close()
	b, err := io.ReadAll(io.LimitReader(z, maxCommitRead))
	if err != nil {
		return nil, false, nil
	}
	return b, true, nil
}
