// Package testbin builds the openloop binary for tests that run it as a
// separate process (internal/e2etest, e2e, cmd/openloop's command tests).
//
// A binary built with `go build` at test time is invisible to the test
// cache. This package imports the command's packages, so every test
// binary that imports testbin changes whenever they do, and `go test ./...`
// never reports a stale cached pass.
package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	_ "github.com/openloop/openloop/hooks"   // cache key: see the package comment
	_ "github.com/openloop/openloop/pkg/cli" // cache key: see the package comment
)

// Build compiles github.com/openloop/openloop/cmd/openloop into dir
// (created if missing), exactly as `go install ./cmd/openloop` would, and
// returns the binary's path. On failure the error carries go build's
// output.
func Build(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "openloop")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", bin, "github.com/openloop/openloop/cmd/openloop")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build openloop: %v\n%s", err, out)
	}
	return bin, nil
}
