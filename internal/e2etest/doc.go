// Package e2etest holds openloop's end-to-end stress tests: many real
// openloop processes at once on one project, processes killed while they
// write, and hostile input (names that try to leave the memory dir,
// planted symlinks, YAML injection, frontmatter bombs). The tests build
// the binary once and run it as Claude Code would; the package has no
// code of its own.
package e2etest
