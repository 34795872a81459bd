//go:build !unix

package fatal

// noCoreDump reports false: Guard does nothing here (see the package
// comment).
func noCoreDump() bool { return false }
