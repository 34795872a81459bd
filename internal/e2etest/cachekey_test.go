package e2etest

// The tests here run a binary built with `go build` in TestMain, which the
// test cache cannot see. Importing the command's packages makes every
// change to them a change to this test binary too, so `go test ./...`
// never reports a stale cached pass.
import (
	_ "github.com/openloop/openloop/hooks"
	_ "github.com/openloop/openloop/pkg/cli"
)
