package detect

import (
	"math"
	"testing"
)

func TestTunedMovesThresholds(t *testing.T) {
	m, err := shipped()
	if err != nil {
		t.Fatal(err)
	}
	before := make([]float64, len(m.Kinds))
	for i, k := range m.Kinds {
		before[i] = k.Threshold
	}
	up := m.Tuned(Tuning{Question: 1})
	down := m.Tuned(Tuning{Question: -1})
	for i, k := range m.Kinds {
		if k.Threshold != before[i] {
			t.Fatalf("Tuned changed the model it was given")
		}
		if k.Kind != Question {
			if up.Kinds[i].Threshold != k.Threshold || up.CandidateAt(i) != m.CandidateAt(i) {
				t.Errorf("%s moved", k.Kind)
			}
			continue
		}
		if k.Threshold >= 1 {
			// The model never parks this kind: no tuning makes it park.
			if up.Kinds[i].Threshold != k.Threshold || down.Kinds[i].Threshold != k.Threshold {
				t.Errorf("a park threshold of %v (never) moved: up %v down %v", k.Threshold, up.Kinds[i].Threshold, down.Kinds[i].Threshold)
			}
		} else if !(up.Kinds[i].Threshold < k.Threshold && down.Kinds[i].Threshold > k.Threshold) {
			t.Errorf("park threshold %v: up %v down %v", k.Threshold, up.Kinds[i].Threshold, down.Kinds[i].Threshold)
		}
		if !(up.CandidateAt(i) < m.CandidateAt(i) && down.CandidateAt(i) > m.CandidateAt(i)) {
			t.Errorf("candidate threshold %v: up %v down %v", m.CandidateAt(i), up.CandidateAt(i), down.CandidateAt(i))
		}
		// One step is 1 in log-odds, both ways.
		lo := func(p float64) float64 { return math.Log(p / (1 - p)) }
		if d := lo(m.CandidateAt(i)) - lo(up.CandidateAt(i)); math.Abs(d-1) > 1e-9 {
			t.Errorf("shift %v, want 1", d)
		}
	}
}
