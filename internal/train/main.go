// Command train learns openloop's detection weights from the labelled
// corpus, judges them by repository-grouped cross-validation, and writes
// pkg/detect/model.bin, the file the binary embeds. It is not part of the
// shipped binary.
//
//	go run ./internal/train                 # report, and write the model
//	go run ./internal/train -write=false    # report only
//	go run ./internal/train -suggest 300    # which unlabelled cases to label next
//	go run ./internal/train -oof /tmp/oof.jsonl   # and each case's out-of-fold scores
//
// It reads ../shared/corpus (train.jsonl, dev-pairs.jsonl, and the cases
// of unlabelled.jsonl that internal/train/labels.tsv labels; heldout.tsv
// and census.tsv label more, which are scored and never trained on). Training is
// deterministic: a fixed seed and order, so two runs write the same bytes.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	corpus := flag.String("corpus", "../shared/corpus", "the corpus folder")
	labels := flag.String("labels", "internal/train/labels.tsv", "extra labels for unlabelled.jsonl")
	heldout := flag.String("heldout", "internal/train/heldout.tsv", "labels for unlabelled.jsonl cases that are scored by the shipped model and never trained on")
	census := flag.String("census", "internal/train/census.tsv", "labels for every case of the newest repositories of unlabelled.jsonl, scored by the shipped model and never trained on")
	probe := flag.String("probe", "internal/train/probe.jsonl", "exchanges the team wrote, blind to the corpus, scored by the shipped model and never trained on")
	written := flag.String("written", "internal/train/written.jsonl", "examples the team wrote (trained on, never scored)")
	out := flag.String("out", "pkg/detect/model.bin", "where to write the model")
	write := flag.Bool("write", true, "write the model")
	folds := flag.Int("folds", 5, "cross-validation folds")
	suggest := flag.Int("suggest", 0, "print this many ids of unlabelled.jsonl to label next, and nothing else")
	oof := flag.String("oof", "", "also write each case's out-of-fold scores and parks to this file, as JSON lines (it holds corpus text: keep it outside the repository)")
	flag.Parse()
	var err error
	if *suggest > 0 {
		err = suggestNext(os.Stdout, *corpus, *labels, *heldout+","+*census, *written, *suggest)
	} else {
		err = run(os.Stdout, *corpus, *labels, *heldout, *census, *written, *probe, *out, *oof, *write, *folds)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "train: error:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, corpusDir, labels, heldout, census, written, probe, out, oof string, write bool, k int) error {
	c, err := loadCorpus(corpusDir, labels, written)
	if err != nil {
		return err
	}
	p := defaultParams
	all := prepareItems(c.all(), p.bits)
	var dump io.Writer // nil: no dump (a nil *bufio.Writer would not be a nil io.Writer)
	var buf *bufio.Writer
	if oof != "" {
		f, err := os.Create(oof)
		if err != nil {
			return err
		}
		defer f.Close()
		buf = bufio.NewWriter(f)
		dump = buf
	}
	cvTrain, cvExtra, err := crossValidate(all, k, p, dump)
	if err != nil {
		return err
	}
	if buf != nil {
		if err := buf.Flush(); err != nil {
			return err
		}
	}
	m, b, err := fit(all, p, k)
	if err != nil {
		return err
	}
	dev := newScores()
	for _, cs := range c.Dev {
		dev.add(cs, predict(m, cs))
	}
	held, err := labelledCases(corpusDir, heldout, "heldout")
	if err != nil {
		return err
	}
	hs := newScores()
	for _, cs := range held {
		hs.add(cs, predict(m, cs))
	}
	// The census is every labelled case of its repositories, not a draw
	// picked by a cue: its rates per 100 prompts are counted as the
	// natural draw's are.
	cen, err := labelledCases(corpusDir, census, "natural")
	if err != nil {
		return err
	}
	cs := newScores()
	for _, c := range cen {
		cs.add(c, predict(m, c))
	}
	ps := newScores()
	if probe != "" {
		pc, err := readJSONL(probe)
		if err != nil {
			return err
		}
		for _, cs := range pc {
			ps.add(cs, predict(m, cs))
		}
	}
	report(w, reportData{corpus: c, k: k, cvTrain: cvTrain, cvExtra: cvExtra, dev: dev, held: hs, census: cs, probe: ps, model: m, size: len(b)})
	if write {
		return os.WriteFile(out, b, 0o644)
	}
	return nil
}
