package main

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"sort"
	"strings"
)

// suggestNext prints the ids of unlabelled cases that labelling would help
// most (active learning), leaving out those labels.tsv or heldout.tsv
// already label: for each kind, the unlabelled cases the current
// model scores highest for it, in turn, n in all. A model trained on
// everything labelled so far scores them; its parks near and above the
// threshold are where a label changes the weights most, and where wrong
// parks would come from.
// heldout is a comma-separated list of label files kept out of training.
func suggestNext(w io.Writer, corpusDir, labels, heldout, written string, n int) error {
	c, err := loadCorpus(corpusDir, labels, written)
	if err != nil {
		return err
	}
	p := defaultParams
	all := prepareItems(c.all(), p.bits)
	un, err := readJSONL(filepath.Join(corpusDir, "unlabelled.jsonl"))
	if err != nil {
		return err
	}
	held := map[string]Label{}
	for _, f := range strings.Split(heldout, ",") {
		l, err := readLabels(f)
		if err != nil {
			return err
		}
		maps.Copy(held, l)
	}
	done := map[string]bool{}
	for _, e := range c.Extra {
		done[e.ID] = true
	}
	for id := range held {
		done[id] = true // labelled already, and kept out of training
	}
	var todo []Case
	for _, u := range un {
		if !done[u.ID] {
			done[u.ID] = true
			todo = append(todo, u)
		}
	}
	cands := prepareItems(todo, p.bits)
	var ranked [][]int
	for _, k := range kinds {
		m := train(examples(all, k.letter, p), p)
		idx := []int{}
		sc := make([]float64, len(cands))
		for i, it := range cands {
			if it.skip || k.letter == "Q" && !it.asks {
				continue
			}
			sc[i] = m.score(it.vec)
			idx = append(idx, i)
		}
		sort.SliceStable(idx, func(a, b int) bool { return sc[idx[a]] > sc[idx[b]] })
		ranked = append(ranked, idx)
	}
	picked := map[int]bool{}
	for r := 0; len(picked) < n && r < len(cands); r++ {
		for _, idx := range ranked {
			if r < len(idx) && !picked[idx[r]] && len(picked) < n {
				picked[idx[r]] = true
				fmt.Fprintln(w, cands[idx[r]].ID)
			}
		}
	}
	return nil
}
