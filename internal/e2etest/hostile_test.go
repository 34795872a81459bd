package e2etest

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/openloop/openloop/pkg/store"
)

// Ideas that try to leave the memory dir or to confuse a reader of its
// listing: each is parked under a safe name inside the memory dir, and
// nothing outside changes.
func TestHostileNames(t *testing.T) {
	ideas := map[string]string{
		"dotdot":          "../../outside/precious.txt",
		"slashes":         "a/b/../../c/d",
		"absolute":        "/etc/passwd",
		"backslash":       `..\..\windows\system32`,
		"10KB":            strings.Repeat("verylongword", 900),
		"10KB-one-word":   strings.Repeat("x", 10<<10),
		"rtl-override":    "invoice\u202Egnp.md",
		"fullwidth-slash": "a\uFF0F..\uFF0Fb",
		"combining":       "i\u0307d\u0338e\u0335a\u0301 zalgo",
		"dot-leader":      "\u2024\u2024/\u2024\u2024/etc",
		"control":         "bell\a tab\t escape\x1b[31m red",
		"windows-names":   "CON: aux? nul* <prn>|",
	}
	// Ideas with no words at all are refused with one clear line: so is one
	// of format characters, a full-width slash and a combining mark on no
	// letter (the store drops all three from a word).
	for _, idea := range []string{"..", "/", "../..", " / . \\ ", "\u202E\u200B\uFF0F\u0301"} {
		p := newProj(t)
		before := snapshot(t, filepath.Dir(p.Mem))
		r := p.park(idea)
		if r.Code != 1 || r.Stdout != "" || r.Stderr != "openloop: error: park: nothing to park: the idea has no words\n" {
			t.Errorf("park %q: exit %d\nstdout: %s\nstderr: %s", idea, r.Code, r.Stdout, r.Stderr)
		}
		sameSnapshot(t, before, snapshot(t, filepath.Dir(p.Mem)))
	}
	for name, idea := range ideas {
		t.Run(name, func(t *testing.T) {
			p := newProj(t)
			before := snapshot(t, filepath.Dir(p.Mem))
			r := p.park(idea)
			if r.Code != 0 || !strings.HasPrefix(r.Stdout, "Parked: ") {
				t.Fatalf("park %q: exit %d\n%s%s", idea, r.Code, r.Stdout, r.Stderr)
			}
			items := checkItems(t, p.Mem)
			if len(items) != 1 {
				t.Fatalf("%d items, want 1", len(items))
			}
			if n := len(items[0].File); n > 100 {
				t.Errorf("file name is %d bytes long", n)
			}
			after := snapshot(t, filepath.Dir(p.Mem))
			for k := range after {
				if strings.HasPrefix(k, p.Mem+string(filepath.Separator)) || k == p.Mem {
					delete(after, k)
				}
			}
			sameSnapshot(t, before, after)
		})
	}
}

// A NUL cannot reach the binary through argv; it can reach the store from
// a hook payload. The store drops it from the name and keeps the file
// readable.
func TestNULInIdea(t *testing.T) {
	dir := t.TempDir()
	s := store.Open(filepath.Join(dir, "mem"), time.Now)
	res, err := s.Park(store.Entry{Kind: store.KindDeferred, Idea: "nul\x00byte/../../x", Context: "c\x00d", Why: "\x00"})
	if err != nil {
		t.Fatal(err)
	}
	if !safeName.MatchString(res.File) {
		t.Errorf("unsafe name %q", res.File)
	}
	items, err := s.List()
	if err != nil || len(items) != 1 || items[0].Damaged != nil {
		t.Fatalf("List: %v %+v", err, items)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("entries beside the memory dir: %v", ents)
	}
}

// User text cannot add frontmatter keys: newlines, "---" and "key: value"
// in any field stay inside the values they were typed into.
func TestYAMLInjection(t *testing.T) {
	p := newProj(t)
	evil := []string{
		"x\ntype: user",
		"---\nname: evil\n---\ntype: user",
		"ok\"\ntype: user\n\"",
		"'\n---\nmetadata: {type: user}",
		"&a [*a]",
		"!!binary aGVsbG8=",
	}
	for i, e := range evil {
		r := p.run(nil, "park", "--kind", "side-idea", "--idea", e+" "+words(i), "--context", e, "--why", e, "--how", e)
		if r.Code != 0 {
			t.Fatalf("park %q: exit %d\n%s%s", e, r.Code, r.Stdout, r.Stderr)
		}
	}
	files := p.itemFiles()
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(p.Mem, name))
		if err != nil {
			t.Fatal(err)
		}
		head, body, ok := strings.Cut(strings.TrimPrefix(string(data), "---\n"), "\n---\n")
		if !ok {
			t.Fatalf("%s: no frontmatter\n%s", name, data)
		}
		var keys map[string]any
		if err := yaml.Unmarshal([]byte(head), &keys); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(keys) != 3 || keys["type"] != "project" || keys["name"] == nil || keys["description"] == nil {
			t.Errorf("%s: frontmatter keys %v", name, keys)
		}
		for _, line := range strings.Split(body, "\n") {
			if line == "---" || strings.HasPrefix(line, "type:") {
				t.Errorf("%s: user text made its own line %q", name, line)
			}
		}
	}
	if n := len(files); n != len(evil) {
		t.Errorf("%d items, want %d", n, len(evil))
	}
}

// Frontmatter bombs in item files are listed as damaged, and listing
// returns (a hang or a crash fails the test through the hang guard).
func TestFrontmatterBombs(t *testing.T) {
	p := newProj(t)
	laughs := "name: lol\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
	prev := "a"
	for _, c := range "bcdefghij" {
		refs := strings.Repeat("*"+prev+",", 9)
		laughs += string(c) + ": &" + string(c) + " [" + strings.TrimSuffix(refs, ",") + "]\n"
		prev = string(c)
	}
	var deepMap strings.Builder
	for i := range 3000 {
		deepMap.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	type bomb struct{ data, want string }
	bombs := map[string]bomb{
		// Anchors that are never used by a key openloop reads cost nothing.
		"laughs": {"---\n" + laughs + "---\nbody\n", "- [ ] lol — (no description)"},
		// The name itself is the bomb: yaml.v3 refuses excessive aliasing.
		"laughs-name":    {"---\n" + strings.Replace(laughs, "name: lol\n", "", 1) + "name: *j\n---\n", "unreadable: frontmatter: document contains excessive aliasing"},
		"deep-flow":      {"---\nname: " + strings.Repeat("[", 30000) + "\n---\n", "unreadable: frontmatter: exceeded max depth of 10000"},
		"deep-map":       {"---\nname: x\n" + deepMap.String() + "---\n", "unreadable: frontmatter is not closed"},
		"deep-map-small": {"---\nname: deep-small\n" + deepMap.String()[:60000] + "\n---\n", "- [ ] deep-small — (no description)"},
		"huge":           {"---\nname: x\n" + strings.Repeat("key: value value value\n", 200000) + "---\n", "unreadable: frontmatter is not closed"},
		"huge-closed":    {"---\nname: x\n" + strings.Repeat("key: value value value\n", 20000) + "---\n", "unreadable: frontmatter is larger than 65536 bytes"},
		"unclosed":       {"---\nname: x\n" + strings.Repeat("a", 3<<20), "unreadable: frontmatter is not closed"},
		"binary":         {"---\n\x00\xff\xfe\x01name: x\n---\n", "unreadable: frontmatter: control characters are not allowed"},
		"tag":            {"---\nname: !!map tagged\n---\n", "- [ ] tagged — (no description)"},
		"merge-loop":     {"---\na: &a\n  <<: *a\nname: merge-loop\n---\n", "- [ ] merge-loop — (no description)"},
	}
	for name, b := range bombs {
		writeFile(t, filepath.Join(p.Mem, "session-open-"+name+"-2026-12-01.md"), b.data)
	}
	start := time.Now()
	r := p.run(nil, "resume")
	t.Logf("resume over %d bombs: %v", len(bombs), time.Since(start))
	if r.Err != nil || r.Code != 0 {
		t.Fatalf("resume: exit %d %v\n%.2000s%.2000s", r.Code, r.Err, r.Stdout, r.Stderr)
	}
	lines := strings.Split(r.Stdout, "\n")
	for name, b := range bombs {
		file := "session-open-" + name + "-2026-12-01.md"
		found := false
		for _, l := range lines {
			if strings.Contains(l, b.want) && (strings.Contains(l, file) || !strings.Contains(b.want, "unreadable")) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no line with %q in:\n%.3000s", name, b.want, r.Stdout)
		}
	}
}

// Text from outside reaches neither the user's terminal nor Claude raw:
// an ESC sequence or a bidi override in a hand-written item that the cap's
// list shows is escaped in systemMessage and additionalContext; in a
// prompt, it is dropped from the item the hook parks.
func TestHookEscapesOutsideText(t *testing.T) {
	raw := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\n' || r == 0x7f || r == '\u202e' || r == '\u2066' })
	}
	decode := func(t *testing.T, stdout string) (msg, ctx string) {
		t.Helper()
		var o struct {
			SystemMessage string `json:"systemMessage"`
			Specific      struct {
				AdditionalContext string `json:"additionalContext"`
			} `json:"hookSpecificOutput"`
		}
		if err := json.Unmarshal([]byte(stdout), &o); err != nil {
			t.Fatalf("stdout: %v\n%s", err, stdout)
		}
		return o.SystemMessage, o.Specific.AdditionalContext
	}

	t.Run("parked from the prompt", func(t *testing.T) {
		p := newProj(t)
		r := p.run(p.hookPayload("s-e", "", "Let's come back to the \u202egnp.exe \x1b]0;pwned\x07uploader later, auth first."), "hook")
		if r.Err != nil || r.Code != 0 || r.Stderr != "" {
			t.Fatalf("hook: exit %d %v\n%s", r.Code, r.Err, r.Stderr)
		}
		msg, ctx := decode(t, r.Stdout)
		if !strings.HasPrefix(msg, "openloop parked ") || raw(msg) || raw(ctx) {
			t.Errorf("raw text in output:\nmessage %q\ncontext %q", msg, ctx)
		}
		files := p.itemFiles()
		if len(files) != 1 {
			t.Fatalf("items: %v", files)
		}
		data, err := os.ReadFile(filepath.Join(p.Mem, files[0]))
		if err != nil {
			t.Fatal(err)
		}
		if raw(string(data)) || !strings.Contains(string(data), "gnp") {
			t.Errorf("parked item holds raw text:\n%q", data)
		}
	})
	t.Run("listed at the cap", func(t *testing.T) {
		p := newProj(t)
		for i := range store.MaxOpen {
			writeFile(t, filepath.Join(p.Mem, fmt.Sprintf("session-open-hand-%d-2026-12-01.md", i)),
				fmt.Sprintf("---\nname: \"hand\\u202e%d\\e[2J\"\ndescription: \"clear \\e[2J\\e[H\\a title \\e]0;x\\a \\u2066 isolate\"\n---\n", i))
		}
		r := p.run(p.hookPayload("s-c", "", "Let's come back to the retry budget for uploads later, auth first."), "hook")
		if r.Err != nil || r.Code != 0 || r.Stderr != "" {
			t.Fatalf("hook: exit %d %v\n%s", r.Code, r.Err, r.Stderr)
		}
		msg, ctx := decode(t, r.Stdout)
		if !strings.Contains(msg, `- [ ] hand\u202e0\x1b[2J — clear \x1b[2J\x1b[H\x07 title \x1b]0;x\x07 \u2066 isolate`) || raw(msg) || raw(ctx) {
			t.Errorf("raw text in output:\nmessage %q\ncontext %q", msg, ctx)
		}
	})
}

// An error line quotes what failed, often a path made from the payload's
// cwd: a NUL, an ESC sequence or a bidi override in it reaches stderr
// escaped.
func TestHookErrorLineIsEscaped(t *testing.T) {
	p := newProj(t)
	if err := os.MkdirAll(filepath.Join(p.Home, ".claude", "projects"), 0o700); err != nil {
		t.Fatal(err)
	}
	payload := []byte(`{"hook_event_name":"UserPromptSubmit","cwd":"/tmp/x\u001b[2J\u0000\u202e","prompt":"Let's come back to the retry budget for uploads later, auth first."}`)
	noOverride := func(c *exec.Cmd) { c.Env = append(c.Env, "OPENLOOP_MEMORY_DIR=") }
	r := p.runWith(hangGuard, noOverride, payload, "hook")
	want := `openloop: error: hook: create memory dir: mkdir ` + filepath.Join(p.Home, ".claude", "projects") + `/tmp-x\x1b[2J\x00\u202e: invalid argument` + "\n"
	if r.Err != nil || r.Code != 1 || r.Stdout != "" || r.Stderr != want {
		t.Errorf("exit %d %v\nstdout %q\nstderr %q\nwant   %q", r.Code, r.Err, r.Stdout, r.Stderr, want)
	}
}

// A symlink planted at the state folder (openloop/sessions, or openloop
// itself) is never followed: SessionEnd's pruning deletes nothing in the
// folder it points to, and Stop writes nothing there.
func TestStateFolderSymlink(t *testing.T) {
	for _, at := range []string{"openloop", filepath.Join("openloop", "sessions")} {
		t.Run(at, func(t *testing.T) {
			p := newProj(t)
			target := filepath.Join(p.Outside, "target")
			old := time.Now().Add(-40 * 24 * time.Hour)
			files := []string{"s-link.json", "other-session.json", ".tmp-123"}
			dir := target
			if at == "openloop" {
				dir = filepath.Join(target, "sessions")
			}
			for _, f := range files {
				writeFile(t, filepath.Join(dir, f), `{"assistant":"x"}`)
				if err := os.Chtimes(filepath.Join(dir, f), old, old); err != nil {
					t.Fatal(err)
				}
			}
			plant(t, target, filepath.Join(p.Home, ".claude", at))
			before := snapshot(t, p.Outside)
			events := [][]byte{
				p.event(map[string]any{"hook_event_name": "Stop", "session_id": "s-new", "last_assistant_message": "Should expired tokens return 401 or 403?"}),
				p.hookPayload("s-link", "", "Now add request logging to the payments service"),
				p.event(map[string]any{"hook_event_name": "SessionEnd", "session_id": "s-link", "reason": "other"}),
			}
			// The prompt leaves a candidate, so the hook reads the user's
			// settings, which live in the same folder: it says in one line
			// (stderr on exit 0: Claude Code's debug log) that it will not
			// read them through the link, and goes on with the defaults.
			settingsRefused := "openloop: error: settings: " + filepath.Join(p.Home, ".claude", "openloop") + " is not a folder; using the defaults\n"
			for _, ev := range events {
				r := p.run(ev, "hook")
				if r.Err != nil || r.Code != 0 || r.Stdout != "" || r.Stderr != "" && r.Stderr != settingsRefused {
					t.Errorf("hook: exit %d %v\n%s%s", r.Code, r.Err, r.Stdout, r.Stderr)
				}
			}
			sameSnapshot(t, before, snapshot(t, p.Outside))
		})
	}
}
