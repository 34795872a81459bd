// Package config reads the user's openloop settings, one small JSON file
// under the Claude Code config dir (never in a project):
//
//	$CLAUDE_CONFIG_DIR/openloop/settings.json   (default ~/.claude/openloop/settings.json)
//
//	{
//	  "kinds": {
//	    "side-idea": {"enabled": false},
//	    "question":  {"sensitivity": 2},
//	    "deferred":  {"sensitivity": -1}
//	  },
//	  "compact_context": true,
//	  "assist": true
//	}
//
// A kind turned off is neither parked nor kept as a candidate by the
// hooks. Sensitivity is a whole number from -3 to 3 (default 0); each step
// moves the kind's park and candidate thresholds by SensitivityStep in
// log-odds, up for more (lower thresholds), down for fewer; below 0, what
// a rule would park of the kind is kept as a candidate instead (Filter). compact_context
// (default true) gives Claude this session's parked items after a
// compaction. assist (default true) lets the hooks run as `hook --assist`
// installed them: the parking rule at session start and the nudges; false
// is the zero-token mode, whatever the hooks were installed with, and
// `openloop install` then installs without assist. The cap of 10 open items and the ages (7 days stale, 30
// expired) are the seed's and are not settings.
//
// A file that is missing is the defaults. A file that cannot be read or
// holds a bad value is the defaults too, with one error that names the
// file and the value: the hooks never fail a prompt over it, and doctor
// shows it (Describe).
package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/openloop/openloop/internal/jsonguard"
	"github.com/openloop/openloop/internal/safeio"
	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/internal/textcut"
	"github.com/openloop/openloop/pkg/detect"
)

// The range of a kind's sensitivity, and what one step moves its
// thresholds by (log-odds).
const (
	MinSensitivity  = -3
	MaxSensitivity  = 3
	SensitivityStep = 0.5
)

// maxFile bounds what is read of the settings file.
const maxFile = 64 << 10

// Kinds are the kinds a setting can name, in the order they are shown.
var Kinds = []string{string(detect.Deferred), string(detect.SideIdea), string(detect.Question)}

// Settings are the effective settings: the file's values over the
// defaults.
type Settings struct {
	Off            map[string]bool // kinds turned off
	Sensitivity    map[string]int  // per kind, MinSensitivity to MaxSensitivity; 0 when absent
	CompactContext bool
	// Assist is the "assist" key: false turns the assist tier off (no rule,
	// no nudges) even for hooks installed with --assist. AssistSet says the
	// file names the key, so install can take it as the mode to install.
	Assist, AssistSet bool
}

// Defaults are the settings without a file.
func Defaults() Settings {
	return Settings{Off: map[string]bool{}, Sensitivity: map[string]int{}, CompactContext: true, Assist: true}
}

// Path is the settings file under configDir.
func Path(configDir string) string {
	return filepath.Join(configDir, "openloop", "settings.json")
}

// Load reads the settings. A missing file is the defaults and no error; a
// file that cannot be read, or holds anything but the documented keys and
// values, is the defaults and one error naming the file and what is wrong.
func Load(configDir string) (Settings, error) {
	path := Path(configDir)
	if fi, err := os.Lstat(filepath.Dir(path)); err == nil && !fi.IsDir() {
		return Defaults(), fmt.Errorf("settings: %s is not a folder", filepath.Dir(path))
	}
	data, err := safeio.ReadRegular(path, maxFile)
	if errors.Is(err, fs.ErrNotExist) {
		return Defaults(), nil
	}
	if err != nil {
		return Defaults(), fmt.Errorf("settings: %w", err)
	}
	s, err := Parse(data)
	if err != nil {
		return Defaults(), fmt.Errorf("settings: %s: %w", path, err)
	}
	return s, nil
}

// Parse reads a settings file's bytes.
func Parse(data []byte) (Settings, error) {
	s := Defaults()
	if !jsonguard.Valid(data) {
		return s, errors.New("not valid JSON")
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return s, errors.New("want a JSON object")
	}
	for _, key := range sortedKeys(top) {
		raw := top[key]
		switch key {
		case "compact_context":
			if err := json.Unmarshal(raw, &s.CompactContext); err != nil {
				return Defaults(), fmt.Errorf("compact_context: want true or false, got %s", short(raw))
			}
		case "assist":
			if err := json.Unmarshal(raw, &s.Assist); err != nil {
				return Defaults(), fmt.Errorf("assist: want true or false, got %s", short(raw))
			}
			s.AssistSet = true
		case "kinds":
			var kinds map[string]json.RawMessage
			if err := json.Unmarshal(raw, &kinds); err != nil {
				return Defaults(), fmt.Errorf("kinds: want an object keyed by kind, got %s", short(raw))
			}
			for _, kind := range sortedKeys(kinds) {
				if err := s.kind(kind, kinds[kind]); err != nil {
					return Defaults(), err
				}
			}
		default:
			return Defaults(), fmt.Errorf("unknown key %q (want kinds, compact_context, assist)", key)
		}
	}
	return s, nil
}

// kind reads one kind's settings into s.
func (s *Settings) kind(kind string, raw json.RawMessage) error {
	if !slices.Contains(Kinds, kind) {
		return fmt.Errorf("kinds: unknown kind %q (want %s)", kind, strings.Join(Kinds, ", "))
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return fmt.Errorf("kinds.%s: want an object, got %s", kind, short(raw))
	}
	for _, key := range sortedKeys(fields) {
		v := fields[key]
		switch key {
		case "enabled":
			var on bool
			if err := json.Unmarshal(v, &on); err != nil {
				return fmt.Errorf("kinds.%s.enabled: want true or false, got %s", kind, short(v))
			}
			if !on {
				s.Off[kind] = true
			}
		case "sensitivity":
			var n json.Number
			d := json.NewDecoder(strings.NewReader(string(v)))
			d.UseNumber()
			i, err := int64(0), d.Decode(&n)
			if err == nil {
				i, err = n.Int64()
			}
			if err != nil || i < MinSensitivity || i > MaxSensitivity {
				return fmt.Errorf("kinds.%s.sensitivity: want a whole number from %d to %d, got %s", kind, MinSensitivity, MaxSensitivity, short(v))
			}
			s.Sensitivity[kind] = int(i)
		default:
			return fmt.Errorf("kinds.%s: unknown key %q (want enabled, sensitivity)", kind, key)
		}
	}
	return nil
}

// Enabled reports whether the hooks park (and keep candidates of) kind.
func (s Settings) Enabled(kind string) bool { return !s.Off[kind] }

// Tuning is the detector's threshold shifts for the sensitivities.
func (s Settings) Tuning() detect.Tuning {
	t := detect.Tuning{}
	for k, n := range s.Sensitivity {
		if n != 0 {
			t[detect.Kind(k)] = float64(n) * SensitivityStep
		}
	}
	return t
}

// Widest is the tuning of the most sensitive settings: a prompt with
// nothing to park or keep under it has nothing under any settings, so the
// hook need not read the file for it.
func Widest() detect.Tuning {
	t := detect.Tuning{}
	for _, k := range Kinds {
		t[detect.Kind(k)] = MaxSensitivity * SensitivityStep
	}
	return t
}

// Filter drops the findings of kinds turned off, and keeps what a rule
// would park (Finding.Rule: an explicit deferral, a dismissed
// AskUserQuestion, a deferral Claude stated) as a candidate instead when
// its kind's sensitivity is below 0: "fewer" holds for the rules too, and
// what they find goes to review rather than being lost. At 0 and above a
// rule parks, as it always has.
func (s Settings) Filter(a detect.Assessment) detect.Assessment {
	off := func(f detect.Finding) bool { return s.Off[string(f.Kind)] }
	a.Parks = slices.DeleteFunc(a.Parks, off)
	a.Candidates = slices.DeleteFunc(a.Candidates, off)
	if i := slices.IndexFunc(a.Parks, s.lessRule); i >= 0 {
		var parks []detect.Finding
		for _, f := range a.Parks {
			if s.lessRule(f) {
				a.Candidates = append(a.Candidates, f)
			} else {
				parks = append(parks, f)
			}
		}
		a.Parks = parks
	}
	return a
}

// lessRule reports a rule's finding of a kind whose sensitivity is below
// 0: kept for review, not parked.
func (s Settings) lessRule(f detect.Finding) bool {
	return f.Rule != "" && s.Sensitivity[string(f.Kind)] < 0
}

// Changes are the kind settings that differ from the defaults, in Kinds
// order ("side-idea: off", "deferred: sensitivity -3"): nothing when the
// detector runs as it ships.
func (s Settings) Changes() []string {
	var out []string
	for _, k := range Kinds {
		switch {
		case s.Off[k]:
			out = append(out, k+": off")
		case s.Sensitivity[k] != 0:
			out = append(out, fmt.Sprintf("%s: sensitivity %+d", k, s.Sensitivity[k]))
		}
	}
	return out
}

// Describe is the effective settings in a few lines, for doctor: where
// the file is, whether it was read, and each kind's state.
//
//	settings: /home/me/.claude/openloop/settings.json (not present: defaults)
//	  deferred: on, sensitivity 0 · side-idea: off · question: on, sensitivity +2
//	  compact context: on
//	  assist: on
func Describe(configDir string) []string {
	s, err := Load(configDir)
	head := "settings: " + Path(configDir)
	switch {
	case err != nil:
		head = err.Error() + " (using the defaults)"
	case !exists(Path(configDir)):
		head += " (not present: defaults)"
	}
	var kinds []string
	for _, k := range Kinds {
		if s.Off[k] {
			kinds = append(kinds, k+": off")
			continue
		}
		kinds = append(kinds, fmt.Sprintf("%s: on, sensitivity %+d", k, s.Sensitivity[k]))
	}
	cc := "on"
	if !s.CompactContext {
		cc = "off"
	}
	as := "on"
	if !s.Assist {
		as = "off (\"assist\": false: no rule, no nudges, whatever the hooks were installed with)"
	}
	// The path and the error quote the user's text: escaped.
	return []string{termsafe.Line(head), "  " + strings.Join(kinds, " · "), "  compact context: " + cc, "  assist: " + as}
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// short is a raw value for an error line: one line, at most 40 bytes.
func short(raw json.RawMessage) string {
	s := strings.Join(strings.Fields(string(raw)), " ")
	if len(s) > 40 {
		s = textcut.Head(s, 37) + "…"
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
