package inventory

import (
	"errors"
	"testing"
)

func TestReserve(t *testing.T) {
	s := New(map[string]int{"MILK-1L": 5})
	if err := s.Reserve("MILK-1L", 3); err != nil {
		t.Fatal(err)
	}
	if got := s.Level("MILK-1L"); got != 2 {
		t.Fatalf("Level = %d; want 2", got)
	}
	if err := s.Reserve("MILK-1L", 3); !errors.Is(err, ErrInsufficient) {
		t.Fatalf("Reserve beyond stock: %v; want ErrInsufficient", err)
	}
}
