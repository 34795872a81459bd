package store

// How archive picks an item.
//
// The query is the user's text, as typed after "archive". Each open item is
// scored against it on three fields: its name, its file name and its content
// (description and body). Both sides are folded first: lowercase, and every
// run of characters other than letters and digits becomes one space, so
// "Retry-Budget", "retry budget" and "retry_budget" are the same query.
//
//	scoreExact    (100)  the query is the whole name or file name,
//	                     with or without ".md" ("retry-budget-2")
//	scorePrefix   ( 80)  the name starts with the query ("retry")
//	scoreName     ( 60)  the name or file name holds the query as whole
//	                     words ("budget", "budget-2" but not "budg")
//	scoreWords    ( 40)  every query word starts a word of the name, in
//	                     any order ("budget retry", "budg ret")
//	scoreContent  ( 30)  the content holds the query as whole words
//	                     ("upload client")
//	scoreContentW ( 20)  every query word starts a word of the content
//
// An item's score is the best rule it meets. The item with the highest
// score wins. When two or more items share the highest score, the query is
// ambiguous: they are listed and nothing changes. When no item scores, the
// query matches nothing and nothing changes. There is no similarity
// scoring of meaning: a query either contains the words or it does not.
//
// Examples, with items "retry-budget" and "retry-budget-2":
//
//	"retry-budget"   → retry-budget (exact beats the prefix match of -2)
//	"retry"          → ambiguous (both names start with it)
//	"budget-2"       → retry-budget-2 (only it contains "budget 2")
//
// Only files the store lists (regular session-open-*.md files inside the
// memory dir) can be chosen, so a query such as "../../etc/passwd" can at
// most match an item's text; it is never used as a path.

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"
)

const (
	scoreExact    = 100
	scorePrefix   = 80
	scoreName     = 60
	scoreWords    = 40
	scoreContent  = 30
	scoreContentW = 20
)

// fold lowercases s and turns every run of non-alphanumerics into a space.
func fold(s string) string { return strings.Join(words(s), " ") }

// hasWords reports whether folded text in holds the folded query q as a
// run of whole words.
func hasWords(in, q string) bool {
	return strings.Contains(" "+in+" ", " "+q+" ")
}

// allWords reports whether every query word starts some word of in.
func allWords(words []string, in string) bool {
	have := strings.Fields(in)
	for _, w := range words {
		found := false
		for _, h := range have {
			if strings.HasPrefix(h, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// Score is how well an item matches a query; 0 is no match.
func Score(it Item, query string) int {
	q := fold(query)
	if q == "" {
		return 0
	}
	words := strings.Fields(q)
	name := fold(it.Name)
	fileName := fold(NameOfFile(it.File))
	file := fold(it.File)
	switch {
	case q == name || q == fileName || q == file || q == fold(strings.TrimSuffix(it.File, Suffix)):
		return scoreExact
	case strings.HasPrefix(name, q) || strings.HasPrefix(fileName, q):
		return scorePrefix
	case hasWords(name, q) || hasWords(file, q):
		return scoreName
	case allWords(words, name) || allWords(words, fileName):
		return scoreWords
	}
	content := fold(it.Description + " " + it.Body)
	switch {
	case hasWords(content, q):
		return scoreContent
	case allWords(words, content):
		return scoreContentW
	}
	return 0
}

// Match returns the items that share the best score for query (none when
// nothing matches; more than one when the query is ambiguous).
func Match(items []Item, query string) []Item {
	best, out := 0, []Item(nil)
	for _, it := range items {
		switch sc := Score(it, query); {
		case sc == 0 || sc < best:
		case sc > best:
			best, out = sc, []Item{it}
		default:
			out = append(out, it)
		}
	}
	return out
}

// ErrNoMatch and ErrAmbiguous are Archive's refusals; nothing is changed.
var (
	ErrNoMatch   = errors.New("no pending item matches")
	ErrAmbiguous = errors.New("more than one pending item matches")
)

// Archive closes the one item that best matches query: it moves the file
// aside, appends {"ts","item","action":"archived"} to the log, then deletes
// it. If the log cannot be written the file is put back, so an item is
// never gone without its log line. On ErrAmbiguous the candidates are
// returned; on ErrNoMatch, nothing.
func (s *Store) Archive(query, logPath string) (Item, []Item, error) {
	unlock, err := s.lock()
	if err != nil {
		return Item{}, nil, err
	}
	defer unlock()
	items, err := s.List()
	if err != nil {
		return Item{}, nil, err
	}
	m := Match(items, query)
	switch {
	case len(m) == 0:
		return Item{}, nil, ErrNoMatch
	case len(m) > 1:
		return Item{}, m, ErrAmbiguous
	}
	it := m[0]
	if !IsItemFile(it.File) {
		return Item{}, nil, fmt.Errorf("refusing to delete %q: not an item file", it.File)
	}
	src := filepath.Join(s.Dir, it.File)
	aside := filepath.Join(s.Dir, archiveLead+it.File)
	if err := os.Rename(src, aside); err != nil {
		return Item{}, nil, fmt.Errorf("archive %s: %w", it.File, err)
	}
	if err := AppendLog(logPath, it.Name, "archived", s.Now()); err != nil {
		if rerr := os.Rename(aside, src); rerr != nil {
			err = errors.Join(err, fmt.Errorf("put back %s: %w", it.File, rerr))
		}
		return Item{}, nil, err
	}
	if err := os.Remove(aside); err != nil {
		return it, nil, fmt.Errorf("archive %s: %w", it.File, err)
	}
	return it, nil, nil
}

// LogEntry is one line of the resolution log.
type LogEntry struct {
	TS     string `json:"ts"`
	Item   string `json:"item"`
	Action string `json:"action"`
}

// AppendLog appends one JSON line to the resolution log under an exclusive
// lock on the log itself, creating its folder (0700) and the file (0600)
// when missing. A symlink at the log's path is refused, so the log can
// never be redirected outside the project.
func AppendLog(path, item, action string, now time.Time) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("create log folder: %w", err)
	}
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("refusing to write the log: %s is not a regular file", path)
	}
	line, err := json.Marshal(LogEntry{TS: now.UTC().Format(time.RFC3339), Item: item, Action: action})
	if err != nil {
		return err
	}
	f, err := lockedfile.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|oNoFollow, 0o600)
	if err != nil {
		return fmt.Errorf("open log: %w", err)
	}
	_, werr := f.Write(append(line, '\n'))
	cerr := f.Close()
	if werr != nil {
		return fmt.Errorf("write log: %w", werr)
	}
	return cerr
}
