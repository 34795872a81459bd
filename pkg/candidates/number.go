package candidates

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/openloop/openloop/internal/safeio"
	"github.com/openloop/openloop/internal/sessiondir"
	"github.com/openloop/openloop/pkg/store"
)

// A candidate's number is what `openloop review --park N` takes, so it
// must name the candidate the user saw, whatever arrives or leaves after
// the list was printed. Each candidate is numbered when a list (review,
// summary, either's --json) first shows it, one more than the highest
// number the project's lists have given (markPath), oldest first, and
// keeps that number until it is parked, dismissed or expires: a candidate
// that arrives later gets the next number, a number whose candidate left
// is never given again, and parking one renumbers none of the others. A
// candidate no list has shown has no number, so no number can reach it.
// The same loop raised again keeps its number (Add).

// numbersLock is the lock file that makes numbering one step: two lists
// printed at once never give two candidates one number.
const numbersLock = ".numbers.lock"

// Numbered is Recent with every candidate numbered, the new numbers
// written to the candidates' session files. When a number cannot be
// written the error says so, and the candidates it was meant for are
// listed with N 0 (no number: they cannot be parked by one).
func Numbered(configDir, root string, now time.Time) ([]Candidate, error) {
	list := Recent(configDir, root, now)
	if !needsNumbers(list) {
		if dir, err := sessiondir.Folder(configDir, false); err == nil {
			keepMark(markPath(dir, root), list, now)
		}
		return list, nil
	}
	dir, err := sessiondir.Folder(configDir, false)
	if err != nil {
		return list, err
	}
	unlock, err := store.LockFile(filepath.Join(dir, numbersLock), LockWait, "candidates")
	if err != nil {
		return list, err
	}
	defer unlock()
	// Again under the lock: another list may have numbered some since.
	list = Recent(configDir, root, now)
	mark := markPath(dir, root)
	given := readMark(mark)
	next, held := given+1, map[int]int{}
	for _, c := range list {
		next = max(next, c.N+1)
		held[c.N]++
	}
	fresh := 0
	for _, c := range list {
		if c.N == 0 || held[c.N] > 1 {
			fresh++
		}
	}
	// Numbers past maxNumber (after one near it, a file edited by hand)
	// would not be read back: every candidate is numbered again from 1.
	again := next-1+fresh > maxNumber
	if again {
		next = 1
	}
	byFile := map[string][]*Candidate{}
	var files []string
	for i := len(list) - 1; i >= 0; i-- { // oldest first
		c := &list[i]
		if c.N != 0 && held[c.N] == 1 && !again {
			continue
		}
		// No number yet, or one that another candidate holds too (a file
		// edited by hand): a new one.
		c.N, next = next, next+1
		path := sessiondir.Path(dir, c.Session, Ext)
		if byFile[path] == nil {
			files = append(files, path)
		}
		byFile[path] = append(byFile[path], c)
	}
	// The highest number given is kept first: a number that left the
	// list with its candidate (the highest, parked) is never given again,
	// so a list read before that still names no other candidate.
	if next-1 > given || again {
		if err := sessiondir.WriteAtomic(mark, []byte(strconv.Itoa(next-1)+"\n")); err != nil {
			for _, cs := range byFile {
				for _, c := range cs {
					c.N = 0
				}
			}
			return list, err
		}
	}
	slices.Sort(files)
	var firstErr error
	for _, path := range files {
		if err := writeNumbers(path, byFile[path]); err != nil {
			firstErr = cmp.Or(firstErr, err)
			for _, c := range byFile[path] {
				c.N = 0
			}
		}
	}
	return list, firstErr
}

// writeNumbers gives the candidates in one session's file their numbers,
// under the file's lock. One the hook replaced in the meantime (the same
// loop raised again) is not there: its number is given to none, and
// review --park with it finds nothing rather than another candidate.
func writeNumbers(path string, numbered []*Candidate) error {
	unlock, err := lockSession(path)
	if err != nil {
		return err
	}
	defer unlock()
	f := load(path)
	changed, used := false, make([]bool, len(numbered))
	for i := range f.Candidates {
		o := &f.Candidates[i]
		ob := o.bound()
		for j, c := range numbered {
			if !used[j] && o.TS.Equal(c.TS) && same(ob, *c) {
				o.N, changed, used[j] = c.N, true, true
				break
			}
		}
	}
	if !changed {
		return nil
	}
	return save(path, f)
}

// markPath is the file that keeps the highest number a list gave in the
// project at root: dot-named (Recent does not read it), one per project,
// pruned with the session files (hooks' pruneStates) 30 days after the
// last list that showed a numbered candidate (keepMark).
func markPath(dir, root string) string {
	sum := sha256.Sum256([]byte(root))
	return filepath.Join(dir, ".numbers-"+hex.EncodeToString(sum[:8]))
}

// keepMark marks the project's highest number as used now when list
// shows a numbered candidate and the mark is a day old or older: pruning
// (hooks' pruneStates) removes it 30 days after the last list that showed
// numbers, not 30 days after it was written. Pruned while a list read
// since still names a candidate that has left, its number would go to a
// newcomer. Only the file's time changes; a failure changes nothing.
func keepMark(path string, list []Candidate, now time.Time) {
	if !slices.ContainsFunc(list, func(c Candidate) bool { return c.N > 0 }) {
		return
	}
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() || now.Sub(fi.ModTime()) < 24*time.Hour {
		return
	}
	os.Chtimes(path, now, now)
}

// readMark is the highest number given in the project: 0 when none was
// kept, or when the file holds anything but a number a list could give.
func readMark(path string) int {
	data, err := safeio.ReadPrivate(path, 32)
	if err != nil {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || n < 0 || n > maxNumber {
		return 0
	}
	return n
}

// needsNumbers reports a listed candidate with no number, or with one
// another listed candidate holds too.
func needsNumbers(list []Candidate) bool {
	held := map[int]bool{}
	for _, c := range list {
		if c.N == 0 || held[c.N] {
			return true
		}
		held[c.N] = true
	}
	return false
}

// ByNumber is the candidate of the project's list with number n: none
// when no candidate, or more than one (a file edited by hand, until a list
// renumbers them), holds it.
func ByNumber(list []Candidate, n int) (Candidate, bool) {
	i := slices.IndexFunc(list, func(c Candidate) bool { return c.N == n })
	if i < 0 || slices.ContainsFunc(list[i+1:], func(c Candidate) bool { return c.N == n }) {
		return Candidate{}, false
	}
	return list[i], true
}
