package jsonguard

import (
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

func FuzzValid(f *testing.F) {
	f.Add([]byte(`{"hook_event_name":"Stop"}`))
	f.Add([]byte(`[[[[`))
	f.Add([]byte(`{"a":"\u0000"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		Valid(b) // must not panic or overflow
	})
}
