package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// wordsToTokens is the rough conversion the cost table uses: English text
// runs at about 1.35 tokens a word.
const wordsToTokens = 1.35

// Park is one item file an openloop call created during a run.
type Park struct {
	Run     string
	Session string
	Turn    int    // the message under way when it was parked (0: session start)
	Who     string // "hook UserPromptSubmit", "hook Stop", "Claude", "unknown"
	Source  string // the item's source: key
	Kind    string
	Name    string
	Idea    string
	File    string
	Removed bool // archived or dismissed later in the run

	loop   *LoopAt
	copy   bool
	early  bool   // made while the message before the loop's was under way
	ordin  string // for a wrong park at a non-loop message: its class
	f1     float64
	atLoop bool
}

// LoopAt is a labelled loop of one run.
type LoopAt struct {
	Run     string
	Session string
	Msg     int
	Loop
	Void   bool // a skipped question Claude never asked
	Caught *Park
}

// RunScore is what one run dir gave.
type RunScore struct {
	Dir      string
	State    *State
	Session  Session
	Parks    []*Park
	Loops    []*LoopAt
	Calls    []Call
	Prompts  int
	Work     []CheckResult
	WorkErr  error
	Ordinary map[string]int // non-loop messages sent, by class ("" for ordinary)
}

// scoreRun reads one run dir.
func scoreRun(dir string, work bool) (*RunScore, error) {
	st, err := loadState(dir)
	if err != nil {
		return nil, err
	}
	sess, err := st.session()
	if err != nil {
		return nil, err
	}
	rs := &RunScore{Dir: dir, State: st, Session: sess, Ordinary: map[string]int{}}
	rs.Prompts = min(st.Turn, len(sess.Messages))
	if rs.Calls, err = readCalls(st.callLog()); err != nil {
		return nil, err
	}
	seen := map[string]*Park{}
	for _, c := range rs.Calls {
		who := "Claude"
		if c.Hook() {
			who = "hook " + c.Event
		}
		for _, a := range c.Added {
			p := parsePark(a.Text)
			if p.Name == "" {
				p.Name = nameOfFile(a.File)
			}
			p.Run, p.Session, p.Turn, p.Who, p.File = dir, sess.ID, c.Turn, who, a.File
			rs.Parks = append(rs.Parks, p)
			seen[a.File] = p
		}
		for _, f := range c.Removed {
			if p := seen[f]; p != nil {
				p.Removed = true
			}
		}
	}
	// Items the log does not account for (openloop run around the
	// wrapper): counted, at no known message.
	left := snapshot(st)
	var stray []string
	for f := range left {
		if seen[f] == nil {
			stray = append(stray, f)
		}
	}
	sort.Strings(stray)
	for _, f := range stray {
		b, _ := os.ReadFile(f)
		p := parsePark(string(b))
		if p.Name == "" {
			p.Name = nameOfFile(f)
		}
		p.Run, p.Session, p.Turn, p.Who, p.File = dir, sess.ID, -1, "unknown", f
		rs.Parks = append(rs.Parks, p)
	}
	for i, m := range sess.Messages[:rs.Prompts] {
		n := i + 1
		if len(m.Loops) == 0 {
			rs.Ordinary[m.Lookalike]++
		}
		for _, l := range m.Loops {
			la := &LoopAt{Run: dir, Session: sess.ID, Msg: n, Loop: l}
			if l.Kind == KindQuestion {
				la.Void = !askedQuestion(st, n-1)
			}
			rs.Loops = append(rs.Loops, la)
		}
	}
	match(rs)
	if work {
		rs.Work, rs.WorkErr = runChecks(st, sess)
	}
	return rs, nil
}

// askedQuestion reports whether Claude's reply to message n asked the
// user something. A reply that was not recorded counts as asked.
func askedQuestion(st *State, n int) bool {
	b, err := os.ReadFile(st.replyFile(n))
	if err != nil {
		return true
	}
	return bytes.ContainsAny(b, "?？")
}

func readCalls(path string) ([]Call, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Call
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var c Call
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// parsePark reads an item file: its name and source from the
// frontmatter (top level or under metadata:), its kind and idea from the
// body's first line (design.md §2).
func parsePark(text string) *Park {
	p := &Park{}
	rest := text
	if fm, body, ok := strings.Cut(strings.TrimPrefix(text, "---\n"), "\n---\n"); ok && strings.HasPrefix(text, "---\n") {
		var m map[string]any
		if yaml.Unmarshal([]byte(fm), &m) == nil {
			get := func(k string) string {
				if v, ok := m[k].(string); ok {
					return v
				}
				if md, ok := m["metadata"].(map[string]any); ok {
					if v, ok := md[k].(string); ok {
						return v
					}
				}
				return ""
			}
			p.Name, p.Source = get("name"), get("source")
		}
		rest = body
	}
	for _, line := range strings.Split(rest, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		for _, k := range []struct{ prefix, kind, end string }{
			{"Deferred: ", KindDeferred, ". Context:"},
			{"Side idea: ", KindSide, ". Raised while:"},
			{"User raised: ", KindQuestion, ". Pending:"},
		} {
			if idea, ok := strings.CutPrefix(line, k.prefix); ok {
				p.Kind = k.kind
				if i := strings.Index(idea, k.end); i >= 0 {
					idea = idea[:i]
				}
				p.Idea = strings.TrimSuffix(idea, ".")
			}
		}
		break
	}
	if p.Kind == "" {
		p.Kind = "unknown"
	}
	return p
}

// nameOfFile is an item's name from its file name,
// session-open-<name>-<YYYY-MM-DD>(-N).md, for a file whose frontmatter
// does not parse.
func nameOfFile(file string) string {
	n := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(file), "session-open-"), ".md")
	if m := dated.FindStringIndex(n); m != nil {
		n = n[:m[0]]
	}
	return n
}

var dated = regexp.MustCompile(`-\d{4}-\d{2}-\d{2}(-\d+)?$`)

// match pairs each park with the labelled loop it caught: one left by
// the message under way or the one before it, whose keys its name or idea
// holds; or, early, one the next message leaves (Claude parked its own
// question or offer before the user moved on or said "not now": the item
// the user is left with is the loop's, though made before it was one).
// Loops not caught yet come first, then the park's own kind, then the
// message under way, then a loop of an earlier message over an early
// catch. A second park of a caught loop is a copy.
func match(rs *RunScore) {
	for _, p := range rs.Parks {
		text := p.Name + " " + p.Idea
		var cands []*LoopAt
		for _, l := range rs.Loops {
			if l.Void || p.Turn < l.Msg-1 || p.Turn > l.Msg+1 {
				continue
			}
			for _, k := range l.Keys {
				if hasKey(text, k) {
					cands = append(cands, l)
					break
				}
			}
		}
		sort.SliceStable(cands, func(i, j int) bool {
			a, b := cands[i], cands[j]
			if (a.Caught == nil) != (b.Caught == nil) {
				return a.Caught == nil
			}
			if (a.Kind == p.Kind) != (b.Kind == p.Kind) {
				return a.Kind == p.Kind
			}
			if (a.Msg == p.Turn) != (b.Msg == p.Turn) {
				return a.Msg == p.Turn
			}
			return a.Msg < b.Msg
		})
		if len(cands) > 0 {
			l := cands[0]
			p.loop = l
			p.early = l.Msg > p.Turn
			p.f1 = tokenF1(p.Name, l.Name)
			if l.Caught == nil {
				l.Caught = p
			} else {
				p.copy = true
			}
			continue
		}
		if p.Turn >= 1 && p.Turn <= len(rs.Session.Messages) {
			m := rs.Session.Messages[p.Turn-1]
			if len(m.Loops) == 0 {
				p.ordin = "ordinary"
				if m.Lookalike != "" {
					p.ordin = "look-alike: " + m.Lookalike
				}
			} else {
				p.atLoop = true
			}
		}
	}
}

// verdict is how a park is counted.
func (p *Park) verdict() string {
	switch {
	case p.loop != nil && p.copy:
		return "copy"
	case p.loop != nil && p.early && p.loop.Kind == p.Kind:
		return "right, early"
	case p.loop != nil && p.early:
		return "right loop, early, kind " + p.loop.Kind
	case p.loop != nil && p.loop.Kind == p.Kind:
		return "right"
	case p.loop != nil:
		return "right loop, kind " + p.loop.Kind
	case p.ordin != "":
		return "wrong (" + p.ordin + ")"
	}
	return "wrong"
}

func cmdScore(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	work := fs.Bool("work", true, "run the work checks (go test in a copy of each project)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("score: give one or more run dirs")
	}
	var runs []*RunScore
	for _, d := range fs.Args() {
		rs, err := scoreRun(d, *work)
		if err != nil {
			return err
		}
		runs = append(runs, rs)
	}
	report(w, runs, *work)
	return nil
}

func ratio(a, b int) string {
	if b == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f", float64(a)/float64(b))
}

func per100(a float64, prompts int) string {
	if prompts == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f", a*100/float64(prompts))
}

// report writes the figures as Markdown.
func report(w io.Writer, runs []*RunScore, work bool) {
	var parks []*Park
	var loops []*LoopAt
	prompts := 0
	for _, r := range runs {
		parks = append(parks, r.Parks...)
		loops = append(loops, r.Loops...)
		prompts += r.Prompts
	}

	fmt.Fprintf(w, "## In-session figures\n\n")
	fmt.Fprintf(w, "| run | session | runner | install flags | messages sent |\n| --- | --- | --- | --- | --- |\n")
	for _, r := range runs {
		flags := strings.Join(r.State.InstallFlags, " ")
		if flags == "" {
			flags = "(default)"
		}
		sent := fmt.Sprintf("%d of %d", r.Prompts, len(r.Session.Messages))
		if !r.State.Over {
			sent += " (not over)"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", cell(filepath.Base(r.Dir)), r.Session.ID, r.State.Runner, cell(flags), sent)
	}

	void := 0
	fmt.Fprintf(w, "\n### Loops caught, by kind\n\n")
	fmt.Fprintf(w, "| kind | loops | caught | recall | parks | right | precision |\n| --- | --- | --- | --- | --- | --- | --- |\n")
	row := func(name string, inKind func(string) bool) {
		n, caught, np, right := 0, 0, 0, 0
		for _, l := range loops {
			if l.Void {
				continue
			}
			if inKind(l.Kind) {
				n++
				if l.Caught != nil {
					caught++
				}
			}
		}
		for _, p := range parks {
			if !inKind(p.Kind) && name != "any loop" {
				continue
			}
			np++
			if p.loop != nil && (name == "any loop" || p.loop.Kind == p.Kind) {
				right++
			}
		}
		fmt.Fprintf(w, "| %s | %d | %d | %s | %d | %d | %s |\n", name, n, caught, ratio(caught, n), np, right, ratio(right, np))
	}
	for _, k := range Kinds {
		row(k, func(s string) bool { return s == k })
	}
	row("any loop", func(string) bool { return true })
	for _, l := range loops {
		if l.Void {
			void++
		}
	}
	fmt.Fprintf(w, "\nA loop is caught by a park made while its message (or the next) was under way, or early, while the message before it was (Claude parked its own question or offer before the user left it), whose name or idea holds one of its keys, whatever kind the park has; a park is right in its kind's row only when the loop is of that kind, and in the \"any loop\" row when it caught any loop (copies included, see below).")
	if void > 0 {
		fmt.Fprintf(w, " %d skipped question(s) are left out: Claude's reply before them asked nothing.", void)
	}
	fmt.Fprintln(w)

	fmt.Fprintf(w, "\n### Who parked\n\n| who | parks | right | … of them early | copies | wrong | removed later in the session |\n| --- | --- | --- | --- | --- | --- | --- |\n")
	whos := map[string][6]int{}
	var order []string
	for _, p := range parks {
		c, ok := whos[p.Who]
		if !ok {
			order = append(order, p.Who)
		}
		c[0]++
		switch {
		case p.loop != nil && p.copy:
			c[3]++
		case p.loop != nil:
			c[1]++
			if p.early {
				c[2]++
			}
		default:
			c[4]++
		}
		if p.Removed {
			c[5]++
		}
		whos[p.Who] = c
	}
	sort.Strings(order)
	for _, who := range order {
		c := whos[who]
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d |\n", who, c[0], c[1], c[2], c[3], c[4], c[5])
	}

	fmt.Fprintf(w, "\n### Messages that leave no loop\n\n| class | messages | wrong parks |\n| --- | --- | --- |\n")
	classes := map[string]int{}
	ordinary := 0
	for _, r := range runs {
		for c, n := range r.Ordinary {
			classes[c] += n
			ordinary += n
		}
	}
	wrongAt := map[string]int{}
	wrongOrdinary, wrongOther := 0, 0
	for _, p := range parks {
		if p.ordin != "" {
			wrongAt[strings.TrimPrefix(p.ordin, "look-alike: ")]++
			wrongOrdinary++
		} else if p.loop == nil {
			wrongOther++
		}
	}
	var cls []string
	for c := range classes {
		cls = append(cls, c)
	}
	sort.Strings(cls)
	for _, c := range cls {
		name, key := "look-alike: "+c, c
		if c == "" {
			name, key = "ordinary", "ordinary"
		}
		fmt.Fprintf(w, "| %s | %d | %d |\n", name, classes[c], wrongAt[key])
	}
	fmt.Fprintf(w, "| all | %d | %d |\n", ordinary, wrongOrdinary)
	fmt.Fprintf(w, "\nWrong parks per 100 messages that leave no loop: **%s**", per100(float64(wrongOrdinary), ordinary))
	if wrongOther > 0 {
		fmt.Fprintf(w, "; %d more wrong park(s) at a message that leaves a loop, or at none", wrongOther)
	}
	fmt.Fprintln(w, ".")

	fmt.Fprintf(w, "\n### The misses of issue 25 §6\n\n| miss | loops | caught |\n| --- | --- | --- |\n")
	var ms []string
	for m := range misses {
		ms = append(ms, m)
	}
	sort.Strings(ms)
	for _, m := range ms {
		n, c := 0, 0
		for _, l := range loops {
			if l.Miss == m && !l.Void {
				n++
				if l.Caught != nil {
					c++
				}
			}
		}
		fmt.Fprintf(w, "| %s | %d | %d |\n", misses[m], n, c)
	}

	fmt.Fprintf(w, "\n### Parks and their names\n\n")
	sumF1, nF1 := 0.0, 0
	for _, p := range parks {
		if p.loop != nil && !p.copy {
			sumF1 += p.f1
			nF1++
		}
	}
	if nF1 > 0 {
		fmt.Fprintf(w, "Name token F1 against the label, mean over %d loops caught: **%.2f**.\n\n", nF1, sumF1/float64(nF1))
	}
	fmt.Fprintf(w, "| session | msg | who | kind | name | label | F1 | verdict |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, p := range parks {
		label, f1 := "", ""
		if p.loop != nil {
			label, f1 = p.loop.Name, fmt.Sprintf("%.2f", p.f1)
		}
		v := p.verdict()
		if p.Removed {
			v += ", removed later"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", p.Session, turnCell(p.Turn), p.Who, p.Kind, cell(p.Name), cell(label), f1, v)
	}
	fmt.Fprintf(w, "\nLoops missed:\n\n")
	missed := 0
	for _, l := range loops {
		if l.Caught == nil && !l.Void {
			missed++
			extra := ""
			if l.Miss != "" {
				extra = " (" + misses[l.Miss] + ")"
			}
			fmt.Fprintf(w, "- %s message %d: %s, %s%s\n", l.Session, l.Msg, l.Kind, cell(l.Name), extra)
		}
	}
	if missed == 0 {
		fmt.Fprintf(w, "- none\n")
	}

	costTable(w, runs, prompts)
	if work {
		workTable(w, runs)
	}
}

func turnCell(t int) string {
	switch {
	case t < 0:
		return "?"
	case t == 0:
		return "start"
	}
	return fmt.Sprint(t)
}

// cell makes text safe in a Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.Join(strings.Fields(s), " ")
}

// costTable is what the hooks put in Claude's context and what Claude
// spent on openloop.
func costTable(w io.Writer, runs []*RunScore, prompts int) {
	nRuns := len(runs)
	words := map[string]int{}
	hookRuns, hookErrors, calls, callWords := 0, 0, 0, 0
	bySub := map[string]int{}
	for _, r := range runs {
		for _, c := range r.Calls {
			if c.Hook() {
				hookRuns++
				if c.Exit != 0 || strings.TrimSpace(c.Stderr) != "" {
					hookErrors++
				}
				ctx, _, _ := parseHookOutput(c.Event, c.Exit, []byte(c.Stdout))
				words[c.Event] += len(strings.Fields(ctx))
				continue
			}
			calls++
			if len(c.Args) > 0 {
				bySub[c.Args[0]]++
			}
			callWords += len(strings.Fields(c.Stdout)) + len(strings.Fields(c.Stderr))
		}
	}
	total := words["SessionStart"] + words["UserPromptSubmit"] + words["Stop"]
	fmt.Fprintf(w, "\n### Cost, over %d prompts in %d sessions\n\n| what | total | per 100 prompts | per session |\n| --- | --- | --- | --- |\n", prompts, nRuns)
	line := func(what string, v float64) {
		perSession := "—"
		if nRuns > 0 {
			perSession = fmt.Sprintf("%.1f", v/float64(nRuns))
		}
		fmt.Fprintf(w, "| %s | %.0f | %s | %s |\n", what, v, per100(v, prompts), perSession)
	}
	line("Claude's openloop calls (tool calls)", float64(calls))
	var subs []string
	for s := range bySub {
		subs = append(subs, s)
	}
	sort.Strings(subs)
	for _, s := range subs {
		line("… of them `"+cell(s)+"`", float64(bySub[s]))
	}
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "Stop"} {
		line("words of context from "+ev, float64(words[ev]))
	}
	line("words of context from the hooks, all", float64(total))
	line(fmt.Sprintf("≈ tokens of it (words × %.2f)", wordsToTokens), math.Round(float64(total)*wordsToTokens))
	line("words openloop printed to Claude's calls", float64(callWords))
	line("hook runs", float64(hookRuns))
	line("hook runs that failed or wrote to stderr", float64(hookErrors))
	fmt.Fprintf(w, "\nContext is every additionalContext (and plain stdout where Claude Code takes it) the hooks gave; tokens are estimated from words at %.2f a word, not counted by a tokenizer.\n", wordsToTokens)
}

func workTable(w io.Writer, runs []*RunScore) {
	fmt.Fprintf(w, "\n### Work done\n\n| session | checks passed | failed |\n| --- | --- | --- |\n")
	all, passed, whole := 0, 0, 0
	for _, r := range runs {
		if r.WorkErr != nil {
			fmt.Fprintf(w, "| %s | not run | %s |\n", r.Session.ID, cell(r.WorkErr.Error()))
			continue
		}
		n, failed := 0, []string{}
		for _, c := range r.Work {
			all++
			if c.OK {
				n++
				passed++
			} else {
				failed = append(failed, c.Check.String())
			}
		}
		if len(failed) == 0 {
			whole++
		}
		fmt.Fprintf(w, "| %s | %d of %d | %s |\n", r.Session.ID, n, len(r.Work), cell(strings.Join(failed, "; ")))
	}
	fmt.Fprintf(w, "\nChecks passed: %d of %d; sessions with every check passed: %d of %d.\n", passed, all, whole, len(runs))
}
