package hooks

import (
	"errors"
	"strings"
	"testing"
)

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
