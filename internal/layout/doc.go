// Package layout holds no code: its test enforces the import rules that
// keep the folder layout honest (see layout_test.go). The packages that
// hold behaviour (pkg/summary, pkg/store, pkg/detect, pkg/transcript, …)
// must never reach up into the command line or the hooks that use them.
package layout
