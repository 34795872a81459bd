package main

import (
	"math"
	"math/rand/v2"
	"sort"

	"github.com/openloop/openloop/pkg/detect"
)

// example is one case as the learner sees it: its feature buckets and
// whether it is a positive of the kind being learned.
type example struct {
	vec    detect.Vector
	y      float64
	weight float64
	repo   string
}

// params are the learner's settings. They are fixed in the code, not
// tuned per run, so a run is reproducible from the corpus alone.
type params struct {
	bits    int     // hash buckets: 1 << bits
	epochs  int     // passes over the data
	lambda  float64 // L2 strength, per example
	rate    float64 // AdaGrad base step
	posWt   float64 // weight of a positive example (positives are rare)
	seed    uint64  // the shuffle's seed
	average bool    // return the weights averaged over epochs
	// minRepos is how many repositories of the training data a feature
	// must occur in to get a weight: a word only one project uses (its
	// paths, its names) says nothing about a project the model has not
	// seen, and would otherwise memorise that project's cases.
	minRepos int
}

var defaultParams = params{bits: 17, epochs: 6, lambda: 0.01, rate: 1, posWt: 2, seed: 1, average: true, minRepos: 3}

// logreg is one kind's weights.
type logreg struct {
	w    []float64
	bias float64
}

// train fits L2-regularised logistic regression with AdaGrad over the
// examples, visiting them in an order fixed by p.seed. The weights
// returned are averaged over the ends of the epochs, which steadies them.
// Products are written as explicit float64 conversions so that no platform
// fuses them (Go may fuse x*y+z otherwise), keeping two runs identical.
func train(ex []example, p params) logreg {
	n := 1 << p.bits
	live := liveBuckets(ex, n, p.minRepos)
	w := make([]float64, n)
	g2 := make([]float64, n)
	avg := make([]float64, n)
	var b, gb2, bavg float64
	order := make([]int, len(ex))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(p.seed, 0x0ee1))
	for epoch := 0; epoch < p.epochs; epoch++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			e := ex[i]
			z := b
			for _, f := range e.vec {
				z += float64(w[f.Bucket] * f.Value)
			}
			g := float64((detect.Sigmoid(z) - e.y) * e.weight)
			gb2 += float64(g * g)
			b -= float64(p.rate * g / math.Sqrt(gb2+1e-8))
			for _, f := range e.vec {
				h := f.Bucket
				if !live[h] {
					continue
				}
				gi := float64(float64(g*f.Value) + float64(p.lambda*w[h]))
				g2[h] += float64(gi * gi)
				w[h] -= float64(p.rate * gi / math.Sqrt(g2[h]+1e-8))
			}
		}
		if p.average {
			for i := range w {
				avg[i] += w[i]
			}
			bavg += b
		}
	}
	if !p.average {
		return logreg{w: w, bias: b}
	}
	for i := range avg {
		avg[i] /= float64(p.epochs)
	}
	return logreg{w: avg, bias: bavg / float64(p.epochs)}
}

// score is the model's probability for one example.
func (m logreg) score(v detect.Vector) float64 {
	z := m.bias
	for _, f := range v {
		z += float64(m.w[f.Bucket] * f.Value)
	}
	return detect.Sigmoid(z)
}

// liveBuckets marks the buckets whose features occur in at least min
// repositories of the examples.
func liveBuckets(ex []example, n, min int) []bool {
	repoID := map[string]int32{}
	last := make([]int32, n) // the last repository counted, +1
	count := make([]int32, n)
	live := make([]bool, n)
	order := make([]int, len(ex))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return ex[order[i]].repo < ex[order[j]].repo })
	for _, i := range order {
		e := ex[i]
		id, ok := repoID[e.repo]
		if !ok {
			id = int32(len(repoID)) + 1
			repoID[e.repo] = id
		}
		for _, f := range e.vec {
			if h := f.Bucket; last[h] != id {
				last[h] = id
				if count[h]++; int(count[h]) >= min {
					live[h] = true
				}
			}
		}
	}
	return live
}
