//go:build unix

package e2etest

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// asNobody makes c run as uid/gid 65534 and hands it the project: root can
// read a chmod 0 file, nobody cannot.
func asNobody(t *testing.T, c *exec.Cmd, p *proj) {
	t.Helper()
	const nobody = 65534
	// Everything of the project (repository, home, memory dir) is in one
	// temp folder: give it to nobody, and let nobody through the folders
	// above it and above the binary.
	filepath.Walk(filepath.Dir(p.Root), func(path string, _ os.FileInfo, err error) error {
		if err == nil {
			os.Lchown(path, nobody, nobody)
		}
		return nil
	})
	for _, start := range []string{filepath.Dir(filepath.Dir(p.Root)), filepath.Dir(bin)} {
		for d := start; d != "/"; d = filepath.Dir(d) {
			if fi, err := os.Stat(d); err == nil && fi.Mode().Perm()&0o001 == 0 {
				os.Chmod(d, fi.Mode().Perm()|0o001)
			}
		}
	}
	c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	// The check that the fault holds: nobody cannot read the file.
	probe := exec.Command("cat", filepath.Join(p.Mem, p.itemFiles()[0]))
	probe.SysProcAttr = c.SysProcAttr
	if err := probe.Run(); err == nil {
		t.Skip("chmod 0 does not stop uid 65534 here: cannot make an unreadable file")
	}
}
