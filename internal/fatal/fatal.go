// Package fatal keeps a fatal error of the Go runtime from ending the hook
// with exit status 2.
//
// The Go runtime ends a process with status 2 on an error it cannot
// recover from: out of memory, a stack overflow, a panic on a goroutine no
// recover covers, concurrent map writes. To Claude Code, a UserPromptSubmit
// hook that exits 2 blocks the prompt and erases it: the one outcome a
// hook must never have. Guard sets the runtime's traceback level to
// "crash", under which such an error ends the process with SIGABRT
// instead (the trace is still printed on stderr): a non-blocking failure
// to Claude Code. It turns core dumps off first, so the abort writes no
// core file, which would hold the prompt, maybe in the project's folder.
//
// Guard cannot reach a failure before main runs (the runtime unable to
// start a thread at start-up, under a process limit already reached).
// On Windows it does nothing: there, a crash can raise the system's
// error-reporting dialog, which would hold the hook until it times out.
package fatal

import "runtime/debug"

// Guard makes the rest of the process end by SIGABRT, with no core file,
// on a fatal runtime error, rather than with exit status 2. Call it first
// thing in a hook.
func Guard() {
	if !noCoreDump() {
		return // a core file could not be ruled out: keep Go's exit 2
	}
	debug.SetTraceback("crash")
}
