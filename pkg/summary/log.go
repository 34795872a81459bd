package summary

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/pkg/store"
)

// ArchivedSince reads the last 256 KiB of the resolution log and keeps the
// "archived" entries stamped at or after start; with no start, the seed's
// rule: entries stamped today. An item restored after it was archived is
// open again and is not listed: only an item's last line counts
// (store.LogLine.Key tells items apart). A missing or unreadable log (a
// FIFO, a folder, a symlink, or one below a symlinked folder, which a
// cloned repository could point at another project's log: store.Log.Open)
// is no entries; a line that is not an object with a
// string item and an RFC 3339 ts is skipped.
func ArchivedSince(log store.Log, start, now time.Time) []store.LogEntry {
	f, size, err := log.Open()
	if err != nil {
		return nil
	}
	defer f.Close()
	off := max(size-logTail, 0)
	buf := make([]byte, size-off)
	n, err := f.ReadAt(buf, off)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil
	}
	buf = buf[:n]
	if off > 0 { // drop the cut first line
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			buf = buf[i+1:]
		}
	}
	today := now.Format("2006-01-02")
	type entry struct {
		store.LogEntry
		key  string
		line int
	}
	var kept []entry
	last := map[string]int{} // key → number of its last line
	for n, line := range bytes.Split(buf, []byte("\n")) {
		var le store.LogEntry
		if !jsonguard.Valid(line) || json.Unmarshal(line, &le) != nil || le.Item == "" {
			continue
		}
		// The item's text, when the line keeps one (extra keys of any
		// type are allowed: a text that is not a string is none).
		l := store.LogLine{LogEntry: le}
		json.Unmarshal(line, &l)
		key := l.Key()
		last[key] = n
		if l.Action != store.ActionArchived {
			continue
		}
		ts, err := time.Parse(time.RFC3339, l.TS)
		if err != nil {
			continue
		}
		if start.IsZero() && ts.In(now.Location()).Format("2006-01-02") == today || !start.IsZero() && !ts.Before(start) {
			kept = append(kept, entry{l.LogEntry, key, n})
		}
	}
	var out []store.LogEntry
	for _, e := range kept {
		if last[e.key] == e.line {
			out = append(out, e.LogEntry)
		}
	}
	return out
}
