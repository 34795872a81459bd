package main

import (
	"regexp"
	"strings"
)

// Idea quality is token-F1 against the case's idea, computed exactly as
// ../shared/tools/eval_hook.py does: lower-case [a-z0-9]+ words, a few
// stop words dropped.
var reF1Word = regexp.MustCompile(`[a-z0-9]+`)

var f1Stop = map[string]bool{"the": true, "a": true, "an": true, "to": true, "of": true, "for": true,
	"and": true, "or": true, "in": true, "on": true, "it": true, "this": true, "that": true, "we": true,
	"i": true, "is": true, "be": true}

func f1Tokens(s string) []string {
	var out []string
	for _, w := range reF1Word.FindAllString(strings.ToLower(s), -1) {
		if !f1Stop[w] {
			out = append(out, w)
		}
	}
	return out
}

// tokenF1 is the harmonic mean of token precision and recall.
func tokenF1(got, want string) float64 {
	a, b := f1Tokens(got), f1Tokens(want)
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	cb := map[string]int{}
	for _, w := range b {
		cb[w]++
	}
	common := 0
	for _, w := range a {
		if cb[w] > 0 {
			cb[w]--
			common++
		}
	}
	if common == 0 {
		return 0
	}
	p, r := float64(common)/float64(len(a)), float64(common)/float64(len(b))
	return 2 * p * r / (p + r)
}

// counts tallies one kind's predictions. Recall is also kept apart for
// clear positives and for hard ones (a note starting "hard:").
type counts struct {
	TP, FP, FN          int
	ClearTP, ClearFN    int
	HardTP, HardFN      int
	Caught, CaughtClear int // positives parked or kept as a candidate of the kind
}

func (c counts) precision() float64   { return ratio(c.TP, c.TP+c.FP) }
func (c counts) recall() float64      { return ratio(c.TP, c.TP+c.FN) }
func (c counts) clearRecall() float64 { return ratio(c.ClearTP, c.ClearTP+c.ClearFN) }
func (c counts) hardRecall() float64  { return ratio(c.HardTP, c.HardTP+c.HardFN) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Scores is what an evaluation reports.
type Scores struct {
	Kind         map[string]*counts   // "Q", "D", "S"
	IdeaF1       map[string][]float64 // per kind, over true parks with an idea
	NaturalN     int                  // natural cases labelled N
	NaturalPark  int                  // of those, how many parked anything
	NaturalAll   int                  // natural cases, any label
	NaturalWrong int                  // wrong parks on them (a kind parked that is not the label)
	NaturalCand  int                  // natural cases that left a candidate
	// Rules is the same cases scored with the parks of the deterministic
	// rules alone (nil inside Rules).
	Rules       *Scores
	Loops       int // positives (Q, D, S)
	LoopsCaught int // of those, parked or kept as a candidate, of their kind
	Cases       int
}

func newScores() *Scores {
	s := newTally()
	s.Rules = newTally()
	return s
}

func newTally() *Scores {
	s := &Scores{Kind: map[string]*counts{}, IdeaF1: map[string][]float64{}}
	for _, k := range []string{"Q", "D", "S"} {
		s.Kind[k] = &counts{}
	}
	return s
}

// Prediction is what a detector parked for one case: a label per kind
// and the idea parked.
type Prediction map[string]string // kind letter → idea

// Outcome is what the hook leaves for one case: what it parks, and the
// candidate it keeps for review when nothing parks. Rule marks parks a
// deterministic rule made (kind letter → rule), not the model.
type Outcome struct {
	Park, Candidate Prediction
	Rule            map[string]string
}

// only is the outcome with the parks of the rule tier alone.
func (o Outcome) rulesOnly() Outcome {
	out := Outcome{Park: Prediction{}}
	for k, idea := range o.Park {
		if o.Rule[k] != "" {
			out.Park[k] = idea
		}
	}
	return out
}

// add scores one case, as eval_hook.py does: a kind parked on a case of
// another label is a false park of that kind.
func (s *Scores) add(c Case, o Outcome) {
	if s.Rules != nil {
		s.Rules.add(c, o.rulesOnly())
	}
	p := o.Park
	s.Cases++
	for k, cnt := range s.Kind {
		_, parked := p[k]
		_, cand := o.Candidate[k]
		switch {
		case parked && c.Label == k:
			cnt.TP++
			if c.Hard {
				cnt.HardTP++
			} else {
				cnt.ClearTP++
			}
		case parked:
			cnt.FP++
		case c.Label == k:
			cnt.FN++
			if c.Hard {
				cnt.HardFN++
			} else {
				cnt.ClearFN++
			}
		}
		if c.Label == k && (parked || cand) {
			cnt.Caught++
			if !c.Hard {
				cnt.CaughtClear++
			}
		}
	}
	if c.Label != "N" && c.Label != "" {
		s.Loops++
		_, parked := p[c.Label]
		_, cand := o.Candidate[c.Label]
		if parked || cand {
			s.LoopsCaught++
		}
	}
	if idea, ok := p[c.Label]; ok && c.Idea != "" {
		s.IdeaF1[c.Label] = append(s.IdeaF1[c.Label], tokenF1(idea, c.Idea))
	}
	if c.Draw != "natural" {
		return
	}
	s.NaturalAll++
	if len(o.Candidate) > 0 {
		s.NaturalCand++
	}
	for k := range p {
		if k != c.Label {
			s.NaturalWrong++
		}
	}
	if c.Label == "N" {
		s.NaturalN++
		if len(p) > 0 {
			s.NaturalPark++
		}
	}
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t / float64(len(xs))
}

// wrong is how many parks were of a kind other than the case's label.
func (s *Scores) wrong() int {
	n := 0
	for _, c := range s.Kind {
		n += c.FP
	}
	return n
}
