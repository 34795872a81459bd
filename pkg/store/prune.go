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
	if _, _, err := s.Log.scanTailRaw(maxRestoreScan, 0, func(line []byte) bool {
		if id, _, _, ok := privateFields(line); ok && id != "" {
			logged[id] = true
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
	id, ts, kept, ok := privateFields(line)
	if !ok || id == "" {
		return false
	}
	if logged[id] {
		return true
	}
	at, err := time.Parse(time.RFC3339, ts)
	if k, kerr := time.Parse(time.RFC3339, kept); kerr == nil && (err != nil || k.After(at)) {
		at, err = k, nil
	}
	return err == nil && now.Sub(at) < orphanAge
}

// privateFields reads the id, ts and kept of a line of the private file
// or of the log (with its newline or without). A line as openloop writes
// it is walked key by key (fastFields) without making its text a string:
// a pruning reads every line under the lock, and parsing them whole cost
// 10 ms a thousand steps. Any other line is parsed as restore parses it
// (encoding/json, which skips whitespace around the object: a line
// indented by hand still names its text); ok is false when it is not a
// JSON object.
func privateFields(line []byte) (id, ts, kept string, ok bool) {
	if id, ts, kept, ok = fastFields(line); ok {
		return id, ts, kept, true
	}
	var l LogLine
	if !bytes.HasPrefix(bytes.TrimLeft(line, " \t\r\n"), []byte("{")) || json.Unmarshal(line, &l) != nil {
		return "", "", "", false
	}
	return l.ID, l.TS, l.Kept, true
}

// fastFields is privateFields for a line exactly as openloop writes it:
// the keys of a LogLine in their order ("ts", "item", "action", then
// "file", "text", "raw" when present, "id", and "kept" when present), no
// space, ts, id and kept plain. encoding/json reads such a line as it
// does (it has no other key that could match one of the three); any
// other is left to encoding/json (ok false).
func fastFields(line []byte) (id, ts, kept string, ok bool) {
	b := bytes.TrimSuffix(line, []byte("\n"))
	var v []byte
	if b, ok = bytes.CutPrefix(b, []byte(`{"ts":`)); !ok {
		return "", "", "", false
	}
	if v, b, ok = jsonString(b); !ok || !plain(v) {
		return "", "", "", false
	}
	ts = string(v)
	for _, key := range []string{`,"item":`, `,"action":`, `,"file":`, `,"text":`, `,"raw":`, `,"id":`, `,"kept":`} {
		rest, found := bytes.CutPrefix(b, []byte(key))
		if !found {
			if key == `,"item":` || key == `,"action":` || key == `,"id":` {
				return "", "", "", false
			}
			continue
		}
		if v, b, ok = jsonString(rest); !ok {
			return "", "", "", false
		}
		switch key {
		case `,"id":`:
			id, ok = string(v), plain(v)
		case `,"kept":`:
			kept, ok = string(v), plain(v)
		}
		if !ok {
			return "", "", "", false
		}
	}
	return id, ts, kept, string(b) == "}"
}

// jsonString reads the JSON string at the start of b: its bytes between
// the quotes, as written, and what follows it.
func jsonString(b []byte) (v, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	for i := 1; ; {
		j := bytes.IndexByte(b[i:], '"')
		if j < 0 {
			return nil, nil, false
		}
		end := i + j
		escapes := 0
		for k := end - 1; k > 0 && b[k] == '\\'; k-- {
			escapes++
		}
		if escapes%2 == 0 {
			return b[1:end], b[end+1:], true
		}
		i = end + 1
	}
}

// plain reports a value of printable ASCII without quote or backslash:
// JSON reads it as it is.
func plain(v []byte) bool {
	for _, c := range v {
		if c == '"' || c == '\\' || c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
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
