package reminders

import (
	"errors"
	"testing"
	"time"
)

func TestInsessionSnooze(t *testing.T) {
	base := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	var l List
	r := l.Add("order milk", base)
	if err := l.Snooze(r.ID, 90*time.Minute); err != nil {
		t.Fatal(err)
	}
	if got := l.All()[0].Due; !got.Equal(base.Add(90 * time.Minute)) {
		t.Fatalf("Due after Snooze = %v", got)
	}
	if err := l.Snooze(99, time.Minute); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Snooze(99) = %v; want ErrNotFound", err)
	}
}

func TestInsessionLen(t *testing.T) {
	var l List
	if l.Len() != 0 {
		t.Fatal("empty list: Len != 0")
	}
	l.Add("a", time.Time{})
	l.Add("b", time.Time{})
	if l.Len() != 2 {
		t.Fatalf("Len = %d; want 2", l.Len())
	}
}
