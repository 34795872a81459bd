//go:build !unix

package store

// oNoFollow and oNonblock are not available here; the Lstat checks and the
// checks on the open file stand alone.
const (
	oNoFollow = 0
	oNonblock = 0
)
