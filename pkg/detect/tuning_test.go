package detect

import (
	"fmt"
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

// TestEveryPathRunsTheRules: the hook decides through AssessLazy (and
// AssessTuned), not Assess; an explicit deferral parks by rule on each path,
// whatever the tuning. (After a merge, AssessLazy once skipped the rule tier
// and the hook parked no explicit deferral at all.)
func TestEveryPathRunsTheRules(t *testing.T) {
	in := Input{Prompt: "skip the benchmarks for now"}
	for name, a := range map[string]Assessment{
		"Assess":      Assess(in),
		"AssessTuned": AssessTuned(in, Tuning{Deferred: -1.5}),
		"AssessLazy":  AssessLazy(in, Tuning{Deferred: 1.5}, func() Tuning { return nil }),
	} {
		if len(a.Parks) != 1 || a.Parks[0].Idea != "benchmarks" || a.Parks[0].Rule == "" {
			t.Errorf("%s: %+v, want the rule's park of \"benchmarks\"", name, a)
		}
	}
}

// TestAssessLazyDecidesAsAssess: deciding lazily (the widest tuning first,
// by the scores alone, then the user's) gives what Assess under the user's
// tuning gives, park, candidate or nothing.
func TestAssessLazyDecidesAsAssess(t *testing.T) {
	widest := Tuning{Deferred: 1.5, SideIdea: 1.5, Question: 1.5}
	for _, in := range []Input{
		{Prompt: "Now add request logging to the payments service"},
		{Prompt: "skip the benchmarks for now"},
		{Prompt: "i18n not now"},
		{Prompt: "I think we should also support dark mode eventually"},
		{Prompt: "btw, random thought: a quick-add command would be handy"},
		{Assistant: "Fixed. Should expired refresh tokens return 401 or 403?", Prompt: "Now add request logging to the payments service"},
		{AskQuestion: "Which port should the metrics server use?", AskOptions: []string{"9090", "9100"}, Prompt: "add a CI badge to the README"},
		{Prompt: "ok thanks"},
	} {
		for _, user := range []Tuning{nil, {Deferred: -1.5}, {SideIdea: 1.5, Question: 1}} {
			got := AssessLazy(in, widest, func() Tuning { return user })
			want := AssessTuned(in, user)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%q under %v: lazy %+v, want %+v", in.Prompt, user, got, want)
			}
		}
	}
}
