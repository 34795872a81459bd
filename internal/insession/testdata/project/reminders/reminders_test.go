package reminders

import (
	"testing"
	"time"
)

var t0 = time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)

func TestAdd(t *testing.T) {
	var l List
	a := l.Add("order milk", t0)
	b := l.Add("call supplier", t0.Add(time.Hour))
	if a.ID != 1 || b.ID != 2 {
		t.Fatalf("ids %d, %d; want 1, 2", a.ID, b.ID)
	}
	if got := len(l.All()); got != 2 {
		t.Fatalf("All has %d reminders; want 2", got)
	}
}

func TestDueSkipsDone(t *testing.T) {
	var l List
	a := l.Add("order milk", t0)
	l.Add("call supplier", t0)
	if err := l.Complete(a.ID); err != nil {
		t.Fatal(err)
	}
	due := l.Due(t0.Add(time.Minute))
	if len(due) != 1 || due[0].Text != "call supplier" {
		t.Fatalf("Due = %+v; want only the open reminder", due)
	}
}
