package transcript

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// countingReaderAt records every byte read and the lowest offset touched.
type countingReaderAt struct {
	r      io.ReaderAt
	n      atomic.Int64
	lowest atomic.Int64
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if off < c.lowest.Load() {
		c.lowest.Store(off)
	}
	n, err := c.r.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

// bigTranscript writes a file of about size bytes: the real 2.1.332
// transcript repeated (mostly attachment and api-request lines, with
// messages from other turns), then the tasks fixture as the last turn.
func bigTranscript(t testing.TB, dir string, size int64) string {
	t.Helper()
	p := filepath.Join(dir, "big.jsonl")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	filler := fixture(t, "real-2.1.332/transcript.jsonl")
	last := fixture(t, "transcript-tasks-question.jsonl")
	var n int64
	for n+int64(len(filler)+len(last)) <= size || n == 0 {
		w.WriteString(filler)
		n += int64(len(filler))
	}
	w.WriteString(last)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// The reader reads only the tail: on a 50 MB file it reads at most the
// budget, never below size-budget, and still finds the last turn.
func TestReadTailReadsOnlyTheTail(t *testing.T) {
	p := bigTranscript(t, t.TempDir(), 50<<20)
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	const budget = 256 << 10
	c := &countingReaderAt{r: f}
	c.lowest.Store(fi.Size())
	got, err := ReadTailFrom(c, fi.Size(), budget)
	if err != nil {
		t.Fatal(err)
	}
	if c.n.Load() > budget || c.lowest.Load() < fi.Size()-budget {
		t.Errorf("read %d bytes from offset %d of %d; budget %d", c.n.Load(), c.lowest.Load(), fi.Size(), budget)
	}
	if !strings.HasPrefix(got.LastAssistant, "The refresh race is fixed") || len(got.Tasks) != 2 {
		t.Errorf("tail not found: %+v", got)
	}

	c = &countingReaderAt{r: f}
	s, err := ReadSessionFrom(c, fi.Size(), 64<<10, budget)
	if err != nil {
		t.Fatal(err)
	}
	if c.n.Load() > 64<<10+budget || s.Whole || s.Start.IsZero() || len(s.Tasks) != 2 {
		t.Errorf("session read %d bytes: %+v", c.n.Load(), s)
	}
}

// FuzzLine: no line, however malformed, makes the reader panic.
func FuzzLine(f *testing.F) {
	for _, s := range []string{lUser, lA1, lAsk, lAskAnswer, lCreate, lCreated, lRename, lTodo2, lCmd, lBroken, "", "{}", "[]", `{"type":"user","message":{"content":[{"type":"tool_result"}]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s := newState()
		s.line(b)
		s.line(b) // twice: state carried between lines
		_ = s.tail()
		firstTimestamp(b)
	})
}

// FuzzReadTail: any file content and any budget read without panic and
// without reading more than the budget.
func FuzzReadTail(f *testing.F) {
	f.Add([]byte(lines(lUser, lA1, lA1c)), int64(40))
	f.Add([]byte(lines(lAsk, lAskReject)), int64(1<<20))
	f.Add([]byte("\n\n\n"), int64(1))
	f.Fuzz(func(t *testing.T, data []byte, budget int64) {
		r := &countingReaderAt{r: strings.NewReader(string(data))}
		if _, err := ReadTailFrom(r, int64(len(data)), budget); err != nil {
			t.Fatal(err)
		}
		if budget >= 0 && r.n.Load() > budget {
			t.Fatalf("read %d > budget %d", r.n.Load(), budget)
		}
		if _, err := ReadSessionFrom(r, int64(len(data)), budget%97, budget); err != nil {
			t.Fatal(err)
		}
	})
}

// BenchmarkReadTail compares a 1 MB and a 200 MB transcript at the same
// 1 MiB budget: ns/op must not grow with the file.
func BenchmarkReadTail(b *testing.B) {
	dir := b.TempDir()
	for _, size := range []struct {
		name string
		n    int64
	}{{"1MB", 1_000_000}, {"200MB", 200_000_000}} {
		p := bigTranscript(b, filepath.Join(dir), size.n)
		b.Run(size.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				tl, err := ReadTail(p, 1<<20)
				if err != nil || len(tl.Tasks) != 2 {
					b.Fatal(err, tl)
				}
			}
		})
	}
}
