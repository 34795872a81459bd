package hooks

import (
	"errors"
	"strings"
	"testing"
)

func TestTooDeep(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want bool
	}{
		{`{"a":[1,{"b":2}]}`, 3, false},
		{`{"a":[1,{"b":2}]}`, 2, true},
		{`{"a":"[[[[[[[[[["}`, 1, false},
		{`{"a":"\"[[[[["}`, 1, false},
		{`{"a":"\\"}`, 1, false},
		{`{"a":"\\\"[[["}`, 1, false},
		{`[[]][[]]`, 2, false},
		{strings.Repeat("[", 1001) + strings.Repeat("]", 1001), MaxDepth, true},
	} {
		if got := tooDeep([]byte(c.in), c.max); got != c.want {
			t.Errorf("tooDeep(%.40q, %d) = %v, want %v", c.in, c.max, got, c.want)
		}
	}
}

// A payload nested millions deep is refused before gjson's recursive
// validation could overflow the stack (a fatal error, exit 2).
func TestParseRefusesDeepPayload(t *testing.T) {
	n := 5 << 20
	payload := `{"hook_event_name":"UserPromptSubmit","prompt":"x","a":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`
	_, err := Parse([]byte(payload))
	if !errors.Is(err, ErrPayload) || !strings.Contains(err.Error(), "nested deeper than 1000 levels") {
		t.Fatalf("Parse: %v", err)
	}
}
