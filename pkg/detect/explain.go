package detect

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// Explanation is why an exchange parks what it parks: each kind's score
// and threshold, and the features that weighed most. `openloop explain`
// prints it.
type Explanation struct {
	Skipped  bool   // the prompt is not the user's typing (slash command, envelope, pasted text)
	Typed    string // what the features read of the prompt
	Question string // the question Claude's message ended on, if any
	AUQ      bool   // it is a dismissed AskUserQuestion
	Kinds    []KindScore
	Finding  *Finding // what would be parked, if anything
	// Candidate is what would be kept for review when nothing parks.
	Candidate *Finding
	// Concepts are the lexicon's concepts the prompt holds (cues.go).
	Concepts []string
	// Unnamed is the kind that scored at or over its threshold and still
	// parks nothing, because the prompt names no thing ("don't bother
	// fixing that yet", or a complaint such as "it would be nice if you
	// ran the tests") and Claude's message offered none; "" if none.
	Unnamed Kind
}

// KindScore is one kind's part of an Explanation.
type KindScore struct {
	Kind      Kind
	Scored    bool // false for question when Claude asked nothing
	P         float64
	Threshold float64 // above 1: this kind never parks
	Candidate float64 // the score from which it is kept as a candidate
	Top       []Contribution
}

// Contribution is one feature's push on a score: its value times its
// weight, on the log-odds scale (positive pushes towards parking).
type Contribution struct {
	Feature string
	Weight  float64
}

// Explain scores an exchange with the shipped model and lists, per kind,
// the top features by the size of their contribution.
func Explain(in Input, top int) (Explanation, error) {
	m, err := shipped()
	if err != nil {
		return Explanation{}, err
	}
	return m.Explain(in, top), nil
}

// Explain is Explain with model m.
func (m *Model) Explain(in Input, top int) Explanation {
	in = in.valid()
	x, ok := prepare(in)
	if !ok {
		return Explanation{Skipped: true}
	}
	e := Explanation{Typed: x.typed, Question: x.pending.question, AUQ: x.pending.auq}
	var names []string
	x.extract(func(n string) { names = append(names, n) })
	names = slices.Compact(slices.Sorted(slices.Values(names)))
	vec := Vectorize(names, m.Bits)
	value := map[uint32]float64{}
	for _, v := range vec {
		value[v.Bucket] = v.Value
	}
	s, _ := score(m, x)
	for i, k := range m.Kinds {
		ks := KindScore{Kind: k.Kind, Threshold: k.Threshold, Candidate: m.CandidateAt(i)}
		if p, ok := s.P[k.Kind]; ok {
			ks.Scored, ks.P = true, p
		}
		if ks.Scored {
			for _, n := range names {
				b := Hash(n) & (1<<m.Bits - 1)
				// A bucket two names share holds their summed values;
				// each name is shown with its own share.
				w := m.Weight(i, b) * featureValue(n, names)
				if w != 0 {
					ks.Top = append(ks.Top, Contribution{n, w})
				}
			}
			slices.SortStableFunc(ks.Top, func(a, b Contribution) int {
				return cmp.Compare(math.Abs(b.Weight), math.Abs(a.Weight))
			})
			ks.Top = ks.Top[:min(top, len(ks.Top))]
		}
		e.Kinds = append(e.Kinds, ks)
	}
	for _, n := range names {
		if c, ok := strings.CutPrefix(n, "con:"); ok {
			e.Concepts = append(e.Concepts, c)
		}
	}
	a := m.Assess(in)
	if len(a.Candidates) > 0 {
		e.Candidate = &a.Candidates[0]
	}
	if len(a.Parks) > 0 {
		e.Finding = &a.Parks[0]
	} else if k, ok := s.Decide(); ok {
		e.Unnamed = k
	} else if statesDeferral(x, in.Assistant) {
		e.Unnamed = Deferred // the rule tier's shape, and nothing to name
	} else if x.pending.auq && !x.answersByForm() {
		e.Unnamed = Question // a dismissed AskUserQuestion, and no request to name
	}
	return e
}

// featureValue is the value Vectorize gives name among the distinct names.
func featureValue(name string, names []string) float64 {
	b := bagOf(name)
	if b < 0 {
		return 1
	}
	n := 0
	for _, o := range names {
		if bagOf(o) == b {
			n++
		}
	}
	return 1 / math.Sqrt(float64(n))
}

// ExplainTuned is Explain with the shipped model's thresholds moved by t
// (the user's sensitivities): the thresholds shown, and what parks or is
// kept, are those AssessTuned decides with.
func ExplainTuned(in Input, top int, t Tuning) (Explanation, error) {
	m, err := shipped()
	if err != nil {
		return Explanation{}, err
	}
	return m.Tuned(t).Explain(in, top), nil
}
