package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Case is one labelled moment of a real session: the end of Claude's
// message, a dismissed AskUserQuestion if any, and the prompt typed next.
type Case struct {
	ID        string `json:"id"`
	Repo      string `json:"repo"`
	Agent     string `json:"agent"`
	Draw      string `json:"draw"`
	Source    string `json:"source"`
	Assistant string `json:"assistant"`
	AUQ       *struct {
		Question string   `json:"question"`
		Options  []string `json:"options"`
	} `json:"ask_user_question"`
	Prompt string `json:"prompt"`
	Label  string `json:"label"`
	Idea   string `json:"idea"`
	Note   string `json:"note"`

	// Hard marks a positive a careful second reader could label otherwise
	// (a note starting "hard:", or labels.tsv's fourth field "hard"): the
	// report gives recall for clear and hard positives apart.
	Hard bool `json:"-"`

	// Extra marks a case from unlabelled.jsonl labelled in this repository
	// (labels.tsv): it trains, and is reported apart from train.jsonl.
	Extra bool `json:"-"`
	// Written marks an example the team wrote (written.jsonl): it trains
	// every fold and is never scored.
	Written bool `json:"-"`
}

// readJSONL reads one JSON object a line.
func readJSONL(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Case
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; sc.Scan(); n++ {
		var c Case
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// Label is one line of labels.tsv: a case of unlabelled.jsonl, its label
// and idea. The text stays in ../shared; only these keys are committed.
type Label struct {
	ID, Label, Idea string
	Hard            bool
}

// readLabels reads labels.tsv: id, label, idea and an optional "hard"
// flag, tab-separated; '#' lines are comments.
func readLabels(path string) (map[string]Label, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]Label{}
	for n, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 2 || !strings.Contains("QDSN", f[1]) || len(f[1]) != 1 {
			return nil, fmt.Errorf("%s:%d: want id<TAB>label<TAB>idea", path, n+1)
		}
		l := Label{ID: f[0], Label: f[1]}
		if len(f) > 2 {
			l.Idea = f[2]
		}
		l.Hard = len(f) > 3 && strings.TrimSpace(f[3]) == "hard"
		out[l.ID] = l
	}
	return out, nil
}

// Corpus is everything training and evaluation read.
type Corpus struct {
	Train []Case // train.jsonl
	Extra []Case // unlabelled.jsonl cases labelled in labels.tsv
	Dev   []Case // dev-pairs.jsonl: never trained on
	// Written are examples the team wrote (internal/train/written.jsonl):
	// plain, everyday phrasings the corpus has few of. They train every
	// model and are never scored, so no figure rests on them.
	Written []Case
}

// loadCorpus reads ../shared/corpus (dir), the repository's labels for
// it, and the repository's written examples (writtenPath; "" for none).
func loadCorpus(dir, labelsPath, writtenPath string) (*Corpus, error) {
	c := &Corpus{}
	var err error
	if writtenPath != "" {
		if c.Written, err = readJSONL(writtenPath); err != nil {
			return nil, err
		}
		for i := range c.Written {
			c.Written[i].Repo, c.Written[i].Draw, c.Written[i].Written = "openloop/written", "written", true
		}
	}
	if c.Train, err = readJSONL(filepath.Join(dir, "train.jsonl")); err != nil {
		return nil, err
	}
	for i := range c.Train {
		c.Train[i].Hard = strings.HasPrefix(c.Train[i].Note, "hard:")
	}
	if c.Dev, err = readJSONL(filepath.Join(dir, "dev-pairs.jsonl")); err != nil {
		return nil, err
	}
	for i := range c.Dev {
		c.Dev[i].Hard = strings.HasPrefix(c.Dev[i].Note, "hard:")
		// dev-pairs has no repo field; its source starts with one.
		if c.Dev[i].Repo == "" {
			c.Dev[i].Repo, _, _ = strings.Cut(c.Dev[i].Source, " ")
		}
	}
	if labelsPath == "" {
		return c, nil
	}
	c.Extra, err = labelledCases(dir, labelsPath, "extra")
	return c, err
}

// labelledCases reads a labels file (labels.tsv, heldout.tsv) and returns
// the cases of unlabelled.jsonl it labels, by id, with draw set.
func labelledCases(dir, labelsPath, draw string) ([]Case, error) {
	labels, err := readLabels(labelsPath)
	if err != nil || len(labels) == 0 {
		return nil, err
	}
	un, err := readJSONL(filepath.Join(dir, "unlabelled.jsonl"))
	if err != nil {
		return nil, err
	}
	var out []Case
	seen := map[string]bool{}
	for _, u := range un {
		l, ok := labels[u.ID]
		if !ok || seen[u.ID] {
			continue
		}
		seen[u.ID] = true
		u.Label, u.Idea, u.Extra, u.Draw, u.Hard = l.Label, l.Idea, true, draw, l.Hard
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// all is every case that trains: train.jsonl, the extra labels, and the
// written examples.
func (c *Corpus) all() []Case {
	out := append([]Case(nil), c.Train...)
	out = append(out, c.Extra...)
	return append(out, c.Written...)
}
