// Package gittest builds git repositories for tests and benchmarks with
// go-git. Only tests import it: it uses go-git's top-level package, which
// the openloop binary must not link.
//
// Commits are written as bare objects (one empty tree shared by all, only
// commit objects added) so that a history of 20,000 commits takes seconds.
package gittest

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage"
	"github.com/go-git/go-git/v5/storage/memory"
)

// Repo is a repository being built.
type Repo struct {
	st   storage.Storer
	tree plumbing.Hash
}

// Open opens the repository in dir, creating it (a normal checkout with a
// .git folder) when there is none.
func Open(dir string) (*Repo, error) {
	r, err := git.PlainOpen(dir)
	if errors.Is(err, git.ErrRepositoryNotExists) {
		r, err = git.PlainInit(dir, false)
	}
	if err != nil {
		return nil, err
	}
	obj := r.Storer.NewEncodedObject()
	if err := (&object.Tree{}).Encode(obj); err != nil {
		return nil, err
	}
	tree, err := r.Storer.SetEncodedObject(obj)
	if err != nil {
		return nil, err
	}
	return &Repo{st: r.Storer, tree: tree}, nil
}

// Commit adds a commit on top of HEAD's branch, with author and committer
// time when and message msg, and moves the branch to it.
func (g *Repo) Commit(when time.Time, msg string) (plumbing.Hash, error) {
	branch, parent, err := g.head()
	if err != nil {
		return plumbing.ZeroHash, err
	}
	var parents []plumbing.Hash
	if !parent.IsZero() {
		parents = []plumbing.Hash{parent}
	}
	sig := object.Signature{Name: "Test", Email: "test@example.com", When: when}
	c := &object.Commit{Author: sig, Committer: sig, Message: msg, TreeHash: g.tree, ParentHashes: parents}
	obj := g.st.NewEncodedObject()
	if err := c.Encode(obj); err != nil {
		return plumbing.ZeroHash, err
	}
	h, err := g.st.SetEncodedObject(obj)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return h, g.st.SetReference(plumbing.NewHashReference(branch, h))
}

// Chain adds n commits, the first at start and each next one step later,
// with messages "commit 1" … "commit n". They are built in memory and
// written as one packfile, so 20,000 commits take about a second.
func (g *Repo) Chain(n int, start time.Time, step time.Duration) error {
	branch, parent, err := g.head()
	if err != nil {
		return err
	}
	mem := memory.NewStorage()
	hashes := make([]plumbing.Hash, 0, n)
	for i := range n {
		var parents []plumbing.Hash
		if !parent.IsZero() {
			parents = []plumbing.Hash{parent}
		}
		sig := object.Signature{Name: "Test", Email: "test@example.com", When: start.Add(time.Duration(i) * step)}
		c := &object.Commit{Author: sig, Committer: sig, Message: fmt.Sprintf("commit %d", i+1), TreeHash: g.tree, ParentHashes: parents}
		obj := mem.NewEncodedObject()
		if err := c.Encode(obj); err != nil {
			return err
		}
		if parent, err = mem.SetEncodedObject(obj); err != nil {
			return err
		}
		hashes = append(hashes, parent)
	}
	var pack bytes.Buffer
	if _, err := packfile.NewEncoder(&pack, mem, false).Encode(hashes, 0); err != nil {
		return err
	}
	if err := packfile.UpdateObjectStorage(g.st, &pack); err != nil {
		return err
	}
	return g.st.SetReference(plumbing.NewHashReference(branch, parent))
}

// head returns HEAD's branch and the commit it points at (zero when
// unborn).
func (g *Repo) head() (plumbing.ReferenceName, plumbing.Hash, error) {
	head, err := g.st.Reference(plumbing.HEAD)
	if err != nil {
		return "", plumbing.ZeroHash, fmt.Errorf("read HEAD: %w", err)
	}
	branch := head.Name()
	if head.Type() == plumbing.SymbolicReference {
		branch = head.Target()
	}
	if ref, err := g.st.Reference(branch); err == nil {
		return branch, ref.Hash(), nil
	}
	return branch, plumbing.ZeroHash, nil
}
