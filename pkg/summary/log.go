package summary

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/internal/safeio"
	"github.com/openloop/openloop/pkg/store"
)

// ArchivedSince reads the last 256 KiB of the resolution log and keeps the
// "archived" entries stamped at or after start; with no start, the seed's
// rule: entries stamped today. A missing or unreadable log (a FIFO, a
// folder) is no entries; a line that is not an object with a string item
// and an RFC 3339 ts is skipped.
func ArchivedSince(logPath string, start, now time.Time) []store.LogEntry {
	f, size, err := safeio.OpenRegular(logPath)
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
	var out []store.LogEntry
	for _, line := range bytes.Split(buf, []byte("\n")) {
		var le store.LogEntry
		if !jsonguard.Valid(line) || json.Unmarshal(line, &le) != nil || le.Item == "" || le.Action != "archived" {
			continue
		}
		ts, err := time.Parse(time.RFC3339, le.TS)
		if err != nil {
			continue
		}
		if start.IsZero() && ts.In(now.Location()).Format("2006-01-02") == today || !start.IsZero() && !ts.Before(start) {
			out = append(out, le)
		}
	}
	return out
}
