// Package privdir makes and checks openloop's private folders under the
// config dir ($CLAUDE_CONFIG_DIR, default ~/.claude): openloop/ (the
// labels), openloop/sessions/ (internal/sessiondir). Each part below the
// config dir that openloop owns is a real folder, 0700 when openloop
// makes it, and never followed through a symlink: one planted there
// would send openloop's writes, and the deletions of pruning, into some
// other folder. The config dir itself may be a symlink (users keep
// ~/.claude in a dotfiles repository).
package privdir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrFolder marks a part that is not a real folder (a symlink, even to a
// folder, is not). A constant, so that the hook's start-up, which imports
// this package, runs nothing for it.
var ErrFolder error = constError("not a folder")

// constError is an error that the compiler lays out statically.
type constError string

func (e constError) Error() string { return string(e) }

// Under returns configDir/parts… once every part is known to be a real
// folder. With create, the config dir (and its parents) and the missing
// parts are made, 0700. A part that is not a real folder is an error
// wrapping ErrFolder; a missing one, without create, one wrapping
// fs.ErrNotExist.
func Under(configDir string, create bool, parts ...string) (string, error) {
	if create {
		if err := os.MkdirAll(configDir, 0o700); err != nil {
			return "", err
		}
	}
	dir := configDir
	for _, part := range parts {
		dir = filepath.Join(dir, part)
		fi, err := os.Lstat(dir)
		if create && errors.Is(err, fs.ErrNotExist) {
			if err = os.Mkdir(dir, 0o700); err == nil || errors.Is(err, fs.ErrExist) {
				fi, err = os.Lstat(dir)
			}
		}
		if err != nil {
			return "", err
		}
		if !fi.IsDir() {
			return "", fmt.Errorf("%s: %w", dir, ErrFolder)
		}
	}
	return dir, nil
}
