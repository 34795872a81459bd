package install

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/internal/safeio"
	"github.com/openloop/openloop/pkg/settings"
	"github.com/openloop/openloop/pkg/store"
	"github.com/openloop/openloop/pkg/userfile"
)

// An installRecord is what one scope's install created: whether the
// settings file was new, what Install created inside it (settings.Undo),
// and the folders it made. Uninstall reads it to give back exactly what
// was there: the bytes of a file that held "{"hooks": {}}" or nothing at
// all, and the folders the user had, even empty ones. The bytes of a file
// cannot tell these apart, so the record is kept beside openloop's other
// state, in <config dir>/openloop/installs/, one small file per settings
// file. Without a record (lost, or the install was made on another
// machine) uninstall removes only what is certainly openloop's and leaves
// the file and every folder.
type installRecord struct {
	Settings    string        `json:"settings"`
	FileCreated bool          `json:"file_created,omitempty"` // there was no settings file
	Undo        settings.Undo `json:"undo"`
	Dirs        []string      `json:"dirs,omitempty"` // folders install created, outermost first
}

// maxRecord bounds what is read of a record.
const maxRecord = 1 << 20

func recordDir(configDir string) string {
	return filepath.Join(configDir, "openloop", "installs")
}

// recordPath names a settings file's record by a hash of its path.
func recordPath(configDir, settingsPath string) string {
	sum := sha256.Sum256([]byte(settingsPath))
	return filepath.Join(recordDir(configDir), hex.EncodeToString(sum[:12])+".json")
}

// stateDirs checks openloop's own folders for install records,
// <config dir>/openloop and its installs/ folder: each must be a real
// folder, never a symlink, which openloop does not follow (a record
// written through one lands wherever it points, and removing the "empty
// folder" afterwards would delete the link). A missing folder is fine.
// The files named (records, kept command files) must not be symlinks
// either.
func stateDirs(configDir string, files ...string) error {
	for i, d := range append([]string{filepath.Dir(recordDir(configDir)), recordDir(configDir)}, files...) {
		fi, err := os.Lstat(d)
		switch {
		case errors.Is(err, fs.ErrNotExist) && i < 2:
			return nil
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return err
		case fi.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s is a symlink, and openloop never follows its own state folders through one", d)
		case i >= 2:
			if !fi.Mode().IsRegular() {
				return fmt.Errorf("%s is not a regular file", d)
			}
		case !fi.IsDir():
			return fmt.Errorf("%s is not a folder", d)
		}
	}
	return nil
}

// loadRecord reads the record of a settings file: nil when there is none,
// or when it cannot be read or is not for this file (then uninstall acts
// as without one, which never deletes anything of the user's). The
// caller has checked stateDirs.
func loadRecord(configDir, settingsPath string) *installRecord {
	data, err := safeio.ReadRegular(recordPath(configDir, settingsPath), maxRecord)
	if err != nil || !jsonguard.Valid(data) {
		return nil
	}
	var r installRecord
	if json.Unmarshal(data, &r) != nil || r.Settings != settingsPath {
		return nil
	}
	return &r
}

// saveRecord writes a record atomically, in a folder private to the user.
func saveRecord(now time.Time, configDir string, r *installRecord) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return writeState(now, configDir, recordPath(configDir, r.Settings), append(data, '\n'))
}

// dropRecord removes a settings file's record, then the records folder and
// openloop's state folder if that leaves them empty (both are openloop's
// own; the hooks make the state folder again when they need it).
func dropRecord(configDir, settingsPath string) error {
	if err := os.Remove(recordPath(configDir, settingsPath)); err != nil && !os.IsNotExist(err) {
		return err
	}
	tidyState(configDir)
	return nil
}

// tidyState removes the records folder and openloop's state folder if
// they are empty (both are openloop's own; the hooks make the state folder
// again when they need it).
func tidyState(configDir string) {
	userfile.RemoveIfEmpty(recordDir(configDir))
	userfile.RemoveIfEmpty(filepath.Dir(recordDir(configDir)))
}

// addDirs adds folders to the record, keeping each once, outermost first.
func (r *installRecord) addDirs(dirs []string) {
	for _, d := range dirs {
		if !slices.Contains(r.Dirs, d) {
			r.Dirs = append(r.Dirs, d)
		}
	}
	slices.SortStableFunc(r.Dirs, func(a, b string) int { return len(a) - len(b) })
}

// removeMadeDirs removes the folders install made that are now empty,
// innermost first.
func (r *installRecord) removeMadeDirs() {
	for i := len(r.Dirs) - 1; i >= 0; i-- {
		userfile.RemoveIfEmpty(r.Dirs[i])
	}
}

// keptPath is where install --force keeps the command file it replaced
// (the user's own /session command, say), for uninstall to put back: in
// the records folder, 0600, named by a hash of the command file's path.
func keptPath(configDir, commandPath string) string {
	return strings.TrimSuffix(recordPath(configDir, commandPath), ".json") + ".session.md"
}

// loadKept reads the command file install --force kept for commandPath:
// nil when there is none.
func loadKept(configDir, commandPath string) ([]byte, error) {
	data, ok, err := userfile.ReadOptional(keptPath(configDir, commandPath))
	if !ok {
		return nil, err
	}
	return data, nil
}

// keep saves the command file that install --force is about to replace.
// The first one kept stays: a second, different file to replace is
// refused rather than lose either.
func keep(now time.Time, configDir, commandPath string, data []byte) error {
	old, err := loadKept(configDir, commandPath)
	if err != nil {
		return err
	}
	if old != nil {
		if bytes.Equal(old, data) {
			return nil
		}
		return fmt.Errorf("%s already keeps the command file an earlier 'install --force' replaced", keptPath(configDir, commandPath))
	}
	return writeState(now, configDir, keptPath(configDir, commandPath), data)
}

// writeState writes a file of the records folder atomically, 0600,
// making the folders 0700 where missing and never through a symlink.
func writeState(now time.Time, configDir, path string, data []byte) error {
	if err := os.MkdirAll(configDir, 0o700); err != nil {
		return err
	}
	if _, err := store.DirBelow(configDir, filepath.Join("openloop", "installs"), true); err != nil {
		return err
	}
	return store.WriteFileAtomic(path, data, ".openloop-tmp-", now)
}
