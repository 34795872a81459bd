package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// addTrueHooks registers a `true` hook beside openloop's on
// UserPromptSubmit and Stop, so that the latency of doing nothing is
// measured in the same sessions, under the same load.
func addTrueHooks(p *Project) {
	path := filepath.Join(p.Dir, ".claude", "settings.json")
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		p.t.Fatal(err)
	}
	settings := map[string]any{}
	if len(b) > 0 {
		if err := json.Unmarshal(b, &settings); err != nil {
			p.t.Fatalf("%s: %v", path, err)
		}
	}
	hooks, _ := settings["hooks"].(map[string]any)
	if hooks == nil {
		hooks = map[string]any{}
		settings["hooks"] = hooks
	}
	for _, ev := range []string{"UserPromptSubmit", "Stop"} {
		groups, _ := hooks[ev].([]any)
		hooks[ev] = append(groups, map[string]any{"hooks": []any{map[string]any{"type": "command", "command": "true"}}})
	}
	out, _ := json.MarshalIndent(settings, "", "  ")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// Durations maps "<event> <who>" ("Stop openloop", "Stop true", …) to the
// hook durations Claude Code measured.
type Durations map[string][]time.Duration

// stopDurations reads every stop_hook_summary line of every transcript
// under HOME: hookInfos[].durationMs, the latency a user feels at the end
// of each turn.
func stopDurations(p *Project, d Durations) {
	err := p.forEachTranscriptLine(func(_ string, line []byte) {
		if !strings.Contains(string(line), `"stop_hook_summary"`) {
			return
		}
		var l struct {
			Subtype   string `json:"subtype"`
			HookInfos []struct {
				Command    string  `json:"command"`
				DurationMs float64 `json:"durationMs"`
			} `json:"hookInfos"`
		}
		if json.Unmarshal(line, &l) == nil && l.Subtype == "stop_hook_summary" {
			for _, h := range l.HookInfos {
				d.add("Stop", who(p, h.Command), h.DurationMs)
			}
		}
	})
	if err != nil {
		p.t.Fatal(err)
	}
}

// debugLine is how Claude Code 2.1.332's debug log reports a finished
// UserPromptSubmit or Stop hook.
var debugLine = regexp.MustCompile(`Hooks: (\w+) \[(.*)\] finished with status \d+ \((\d+)ms\)`)

// promptDurations reads the UserPromptSubmit hook durations from the
// debug logs (the transcript records only Stop hooks).
func promptDurations(p *Project, d Durations) {
	files, _ := filepath.Glob(filepath.Join(p.Home, "debug-*.txt"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			p.t.Fatal(err)
		}
		for _, m := range debugLine.FindAllStringSubmatch(string(b), -1) {
			if m[1] != "UserPromptSubmit" {
				continue
			}
			ms, _ := strconv.ParseFloat(m[3], 64)
			d.add(m[1], who(p, m[2]), ms)
		}
	}
}

func who(p *Project, command string) string {
	switch {
	case command == "true":
		return "true"
	case strings.Contains(command, "openloop"):
		return "openloop"
	}
	return command
}

func (d Durations) add(event, who string, ms float64) {
	k := event + " " + who
	d[k] = append(d[k], time.Duration(ms*float64(time.Millisecond)))
}

// median of a non-empty list.
func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// Hook latency as Claude Code measures it, openloop's hooks beside `true`
// in the same sessions. Reported, never asserted: speed is measured, not
// tested (the numbers depend on the machine's load).
func TestHookLatency(t *testing.T) {
	sessions := 4
	if testing.Short() {
		sessions = 2
	}
	var script []Reply
	for range sessions {
		script = append(script, Say(askReply), Say("Done: expired refresh tokens now get 401."))
	}
	p := NewProject(t, script...)
	p.Debug = true
	addTrueHooks(p)
	for range sessions {
		r := p.Ask(askPrompt)
		p.Resume(r.SessionID, "Return 401 for expired refresh tokens.")
	}
	d := Durations{}
	stopDurations(p, d)
	promptDurations(p, d)
	keys := make([]string, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		ds := d[k]
		s := append([]time.Duration(nil), ds...)
		sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
		t.Logf("hook latency %-26s n=%2d median=%4dms min=%4dms max=%4dms", k, len(ds), median(ds).Milliseconds(), s[0].Milliseconds(), s[len(s)-1].Milliseconds())
	}
	for _, k := range []string{"Stop openloop", "Stop true", "UserPromptSubmit openloop", "UserPromptSubmit true"} {
		if n := len(d[k]); n != 2*sessions {
			t.Errorf("%s: %d durations recorded, want %d (one per turn)", k, n, 2*sessions)
		}
	}
}
