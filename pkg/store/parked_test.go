package store

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// WriteParked says what a park did; at the cap it lists the first
// capListed open items and counts the others.
func TestWriteParked(t *testing.T) {
	s := newStore(t)
	var out bytes.Buffer
	s.WriteParked(&out, park(t, s, KindDeferred, "retry budget"), terminal)
	s.WriteParked(&out, park(t, s, KindDeferred, "retry budget"), terminal)
	if want := "Parked: retry-budget\nAlready parked: retry-budget\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	for i := range MaxOpen - 1 {
		park(t, s, KindSideIdea, fmt.Sprintf("idea number %c", 'a'+i))
	}
	res := park(t, s, KindSideIdea, "one too many")
	if !res.Capped {
		t.Fatalf("at the cap: %+v", res)
	}
	res.Open = append(res.Open, res.Open[:2]...) // stray files beyond the cap
	out.Reset()
	s.WriteParked(&out, res, terminal)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if lines[0] != "Not parked: 12 items are already open. Archive some first with openloop archive <text>:" ||
		len(lines) != capListed+2 || lines[len(lines)-1] != "… and 2 more" || !strings.HasPrefix(lines[1], "- [ ] ") {
		t.Errorf("got\n%s", out.String())
	}
}
