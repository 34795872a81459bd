package detect

import (
	"testing"

	"github.com/openloop/openloop/internal/lazyre"
)

// The detectors' patterns compile on first use (internal/lazyre), so a bad
// one would panic only in the hook that reaches it. Compile them all here.
func TestEveryPatternCompiles(t *testing.T) {
	if err := lazyre.CheckAll(); err != nil {
		t.Fatal(err)
	}
}
