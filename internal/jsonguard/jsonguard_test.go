package jsonguard

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

func TestTooDeep(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want bool
	}{
		{`{}`, 1, false},
		{`[[]]`, 1, true},
		{`[[]]`, 2, false},
		{`{"a":"[[[[[["}`, 1, false}, // brackets in a string do not count
		{`{"a":"\"[[[["}`, 1, false}, // nor after an escaped quote
		{`{"a":"\\"}[[`, 1, true},    // an escaped backslash ends the string
		{strings.Repeat("[", 5000), MaxDepth, true},
	} {
		if got := TooDeep([]byte(c.in), c.max); got != c.want {
			t.Errorf("TooDeep(%.30q, %d) = %v, want %v", c.in, c.max, got, c.want)
		}
	}
}

// Ten million "[" would overflow the stack inside gjson.ValidBytes, a
// fatal error; Valid must refuse them without recursing.
func TestValidDeepNesting(t *testing.T) {
	if Valid([]byte(strings.Repeat("[", 10_000_000))) {
		t.Fatal("Valid accepted 10M open brackets")
	}
	deep := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	if !Valid([]byte(deep)) {
		t.Fatal("Valid refused JSON nested exactly MaxDepth deep")
	}
}

// FuzzValid: within the depth bound Valid agrees with encoding/json.Valid
// on every input, and ValidString with Valid; past it Valid refuses, and
// TooDeep's count of nesting is the real depth of valid JSON.
func FuzzValid(f *testing.F) {
	for _, s := range []string{
		`{"hook_event_name":"Stop"}`, `[[[[`, `{"a":"\u0000"}`, `{"a":"\ud800"}`, "\"\xff\"", "\"\x01\"",
		`01`, `-0`, `1.`, `1e`, `.5`, `1E+2`, `-`, `tru`, `nul`, `[1,]`, `{"a":1,}`, `{"a" 1}`, `{1:2}`,
		` {} `, "\t[]\n", `[] []`, `"\x"`, `"\u12"`, `"\/"`, `{"a":[{"b":null}]}`, ``, ` `,
		strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
		strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got := Valid(b)
		if got != ValidString(string(b)) {
			t.Fatalf("Valid and ValidString disagree on %q", b)
		}
		std := json.Valid(b)
		if TooDeep(b, MaxDepth) {
			if got {
				t.Fatalf("Valid accepted %q, nested deeper than %d", b, MaxDepth)
			}
			if std && depth(t, b) <= MaxDepth {
				t.Fatalf("TooDeep counts valid JSON nested %d deep as deeper than %d: %q", depth(t, b), MaxDepth, b)
			}
			return
		}
		if got != std {
			t.Fatalf("Valid(%q) = %v, encoding/json.Valid = %v", b, got, std)
		}
	})
}

// depth is how deeply valid JSON b nests arrays and objects, read with
// encoding/json's tokenizer.
func depth(t *testing.T, b []byte) int {
	d := json.NewDecoder(bytes.NewReader(b))
	n, top := 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return top
		}
		if err != nil {
			t.Fatalf("token of valid JSON %q: %v", b, err)
		}
		switch tok {
		case json.Delim('['), json.Delim('{'):
			n++
			top = max(top, n)
		case json.Delim(']'), json.Delim('}'):
			n--
		}
	}
}
