// Package store keeps parked open-loop items: one Claude Code memory file
// per item, named session-open-<slug>-<YYYY-MM-DD>.md, in one memory
// directory. It parses and renders the files, lists them by age, parks new
// ones under the 10-item cap, expires old ones and archives them.
//
// The store owns every rule that keeps a user's memory clean: names never
// leave the directory, writes are atomic, the same idea is never parked
// twice, and two processes parking at once never pass the cap.
package store

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Kind is the kind of an open loop.
type Kind string

// The three kinds of the seed's parking rule.
const (
	KindQuestion Kind = "question"
	KindDeferred Kind = "deferred"
	KindSideIdea Kind = "side-idea"
)

// ParseKind accepts a kind name as typed on the command line.
func ParseKind(s string) (Kind, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "question", "q":
		return KindQuestion, nil
	case "deferred", "defer", "d":
		return KindDeferred, nil
	case "side-idea", "side", "sideidea", "side_idea", "s":
		return KindSideIdea, nil
	}
	if strings.TrimSpace(s) == "" {
		return "", errors.New("no kind given: --kind question, deferred or side-idea")
	}
	return "", fmt.Errorf("unknown kind %q (want question, deferred or side-idea)", s)
}

// Item is one parked file as read from disk.
type Item struct {
	File        string    // base name, session-open-….md
	Name        string    // frontmatter name, or File when damaged
	Description string    // frontmatter description
	Type        string    // frontmatter type or metadata.type
	Source      string    // frontmatter source ("assist", "review" …; "" for the hooks or a hand park)
	Session     string    // frontmatter originSessionId: the session that parked it ("" when unknown)
	Body        string    // everything after the frontmatter
	ModTime     time.Time // age is measured from this
	Damaged     error     // why the file could not be parsed, if it could not
}

// Idea is the text of the open loop: the part of the first body line after
// "Deferred: ", "Side idea: " or "User raised: " and before its ". Context:",
// ". Raised while:" or ". Pending:" clause; for other bodies, the
// description.
func (it Item) Idea() string {
	line, _, _ := strings.Cut(strings.TrimSpace(it.Body), "\n")
	for _, k := range kinds {
		if rest, ok := strings.CutPrefix(line, k.lead); ok {
			// openloop writes the idea into the description too; where they
			// agree, that settles where the idea ends even when the context
			// itself holds the clause (". Context: " typed by the user).
			if d, ok := strings.CutPrefix(it.Description, k.desc); ok && d != "" && (strings.HasPrefix(rest, d+k.clause) || rest == d+".") {
				return d
			}
			if i := strings.LastIndex(rest, k.clause); i >= 0 {
				return rest[:i]
			}
			// "Deferred: <idea>." without a context.
			return strings.TrimSuffix(rest, ".")
		}
	}
	return it.Description
}

// kindText is how each kind is written in a file.
type kindText struct {
	kind   Kind
	lead   string // first words of the body line
	clause string // the clause that follows the idea
	desc   string // description prefix
}

var kinds = []kindText{
	{KindQuestion, "User raised: ", ". Pending: ", "Unanswered question - "},
	{KindDeferred, "Deferred: ", ". Context: ", "Deferred - "},
	{KindSideIdea, "Side idea: ", ". Raised while: ", "Side idea - "},
}

func textOf(k Kind) kindText {
	for _, t := range kinds {
		if t.kind == k {
			return t
		}
	}
	return kinds[1]
}

// frontmatter is what openloop writes. Field order is the file's order.
type frontmatter struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Type        string `yaml:"type"`
	// Source says who parked the item when that is not the hooks or a
	// hand park: "assist" (Claude, under the assist tier's rule), "review"
	// (a candidate the user parked). Readers ignore it.
	Source string `yaml:"source,omitempty"`
	// Session is the Claude Code session that parked the item (the
	// hook's session_id, or $CLAUDE_CODE_SESSION_ID for a park Claude
	// runs), under Claude Code's own key for it: after a compaction that
	// session is given back its own items, and no other's.
	Session string `yaml:"originSessionId,omitempty"`
}

// maxFrontmatter bounds how much YAML is handed to the parser, so a
// frontmatter bomb costs nothing.
const maxFrontmatter = 64 << 10

// ErrNoFrontmatter marks a file that does not start with a "---" block.
var ErrNoFrontmatter = errors.New("no frontmatter")

// Parse reads a memory file. It accepts both Claude Code layouts (type at
// the top or under metadata:), extra keys, CRLF line ends and a missing
// closing newline. On error the returned Item still carries whatever was
// recovered.
func Parse(data []byte) (Item, error) {
	var it Item
	head, body, err := splitFrontmatter(data)
	it.Body = body
	if err != nil {
		return it, err
	}
	if len(head) > maxFrontmatter {
		return it, fmt.Errorf("frontmatter is larger than %d bytes", maxFrontmatter)
	}
	var raw struct {
		Name        any `yaml:"name"`
		Description any `yaml:"description"`
		Type        any `yaml:"type"`
		Source      any `yaml:"source"`
		Session     any `yaml:"originSessionId"`
		Metadata    any `yaml:"metadata"`
	}
	if err := yaml.Unmarshal([]byte(head), &raw); err != nil {
		return it, fmt.Errorf("frontmatter: %w", firstLine(err))
	}
	it.Name = scalar(raw.Name)
	it.Description = scalar(raw.Description)
	it.Type = scalar(raw.Type)
	it.Source = scalar(raw.Source)
	it.Session = scalar(raw.Session)
	if m, ok := raw.Metadata.(map[string]any); ok {
		if it.Type == "" {
			it.Type = scalar(m["type"])
		}
		if it.Session == "" {
			it.Session = scalar(m["originSessionId"]) // Claude Code's own layout
		}
	}
	if it.Name == "" {
		return it, errors.New("frontmatter has no name")
	}
	return it, nil
}

// splitFrontmatter cuts a file into its frontmatter (the YAML between the
// "---" lines) and its body, a BOM and CRLF line ends dropped. A file that
// does not start with "---" is all body (ErrNoFrontmatter).
func splitFrontmatter(data []byte) (head, body string, err error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	if !strings.HasPrefix(s, "---\n") {
		return "", s, ErrNoFrontmatter
	}
	rest := s[len("---\n"):]
	switch {
	case strings.HasPrefix(rest, "---\n") || rest == "---":
		head, rest = "", strings.TrimPrefix(strings.TrimPrefix(rest, "---"), "\n")
	default:
		i := strings.Index(rest, "\n---\n")
		if i < 0 {
			if strings.HasSuffix(rest, "\n---") {
				i = len(rest) - len("\n---")
			} else {
				return "", "", errors.New("frontmatter is not closed")
			}
		}
		head = rest[:i]
		rest = rest[min(len(rest), i+len("\n---\n")):]
	}
	return head, strings.TrimPrefix(rest, "\n"), nil
}

// scalar turns a YAML value into one line of text; maps and lists give "".
func scalar(v any) string {
	switch v := v.(type) {
	case nil, map[string]any, []any:
		return ""
	case string:
		return oneLine(v)
	default:
		return oneLine(fmt.Sprint(v))
	}
}

func firstLine(err error) error {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return errors.New(strings.TrimPrefix(msg, "yaml: "))
}

// oneLine folds all whitespace runs, newlines included, into single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// storedLine is oneLine for text openloop writes into an item: control
// and format characters (ESC sequences, bidi overrides) are dropped, since
// an item is read by Claude Code and by cat, not only through openloop's
// escaping, and yaml.v3 would write such a description as a !!binary
// block. What a hand-written item already holds is read as it is and
// escaped when shown (Line).
func storedLine(s string) string {
	return oneLine(canon(s))
}

// Render writes a memory file: frontmatter through yaml.v3, never by string
// concatenation, so quotes, colons, "---" or newlines in user text cannot
// change its keys; then the body.
func Render(name, description string, body string) ([]byte, error) {
	return render(name, description, body, "", "")
}

// render is Render with the optional source and originSessionId keys.
func render(name, description, body, source, session string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("---\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(frontmatter{Name: name, Description: storedLine(description), Type: "project", Source: source, Session: session}); err != nil {
		return nil, fmt.Errorf("render frontmatter: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("render frontmatter: %w", err)
	}
	b.WriteString("---\n\n")
	b.WriteString(body)
	return b.Bytes(), nil
}

// Entry is an open loop to park.
type Entry struct {
	Name    string // optional short slug; made from Idea when empty
	Kind    Kind
	Idea    string // the thing itself, a short phrase
	Context string // deferred: why; side idea: what we were doing; question: the question asked
	Why     string // optional: why it was parked
	HowTo   string // optional: what to do when revisiting
	Source  string // optional: the frontmatter's source key (see frontmatter)
	Session string // optional: the session that parks it (frontmatter originSessionId)
}

// Body renders the item text of design.md §2:
//
//	Deferred: <idea>. Context: <why>.
//
// (or "Deferred: <idea>." when the context is not known)
//
//	**Why:** <why>
//	**How to apply:** <how>
func (e Entry) Body() string {
	t := textOf(e.Kind)
	idea := strings.TrimRight(storedLine(e.Idea), ".")
	var b strings.Builder
	if e.Kind != KindQuestion && strings.TrimSpace(storedLine(e.Context)) == "" {
		// Nothing is known of what was under way: the clause is left out
		// rather than reading "(none given)".
		b.WriteString(t.lead + idea + ".\n\n")
	} else {
		b.WriteString(t.lead + idea + t.clause + sentence(e.Context) + "\n\n")
	}
	b.WriteString("**Why:** " + sentence(orDefault(e.Why, e.defaultWhy())) + "\n")
	b.WriteString("**How to apply:** " + sentence(orDefault(e.HowTo, e.defaultHow(idea))) + "\n")
	return b.String()
}

// Description is the one-line frontmatter summary: "Deferred - <idea>".
func (e Entry) Description() string {
	return textOf(e.Kind).desc + strings.TrimRight(storedLine(e.Idea), ".")
}

func (e Entry) defaultWhy() string {
	switch e.Kind {
	case KindQuestion:
		return "Claude asked this and the user moved on to a new request before answering"
	case KindSideIdea:
		return "it came up while the session was busy with something else"
	}
	return "the user put it off until later"
}

func (e Entry) defaultHow(idea string) string {
	switch e.Kind {
	case KindQuestion:
		return "ask the user again: " + storedLine(e.Context)
	}
	return "ask whether to take this up now: " + idea
}

func orDefault(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// sentence is s on one line, ending with a full stop unless it already ends
// with one of . ? ! or a closing quote after one.
func sentence(s string) string {
	s = storedLine(s)
	if s == "" {
		return "(none given)."
	}
	t := strings.TrimRight(s, `"')]*`+"`”’")
	if strings.HasSuffix(t, ".") || strings.HasSuffix(t, "?") || strings.HasSuffix(t, "!") || strings.HasSuffix(t, "…") {
		return s
	}
	return s + "."
}
