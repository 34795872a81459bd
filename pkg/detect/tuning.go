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
	if len(t) == 0 {
		return m
	}
	c := *m
	c.Kinds = slices.Clone(m.Kinds)
	for i, k := range c.Kinds {
		s := t[k.Kind]
		if s == 0 {
			continue
		}
		cand := m.CandidateAt(i)
		if k.Threshold < 1 { // 1 or more: the kind never parks by the model, whatever the tuning
			c.Kinds[i].Threshold = shiftLogOdds(k.Threshold, s)
		}
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
	return AssessLazy(in, t, nil)
}

// AssessLazy scores the prompt once and decides under the tuning first;
// when that leaves nothing, it returns at once, else it decides again under
// the tuning then() returns (nil: keep the first answer). The hook passes
// the widest tuning first, so that a prompt with nothing under any
// settings never reads the user's settings.
func AssessLazy(in Input, first Tuning, then func() Tuning) Assessment {
	m, err := shipped()
	if err != nil {
		return Assessment{}
	}
	in = in.valid()
	x, ok := prepare(in)
	if !ok {
		return Assessment{}
	}
	s, _ := score(m, x)
	if then == nil {
		return m.Tuned(first).decide(x, in, s)
	}
	// Whether anything can be left under the first tuning is told by the
	// rules and the scores alone: naming a candidate (finding) is the
	// costly part, and it is done once, under the tuning then() gives.
	if _, ruled := explicitDeferral(x, in); !ruled && !m.Tuned(first).mayLeave(x, s) {
		return Assessment{}
	}
	return m.Tuned(then()).decide(x, in, s)
}

// mayLeave reports scores s that reach a kind's candidate or park
// threshold, or a dismissed AskUserQuestion the prompt does not answer by
// its form: what decide could turn into a park or a candidate, before any
// idea is named.
func (m *Model) mayLeave(x exchange, s Scores) bool {
	for i, k := range m.Kinds {
		if p, ok := s.P[k.Kind]; ok && p >= min(m.CandidateAt(i), k.Threshold) {
			return true
		}
	}
	return x.pending.auq && !x.answersByForm() && !x.takesUp()
}
