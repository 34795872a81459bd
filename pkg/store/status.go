package store

import (
	"strconv"
	"strings"
)

// DefaultStatusFormat is status's line when no format is given; the
// stale part is left out when no item is stale.
const DefaultStatusFormat = "{open} open · {stale} stale"

// StatusLine is the one short line of `openloop status`, for Claude
// Code's statusLine: format ("" for DefaultStatusFormat) with {open},
// {stale} and {max} replaced by how many items are open, how many of them
// are stale, and MaxOpen. It is "" when nothing is open, so the status
// line stays clean. It lists no item, deletes none and writes nothing.
func (s *Store) StatusLine(format string) (string, error) {
	items, err := s.List()
	if err != nil || len(items) == 0 {
		return "", err
	}
	stale := 0
	for _, it := range items {
		if s.Stale(it) {
			stale++
		}
	}
	line := format
	if line == "" {
		line = DefaultStatusFormat
		if stale == 0 {
			line, _, _ = strings.Cut(line, " · ")
		}
	}
	return strings.NewReplacer(
		"{open}", strconv.Itoa(len(items)),
		"{stale}", strconv.Itoa(stale),
		"{max}", strconv.Itoa(MaxOpen),
	).Replace(line), nil
}
