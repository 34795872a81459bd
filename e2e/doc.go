// Package e2e drives the real Claude Code CLI (2.1.332) against a fake
// Messages API on loopback, inside a network namespace of its own, so that
// real sessions fire openloop's hooks and the /session command exactly as a
// user's sessions do.
//
// The package holds only tests, and they are opt-in: set OPENLOOP_E2E=1.
// They need root (unshare -n), npm and about 400 MB for the CLI, which is
// installed once into $XDG_CACHE_HOME/openloop-e2e/claude-2.1.332 (or
// ~/.cache/…; OPENLOOP_E2E_CACHE overrides, OPENLOOP_E2E_CLAUDE points at
// a binary of the right version). An environment variable rather than a
// build tag keeps the code compiled and vetted by every `go test ./...` and
// `go vet ./...`, and the fake API's own test runs there too; without the
// variable every end-to-end test skips and says why.
//
// With OPENLOOP_E2E=1 the suite must run: if openloop does not build, the
// CLI does not install from a reachable registry or does not start, or
// there is no root or unshare, the run fails. Only an npm registry that
// cannot be reached (npm install and npm ping both fail) makes every test
// skip, and TestMain then prints UnreachableMarker on stdout, which .ci/run
// reports on its last line.
//
// How a run works: TestMain installs the CLI and builds openloop (both
// need the network or the Go toolchain), then runs the test binary again
// under `unshare -n -- sh -c 'ip link set lo up && exec …'`. Inside, only
// loopback exists (checked before every test); each test gets a throwaway
// HOME, a project folder set up with `openloop install`, and its own fake
// API with a script of replies.
//
// Knobs: -short runs a representative subset (fewer latency sessions, no
// marketplace install). OPENLOOP_E2E_NOHOOKS=1 removes openloop's hooks
// from settings.json after install (and from the plugin): the scenarios
// that depend on the hooks must then fail.
package e2e
