package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
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

// FuzzLine: what one transcript line can do to what the reader reports.
//   - A line that is not JSON, not an object, or not of type "user" or
//     "assistant" changes nothing; so does any line marked as a sidechain
//     or a subagent's (isSidechain, agentId), whatever else it holds.
//   - A line folded twice reads as once (Claude Code can write a line
//     again), except that Claude's message then holds its text twice.
//   - Every text reported is at most the line's length: nothing grows.
func FuzzLine(f *testing.F) {
	for _, s := range []string{lUser, lUserBlock, lA1, lA1c, lAsk, lAskAnswer, lAskAnsJSON, lCreate, lCreated, lRename, lTodo2, lCmd, lBroken, lSide, lAgent, lOrigin, lUnknown,
		"", "{}", "[]", `{"type":"user","message":{"content":[{"type":"tool_result"}]}}`,
		`{"type":"user","type":"assistant","message":{"id":"m","content":[{"type":"text","text":"dup"}]}}`,
		` {"type":"user","message":{"content":"  padded\u0000  "}} `, `{"type":"assistant","message":{"content":[{"type":"text","text":"\ud800"}]}}`} {
		f.Add([]byte(s))
	}
	empty := newState().tail()
	f.Fuzz(func(t *testing.T, b []byte) {
		once := newState()
		once.line(string(b))
		got := once.tail()
		twice := newState()
		twice.line(string(b))
		twice.line(string(b))
		got2 := twice.tail()
		firstTimestamp(string(b))

		// With requests folded (ReadSession), the tail is the same, and
		// one line, even twice, changes no file: a call and its result are
		// lines of two types.
		work := newState()
		work.w.start()
		work.line(string(b))
		work.line(string(b))
		if wt := work.tail(); !reflect.DeepEqual(wt, got2) {
			t.Fatalf("line %q folded with requests reads\n%+v\nwithout\n%+v", b, wt, got2)
		}
		if rs, n := work.w.requests(); len(rs) != 0 || n != 0 {
			t.Fatalf("line %q alone made requests with changes: %+v", b, rs)
		}

		var top map[string]json.RawMessage
		isObject := json.Unmarshal(b, &top) == nil && top != nil
		var typ string
		if isObject {
			json.Unmarshal(top["type"], &typ)
		}
		if (!isObject || typ != "user" && typ != "assistant") && !reflect.DeepEqual(got, empty) {
			t.Fatalf("line %q (JSON object: %v, type %q) changed the tail: %+v", b, isObject, typ, got)
		}

		if got.LastAssistant != "" && got2.LastAssistant != got.LastAssistant && got2.LastAssistant != got.LastAssistant+"\n"+got.LastAssistant {
			t.Fatalf("line %q folded twice: Claude's message %q, once %q", b, got2.LastAssistant, got.LastAssistant)
		}
		got2.LastAssistant = got.LastAssistant
		if !reflect.DeepEqual(got, got2) {
			t.Fatalf("line %q folded twice reads\n%+v\nonce\n%+v", b, got2, got)
		}

		texts := []string{got.LastAssistant, got.LastRequest, got.CurrentTask}
		if q := got.OpenQuestion; q != nil {
			texts = append(append(texts, q.Question), q.Options...)
		}
		for _, tk := range got.Tasks {
			texts = append(texts, tk.ID, tk.Subject, tk.Status)
		}
		for _, s := range texts {
			if len(s) > len(b) {
				t.Fatalf("line of %d bytes reported a text of %d bytes: %q", len(b), len(s), s)
			}
		}

		// The same line from a sidechain or a subagent changes nothing.
		if _, ok := top["isSidechain"]; !isObject || ok {
			return
		}
		if _, ok := top["agentId"]; ok {
			return
		}
		body := bytes.TrimSpace(b)[1:]
		if len(top) > 0 {
			body = append([]byte(","), body...)
		}
		for _, mark := range []string{`{"isSidechain":true`, `{"agentId":"a1"`} {
			side := append([]byte(mark), body...)
			if !json.Valid(side) {
				t.Fatalf("%q is not JSON", side)
			}
			st := newState()
			st.line(string(side))
			if tail := st.tail(); !reflect.DeepEqual(tail, empty) {
				t.Fatalf("line %q changed the tail: %+v", side, tail)
			}
		}
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
