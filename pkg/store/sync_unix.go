//go:build unix

package store

import "os"

// syncDir flushes a folder's entries (a new name, a rename, a removal) to
// disk, so that they survive a crash or a power cut as the file's own
// fsync makes its bytes survive. On Linux this is fsync(2) on the folder.
// On macOS fsync does not flush the drive's own cache (that takes
// F_FULLFSYNC, which openloop does not use), so there a power cut can
// still lose the last moves. Errors are ignored: the move itself is done,
// and a folder that cannot be synced is no reason to undo it.
func syncDir(dir string) {
	if testSyncDir != nil {
		testSyncDir(dir)
	}
	f, err := os.Open(dir)
	if err != nil {
		return
	}
	f.Sync()
	f.Close()
}
