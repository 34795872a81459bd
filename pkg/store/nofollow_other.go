//go:build !unix

package store

// oNoFollow is not available here; AppendLog's Lstat check stands alone.
const oNoFollow = 0
