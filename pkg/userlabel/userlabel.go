// Package userlabel keeps the user's own labels: what they did with a
// candidate the hook was unsure of (parked it, dismissed it) and with an
// item they dropped as "not a loop". The file is private (under the config
// dir, never in the project), one JSON object a line, so a later
// calibration of the detector can read it as labelled data.
//
//	$CLAUDE_CONFIG_DIR/openloop/labels.jsonl   (default ~/.claude/openloop/labels.jsonl)
package userlabel

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/openloop/openloop/internal/privdir"
	"github.com/openloop/openloop/internal/textcut"
)

// What the user decided.
const (
	Promoted  = "promoted"   // a candidate they parked
	Dismissed = "dismissed"  // a candidate they dropped
	NotALoop  = "not-a-loop" // a parked item they dropped as wrongly parked
)

// Record is one label. Text fields are bounded when written.
type Record struct {
	TS      time.Time `json:"ts"`
	Project string    `json:"project"`           // the project root
	Label   string    `json:"label"`             // Promoted, Dismissed or NotALoop
	Kind    string    `json:"kind"`              // question, deferred, side-idea
	Idea    string    `json:"idea"`              // what was (or would have been) parked
	Excerpt string    `json:"excerpt,omitempty"` // the prompt, cut short
	Score   float64   `json:"score,omitempty"`   // the model's score, for a candidate
	Session string    `json:"session,omitempty"`
}

// maxField bounds each text field of a record.
const maxField = 1 << 10

// Path is the labels file under configDir.
func Path(configDir string) string {
	return filepath.Join(configDir, "openloop", "labels.jsonl")
}

// Append adds one record as one line. The folder openloop/ is made 0700 if
// missing (privdir); a symlink at it or at the file is refused, never
// followed.
func Append(configDir string, r Record) error {
	if _, err := privdir.Under(configDir, true, "openloop"); errors.Is(err, privdir.ErrFolder) {
		return fmt.Errorf("labels: %s is not a folder", filepath.Join(configDir, "openloop"))
	} else if err != nil {
		return fmt.Errorf("labels: %w", err)
	}
	path := Path(configDir)
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("labels: %s is not a regular file", path)
	}
	r.Project = textcut.Head(r.Project, 4*maxField)
	r.Idea, r.Excerpt, r.Session = textcut.Head(r.Idea, maxField), textcut.Head(r.Excerpt, maxField), textcut.Head(r.Session, 256)
	line, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("labels: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE|noFollow, 0o600)
	if err != nil {
		return fmt.Errorf("labels: %w", err)
	}
	werr := appendLine(f, append(line, '\n'))
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("labels: %w", werr)
	}
	return nil
}

// appendLine appends one whole line to f, a regular file: on a line of
// its own when the file ends in a line cut short (a full disk, a crash),
// and, when the write fails part way, with the file cut back to what it
// was, so that a label is a whole line or nothing.
func appendLine(f *os.File, line []byte) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", f.Name())
	}
	size := fi.Size()
	if size > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, size-1); err != nil {
			return err
		}
		if last[0] != '\n' {
			line = append([]byte{'\n'}, line...)
		}
	}
	if _, err := f.Write(line); err != nil {
		if terr := f.Truncate(size); terr != nil {
			return fmt.Errorf("%w (and the part written could not be taken back: %v)", err, terr)
		}
		return err
	}
	return nil
}
