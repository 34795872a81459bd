// Package e2e drives the real Claude Code CLI (2.1.332) against a fake
// Messages API on loopback, inside a network namespace of its own, so that
// real sessions fire openloop's hooks and the /session command exactly as a
// user's sessions do.
//
// The package holds only tests. They are opt-in: set OPENLOOP_E2E=1. They
// need root (for unshare -n), npm (to install the CLI once into a cache
// folder) and about 400 MB of disk; see README.md, "End-to-end tests".
package e2e
