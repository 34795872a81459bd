package detect

import (
	"math"
	"slices"
	"testing"
)

// TestDecideAtThreshold: each kind parks from exactly the shipped model's
// threshold, and not a hair below it (the next float down, and 0.05
// below), whatever the thresholds are after a retraining.
func TestDecideAtThreshold(t *testing.T) {
	m, err := shipped()
	if err != nil {
		t.Fatal(err)
	}
	thresholds := map[Kind]float64{}
	for _, k := range m.Kinds {
		thresholds[k.Kind] = k.Threshold
	}
	for _, k := range Kinds {
		th, ok := thresholds[k]
		if !ok {
			t.Fatalf("the model has no threshold for %s", k)
		}
		for _, c := range []struct {
			p    float64
			want bool
		}{
			{th, true},
			{math.Nextafter(th, 2), true},
			{math.Nextafter(th, -1), false},
			{th - 0.05, false},
		} {
			s := Scores{P: map[Kind]float64{}, Threshold: thresholds}
			for _, o := range Kinds {
				s.P[o] = 0
			}
			s.P[k] = c.p
			got, ok := s.Decide()
			if ok != c.want || ok && got != k {
				t.Errorf("%s scored %v (threshold %v): Decide = %q, %v; want parks=%v", k, c.p, th, got, ok, c.want)
			}
		}
	}
}

// modelDecides is one prompt of each kind that no rule parks: the model's
// score and thresholds decide.
var modelDecides = []struct {
	kind Kind
	in   Input
}{
	{Deferred, Input{Prompt: "i18n not now"}},
	{SideIdea, Input{Prompt: "a quick-add command would be handy"}},
	{Question, Input{Assistant: "The refresh race is fixed. Should expired refresh tokens return 401 or 403?", Prompt: "Now add request logging to the payments service"}},
}

// TestAssessAtThreshold: the whole path, from a prompt to what parks. For
// one prompt of each kind, its own score is found, and the model's
// threshold for that kind is set to that score (it parks) and to 0.05
// above it (nothing parks); the other kinds never park.
func TestAssessAtThreshold(t *testing.T) {
	shippedModel, err := shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range modelDecides {
		x, ok := prepare(c.in)
		if !ok {
			t.Fatalf("%s: prompt skipped", c.kind)
		}
		s, _ := score(shippedModel, x)
		p, scored := s.P[c.kind]
		if !scored {
			t.Fatalf("%s: not scored", c.kind)
		}
		for _, tt := range []struct {
			threshold float64
			parks     bool
		}{{p, true}, {p + 0.05, false}, {math.Nextafter(p, 2), false}} {
			m := *shippedModel
			m.Kinds = slices.Clone(shippedModel.Kinds)
			for i := range m.Kinds {
				m.Kinds[i].Threshold = 2 // never
				if m.Kinds[i].Kind == c.kind {
					m.Kinds[i].Threshold = tt.threshold
				}
			}
			a := m.Assess(c.in)
			switch {
			case tt.parks && (len(a.Parks) != 1 || a.Parks[0].Kind != c.kind):
				t.Errorf("%s scoring %v, threshold %v: parks %+v, want one %s", c.kind, p, tt.threshold, a.Parks, c.kind)
			case !tt.parks && len(a.Parks) != 0:
				t.Errorf("%s scoring %v, threshold %v: parks %+v, want nothing", c.kind, p, tt.threshold, a.Parks)
			}
		}
	}
}

// TestCandidateAtThreshold: when nothing parks, a kind becomes a candidate
// from exactly its candidate threshold, and not a hair below it, for the
// header's own candidate field and for the default (a fraction of the park
// threshold).
func TestCandidateAtThreshold(t *testing.T) {
	shippedModel, err := shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range modelDecides[:2] { // a question candidate: TestTextbookQuestion
		x, _ := prepare(c.in)
		s, _ := score(shippedModel, x)
		p := s.P[c.kind]
		park := p / DefaultCandidate // the park threshold whose default candidate threshold is p
		for park*DefaultCandidate > p {
			park = math.Nextafter(park, 0)
		}
		for _, tt := range []struct {
			candidate, park float64 // the header's fields; candidate 0 is the default
			want            bool
		}{
			{p, 2, true},
			{math.Nextafter(p, 2), 2, false},
			{p + 0.05, 2, false},
			{0, park, true},
			{0, (p + 0.05) / DefaultCandidate, false},
		} {
			m := *shippedModel
			m.Kinds = slices.Clone(shippedModel.Kinds)
			for i := range m.Kinds {
				m.Kinds[i].Threshold, m.Kinds[i].Candidate = 2, 1.5 // never parks, never a candidate
				if m.Kinds[i].Kind == c.kind {
					m.Kinds[i].Threshold, m.Kinds[i].Candidate = tt.park, tt.candidate
				}
			}
			a := m.Assess(c.in)
			got := len(a.Candidates) == 1 && a.Candidates[0].Kind == c.kind && len(a.Parks) == 0
			if got != tt.want || len(a.Candidates) > 1 {
				t.Errorf("%s scoring %v, candidate %v, park %v: %+v, want a candidate: %v", c.kind, p, tt.candidate, tt.park, a, tt.want)
			}
		}
	}
}
