//go:build prune

// TestPruneMeasure measures what each entry of the rule tier's lists decides on
// the census (internal/train/census.tsv) and probe.jsonl: it removes one entry at
// a time and counts the cases whose parks or candidates change. PRUNE_DROP=FILE
// (lines "list<TAB>\"entry\"") removes a set at once; PRUNE_SIG=FILE writes every
// case's outcome (corpus text: keep it outside the repository).
//
//	go test -tags prune ./pkg/detect -run TestPruneMeasure -v

package detect

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
)

type pCase struct {
	ID, Label string
	Prompt    string `json:"prompt"`
	Assistant string `json:"assistant"`
	AUQ       *struct {
		Question string   `json:"question"`
		Options  []string `json:"options"`
	} `json:"ask_user_question"`
}

func pReadJSONL(t *testing.T, path string, keep func(id string) (string, bool)) []pCase {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var out []pCase
	seen := map[string]bool{}
	for sc.Scan() {
		var c struct {
			pCase
			ID    string `json:"id"`
			Label string `json:"label"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		c.pCase.ID, c.pCase.Label = c.ID, c.Label
		if keep != nil {
			l, ok := keep(c.ID)
			if !ok || seen[c.ID] {
				continue
			}
			seen[c.ID] = true
			c.pCase.Label = l
		}
		out = append(out, c.pCase)
	}
	return out
}

func pLoad(t *testing.T) (census, probe []pCase) {
	corpus := os.Getenv("OPENLOOP_CORPUS")
	if corpus == "" {
		corpus = "../../../shared/corpus"
	}
	b, err := os.ReadFile("../../internal/train/census.tsv")
	if err != nil {
		t.Fatal(err)
	}
	labels := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		labels[f[0]] = f[1]
	}
	census = pReadJSONL(t, filepath.Join(corpus, "unlabelled.jsonl"), func(id string) (string, bool) { l, ok := labels[id]; return l, ok })
	probe = pReadJSONL(t, "../../internal/train/probe.jsonl", nil)
	return census, probe
}

var kindLetter = map[Kind]string{Deferred: "D", SideIdea: "S", Question: "Q"}

// pOutcome mirrors internal/train's predict: Claude's own deferrals, then Assess.
type pOutcome struct {
	sig   string
	parks map[string]string // letter → rule
	cands map[string]string
}

func pRun(m *Model, c pCase) pOutcome {
	in := Input{Prompt: c.Prompt, Assistant: c.Assistant}
	if c.AUQ != nil {
		in.AskQuestion, in.AskOptions = c.AUQ.Question, c.AUQ.Options
	}
	a := m.Assess(in)
	o := pOutcome{parks: map[string]string{}, cands: map[string]string{}}
	var sb strings.Builder
	for _, f := range append(AssistantDeferrals(c.Assistant), a.Parks...) {
		fmt.Fprintf(&sb, "P %s|%s|%s|%s\n", f.Kind, f.Idea, f.Context, f.Rule)
		o.parks[kindLetter[f.Kind]] = cmpOr(f.Rule, "model")
	}
	for _, f := range a.Candidates {
		fmt.Fprintf(&sb, "C %s|%s|%s|%s|%s\n", f.Kind, f.Idea, f.Context, f.Rule, f.NotAName)
		o.cands[kindLetter[f.Kind]] = cmpOr(f.Rule, "model")
	}
	o.sig = sb.String()
	return o
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// slot is one list of the rule tier: its entries, and how to set it to a
// list without one of them.
type slot struct {
	name    string
	entries []string
	set     func(drop map[int]bool) // nil: restore
}

func pKeep(xs []string, drop map[int]bool) []string {
	var out []string
	for i, x := range xs {
		if !drop[i] {
			out = append(out, x)
		}
	}
	return out
}

func plSlot(name string, p **phraseList) slot {
	orig := *p
	raw := slices.Clone(orig.raw)
	return slot{name, raw, func(d map[int]bool) {
		if d == nil {
			*p = orig
			return
		}
		*p = phrases(pKeep(raw, d)...)
	}}
}

func wSlot(name string, p *words) slot {
	orig := *p
	fs := strings.Fields(string(orig))
	return slot{name, fs, func(d map[int]bool) {
		if d == nil {
			*p = orig
			return
		}
		*p = words(strings.Join(pKeep(fs, d), " "))
	}}
}

func sSlot(name string, p *[]string) slot {
	orig := *p
	return slot{name, slices.Clone(orig), func(d map[int]bool) {
		if d == nil {
			*p = orig
			return
		}
		*p = pKeep(orig, d)
	}}
}

func pSlots() []slot {
	cr := make([]string, len(claudeRules))
	for i := range claudeRules {
		cr[i] = fmt.Sprintf("C%d", i+1)
	}
	origCR := claudeRules
	return []slot{
		plSlot("laterReplies", &laterReplies), plSlot("nextStepLeads", &nextStepLeads),
		plSlot("asideMarks", &asideMarks), plSlot("ideaMarks", &ideaMarks), plSlot("wishFloats", &wishFloats),
		plSlot("planFloats", &planFloats), plSlot("somedays", &somedays), plSlot("nowWords", &nowWords),
		wSlot("sureInLong", &sureInLong), wSlot("actOrTime", &actOrTime), wSlot("afterList", &afterList),
		wSlot("ifWords", &ifWords), wSlot("newWords", &newWords), wSlot("fileLists", &fileLists),
		wSlot("doerWords", &doerWords), wSlot("modalWords", &modalWords), wSlot("purposeWords", &purposeWords),
		wSlot("laterVerbs", &laterVerbs), wSlot("openVerbs", &openVerbs), wSlot("fileVerbs", &fileVerbs),
		wSlot("emptyIdeaWords", &emptyIdeaWords), wSlot("blameVerbs", &blameVerbs), wSlot("actsNow", &actsNow),
		wSlot("predicateWords", &predicateWords),
		sSlot("notDeferring", &notDeferring), sSlot("fileVerbsUnspaced", &fileVerbsUnspaced),
		sSlot("hanLaterTimes", &hanLaterTimes), sSlot("hanLaterVerbs", &hanLaterVerbs),
		sSlot("quotedMarks", &quotedMarks), sSlot("markupMarks", &markupMarks), sSlot("pastedHeaders", &pastedHeaders),
		sSlot("weighsWords", &weighsWords), sSlot("offerWords", &offerWords), sSlot("asIsEnds", &asIsEnds),
		sSlot("hedges", &hedges), sSlot("parkReports", &parkReports),
		{"claudeRules", cr, func(d map[int]bool) {
			if d == nil {
				claudeRules = origCR
				return
			}
			claudeRules = nil
			for i, r := range origCR {
				if !d[i] {
					claudeRules = append(claudeRules, r)
				}
			}
		}},
	}
}

// effect is how an ablation changed a set of cases, compared with the
// baseline: parks lost and gained, right or wrong, and candidates changed.
type effect struct {
	lostRight, lostWrong, gainRight, gainWrong, cand, other int
}

func (e effect) zero() bool { return e == effect{} }
func (e effect) String() string {
	return fmt.Sprintf("parks lost right %d wrong %d; parks gained right %d wrong %d; candidates changed %d; idea/context/rule only %d",
		e.lostRight, e.lostWrong, e.gainRight, e.gainWrong, e.cand, e.other)
}

// pKey is the longest run of letters of an entry: a case whose text does
// not hold it cannot be changed by the entry ("" runs every case).
func pKey(e string) string {
	best := ""
	for _, f := range strings.FieldsFunc(strings.ToLower(e), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(f) > len(best) {
			best = f
		}
	}
	return best
}

func pText(c pCase) string {
	t := c.Prompt + "\n" + c.Assistant
	if c.AUQ != nil {
		t += "\n" + c.AUQ.Question + "\n" + strings.Join(c.AUQ.Options, "\n")
	}
	return strings.ToLower(t)
}

func pDiff(m *Model, cs []pCase, base []pOutcome, key string, texts []string) effect {
	var e effect
	for i, c := range cs {
		if key != "" && !strings.Contains(texts[i], key) {
			continue
		}
		o := pRun(m, c)
		if o.sig == base[i].sig {
			continue
		}
		b := base[i]
		changed := false
		for _, k := range []string{"D", "S", "Q"} {
			_, was := b.parks[k]
			_, is := o.parks[k]
			switch {
			case was && !is && c.Label == k:
				e.lostRight++
				changed = true
			case was && !is:
				e.lostWrong++
				changed = true
			case !was && is && c.Label == k:
				e.gainRight++
				changed = true
			case !was && is:
				e.gainWrong++
				changed = true
			}
			_, wc := b.cands[k]
			_, ic := o.cands[k]
			if wc != ic && !changed {
				e.cand++
				changed = true
			}
		}
		if !changed {
			e.other++
		}
	}
	return e
}

func TestPruneMeasure(t *testing.T) {
	m, err := shipped()
	if err != nil {
		t.Fatal(err)
	}
	census, probe := pLoad(t)
	t.Logf("census %d cases, probe %d", len(census), len(probe))
	base := func(cs []pCase) []pOutcome {
		out := make([]pOutcome, len(cs))
		for i, c := range cs {
			out[i] = pRun(m, c)
		}
		return out
	}
	cb, pb := base(census), base(probe)
	ct, pt := make([]string, len(census)), make([]string, len(probe))
	for i, c := range census {
		ct[i] = pText(c)
	}
	for i, c := range probe {
		pt[i] = pText(c)
	}
	// The rule tally: what each Finding.Rule decided on the census and the probe.
	for _, set := range []struct {
		name string
		cs   []pCase
		b    []pOutcome
	}{{"census", census, cb}, {"probe", probe, pb}} {
		tally := map[string]*[4]int{} // right, wrong, candidate right, candidate other
		for i, c := range set.cs {
			for k, r := range set.b[i].parks {
				if tally[r] == nil {
					tally[r] = &[4]int{}
				}
				if k == c.Label {
					tally[r][0]++
				} else {
					tally[r][1]++
				}
			}
			for k, r := range set.b[i].cands {
				if tally[r] == nil {
					tally[r] = &[4]int{}
				}
				if k == c.Label {
					tally[r][2]++
				} else {
					tally[r][3]++
				}
			}
		}
		var names []string
		for r := range tally {
			names = append(names, r)
		}
		sort.Strings(names)
		for _, r := range names {
			v := tally[r]
			fmt.Printf("RULE\t%s\t%s\tparks right %d wrong %d\tcandidates of the label %d other %d\n", set.name, r, v[0], v[1], v[2], v[3])
		}
	}
	if drop := os.Getenv("PRUNE_DROP"); drop != "" {
		b, err := os.ReadFile(drop)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{}
		for _, l := range strings.Split(string(b), "\n") {
			if l != "" {
				want[l] = true
			}
		}
		n := 0
		for _, s := range pSlots() {
			d := map[int]bool{}
			for i, e := range s.entries {
				if want[s.name+"\t"+fmt.Sprintf("%q", e)] {
					d[i] = true
					n++
				}
			}
			s.set(d)
		}
		fmt.Printf("JOINT dropped %d of %d\tcensus: %s\tprobe: %s\n", n, len(want), pDiff(m, census, cb, "", ct), pDiff(m, probe, pb, "", pt))
		return
	}
	only := os.Getenv("PRUNE_SLOT")
	for _, s := range pSlots() {
		if only != "" && !strings.Contains(","+only+",", ","+s.name+",") {
			continue
		}
		for i, e := range s.entries {
			s.set(map[int]bool{i: true})
			key := pKey(e)
			if s.name == "claudeRules" {
				key = ""
			}
			ce := pDiff(m, census, cb, key, ct)
			pe := pDiff(m, probe, pb, key, pt).String()
			s.set(nil)
			fmt.Printf("ENTRY\t%s\t%q\tcensus: %s\tprobe: %s\n", s.name, e, ce, pe)
		}
	}
	if os.Getenv("PRUNE_SIG") != "" {
		f, _ := os.Create(os.Getenv("PRUNE_SIG"))
		for i, c := range census {
			fmt.Fprintf(f, "census %s %s\n%s", c.ID, c.Label, cb[i].sig)
		}
		for i, c := range probe {
			fmt.Fprintf(f, "probe %s %s\n%s", c.ID, c.Label, pb[i].sig)
		}
		f.Close()
	}
}
