package reminders

import (
	"testing"
	"time"
)

func TestInsessionLater(t *testing.T) {
	saved := now
	defer func() { now = saved }()
	fixed := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	now = func() time.Time { return fixed }
	if got := Later(2 * time.Hour); !got.Equal(fixed.Add(2 * time.Hour)) {
		t.Fatalf("Later(2h) = %v", got)
	}
}
