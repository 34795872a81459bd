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
// It reads ../shared/corpus, or the folder -corpus or $OPENLOOP_CORPUS
// names (train.jsonl, dev-pairs.jsonl, and the cases
// of unlabelled.jsonl that internal/train/labels.tsv labels; heldout.tsv
// and census.tsv label more, which are scored and never trained on). Training is
// deterministic: a fixed seed and order, so two runs write the same bytes.
package main

import (
	"bufio"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/openloop/openloop/internal/hint"
)

func main() {
	os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr, os.Getenv))
}

// realMain is the command: its flags, then the run. A failure is one
// "train: error:" line on stderr, and a "train: hint:" line when there is
// something to do about it; exit 1 (2 for a bad flag).
func realMain(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	fl := flag.NewFlagSet("train", flag.ContinueOnError)
	fl.SetOutput(stderr)
	corpus := fl.String("corpus", cmp.Or(getenv("OPENLOOP_CORPUS"), defaultCorpus), "the labelled corpus folder (default $OPENLOOP_CORPUS, else "+defaultCorpus+"); it is not part of the repository")
	labels := fl.String("labels", "internal/train/labels.tsv", "extra labels for unlabelled.jsonl")
	heldout := fl.String("heldout", "internal/train/heldout.tsv", "labels for unlabelled.jsonl cases that are scored by the shipped model and never trained on")
	census := fl.String("census", "internal/train/census.tsv", "labels for every case of the newest repositories of unlabelled.jsonl, scored by the shipped model and never trained on")
	probe := fl.String("probe", "internal/train/probe.jsonl", "exchanges the team wrote, blind to the corpus, scored by the shipped model and never trained on")
	written := fl.String("written", "internal/train/written.jsonl", "examples the team wrote (trained on, never scored)")
	out := fl.String("out", "pkg/detect/model.bin", "where to write the model")
	write := fl.Bool("write", true, "write the model")
	folds := fl.Int("folds", 5, "cross-validation folds")
	suggest := fl.Int("suggest", 0, "print this many ids of unlabelled.jsonl to label next, and nothing else")
	oof := fl.String("oof", "", "also write each case's out-of-fold scores and parks to this file, as JSON lines (it holds corpus text: keep it outside the repository)")
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	err := checkInputs(*corpus, *labels)
	if err == nil && *suggest > 0 {
		err = suggestNext(stdout, *corpus, *labels, *heldout+","+*census, *written, *suggest)
	} else if err == nil {
		err = run(stdout, *corpus, *labels, *heldout, *census, *written, *probe, *out, *oof, *write, *folds)
	}
	if err != nil {
		fmt.Fprintln(stderr, "train: error:", err)
		if h := hint.Of(err); h != "" {
			fmt.Fprintln(stderr, "train: hint:", h)
		}
		return 1
	}
	return 0
}

// defaultCorpus is where the corpus is looked for without -corpus or
// $OPENLOOP_CORPUS: beside the checkout, run from its root.
const defaultCorpus = "../shared/corpus"

// checkInputs says, before any work, what the two usual mistakes need: the
// trainer run from another folder than the checkout's root (its own
// files are named from there), and no corpus where it looks.
func checkInputs(corpus, labels string) error {
	if labels != "" {
		if _, err := os.Stat(labels); errors.Is(err, fs.ErrNotExist) {
			return hint.Wrap(fmt.Errorf("no %s here", labels), "run it from the root of the checkout: go run ./internal/train")
		}
	}
	if _, err := os.Stat(filepath.Join(corpus, "train.jsonl")); errors.Is(err, fs.ErrNotExist) {
		return hint.Wrap(fmt.Errorf("no labelled corpus at %s (no train.jsonl in it)", corpus),
			"the corpus is not part of the repository: name its folder with -corpus DIR or $OPENLOOP_CORPUS (the default, "+defaultCorpus+", is beside the checkout)")
	}
	return nil
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
