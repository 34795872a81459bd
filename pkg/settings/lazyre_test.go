package settings

import (
	"testing"

	"github.com/openloop/openloop/internal/lazyre"
)

// blockLine compiles on first use (internal/lazyre); compile it here.
func TestEveryPatternCompiles(t *testing.T) {
	if err := lazyre.CheckAll(); err != nil {
		t.Fatal(err)
	}
}
