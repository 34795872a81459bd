package e2e

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// checkQuiet fails the test when a hook of openloop's failed or blocked in
// any session of the project: Claude Code records that in the transcript
// (attachments hook_non_blocking_error / hook_blocking_error, and
// stop_hook_summary.hookErrors) and prints SessionEnd failures on stderr.
// openloop's hooks must be quiet: exit 0, never block.
func (p *Project) checkQuiet() {
	p.scanTranscripts(true)
}

// Notices are the hook systemMessages Claude Code showed the user in every
// session of the project (hook_system_message attachments; in a terminal
// they read "UserPromptSubmit says: …").
func (p *Project) Notices() []string {
	p.scanTranscripts(false)
	return p.notices
}

func (p *Project) scanTranscripts(report bool) {
	p.notices = nil
	for _, s := range p.stderrs {
		if report && (strings.Contains(s, p.Bin) || strings.Contains(s, "openloop")) {
			p.t.Errorf("claude reported a hook problem on stderr:\n%s", s)
		}
	}
	// A transcript that cannot be opened holds nothing to report.
	_ = p.forEachTranscriptLine(func(file string, line []byte) {
		if strings.Contains(string(line), "hook") {
			p.checkLine(file, line, report)
		}
	})
}

// forEachTranscriptLine calls fn with every line (newline included) of
// every transcript under HOME ($HOME/.claude/projects/*/*.jsonl), file
// being the transcript's base name. Lines can be megabytes long. It
// returns the first error opening a transcript, after reading all the
// others.
func (p *Project) forEachTranscriptLine(fn func(file string, line []byte)) error {
	var first error
	files, _ := filepath.Glob(filepath.Join(p.Home, ".claude", "projects", "*", "*.jsonl"))
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		r := bufio.NewReaderSize(fh, 1<<20)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				fn(filepath.Base(f), line)
			}
			if err != nil {
				break
			}
		}
		fh.Close()
	}
	return first
}

func (p *Project) checkLine(file string, line []byte, report bool) {
	var l struct {
		Type       string   `json:"type"`
		Subtype    string   `json:"subtype"`
		HookErrors []string `json:"hookErrors"`
		Attachment struct {
			Type    string `json:"type"`
			Command string `json:"command"`
			Stderr  string `json:"stderr"`
			Content string `json:"content"`
		} `json:"attachment"`
	}
	if json.Unmarshal(line, &l) != nil {
		return
	}
	if l.Type == "attachment" && l.Attachment.Type == "hook_system_message" {
		p.notices = append(p.notices, l.Attachment.Content)
	}
	switch {
	case !report:
	case l.Type == "system" && l.Subtype == "stop_hook_summary" && len(l.HookErrors) > 0:
		p.t.Errorf("%s: Stop hook errors: %q", file, l.HookErrors)
	case l.Type == "attachment" && strings.HasPrefix(l.Attachment.Type, "hook_") && strings.Contains(l.Attachment.Type, "error"):
		p.t.Errorf("%s: %s from %s: %s", file, l.Attachment.Type, l.Attachment.Command, l.Attachment.Stderr)
	}
}
