// Package transcript reads what openloop needs from a Claude Code session
// transcript (a JSONL file under ~/.claude/projects/<folder>/<session>.jsonl)
// without ever reading the whole file.
//
// Transcripts grow to hundreds of MB and single lines reach 12 MB, so every
// read here is bounded: ReadTail reads at most a budget of bytes from the
// end of the file, and ReadSession reads a bounded head (for the session's
// start time) and a bounded tail. The cost of a call depends on the budget,
// never on the file's size.
//
// The line format is internal to Claude Code and changes between versions
// (claude-code.md §4), so the reader is tolerant: lines that do not parse,
// lines of unknown types, a partial last line that is still being written,
// and a line longer than the budget are skipped, never fatal. Sidechain
// lines (isSidechain) and subagent lines (agentId) are ignored: only the
// main lane counts. Lines are picked apart with gjson; nothing is fully
// decoded.
package transcript

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/internal/safeio"
)

// Question is an AskUserQuestion call: its first question and the labels
// of its options.
type Question struct {
	Question string
	Options  []string
	// FollowedBy is the first request the user typed after the call, ""
	// when none came after it: a question with none is new to the prompt
	// being submitted, whatever a hook saved before.
	FollowedBy string
}

// Task is one task seen in the transcript. Status is pending, in_progress,
// completed or deleted.
type Task struct {
	ID, Subject, Status string
}

// Tail is what the end of a transcript says about the session.
type Tail struct {
	// LastAssistant is the text of Claude's last main-lane message: the text
	// blocks of every line sharing the last message.id, joined with "\n".
	// It is empty when that message holds only tool calls.
	LastAssistant string
	// OpenQuestion is the last AskUserQuestion call with no answer recorded,
	// or nil. A call counts as answered when its tool_result has the shape
	// `User has answered your questions: "Q"="A"` with an answer, or
	// toolUseResult.answers holds one (answered); a dismissal, Claude
	// Code's close after its askUserQuestionTimeout, or an empty answer
	// leaves it open.
	OpenQuestion *Question
	// Tasks holds the tasks seen: TaskCreate/TaskUpdate tasks in order of
	// creation (ids followed, subject changes applied), then TodoWrite's
	// latest list.
	Tasks []Task
	// LastRequest is the last prompt the user typed: not a tool result, not
	// an isMeta line, not a slash-command envelope, <local-command-*>,
	// <task-notification>, compact summary or interruption marker.
	LastRequest string
	// CurrentTask is the subject of the task most recently set in_progress
	// (else the last one in progress), or "".
	CurrentTask string
	// TaskTools reports whether any TaskCreate, TaskUpdate or TodoWrite
	// call was seen.
	TaskTools bool
}

// ReadTail reads at most budget bytes from the end of the file at path and
// folds the complete lines found there. A missing file or folder is not an
// error: it returns an empty Tail and nil.
func ReadTail(path string, budget int64) (Tail, error) {
	f, size, err := open(path)
	if err != nil || f == nil {
		return Tail{}, err
	}
	defer f.Close()
	return ReadTailFrom(f, size, budget)
}

// ReadTailFrom is ReadTail over any io.ReaderAt of the given size. It
// reads only the range [size-budget, size).
func ReadTailFrom(r io.ReaderAt, size, budget int64) (Tail, error) {
	s := newState()
	if err := foldTail(s, r, size, budget); err != nil {
		return Tail{}, err
	}
	return s.tail(), nil
}

// Session is what summary needs from a whole transcript, read in bounded
// windows.
type Session struct {
	Tail
	// Start is the first timestamp in the file's head; zero when none.
	Start time.Time
	// Size is the file's size in bytes.
	Size int64
	// Whole reports whether every line was read (the file fit in head+tail).
	// When false, tasks created and finished in the unread middle are
	// missing, and a task whose creation is in the middle has no subject.
	Whole bool
	// Requests are the typed requests whose turns changed a file, oldest
	// first (work.go), at most MaxRequests (the last ones). When the file
	// was read in two windows, the turns at the start of the tail window
	// are a Request with Cut set, and requests wholly in the middle are
	// missing.
	Requests []Request
	// EarlierRequests counts the requests with changes before those, not
	// kept.
	EarlierRequests int
}

// ReadSession reads the first head bytes (for the start time and early
// tasks) and the last tail bytes of the transcript, at most head+tail
// bytes in all, and folds their lines in file order. A file that fits is
// read once, whole. A missing file returns a zero Session and nil.
func ReadSession(path string, head, tail int64) (Session, error) {
	f, size, err := open(path)
	if err != nil || f == nil {
		return Session{}, err
	}
	defer f.Close()
	return ReadSessionFrom(f, size, head, tail)
}

// ReadSessionFrom is ReadSession over any io.ReaderAt of the given size.
func ReadSessionFrom(r io.ReaderAt, size, head, tail int64) (Session, error) {
	st := newState()
	st.w.start()
	out := Session{Size: size}
	if size <= head+tail {
		buf, err := readRange(r, 0, size)
		if err != nil {
			return Session{}, err
		}
		out.Start = firstTimestamp(buf)
		foldLines(st, buf)
		out.Whole = true
	} else {
		buf, err := readRange(r, 0, head)
		if err != nil {
			return Session{}, err
		}
		out.Start = firstTimestamp(buf)
		if i := strings.LastIndexByte(buf, '\n'); i >= 0 {
			foldLines(st, buf[:i])
		}
		st.w.gap()
		if err := foldTail(st, r, size, tail); err != nil {
			return Session{}, err
		}
	}
	out.Tail = st.tail()
	out.Requests, out.EarlierRequests = st.w.requests()
	return out, nil
}

// FirstTimestamp returns the first top-level "timestamp" in the first
// budget bytes of the file, or the zero time.
func FirstTimestamp(path string, budget int64) (time.Time, error) {
	f, size, err := open(path)
	if err != nil || f == nil {
		return time.Time{}, err
	}
	defer f.Close()
	buf, err := readRange(f, 0, min(size, budget))
	if err != nil {
		return time.Time{}, err
	}
	return firstTimestamp(buf), nil
}

// open opens path for reading with safeio: a FIFO, device or folder at
// the path never blocks and is treated like a missing file. A missing file
// or folder gives a nil file and no error.
func open(path string) (*os.File, int64, error) {
	f, size, err := safeio.OpenRegular(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, safeio.ErrNotRegular) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	return f, size, nil
}

// readRange reads n bytes at off and returns them as a string that shares
// the bytes read: the buffer is made here, written only by ReadAt, and
// never used again, so no copy is needed. The hook folds the last 64 KiB
// on every prompt, and copying each line Claude or the user wrote (as
// gjson.ParseBytes does) cost about as many page faults as the read
// itself (BENCHMARKS.md).
func readRange(r io.ReaderAt, off, n int64) (string, error) {
	if n <= 0 {
		return "", nil
	}
	buf := make([]byte, n)
	got, err := r.ReadAt(buf, off)
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	if got == 0 {
		return "", nil
	}
	return unsafe.String(&buf[0], got), nil
}

// foldTail folds the complete lines in the last budget bytes. The first,
// cut line of the window is dropped; a line longer than the window is
// therefore never seen.
func foldTail(s *state, r io.ReaderAt, size, budget int64) error {
	if budget <= 0 || size <= 0 {
		return nil
	}
	start := max(size-budget, 0)
	buf, err := readRange(r, start, size-start)
	if err != nil {
		return err
	}
	if start > 0 {
		i := strings.IndexByte(buf, '\n')
		if i < 0 {
			return nil
		}
		buf = buf[i+1:]
	}
	foldLines(s, buf)
	return nil
}

// foldLines folds each line of buf in order. A last line with no newline
// is folded too: if it is still being written it does not parse and is
// skipped.
func foldLines(s *state, buf string) {
	for len(buf) > 0 {
		i := strings.IndexByte(buf, '\n')
		if i < 0 {
			s.line(buf)
			return
		}
		s.line(buf[:i])
		buf = buf[i+1:]
	}
}

// firstTimestamp scans lines for a top-level "timestamp" that parses as
// RFC 3339. gjson tolerates a cut line, so a long first line cut by the
// window still yields a timestamp written before the cut.
func firstTimestamp(buf string) time.Time {
	for len(buf) > 0 {
		line := buf
		if i := strings.IndexByte(buf, '\n'); i >= 0 {
			line, buf = buf[:i], buf[i+1:]
		} else {
			buf = ""
		}
		v := gjson.Get(line, "timestamp")
		if v.Type != gjson.String {
			continue
		}
		if t, err := time.Parse(time.RFC3339Nano, v.Str); err == nil {
			return t
		}
	}
	return time.Time{}
}
