package detect

import (
	"math"
	"slices"
)

// Tuning is a user's sensitivity per kind: a shift of the kind's park and
// candidate thresholds in log-odds. Positive is more sensitive (lower
// thresholds: more parks and candidates), negative less. A kind not in
// the map keeps the model's thresholds.
type Tuning map[Kind]float64

// Tuned is a copy of m whose thresholds are moved by t; m is unchanged
// and the weights are shared.
func (m *Model) Tuned(t Tuning) *Model {
	c := *m
	c.Kinds = slices.Clone(m.Kinds)
	for i, k := range c.Kinds {
		s := t[k.Kind]
		if s == 0 {
			continue
		}
		cand := m.CandidateAt(i)
		c.Kinds[i].Threshold = shiftLogOdds(k.Threshold, s)
		c.Kinds[i].Candidate = shiftLogOdds(cand, s)
	}
	return &c
}

// shiftLogOdds lowers p by s in log-odds (raises it for a negative s),
// keeping it strictly between 0 and 1.
func shiftLogOdds(p, s float64) float64 {
	p = min(max(p, 1e-9), 1-1e-9)
	l := math.Log(p/(1-p)) - s
	return 1 / (1 + math.Exp(-l))
}

// AssessTuned is Assess with the shipped model's thresholds moved by t.
func AssessTuned(in Input, t Tuning) Assessment {
	m, err := shipped()
	if err != nil {
		return Assessment{}
	}
	if len(t) == 0 {
		return m.Assess(in)
	}
	return m.Tuned(t).Assess(in)
}
