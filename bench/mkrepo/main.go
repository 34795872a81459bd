// Command mkrepo builds a git repository with many commits for the
// summary benchmark, through go-git's object storage (no git process):
// one small tree that changes every commit, a linear history, commit times
// one minute apart ending now, so that the last 8 hours hold 480 commits.
// The objects are built in memory and written as one packfile with its
// index, as a cloned repository holds them.
//
//	go run ./bench/mkrepo -n 20000 -o /tmp/repo
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/memory"
)

var subjects = []string{
	"auth: hold the token lock while refreshing",
	"payments: add request logging",
	"upload: retry budget for the client",
	"docs: explain the refresh race",
	"test: regression test for expired tokens",
	"ci: cache the module download",
}

func main() {
	n := flag.Int("n", 20000, "number of commits")
	out := flag.String("o", "", "repository folder to create (required)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: mkrepo [-n 20000] -o DIR")
		os.Exit(64)
	}
	if err := build(*out, *n); err != nil {
		fmt.Fprintln(os.Stderr, "mkrepo:", err)
		os.Exit(1)
	}
}

func build(dir string, n int) error {
	dot := osfs.New(filepath.Join(dir, ".git"))
	disk := filesystem.NewStorage(dot, cache.NewObjectLRUDefault())
	if err := disk.Init(); err != nil {
		return err
	}
	st := memory.NewStorage()
	var all []plumbing.Hash
	save := func(o interface {
		Encode(plumbing.EncodedObject) error
	}) (plumbing.Hash, error) {
		obj := st.NewEncodedObject()
		if err := o.Encode(obj); err != nil {
			return plumbing.ZeroHash, err
		}
		h, err := st.SetEncodedObject(obj)
		all = append(all, h)
		return h, err
	}
	blob := func(text string) (plumbing.Hash, error) {
		obj := st.NewEncodedObject()
		obj.SetType(plumbing.BlobObject)
		w, err := obj.Writer()
		if err != nil {
			return plumbing.ZeroHash, err
		}
		if _, err := w.Write([]byte(text)); err != nil {
			return plumbing.ZeroHash, err
		}
		if err := w.Close(); err != nil {
			return plumbing.ZeroHash, err
		}
		h, err := st.SetEncodedObject(obj)
		all = append(all, h)
		return h, err
	}
	readme, err := blob("# acme-api\n")
	if err != nil {
		return err
	}
	now := time.Now().UTC().Truncate(time.Second)
	var parent plumbing.Hash
	for i := range n {
		counter, err := blob(fmt.Sprintf("%d\n", i))
		if err != nil {
			return err
		}
		tree := &object.Tree{Entries: []object.TreeEntry{
			{Name: "README.md", Mode: filemode.Regular, Hash: readme},
			{Name: "counter.txt", Mode: filemode.Regular, Hash: counter},
		}}
		th, err := save(tree)
		if err != nil {
			return err
		}
		when := now.Add(-time.Duration(n-1-i) * time.Minute)
		sig := object.Signature{Name: "Dev", Email: "dev@example.com", When: when}
		c := &object.Commit{
			Author: sig, Committer: sig, TreeHash: th,
			Message: fmt.Sprintf("%s (#%d)\n", subjects[i%len(subjects)], i+1),
		}
		if !parent.IsZero() {
			c.ParentHashes = []plumbing.Hash{parent}
		}
		if parent, err = save(c); err != nil {
			return err
		}
	}
	pw, err := disk.PackfileWriter()
	if err != nil {
		return err
	}
	if _, err := packfile.NewEncoder(pw, st, false).Encode(all, 0); err != nil {
		return err
	}
	if err := pw.Close(); err != nil {
		return err
	}
	main := plumbing.NewHashReference(plumbing.NewBranchReferenceName("main"), parent)
	if err := disk.SetReference(main); err != nil {
		return err
	}
	return disk.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, main.Name()))
}
