package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/openloop/openloop/pkg/detect"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // the error, or "" for none
		off  string
		sens map[string]int
		cc   bool
		off2 bool // assist off
	}{
		{in: `{"assist":false}`, cc: true, off2: true},
		{in: `{"assist":true}`, cc: true},
		{in: `{}`, cc: true},
		{in: `{"kinds":{"side-idea":{"enabled":false},"question":{"sensitivity":2},"deferred":{"sensitivity":-3,"enabled":true}},"compact_context":false}`,
			off: "side-idea", sens: map[string]int{"question": 2, "deferred": -3}},
		{in: `{"kinds":{"question":{"sensitivity":4}}}`, want: "kinds.question.sensitivity: want a whole number from -3 to 3, got 4"},
		{in: `{"kinds":{"question":{"sensitivity":1.5}}}`, want: "kinds.question.sensitivity: want a whole number from -3 to 3, got 1.5"},
		{in: `{"kinds":{"question":{"sensitivity":"high"}}}`, want: `kinds.question.sensitivity: want a whole number from -3 to 3, got "high"`},
		{in: `{"kinds":{"todo":{}}}`, want: `kinds: unknown kind "todo" (want deferred, side-idea, question)`},
		{in: `{"kinds":{"deferred":{"enabled":"no"}}}`, want: `kinds.deferred.enabled: want true or false, got "no"`},
		{in: `{"kinds":{"deferred":{"threshold":0.5}}}`, want: `kinds.deferred: unknown key "threshold" (want enabled, sensitivity)`},
		{in: `{"cap":20}`, want: `unknown key "cap" (want kinds, compact_context, assist)`},
		{in: `{"assist":"off"}`, want: `assist: want true or false, got "off"`},
		{in: `{"compact_context":"yes"}`, want: `compact_context: want true or false, got "yes"`},
		{in: `[1]`, want: "want a JSON object"},
		{in: `{"kinds":`, want: "not valid JSON"},
	} {
		s, err := Parse([]byte(tc.in))
		if tc.want != "" {
			if err == nil || err.Error() != tc.want {
				t.Errorf("%s: err %v, want %q", tc.in, err, tc.want)
			}
			if len(s.Off) != 0 || len(s.Sensitivity) != 0 || !s.CompactContext || !s.Assist {
				t.Errorf("%s: a bad file is not the defaults: %+v", tc.in, s)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		for _, k := range Kinds {
			if s.Enabled(k) != (k != tc.off) {
				t.Errorf("%s: %s enabled %v", tc.in, k, s.Enabled(k))
			}
			if s.Sensitivity[k] != tc.sens[k] {
				t.Errorf("%s: %s sensitivity %d", tc.in, k, s.Sensitivity[k])
			}
		}
		if s.CompactContext != tc.cc {
			t.Errorf("%s: compact %v", tc.in, s.CompactContext)
		}
		if s.Assist == tc.off2 || s.AssistSet != strings.Contains(tc.in, `"assist"`) {
			t.Errorf("%s: assist %v (set %v)", tc.in, s.Assist, s.AssistSet)
		}
	}
}

func TestLoadAndDescribe(t *testing.T) {
	cfg := t.TempDir()
	s, err := Load(cfg)
	if err != nil || !s.CompactContext {
		t.Fatalf("no file: %+v %v", s, err)
	}
	got := strings.Join(Describe(cfg), "\n")
	want := "settings: " + Path(cfg) + " (not present: defaults)\n  deferred: on, sensitivity +0 · side-idea: on, sensitivity +0 · question: on, sensitivity +0\n  compact context: on\n  assist: on"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	os.MkdirAll(filepath.Join(cfg, "openloop"), 0o700)
	os.WriteFile(Path(cfg), []byte(`{"kinds":{"side-idea":{"enabled":false},"question":{"sensitivity":2}},"compact_context":false,"assist":false}`), 0o600)
	got = strings.Join(Describe(cfg), "\n")
	want = "settings: " + Path(cfg) + "\n  deferred: on, sensitivity +0 · side-idea: off · question: on, sensitivity +2\n  compact context: off\n  assist: off (\"assist\": false: no rule, no nudges, whatever the hooks were installed with)"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	os.WriteFile(Path(cfg), []byte(`{"kinds":{"question":{"sensitivity":9}}}`), 0o600)
	s, err = Load(cfg)
	if err == nil || err.Error() != "settings: "+Path(cfg)+": kinds.question.sensitivity: want a whole number from -3 to 3, got 9" || s.Sensitivity["question"] != 0 {
		t.Errorf("bad value: %+v %v", s, err)
	}
	if d := Describe(cfg); !strings.HasSuffix(d[0], "got 9 (using the defaults)") {
		t.Errorf("describe %q", d[0])
	}
}

func TestTuningAndFilter(t *testing.T) {
	s, _ := Parse([]byte(`{"kinds":{"question":{"sensitivity":2},"side-idea":{"enabled":false}}}`))
	if tu := s.Tuning(); tu[detect.Question] != 2*SensitivityStep || len(tu) != 1 {
		t.Errorf("tuning %v", tu)
	}
	a := s.Filter(detect.Assessment{Parks: []detect.Finding{{Kind: detect.SideIdea}}, Candidates: []detect.Finding{{Kind: detect.Question}}})
	if len(a.Parks) != 0 || len(a.Candidates) != 1 {
		t.Errorf("filter %+v", a)
	}
}

// TestFilterRules: a rule's park of a kind whose sensitivity is below 0 is
// kept as a candidate; at 0 and above, and a model's park at any
// sensitivity (its threshold moved instead), it parks; a kind turned off
// keeps nothing, whatever its sensitivity.
func TestFilterRules(t *testing.T) {
	rule := detect.Finding{Kind: detect.Deferred, Idea: "benchmarks", Rule: "explicit-deferral:skip+when", Score: 1}
	model := detect.Finding{Kind: detect.Deferred, Idea: "dark mode", Score: 0.999}
	auq := detect.Finding{Kind: detect.Question, Idea: "tokens", Rule: "ask-user-question", Score: 1}
	claude := detect.Finding{Kind: detect.Deferred, Idea: "retry budget", Rule: "claude"}
	for _, tc := range []struct {
		settings      string
		in            []detect.Finding
		parks, caught []string // the ideas parked, and kept as candidates
	}{
		{`{}`, []detect.Finding{rule}, []string{"benchmarks"}, nil},
		{`{"kinds":{"deferred":{"sensitivity":3}}}`, []detect.Finding{rule}, []string{"benchmarks"}, nil},
		{`{"kinds":{"deferred":{"sensitivity":-1}}}`, []detect.Finding{rule}, nil, []string{"benchmarks"}},
		{`{"kinds":{"deferred":{"sensitivity":-3}}}`, []detect.Finding{claude, rule}, nil, []string{"retry budget", "benchmarks"}},
		{`{"kinds":{"deferred":{"sensitivity":-3}}}`, []detect.Finding{model}, []string{"dark mode"}, nil},
		{`{"kinds":{"deferred":{"sensitivity":-3}}}`, []detect.Finding{auq}, []string{"tokens"}, nil},
		{`{"kinds":{"question":{"sensitivity":-2}}}`, []detect.Finding{auq}, nil, []string{"tokens"}},
		{`{"kinds":{"deferred":{"sensitivity":-3,"enabled":false}}}`, []detect.Finding{rule}, nil, nil},
	} {
		s, err := Parse([]byte(tc.settings))
		if err != nil {
			t.Fatal(err)
		}
		a := s.Filter(detect.Assessment{Parks: tc.in})
		if got := ideas(a.Parks); !slices.Equal(got, tc.parks) {
			t.Errorf("%s: parks %q, want %q", tc.settings, got, tc.parks)
		}
		if got := ideas(a.Candidates); !slices.Equal(got, tc.caught) {
			t.Errorf("%s: candidates %q, want %q", tc.settings, got, tc.caught)
		}
	}
}

func ideas(fs []detect.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Idea)
	}
	return out
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"kinds":{"question":{"sensitivity":2}},"compact_context":false}`))
	f.Add([]byte(`{"kinds":{"deferred":{"enabled":false}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			if len(s.Off) != 0 || len(s.Sensitivity) != 0 || !s.CompactContext {
				t.Fatalf("an error with settings other than the defaults: %+v", s)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		for k, n := range s.Sensitivity {
			if n < MinSensitivity || n > MaxSensitivity {
				t.Fatalf("%s sensitivity %d out of range", k, n)
			}
		}
	})
}
