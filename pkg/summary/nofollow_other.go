//go:build !unix

package summary

// noFollow is not available here; the Lstat check stands alone.
const noFollow = 0
