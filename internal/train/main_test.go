package main

import (
	"bytes"
	"path/filepath"
	"testing"
)

// TestRealMainSaysWhatIsMissing: without the corpus where it looks, or
// run from another folder than the checkout's root, the trainer stops
// before any work with one error line and the hint that fixes it (-corpus,
// $OPENLOOP_CORPUS; the root), and exits 1.
func TestRealMainSaysWhatIsMissing(t *testing.T) {
	empty := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		env  map[string]string
		want string
	}{
		{"not at the root", []string{"-write=false"}, nil,
			"train: error: no internal/train/labels.tsv here\n" +
				"train: hint: run it from the root of the checkout: go run ./internal/train\n"},
		{"no corpus beside the checkout", []string{"-labels", "labels.tsv", "-write=false"}, nil,
			"train: error: no labelled corpus at ../shared/corpus (no train.jsonl in it)\n" +
				"train: hint: the corpus is not part of the repository: name its folder with -corpus DIR or $OPENLOOP_CORPUS (the default, ../shared/corpus, is beside the checkout)\n"},
		{"-corpus names an empty folder", []string{"-labels", "labels.tsv", "-corpus", empty, "-suggest", "3"}, nil,
			"train: error: no labelled corpus at " + empty + " (no train.jsonl in it)\n" +
				"train: hint: the corpus is not part of the repository: name its folder with -corpus DIR or $OPENLOOP_CORPUS (the default, ../shared/corpus, is beside the checkout)\n"},
		{"$OPENLOOP_CORPUS is the default", []string{"-labels", "labels.tsv"}, map[string]string{"OPENLOOP_CORPUS": filepath.Join(empty, "c")},
			"train: error: no labelled corpus at " + filepath.Join(empty, "c") + " (no train.jsonl in it)\n" +
				"train: hint: the corpus is not part of the repository: name its folder with -corpus DIR or $OPENLOOP_CORPUS (the default, ../shared/corpus, is beside the checkout)\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := realMain(tc.args, &stdout, &stderr, func(k string) string { return tc.env[k] })
		if code != 1 || stderr.String() != tc.want || stdout.Len() != 0 {
			t.Errorf("%s: exit %d, stdout %q, stderr\n%s\nwant exit 1 and\n%s", tc.name, code, stdout.String(), stderr.String(), tc.want)
		}
	}
}
