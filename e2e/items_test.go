package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/openloop/openloop/pkg/project"
)

// Item is one parked item as a user finds it on disk.
type Item struct {
	File      string // base name, session-open-….md
	Name      string // frontmatter name
	Desc      string // frontmatter description
	FirstLine string // first non-empty body line: "Deferred: …", "Side idea: …", "User raised: …"
	Raw       string
}

// MemoryDir is where openloop parks items for this project: the seed's
// rule (design.md §2), $HOME/.claude/projects/<slug>/memory with <slug> the
// root path with every "/" and "." replaced by "-" and one leading "-"
// removed (project.SeedSlug). The project is not a git repository, so its root is its folder.
func (p *Project) MemoryDir() string {
	dir := p.Dir
	if real, err := filepath.EvalSymlinks(dir); err == nil { // openloop takes the physical folder
		dir = real
	}
	return filepath.Join(p.Home, ".claude", "projects", project.SeedSlug(dir), "memory")
}

// Items reads every parked item, sorted by file name. It also fails the
// test if an item file turns up in any other memory folder under HOME.
func (p *Project) Items() []Item {
	p.t.Helper()
	all, _ := filepath.Glob(filepath.Join(p.Home, ".claude", "projects", "*", "memory", "session-open-*.md"))
	var items []Item
	for _, f := range all {
		if filepath.Dir(f) != p.MemoryDir() {
			p.t.Errorf("item parked outside the memory dir %s: %s", p.MemoryDir(), f)
			continue
		}
		items = append(items, readItem(p, f))
	}
	sort.Slice(items, func(i, j int) bool { return items[i].File < items[j].File })
	return items
}

func readItem(p *Project, path string) Item {
	b, err := os.ReadFile(path)
	if err != nil {
		p.t.Fatal(err)
	}
	it := Item{File: filepath.Base(path), Raw: string(b)}
	rest, ok := bytes.CutPrefix(b, []byte("---\n"))
	if !ok {
		p.t.Errorf("%s: no frontmatter:\n%s", it.File, b)
		return it
	}
	front, body, ok := bytes.Cut(rest, []byte("\n---\n"))
	if !ok {
		p.t.Errorf("%s: frontmatter not closed:\n%s", it.File, b)
		return it
	}
	var fm struct {
		Name        string `yaml:"name"`
		Description string `yaml:"description"`
	}
	if err := yaml.Unmarshal(front, &fm); err != nil {
		p.t.Errorf("%s: frontmatter: %v", it.File, err)
	}
	it.Name, it.Desc = fm.Name, fm.Description
	sc := bufio.NewScanner(bytes.NewReader(body))
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			it.FirstLine = line
			break
		}
	}
	return it
}

// TurnText is the text of every message after the last assistant message
// in a request body: what the latest prompt put in front of the model,
// including what hooks added. Claude Code 2.1.332 sends a hook's
// additionalContext as a separate message with role "system" after the
// user's prompt ("UserPromptSubmit hook additional context: …"), and a
// /session command's output inside the user message.
func TurnText(body []byte) string {
	var req struct {
		Messages []json.RawMessage `json:"messages"`
	}
	if json.Unmarshal(body, &req) != nil {
		return ""
	}
	start := 0
	for i, raw := range req.Messages {
		var m struct {
			Role string `json:"role"`
		}
		if json.Unmarshal(raw, &m) == nil && m.Role == "assistant" {
			start = i + 1
		}
	}
	wrapped, _ := json.Marshal(map[string]any{"messages": req.Messages[start:]})
	return PromptText(wrapped)
}
