package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/openloop/openloop/hooks"
	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/detect"
)

// explainOptions are explain's flags.
type explainOptions struct {
	assistant string // Claude's previous message, for a prompt given as arguments
	top       int
	json      bool
}

// runExplain prints why a prompt parks what it parks: each kind's score
// and threshold, and the features that weighed most. The prompt comes from
// the arguments (with --assistant for Claude's message before it), or, with
// no arguments, from a UserPromptSubmit hook payload on stdin, read exactly
// as the hook reads it (Claude's message from the saved state or the
// transcript), without using the saved state up.
func runExplain(e *Env, args []string) int {
	var o explainOptions
	fs := newFlags(e, "explain", nil)
	fs.StringVar(&o.assistant, "assistant", "", "Claude's message before the prompt")
	fs.IntVar(&o.top, "top", 8, "features to show per kind")
	fs.BoolVar(&o.json, "json", false, "print JSON")
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	if o.top < 0 {
		errorf(e.Stderr, "explain: --top %d: want 0 or more", o.top)
		return ExitUsage
	}
	var in detect.Input
	if fs.NArg() > 0 {
		in = detect.Input{Prompt: strings.Join(fs.Args(), " "), Assistant: o.assistant}
	} else {
		if usageAtTerminal(e, fs) {
			return ExitUsage
		}
		var err error
		in, err = hooks.PromptInput(hooks.Config{Getenv: e.Getenv, Now: e.Now, Cwd: e.Cwd}, e.Stdin)
		if err != nil {
			errorf(e.Stderr, "explain: %v", err)
			hintf(e.Stderr, "give the prompt as arguments, or a UserPromptSubmit payload on stdin")
			return ExitUsage
		}
	}
	x, err := detect.Explain(in, max(o.top, 0))
	if err != nil {
		errorf(e.Stderr, "explain: %v", err)
		return ExitFailure
	}
	if o.json {
		return writeJSON(e, explainJSON(x))
	}
	printExplanation(e.Stdout, x)
	return ExitOK
}

// printExplanation is explain's text form. Every piece of the prompt or of
// Claude's message is escaped for the terminal.
func printExplanation(w io.Writer, x detect.Explanation) {
	if x.Skipped {
		fmt.Fprintln(w, "Skipped: not typed by the user (a slash command, an envelope, or only pasted text); nothing is parked.")
		return
	}
	fmt.Fprintf(w, "Prompt (as read): %s\n", termsafe.Line(clipRunes(x.Typed, 200)))
	switch {
	case x.AUQ:
		fmt.Fprintf(w, "Claude asked (AskUserQuestion, dismissed): %s\n", termsafe.Line(x.Question))
	case x.Question != "":
		fmt.Fprintf(w, "Claude asked: %s\n", termsafe.Line(x.Question))
	default:
		fmt.Fprintln(w, "Claude asked: nothing (the question kind is not scored)")
	}
	if len(x.Concepts) > 0 {
		fmt.Fprintf(w, "Concepts: %s\n", strings.Join(x.Concepts, ", "))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-10s %6s  %9s  %9s  %s\n", "kind", "score", "candidate", "threshold", "parks")
	for _, k := range x.Kinds {
		score, parks := "-", "no"
		if k.Scored {
			score = fmt.Sprintf("%.3f", k.P)
			if k.P >= k.Threshold {
				parks = "yes"
			}
		}
		if f := x.Finding; f != nil && f.Kind == k.Kind && f.Rule != "" {
			parks = "yes, by rule"
		}
		fmt.Fprintf(w, "%-10s %6s  %9s  %9s  %s\n", k.Kind, score, threshold(k.Candidate), threshold(k.Threshold), parks)
	}
	for _, k := range x.Kinds {
		if len(k.Top) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s, the features that weighed most (log-odds):\n", k.Kind)
		for _, c := range k.Top {
			fmt.Fprintf(w, "  %+.2f  %s\n", c.Weight, termsafe.Line(c.Feature))
		}
	}
	fmt.Fprintln(w)
	if f := x.Finding; f != nil {
		fmt.Fprintf(w, "Parks: %s %q\n", f.Kind, f.Idea) // %q escapes control and format characters
		if f.Rule != "" {
			fmt.Fprintf(w, "  rule: %s\n", f.Rule)
		}
		if f.Context != "" {
			fmt.Fprintf(w, "  context: %s\n", termsafe.Line(f.Context))
		}
		return
	}
	if x.Unnamed != "" {
		fmt.Fprintf(w, "Parks: nothing: it reads as %s, but the prompt names no thing of its own to park, and Claude's message offered none\n", x.Unnamed)
		return
	}
	if c := x.Candidate; c != nil {
		fmt.Fprintf(w, "Parks: nothing; kept for review as a candidate: %s %q (score %.3f)\n", c.Kind, c.Idea, c.Score)
		if c.Kind == detect.Question && c.Context != "" {
			fmt.Fprintf(w, "  question: %s\n", termsafe.Line(c.Context))
		}
		return
	}
	fmt.Fprintln(w, "Parks: nothing")
}

func threshold(t float64) string {
	if t > 1 {
		return "never"
	}
	return fmt.Sprintf("%.3f", t)
}

func clipRunes(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// explainJSON is explain's --json object.
func explainJSON(x detect.Explanation) any {
	type contribution struct {
		Feature string  `json:"feature"`
		Weight  float64 `json:"weight"`
	}
	type kind struct {
		Kind      string         `json:"kind"`
		Scored    bool           `json:"scored"`
		Score     float64        `json:"score"`
		Threshold float64        `json:"threshold"`
		Candidate float64        `json:"candidate"`
		Parks     bool           `json:"parks"`
		Top       []contribution `json:"top"`
	}
	type finding struct {
		Kind    string  `json:"kind"`
		Idea    string  `json:"idea"`
		Context string  `json:"context"`
		Rule    string  `json:"rule,omitempty"`
		Score   float64 `json:"score"`
	}
	out := struct {
		Skipped   bool     `json:"skipped"`
		Typed     string   `json:"typed"`
		Question  string   `json:"question"`
		AUQ       bool     `json:"ask_user_question"`
		Concepts  []string `json:"concepts"`
		Kinds     []kind   `json:"kinds"`
		Finding   *finding `json:"parks"`
		Candidate *finding `json:"candidate,omitempty"`
		Unnamed   string   `json:"unnamed,omitempty"`
	}{Skipped: x.Skipped, Typed: x.Typed, Question: x.Question, AUQ: x.AUQ, Concepts: append([]string{}, x.Concepts...),
		Kinds: []kind{}, Unnamed: string(x.Unnamed)}
	for _, k := range x.Kinds {
		kk := kind{Kind: string(k.Kind), Scored: k.Scored, Score: k.P, Threshold: k.Threshold, Candidate: k.Candidate,
			Parks: k.Scored && k.P >= k.Threshold || x.Finding != nil && x.Finding.Kind == k.Kind, Top: []contribution{}}
		for _, c := range k.Top {
			kk.Top = append(kk.Top, contribution{c.Feature, c.Weight})
		}
		out.Kinds = append(out.Kinds, kk)
	}
	if f := x.Finding; f != nil {
		out.Finding = &finding{string(f.Kind), f.Idea, f.Context, f.Rule, f.Score}
	}
	if c := x.Candidate; c != nil {
		out.Candidate = &finding{string(c.Kind), c.Idea, c.Context, c.Rule, c.Score}
	}
	return out
}
