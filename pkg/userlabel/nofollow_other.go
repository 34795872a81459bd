//go:build !unix

package userlabel

// noFollow is not available here; the Lstat check stands alone.
const noFollow = 0
