package store

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkPark is one park into a store holding five items: the list, the
// duplicate check, the write and its fsyncs (file, then folder). Each
// iteration removes the item again.
func BenchmarkPark(b *testing.B) {
	s := newStore(b)
	for _, idea := range []string{"one idea", "two idea", "three idea", "four idea", "five idea"} {
		s.Park(Entry{Kind: KindDeferred, Idea: idea, Context: "c"})
	}
	e := Entry{Kind: KindDeferred, Idea: "retry budget", Context: "c"}
	b.ResetTimer()
	for range b.N {
		r, err := s.Park(e)
		if err != nil || !r.Parked {
			b.Fatal(r, err)
		}
		b.StopTimer()
		os.Remove(filepath.Join(s.Dir, r.File))
		b.StartTimer()
	}
}

// BenchmarkArchive is one archive (aside, folder fsync, log line with the
// item's text and its fsync, removal) and the park that re-creates it.
func BenchmarkArchive(b *testing.B) {
	s := newStore(b)
	e := Entry{Kind: KindDeferred, Idea: "retry budget", Context: "c"}
	for range b.N {
		b.StopTimer()
		s.Park(e)
		b.StartTimer()
		if _, _, err := s.Archive("retry budget"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListLongItems lists ten items of 900 KB each (hand-written
// notes): Park lists every item under the lock, and a listing reads only
// each item's first 80 KB.
func BenchmarkListLongItems(b *testing.B) {
	s := newStore(b)
	os.MkdirAll(s.Dir, 0o700)
	for i := range 10 {
		text := "---\nname: notes\ndescription: long notes\n---\n\n" + strings.Repeat("some notes here\n", 900<<10/16)
		os.WriteFile(filepath.Join(s.Dir, fmt.Sprintf("session-open-notes-%d-2026-12-02.md", i)), []byte(text), 0o600)
	}
	b.ResetTimer()
	for range b.N {
		if items, err := s.List(); err != nil || len(items) != 10 {
			b.Fatal(len(items), err)
		}
	}
}

// BenchmarkMigrateNothing is the check archive, restore and resume make
// on a log with nothing to migrate: the log read and searched, no lock
// taken; at 1 MiB of today's lines (some 7,000 steps) and at 16 MiB, the
// most it reads.
func BenchmarkMigrateNothing(b *testing.B) {
	for _, size := range []int{1 << 20, int(maxRestoreScan)} {
		b.Run(fmt.Sprintf("%dMiB", size>>20), func(b *testing.B) {
			s := newStore(b)
			os.MkdirAll(filepath.Dir(s.Log.Path), 0o700)
			line := `{"ts":"2026-12-02T10:00:00Z","item":"retry-budget-for-uploads","action":"archived","id":"3f9a0c2d41b7e866"}` + "\n"
			os.WriteFile(s.Log.Path, []byte(strings.Repeat(line, size/len(line))), 0o600)
			b.ResetTimer()
			for range b.N {
				if n, err := s.MigrateLog(); n != 0 || err != nil {
					b.Fatal(n, err)
				}
			}
		})
	}
}

// BenchmarkPruneNothing is the check archive and restore make on a
// private file with nothing to drop: the log's ids read, and every
// private line parsed, under the lock; at 1,000 steps (about 0.4 MiB of
// texts) and at 10,000.
func BenchmarkPruneNothing(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := newStore(b)
			os.MkdirAll(filepath.Dir(s.Log.Path), 0o700)
			os.MkdirAll(filepath.Dir(s.Log.Private), 0o700)
			var log, priv strings.Builder
			for i := range n {
				id := fmt.Sprintf("%016x", i+1)
				fmt.Fprintf(&log, `{"ts":"2026-12-02T10:00:00Z","item":"retry-budget-for-uploads","action":"archived","id":%q}`+"\n", id)
				l := logLine(testNow, Item{Name: "retry-budget", File: fileOf("retry-budget")}, ActionArchived, strings.Repeat("text of an item\n", 20), id)
				line, _ := json.Marshal(l)
				priv.Write(append(line, '\n'))
			}
			os.WriteFile(s.Log.Path, []byte(log.String()), 0o600)
			os.WriteFile(s.Log.Private, []byte(priv.String()), 0o600)
			b.ResetTimer()
			for range b.N {
				if n, err := s.prunePrivate(); n != 0 || err != nil {
					b.Fatal(n, err)
				}
			}
		})
	}
}
