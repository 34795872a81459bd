// Package explain says why a prompt parks what it parks under the user's
// settings (pkg/config): the outcome the hook reaches, the lines explain
// prints and its JSON. The scores and features come from pkg/detect, which
// pkg/config imports, so this lives beside both.
package explain

import (
	"fmt"
	"io"
	"strings"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/config"
	"github.com/openloop/openloop/pkg/detect"
)

// Report is an explanation under the user's settings: what the hook
// does (out), and, when the settings change that, what it would do under
// the defaults.
type Report struct {
	detect.Explanation
	settings  config.Settings
	out       outcome
	defaults  *outcome // nil: the defaults do the same
	defaultsX detect.Explanation
	// Dismissed, set by the caller, says why the hook parks nothing when
	// the user dismissed what it would park (hooks.Dismissed).
	Dismissed string
}

// Under explains the input under the settings st, top features per kind,
// and, when st changes what the hook does, under the defaults too.
func Under(in detect.Input, top int, st config.Settings) (Report, error) {
	x, err := detect.ExplainTuned(in, top, st.Tuning())
	if err != nil {
		return Report{}, err
	}
	r := Report{Explanation: x, settings: st, out: outcomeOf(x, st)}
	if len(st.Changes()) > 0 {
		dx, err := detect.Explain(in, 0)
		if err != nil {
			return Report{}, err
		}
		if def := outcomeOf(dx, config.Defaults()); def.lines(dx)[0] != r.out.lines(x)[0] {
			r.defaults = &def
			r.defaultsX = dx
		}
	}
	return r, nil
}

// Parks is the finding the hook parks, nil when it parks none.
func (r Report) Parks() *detect.Finding { return r.out.park }

// outcome is what the hook does with a prompt under some settings: the
// finding it parks, else the candidate it keeps; off is a park or a
// candidate of a kind the settings turn off, which the hook drops.
type outcome struct {
	park, cand, off *detect.Finding
}

// outcomeOf applies the settings' filter (config.Settings.Filter, as the
// hook does) to what the explanation found.
func outcomeOf(x detect.Explanation, st config.Settings) outcome {
	var a detect.Assessment
	if x.Finding != nil {
		a.Parks = []detect.Finding{*x.Finding}
	}
	if x.Candidate != nil {
		a.Candidates = []detect.Finding{*x.Candidate}
	}
	f := st.Filter(a)
	var o outcome
	switch {
	case len(f.Parks) > 0:
		o.park = &f.Parks[0]
	case len(f.Candidates) > 0:
		o.cand = &f.Candidates[0]
	case x.Finding != nil:
		o.off = x.Finding
	case x.Candidate != nil:
		o.off = x.Candidate
	}
	return o
}

// lines is the outcome as explain prints it, the first line saying what
// happens. Every piece of the prompt is escaped.
func (o outcome) lines(x detect.Explanation) []string {
	switch {
	case o.park != nil:
		f := o.park
		out := []string{fmt.Sprintf("Parks: %s %q", f.Kind, f.Idea)} // %q escapes control and format characters
		if f.Rule != "" {
			out = append(out, "  rule: "+f.Rule)
		}
		if f.Context != "" {
			out = append(out, "  context: "+termsafe.Line(f.Context))
		}
		return out
	case o.off != nil && x.Finding != nil:
		return []string{fmt.Sprintf("Parks: nothing: it would park %s %q, but %s is turned off in your settings", o.off.Kind, o.off.Idea, o.off.Kind)}
	case x.Unnamed == detect.SideIdea:
		return []string{"Parks: nothing: it reads as side-idea, but it floats no thing of its own (only work at hand, a complaint, a question, or nothing named)"}
	case x.Unnamed != "":
		return []string{fmt.Sprintf("Parks: nothing: it reads as %s, but the prompt names no thing of its own to park, and Claude's message offered none", x.Unnamed)}
	case o.cand != nil:
		c := o.cand
		if c.Rule != "" {
			return []string{fmt.Sprintf("Parks: nothing; kept for review as a candidate: %s %q (a rule's find: your %s sensitivity is below 0)", c.Kind, c.Idea, c.Kind),
				"  rule: " + c.Rule}
		}
		out := []string{fmt.Sprintf("Parks: nothing; kept for review as a candidate: %s %q (score %.3f)", c.Kind, c.Idea, c.Score)}
		if c.Kind == detect.Question && c.Context != "" {
			out = append(out, "  question: "+termsafe.Line(c.Context))
		}
		return out
	case o.off != nil:
		return []string{fmt.Sprintf("Parks: nothing; %s is turned off in your settings, so %q is not kept for review either", o.off.Kind, o.off.Idea)}
	}
	return []string{"Parks: nothing"}
}

// Print writes explain's text form. Every piece of the prompt or of
// Claude's message is escaped for the terminal.
func (r Report) Print(w io.Writer) {
	x := r.Explanation
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
	if ch := r.settings.Changes(); len(ch) > 0 {
		fmt.Fprintf(w, "Your settings: %s (the table and what it parks follow them)\n", strings.Join(ch, " · "))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-10s %6s  %9s  %9s  %s\n", "kind", "score", "candidate", "threshold", "parks")
	for _, k := range x.Kinds {
		fmt.Fprintf(w, "%-10s %6s  %9s  %9s  %s\n", k.Kind, score(k), threshold(k.Candidate), threshold(k.Threshold), r.parksColumn(k))
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
	lines := r.out.lines(x)
	if r.Dismissed != "" {
		lines = []string{r.Dismissed}
	}
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	if r.defaults != nil {
		first := r.defaults.lines(r.defaultsX)[0]
		fmt.Fprintf(w, "Under the defaults it parks: %s\n", strings.TrimPrefix(first, "Parks: "))
	}
}

// score is a kind's score for the table, "-" when it is not scored.
func score(k detect.KindScore) string {
	if !k.Scored {
		return "-"
	}
	return fmt.Sprintf("%.3f", k.P)
}

// parks is whether the hook parks the kind, under the user's settings.
func (r Report) parks(k detect.KindScore) bool {
	if !r.settings.Enabled(string(k.Kind)) {
		return false
	}
	if p := r.out.park; p != nil && p.Kind == k.Kind && p.Rule != "" {
		return true
	}
	if c := r.out.cand; c != nil && c.Rule != "" {
		return false // the rule decided, and its park is kept for review
	}
	return k.Scored && k.P >= k.Threshold
}

// parksColumn is the table's last column for a kind.
func (r Report) parksColumn(k detect.KindScore) string {
	switch {
	case !r.settings.Enabled(string(k.Kind)):
		return "no: off in your settings"
	case r.out.park != nil && r.out.park.Kind == k.Kind && r.out.park.Rule != "":
		return "yes, by rule"
	case r.out.cand != nil && r.out.cand.Kind == k.Kind && r.out.cand.Rule != "":
		return "no: a rule's park, kept for review"
	case r.parks(k):
		return "yes"
	}
	return "no"
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

// JSON is explain's --json object.
func (r Report) JSON() any {
	type contribution struct {
		Feature string  `json:"feature"`
		Weight  float64 `json:"weight"`
	}
	type kind struct {
		Kind        string         `json:"kind"`
		Enabled     bool           `json:"enabled"`
		Sensitivity int            `json:"sensitivity"`
		Scored      bool           `json:"scored"`
		Score       float64        `json:"score"`
		Threshold   float64        `json:"threshold"`
		Candidate   float64        `json:"candidate"`
		Parks       bool           `json:"parks"`
		Top         []contribution `json:"top"`
	}
	type finding struct {
		Kind    string  `json:"kind"`
		Idea    string  `json:"idea"`
		Context string  `json:"context"`
		Rule    string  `json:"rule,omitempty"`
		Score   float64 `json:"score"`
	}
	type outcome struct {
		Finding   *finding `json:"parks"`
		Candidate *finding `json:"candidate,omitempty"`
	}
	of := func(f *detect.Finding) *finding {
		if f == nil {
			return nil
		}
		return &finding{string(f.Kind), f.Idea, f.Context, f.Rule, f.Score}
	}
	x := r.Explanation
	out := struct {
		Skipped       bool     `json:"skipped"`
		Typed         string   `json:"typed"`
		Question      string   `json:"question"`
		AUQ           bool     `json:"ask_user_question"`
		Concepts      []string `json:"concepts"`
		Settings      []string `json:"settings"`
		Kinds         []kind   `json:"kinds"`
		Finding       *finding `json:"parks"`
		Candidate     *finding `json:"candidate,omitempty"`
		Unnamed       string   `json:"unnamed,omitempty"`
		UnderDefaults *outcome `json:"under_defaults,omitempty"`
		Dismissed     string   `json:"dismissed,omitempty"` // what parks is dismissed: the hook parks nothing
	}{Dismissed: r.Dismissed, Skipped: x.Skipped, Typed: x.Typed, Question: x.Question, AUQ: x.AUQ, Concepts: append([]string{}, x.Concepts...),
		Settings: append([]string{}, r.settings.Changes()...), Kinds: []kind{}, Unnamed: string(x.Unnamed),
		Finding: of(r.out.park), Candidate: of(r.out.cand)}
	for _, k := range x.Kinds {
		kk := kind{Kind: string(k.Kind), Enabled: r.settings.Enabled(string(k.Kind)), Sensitivity: r.settings.Sensitivity[string(k.Kind)],
			Scored: k.Scored, Score: k.P, Threshold: k.Threshold, Candidate: k.Candidate, Parks: r.parks(k), Top: []contribution{}}
		for _, c := range k.Top {
			kk.Top = append(kk.Top, contribution{c.Feature, c.Weight})
		}
		out.Kinds = append(out.Kinds, kk)
	}
	if d := r.defaults; d != nil {
		out.UnderDefaults = &outcome{of(d.park), of(d.cand)}
	}
	return out
}
