package hooks

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/openloop/openloop/pkg/project"
	"github.com/openloop/openloop/pkg/store"
)

// A later prompt that takes up a parked item ("ok, now the retry budget")
// is told in one systemMessage line with the command that archives it.
// openloop never closes an item on its own: whether the work is done is
// the user's call.
//
// The names to look for are the session state's Open list (SessionStart
// lists the project's open items; the hook's parks add theirs), so a
// prompt with no loop reads nothing more than the state it already read.
// Only a match opens the memory dir, to check that the item is still open.
// Each item is mentioned once a session: it then leaves the list.

// takeUp returns the notice for the first open item the prompt takes up.
func takeUp(cfg Config, ev Event, prompt string, open []string) *Output {
	if len(open) == 0 {
		return nil
	}
	name, ok := takenUp(prompt, open)
	if !ok || !cfg.mentionOnce(ev, name) {
		return nil
	}
	return &Output{SystemMessage: fmt.Sprintf("openloop: this takes up the parked %q · %s archive %s closes it once it is done", name, cfg.slash(), name)}
}

// mentionOnce takes name out of the session's open names, so that it is
// mentioned once a session, and reports whether the item is still open
// (only a match opens the memory dir).
func (cfg Config) mentionOnce(ev Event, name string) bool {
	p, err := cfg.paths(ev)
	if err != nil {
		return false
	}
	editOpen(p.ConfigDir, ev.SessionID, func(open []string) []string {
		return slices.DeleteFunc(open, func(n string) bool { return n == name })
	})
	items, err := store.Open(p.MemoryDir, cfg.Now).List()
	return err == nil && slices.ContainsFunc(items, func(it store.Item) bool { return store.NameOfFile(it.File) == name })
}

// takenUp finds the first name whose words the prompt names: two content
// words of the name, adjacent in the name, adjacent in the prompt ("retry
// budget" for retry-budget-for-uploads); a name of one content word (four
// characters or more) in a short prompt of ten words or fewer ("ok, i18n
// now"). Words that say nothing of the thing (articles, "add", "fix" …)
// and numbers do not count.
func takenUp(prompt string, names []string) (string, bool) {
	words := contentWords(tokens(prompt))
	if len(words) == 0 {
		return "", false
	}
	short := len(tokens(prompt)) <= 10
	for _, name := range names {
		nw := contentWords(strings.Split(strings.ToLower(name), "-"))
		switch {
		case len(nw) == 1:
			if short && len(nw[0]) >= 4 && slices.Contains(words, nw[0]) {
				return name, true
			}
		case len(nw) >= 2:
			for i := 0; i+1 < len(nw); i++ {
				for j := 0; j+1 < len(words); j++ {
					if words[j] == nw[i] && words[j+1] == nw[i+1] {
						return name, true
					}
				}
			}
		}
	}
	return "", false
}

// tokens is text lower-cased and split at anything but letters and digits.
func tokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// contentWords drops the words that name nothing, and numbers.
func contentWords(ws []string) []string {
	var out []string
	for _, w := range ws {
		if w == "" || noise[w] || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0 {
			continue
		}
		out = append(out, w)
	}
	return out
}

var noise = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "for": true, "to": true, "of": true,
	"in": true, "on": true, "at": true, "by": true, "with": true, "from": true, "into": true, "it": true,
	"this": true, "that": true, "we": true, "our": true, "my": true, "is": true, "be": true, "s": true,
	"add": true, "fix": true, "make": true, "use": true, "do": true, "support": true, "implement": true,
	"update": true, "create": true, "write": true, "new": true, "some": true, "more": true, "also": true,
	"ok": true, "okay": true, "now": true, "next": true, "then": true, "let": true, "lets": true,
}

// remember adds what this event parked to the session's open names.
func (pk *parked) remember(cfg Config, ev Event) {
	if pk == nil || len(pk.names) == 0 || ev.SessionID == "" {
		return
	}
	if cfgDir, err := project.ConfigDir(cfg.Getenv); err == nil {
		editOpen(cfgDir, ev.SessionID, func(open []string) []string {
			for _, n := range pk.names {
				if !slices.Contains(open, n) {
					open = append(open, n)
				}
			}
			return open
		})
	}
}

// NoteParked adds an item parked outside the hooks (`openloop park`, as
// Claude runs it under the assist rule, in a session that names itself in
// $CLAUDE_CODE_SESSION_ID) to that session's open names, so that a later
// prompt taking it up is told. Best effort.
func NoteParked(configDir, sessionID, name string) {
	editOpen(configDir, sessionID, func(open []string) []string {
		if slices.Contains(open, name) {
			return open
		}
		return append(open, name)
	})
}
