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

// counts tallies one kind's predictions.
type counts struct{ TP, FP, FN int }

func (c counts) precision() float64 { return ratio(c.TP, c.TP+c.FP) }
func (c counts) recall() float64    { return ratio(c.TP, c.TP+c.FN) }

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
	Cases        int
}

func newScores() *Scores {
	s := &Scores{Kind: map[string]*counts{}, IdeaF1: map[string][]float64{}}
	for _, k := range []string{"Q", "D", "S"} {
		s.Kind[k] = &counts{}
	}
	return s
}

// Prediction is what a detector parked for one case: a label per kind
// and the idea parked.
type Prediction map[string]string // kind letter → idea

// add scores one case, as eval_hook.py does: a kind parked on a case of
// another label is a false park of that kind.
func (s *Scores) add(c Case, p Prediction) {
	s.Cases++
	for k, cnt := range s.Kind {
		_, parked := p[k]
		switch {
		case parked && c.Label == k:
			cnt.TP++
		case parked:
			cnt.FP++
		case c.Label == k:
			cnt.FN++
		}
	}
	if idea, ok := p[c.Label]; ok && c.Idea != "" {
		s.IdeaF1[c.Label] = append(s.IdeaF1[c.Label], tokenF1(idea, c.Idea))
	}
	if c.Draw != "natural" {
		return
	}
	s.NaturalAll++
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
