package hooks

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/internal/jsonguard"
)

// The payload is read from stdin in one pass, with memory that does not
// grow with its size: reading a 60 MB prompt whole, then parsing it, took
// about three times its size in RSS, and a hook run under a memory limit
// (ulimit -v) died of it with exit 2, the one code that erases the prompt.
//
// The reader checks that stdin holds one JSON value in the grammar
// gjson.Valid accepts, nested at most MaxDepth deep, without recursion and
// without holding more than a small window of it. Of a top-level object it
// keeps only the members the handlers read (payloadFields), the first of
// each name, a long prompt or message cut to its budget on a character
// boundary; a member of another type is dropped (a prompt that is an
// object is no prompt). What it kept is put back together as a small JSON object, which
// gjson parses as before.

// payloadFields are the top-level members the handlers read. Detection
// reads the first maxPromptScan bytes of a prompt, and Stop the first MB of
// Claude's message: those two are cut to their budgets. Ids, paths and
// names are far shorter than theirs, and one that is longer is dropped, not
// cut: a cut path would name another folder.
var payloadFields = map[string]field{
	"hook_event_name":        {budget: 1 << 10},
	"session_id":             {budget: 1 << 10},
	"prompt_id":              {budget: 1 << 10},
	"transcript_path":        {budget: 16 << 10},
	"cwd":                    {budget: 16 << 10},
	"reason":                 {budget: 1 << 10},
	"source":                 {budget: 1 << 10}, // SessionStart: startup, resume, clear, compact, fork
	"stop_hook_active":       {budget: 64},
	"prompt":                 {budget: maxPromptScan * 4, cut: true},
	"last_assistant_message": {budget: 1 << 20, cut: true},
}

// field is how much of a member's string value is kept.
type field struct {
	budget int  // raw (still escaped) bytes
	cut    bool // a longer string is cut to the budget, else dropped
}

// maxKeyBytes bounds the raw bytes of a member name compared with
// payloadFields; a longer name (even one spelled with escapes) is none of
// them.
const maxKeyBytes = 256

// maxNumberBytes bounds a number that is kept.
const maxNumberBytes = 64

// The payload's errors wrap ErrPayload. They are constants whose message is
// made when it is printed: a package-level fmt.Errorf runs at start-up in
// every openloop process (see BENCHMARKS.md, "Start-up cost").
const (
	errTooBig payloadError = iota
	errDeep
	errInvalid
	errNotObj
)

type payloadError int

func (e payloadError) Error() string {
	switch e {
	case errTooBig:
		return fmt.Sprintf("%v: payload is larger than %d MB", ErrPayload, MaxPayload>>20)
	case errDeep:
		return fmt.Sprintf("%v: JSON nested deeper than %d levels", ErrPayload, MaxDepth)
	case errInvalid:
		return fmt.Sprintf("%v: stdin is not valid JSON", ErrPayload)
	}
	return fmt.Sprintf("%v: stdin is JSON but not an object", ErrPayload)
}

func (e payloadError) Unwrap() error { return ErrPayload }

// Read reads one hook event from r (see the comment at the top of this
// file). It reads at most MaxPayload+1 bytes.
func Read(r io.Reader) (Event, error) {
	doc, err := readPayload(r)
	if err != nil {
		return Event{}, err
	}
	if !jsonguard.Valid(doc) { // what readPayload built: a flat object
		return Event{}, errInvalid
	}
	return event(gjson.ParseBytes(doc))
}

// payloadScanner is stdin as the reader sees it: bytes counted against
// MaxPayload, and the first error kept.
type payloadScanner struct {
	r   *bufio.Reader
	n   int64 // bytes consumed
	err error // set once: a read error, errTooBig or the JSON error
}

func (s *payloadScanner) fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

// peek returns the next byte without consuming it; ok is false at the end
// of input or after an error.
func (s *payloadScanner) peek() (byte, bool) {
	if s.err != nil {
		return 0, false
	}
	b, err := s.r.Peek(1)
	if err != nil {
		if !errors.Is(err, io.EOF) {
			s.fail(fmt.Errorf("read stdin: %w", err))
		}
		return 0, false
	}
	return b[0], true
}

// next consumes one byte.
func (s *payloadScanner) next() (byte, bool) {
	c, ok := s.peek()
	if ok {
		s.discard(1)
	}
	return c, ok
}

func (s *payloadScanner) discard(n int) {
	s.r.Discard(n) // n bytes were peeked: Discard cannot fail
	if s.n += int64(n); s.n > MaxPayload {
		s.fail(errTooBig)
	}
}

// expect consumes c, after white space; anything else is invalid JSON.
func (s *payloadScanner) expect(c byte) bool {
	s.space()
	if got, ok := s.next(); !ok || got != c {
		s.fail(errInvalid)
		return false
	}
	return true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (s *payloadScanner) space() {
	for {
		c, ok := s.peek()
		if !ok || !isSpace(c) {
			return
		}
		s.discard(1)
	}
}

// readPayload scans the whole input and returns the kept members as one
// JSON object.
func readPayload(r io.Reader) ([]byte, error) {
	s := &payloadScanner{r: bufio.NewReaderSize(r, 4<<10)}
	s.space()
	c, ok := s.peek()
	if !ok {
		s.fail(errInvalid)
		return nil, s.err
	}
	var doc []byte
	if c == '{' {
		doc = s.object()
	} else {
		s.value(0, field{}, nil)
	}
	s.space()
	if _, ok := s.peek(); ok {
		s.fail(errInvalid) // something after the value
	}
	if c != '{' {
		s.fail(errNotObj) // a valid value, unless an error came first
	}
	if s.err != nil {
		return nil, s.err
	}
	return doc, nil
}

// object scans the top-level object and returns its kept members.
func (s *payloadScanner) object() []byte {
	s.next() // '{'
	doc := append(make([]byte, 0, 512), '{')
	seen := make(map[string]bool, len(payloadFields))
	s.space()
	if c, ok := s.peek(); ok && c == '}' {
		s.next()
		return append(doc, '}')
	}
	for s.err == nil {
		if !s.expect('"') {
			break
		}
		raw, whole := s.str(maxKeyBytes)
		if !s.expect(':') {
			break
		}
		name := ""
		switch {
		case whole && bytes.IndexByte(raw, '\\') >= 0:
			name = gjson.Parse(`"` + string(raw) + `"`).String()
		case whole:
			name = string(raw)
		}
		f, want := payloadFields[name]
		want = want && !seen[name] // gjson reads the first of two
		if want {
			seen[name] = true
		}
		if v := s.value(1, f, &want); want && s.err == nil {
			if len(doc) > 1 {
				doc = append(doc, ',')
			}
			doc = append(append(append(append(doc, '"'), name...), '"', ':'), v...)
		}
		s.space()
		c, ok := s.next()
		if ok && c == '}' {
			break
		}
		if !ok || c != ',' {
			s.fail(errInvalid)
		}
	}
	return append(doc, '}')
}

// value scans one value nested in depth containers. With *keep set, a
// scalar is returned, a string kept as f says; a container, a number longer
// than maxNumberBytes, or a string over a budget it may not be cut to
// clears *keep.
func (s *payloadScanner) value(depth int, f field, keep *bool) []byte {
	s.space()
	c, ok := s.peek()
	if !ok {
		s.fail(errInvalid)
		return nil
	}
	wanted := keep != nil && *keep
	switch {
	case c == '"':
		s.next()
		if !wanted {
			f.budget = 0
		}
		raw, whole := s.str(f.budget)
		if wanted && !whole && !f.cut {
			*keep = false
		}
		return append(append([]byte{'"'}, raw...), '"')
	case c == '-' || c >= '0' && c <= '9':
		num := s.number()
		if wanted && len(num) > maxNumberBytes {
			*keep = false
		}
		return num
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	case c == '{' || c == '[':
		if keep != nil {
			*keep = false
		}
		s.skipContainer(depth)
		return nil
	}
	s.fail(errInvalid)
	return nil
}

func (s *payloadScanner) literal(word string) []byte {
	for i := 0; i < len(word); i++ {
		if c, ok := s.next(); !ok || c != word[i] {
			s.fail(errInvalid)
			return nil
		}
	}
	return []byte(word)
}

// number scans a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
// It keeps at most maxNumberBytes+1 bytes of it.
func (s *payloadScanner) number() []byte {
	var num []byte
	take := func() byte {
		c, _ := s.next()
		if len(num) <= maxNumberBytes {
			num = append(num, c)
		}
		return c
	}
	digits := func() int { // [0-9]*
		n := 0
		for c, ok := s.peek(); ok && c >= '0' && c <= '9'; c, ok = s.peek() {
			take()
			n++
		}
		return n
	}
	if c, _ := s.peek(); c == '-' {
		take()
	}
	switch c, ok := s.peek(); {
	case ok && c == '0':
		take()
	case ok && c >= '1' && c <= '9':
		digits()
	default:
		s.fail(errInvalid)
		return nil
	}
	if c, ok := s.peek(); ok && c == '.' {
		take()
		if digits() == 0 {
			s.fail(errInvalid)
		}
	}
	if c, ok := s.peek(); ok && (c == 'e' || c == 'E') {
		take()
		if c, ok := s.peek(); ok && (c == '+' || c == '-') {
			take()
		}
		if digits() == 0 {
			s.fail(errInvalid)
		}
	}
	return num
}

// plain marks the bytes a string holds as they are: not '"', not '\\',
// not a control character.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str scans the rest of a string whose opening quote was consumed. It
// returns at most budget of its raw bytes, cut where the kept bytes decode
// to a prefix of the whole string (never inside an escape or a UTF-8
// sequence, never between the two halves of a surrogate pair), and whether
// that is the whole string.
func (s *payloadScanner) str(budget int) (raw []byte, whole bool) {
	safe := 0           // the longest prefix of raw that is cut safely
	afterHigh := false  // raw ends with a \uD800-\uDBFF escape
	cont := 3           // continuation bytes since the last lead byte; 3: none may follow
	full := budget <= 0 // nothing more is kept
	var tok [6]byte     // the byte or escape just scanned
	for s.err == nil {
		if full {
			s.skipPlain()
		}
		c, ok := s.next()
		n, unit, startsChar := 1, -1, true
		switch {
		case !ok || c < 0x20:
			s.fail(errInvalid)
			continue
		case c == '"':
			if full {
				return raw[:safe], false
			}
			return raw, true
		case c == '\\':
			n, unit = s.escape(tok[:])
			cont = 3 // a continuation byte after an escape continues nothing
		default:
			// A continuation byte goes with the bytes before it, unless
			// there are already three (invalid UTF-8, cut anywhere).
			tok[0] = c
			if startsChar = !(c >= 0x80 && c < 0xc0 && cont < 3); startsChar {
				cont = 0
			} else {
				cont++
			}
		}
		if full {
			continue
		}
		// Before a character, raw is a safe cut, unless the character is
		// the low half of a pair begun just before.
		if startsChar && !(afterHigh && unit >= 0xdc00 && unit <= 0xdfff) {
			safe = len(raw)
		}
		if len(raw)+n > budget {
			full = true
			continue
		}
		raw = append(raw, tok[:n]...)
		afterHigh = unit >= 0xd800 && unit <= 0xdbff
	}
	return nil, false
}

// skipPlain consumes the plain bytes that are already buffered.
func (s *payloadScanner) skipPlain() {
	buf, _ := s.r.Peek(s.r.Buffered())
	n := 0
	for n < len(buf) && plain[buf[n]] {
		n++
	}
	if n > 0 {
		s.discard(n)
	}
}

// escape scans an escape after its backslash into tok (6 bytes) and
// returns its length, and its UTF-16 code unit for a \u escape (-1 for the
// others).
func (s *payloadScanner) escape(tok []byte) (int, int) {
	tok[0] = '\\'
	c, ok := s.next()
	tok[1] = c
	switch {
	case !ok:
	case c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't':
		return 2, -1
	case c == 'u':
		v := 0
		for i := 2; i < 6; i++ {
			h, ok := s.next()
			d := hexValue(h)
			if !ok || d < 0 {
				s.fail(errInvalid)
				return 0, -1
			}
			v = v<<4 | d
			tok[i] = h
		}
		return 6, v
	}
	s.fail(errInvalid)
	return 0, -1
}

func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// skipContainer scans an object or array that starts at the next byte,
// nested in depth containers, keeping nothing. It keeps its own stack of
// closers rather than recursing.
func (s *payloadScanner) skipContainer(depth int) {
	var closers []byte
	open := func(c byte) bool { // after '{' or '[': true when it closes at once
		if c == '{' {
			closers = append(closers, '}')
		} else {
			closers = append(closers, ']')
		}
		if depth+len(closers) > MaxDepth {
			s.fail(errDeep)
			return false
		}
		s.space()
		if c, ok := s.peek(); ok && c == closers[len(closers)-1] {
			s.next()
			closers = closers[:len(closers)-1]
			return true
		}
		if c == '{' {
			s.key()
		}
		return false
	}
	// The loop alternates: scan a value (opening containers as it goes),
	// then the comma or closer after it.
	s.space()
	c, _ := s.next()
	closed := open(c)
	for s.err == nil {
		if !closed {
			s.space()
			c, ok := s.peek()
			if ok && (c == '{' || c == '[') {
				s.next()
				closed = open(c)
				continue
			}
			s.value(depth+len(closers), field{}, nil)
		}
		closed = false
		if len(closers) == 0 {
			return
		}
		s.space()
		c, ok := s.next()
		switch {
		case ok && c == closers[len(closers)-1]:
			closers = closers[:len(closers)-1]
			closed = true
		case ok && c == ',':
			if closers[len(closers)-1] == '}' && !s.key() {
				return
			}
		default:
			s.fail(errInvalid)
		}
	}
}

// key scans a member name and its colon inside a skipped object.
func (s *payloadScanner) key() bool {
	if !s.expect('"') {
		return false
	}
	s.str(0)
	return s.expect(':')
}

// event reads the common fields of a parsed payload.
func event(r gjson.Result) (Event, error) {
	if !r.IsObject() {
		return Event{}, errNotObj
	}
	ev := Event{
		Name:           r.Get("hook_event_name").String(),
		SessionID:      r.Get("session_id").String(),
		TranscriptPath: r.Get("transcript_path").String(),
		Cwd:            r.Get("cwd").String(),
		PromptID:       r.Get("prompt_id").String(),
		Raw:            r,
	}
	if ev.Name == "" {
		return Event{}, fmt.Errorf("%w: no hook_event_name", ErrPayload)
	}
	return ev, nil
}
