//go:build !unix

package store

// syncDir does nothing where a folder cannot be opened and synced
// (Windows): there renames are not made durable by openloop.
func syncDir(dir string) {
	if testSyncDir != nil {
		testSyncDir(dir)
	}
}
