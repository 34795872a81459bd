package store

// Pruning the private text file.
//
// Restore brings an item back from the text of a log line in the log's
// last maxRestoreScan bytes (16 MiB), found by its id in the private
// file's last maxPrivateScan bytes (64 MiB). A private line is kept when
//
//   - its id is named by a line in that part of the log: restore can
//     reach it (the texts of "restored" lines too, which tell restore an
//     item is open again); or
//   - no line of the log names it, and it is younger than orphanAge (90
//     days), counted from the later of its step (ts) and its migration
//     (kept): a log on another git branch, or checked out from an older
//     commit, may name it again.
//
// Every other line is dropped: a text whose log line is gone, or fell out
// of the 16 MiB restore reads; a step's text whose log line was never
// written (a process killed between the two: restore ignores it); a line
// that is not JSON, or longer than any line openloop writes. Of the lines
// kept, only the last 64 MiB are: restore reads no more.
//
// Archive and restore prune, under the memory dir's lock (the file's
// writers hold it) and the file's own (appendPrivate takes it), once what
// can be dropped is a quarter of the file or more: so the file stays
// within a third more than what restore can bring back, and is rewritten
// rarely. The new file is written beside the old one (a dot-named temp
// file, synced) and renamed over it, and the folder synced: a kill at any
// point leaves the old file or the new one, and both hold every text
// restore can bring back. The hook never prunes.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// orphanAge is how long a private line whose id no log line names is
// kept.
const orphanAge = 90 * day

// pruneLead names the temp file of a pruning, followed by the private
// file's own name: the folder holds the private files of every project.
const pruneLead = tempLead + "prune-"

// testPruneRename, when a test sets it, runs just before a pruning
// renames the new file over the old one.
var testPruneRename func()

// keptLine is a line of the private file that pruning keeps.
type keptLine struct{ off, n int64 }

// prunePrivate drops the lines above from the private file and returns
// how many. It runs under the memory dir's lock. A log that cannot be
// read prunes nothing.
func (s *Store) prunePrivate() (int, error) {
	if s.Log.Path == "" || s.Log.Private == "" {
		return 0, nil
	}
	if fi, err := os.Lstat(s.Log.Private); err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
		return 0, nil
	}
	logged := map[string]bool{}
	if _, _, err := s.Log.ScanTail(maxRestoreScan, 0, func(l LogLine) bool {
		if l.ID != "" {
			logged[l.ID] = true
		}
		return true
	}); err != nil {
		return 0, err
	}
	p := s.Log.private()
	p.LockWait = s.LockWait
	dir, f, fi, err := p.lockForRewrite("prune the private text file")
	if f == nil || err != nil {
		return 0, err
	}
	defer f.Close()
	keep, kept, all, err := s.pruneScan(f, fi.Size(), logged)
	if err != nil {
		return 0, err
	}
	if dropped := fi.Size() - kept; dropped == 0 || 4*dropped < fi.Size() {
		return 0, nil
	}
	base := filepath.Base(p.Path)
	sweepTemps(dir, pruneLead+base+"-")
	tmp, err := os.CreateTemp(dir, pruneLead+base+"-*")
	if err != nil {
		return 0, fmt.Errorf("prune the private text file: %w", err)
	}
	if err := copyKept(tmp, f, keep); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return 0, fmt.Errorf("prune the private text file: %w", err)
	}
	if err := FillTemp(tmp, nil, func() error { return nil }); err != nil {
		os.Remove(tmp.Name())
		return 0, fmt.Errorf("prune the private text file: %w", err)
	}
	if testPruneRename != nil {
		testPruneRename()
	}
	if err := os.Rename(tmp.Name(), p.Path); err != nil {
		os.Remove(tmp.Name())
		return 0, fmt.Errorf("prune the private text file: %w", err)
	}
	syncDir(dir)
	return all - len(keep), nil
}

// pruneScan reads the private file f of size bytes and returns the lines
// to keep, their bytes, and how many lines it read.
func (s *Store) pruneScan(f io.ReaderAt, size int64, logged map[string]bool) ([]keptLine, int64, int, error) {
	var keep []keptLine
	var kept int64
	all := 0
	now := s.Now()
	br := bufio.NewReaderSize(io.NewSectionReader(f, 0, size), 64<<10)
	for off := int64(0); off < size; {
		line, n, err := readRaw(br)
		if n == 0 {
			break
		}
		all++
		// A line cut short (no newline: a kill while appending) is not
		// one restore reads whole.
		if bytes.HasSuffix(line, []byte("\n")) && keepPrivate(line, logged, now) {
			keep = append(keep, keptLine{off, n})
			kept += n
		}
		off += n
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, 0, 0, fmt.Errorf("read the private text file: %w", err)
		}
	}
	// Restore reads the last maxPrivateScan bytes, and no more.
	for len(keep) > 0 && kept > maxPrivateScan {
		kept -= keep[0].n
		keep = keep[1:]
	}
	return keep, kept, all, nil
}

// keepPrivate is the rule above for one whole line (newline included).
func keepPrivate(line []byte, logged map[string]bool, now time.Time) bool {
	var l LogLine
	if !mayBeJSONObject(line) || json.Unmarshal(line, &l) != nil || l.ID == "" {
		return false
	}
	if logged[l.ID] {
		return true
	}
	at, err := time.Parse(time.RFC3339, l.TS)
	if kept, kerr := time.Parse(time.RFC3339, l.Kept); kerr == nil && (err != nil || kept.After(at)) {
		at, err = kept, nil
	}
	return err == nil && now.Sub(at) < orphanAge
}

// mayBeJSONObject is the cheap test before parsing: a line openloop
// wrote starts with '{'.
func mayBeJSONObject(line []byte) bool {
	return strings.HasPrefix(string(line), "{")
}

// copyKept copies the kept lines of src to dst.
func copyKept(dst io.Writer, src io.ReaderAt, keep []keptLine) error {
	for _, k := range keep {
		if _, err := io.Copy(dst, io.NewSectionReader(src, k.off, k.n)); err != nil {
			return err
		}
	}
	return nil
}

// sweepTemps removes the regular files in dir whose names start with
// lead: temp files of killed steps, found under the lock that their
// writers hold.
func sweepTemps(dir, lead string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), lead) && e.Type().IsRegular() {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
