package reminders

import (
	"errors"
	"testing"
	"time"
)

var insessionT = time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)

func TestInsessionRemove(t *testing.T) {
	var l List
	a := l.Add("a", insessionT)
	l.Add("b", insessionT)
	if err := l.Remove(a.ID); err != nil {
		t.Fatal(err)
	}
	if all := l.All(); len(all) != 1 || all[0].Text != "b" {
		t.Fatalf("All after Remove = %+v", all)
	}
	if err := l.Remove(a.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("second Remove = %v; want ErrNotFound", err)
	}
}

func TestInsessionAlreadyDone(t *testing.T) {
	var l List
	a := l.Add("a", insessionT)
	if err := l.Complete(a.ID); err != nil {
		t.Fatal(err)
	}
	if err := l.Complete(a.ID); !errors.Is(err, ErrAlreadyDone) {
		t.Fatalf("second Complete = %v; want ErrAlreadyDone", err)
	}
	if err := l.Complete(42); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Complete(42) = %v; want ErrNotFound", err)
	}
}

func TestInsessionPending(t *testing.T) {
	var l List
	a := l.Add("a", insessionT)
	l.Add("b", insessionT)
	_ = l.Complete(a.ID)
	if p := l.Pending(); len(p) != 1 || p[0].Text != "b" {
		t.Fatalf("Pending = %+v", p)
	}
}

func TestInsessionDueAtNow(t *testing.T) {
	var l List
	a := l.Add("done", insessionT.Add(-time.Hour))
	l.Add("now", insessionT)
	l.Add("later", insessionT.Add(time.Second))
	_ = l.Complete(a.ID)
	if d := l.Due(insessionT); len(d) != 1 || d[0].Text != "now" {
		t.Fatalf("Due(now) = %+v; want only the one due exactly now", d)
	}
}

func TestInsessionRemindLater(t *testing.T) {
	var l List
	a := l.Add("a", insessionT)
	if err := l.RemindLater(a.ID); err != nil {
		t.Fatal(err)
	}
	if got := l.All()[0].Due; !got.Equal(insessionT.Add(time.Hour)) {
		t.Fatalf("Due after RemindLater = %v", got)
	}
	if err := l.RemindLater(42); !errors.Is(err, ErrNotFound) {
		t.Fatalf("RemindLater(42) = %v", err)
	}
}
