//go:build !unix

package e2etest

import (
	"os/exec"
	"testing"
)

// asNobody needs a Unix user to switch to.
func asNobody(t *testing.T, c *exec.Cmd, p *proj) {
	t.Skip("running as another user needs Unix credentials")
}
