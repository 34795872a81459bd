package inventory

import (
	"sync"
	"testing"
)

func TestInsessionRelease(t *testing.T) {
	s := New(map[string]int{"MILK-1L": 5})
	if err := s.Reserve("MILK-1L", 4); err != nil {
		t.Fatal(err)
	}
	if err := s.Release("MILK-1L", 3); err != nil {
		t.Fatal(err)
	}
	if got := s.Level("MILK-1L"); got != 4 {
		t.Fatalf("Level after Release = %d; want 4", got)
	}
}

func TestInsessionReserveNonPositive(t *testing.T) {
	s := New(map[string]int{"MILK-1L": 5})
	if s.Reserve("MILK-1L", 0) == nil || s.Reserve("MILK-1L", -1) == nil {
		t.Fatal("Reserve accepts qty <= 0")
	}
	if got := s.Level("MILK-1L"); got != 5 {
		t.Fatalf("Level = %d; want 5", got)
	}
}

func TestInsessionConcurrent(t *testing.T) {
	s := New(map[string]int{"MILK-1L": 4000})
	var wg sync.WaitGroup
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 50; j++ {
				_ = s.Reserve("MILK-1L", 2)
				_ = s.Release("MILK-1L", 1)
			}
		}()
	}
	wg.Wait()
	if got := s.Level("MILK-1L"); got != 2000 {
		t.Fatalf("Level = %d; want 2000", got)
	}
}
