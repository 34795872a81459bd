package hooks

import (
	"fmt"
	"strings"

	"github.com/openloop/openloop/internal/textcut"
	"github.com/openloop/openloop/pkg/store"
)

// SessionStart runs when a session starts, resumes, is cleared, compacted
// or forked (payload "source": startup, resume, clear, compact, fork).
//
//   - With --assist, every source gives Claude the parking rule as
//     additionalContext, so a compaction never drops it.
//   - After a compaction Claude has forgotten what was parked: source
//     "compact" gives it this session's open items (compactItems), unless
//     the user turned that off (settings "compact_context": false).
//   - The seed's rule stands: no items at startup, resume or clear.
//
// It also records the project's open item names in the session's state,
// for the prompts that take one up (takeup.go). It never fails a start:
// a memory dir that cannot be read gives no items.
func SessionStart(cfg Config, ev Event) (*Output, error) {
	var ctx []string
	var told string // the user's line after a compaction
	if cfg.assisting(ev) {
		ctx = append(ctx, cfg.Rule())
	}
	if p, err := cfg.paths(ev); err == nil {
		s := store.Open(p.MemoryDir, cfg.Now)
		if items, err := s.List(); err == nil {
			var names []string
			for _, it := range items {
				if it.Damaged == nil {
					names = append(names, store.NameOfFile(it.File))
				}
			}
			editOpen(p.ConfigDir, ev.SessionID, func([]string) []string { return names })
			if ev.Raw.Get("source").String() == "compact" && cfg.eventSettings(ev, p.ConfigDir).CompactContext {
				if text, n := compactItems(s, items, ev.SessionID, cfg.slash()); text != "" {
					ctx = append(ctx, text)
					told = compactNotice(n, cfg.slash())
				}
			}
		}
	}
	if len(ctx) == 0 {
		return nil, nil
	}
	return &Output{SystemMessage: told, Specific: &Context{HookEventName: "SessionStart", AdditionalContext: strings.Join(ctx, "\n\n"), lines: true}}, nil
}

// compactNotice is the user's one line after a compaction that gave Claude
// n of this session's open items back (issue 26 §3): nobody else says
// that the parked items survived it.
func compactNotice(n int, slash string) string {
	items := "items"
	if n == 1 {
		items = "item"
	}
	return fmt.Sprintf("openloop: gave Claude back the %d open %s parked earlier in this session · %s resume lists them", n, items, slash)
}

// maxCompactLines bounds the items given after a compaction, heading
// included.
const maxCompactLines = 10

// maxCompactLine bounds one item's line, so that ten of them and the rule
// stay inside maxContext.
const maxCompactLine = 300

// compactItems is this session's open items for Claude after a
// compaction, maxCompactLines or fewer, and how many there are; "" when
// there are none. This
// session's are the items that record its id (their originSessionId: the
// hooks' parks and Claude's own under this session), never another
// session's, however recently that one parked. slash is the command the
// user has for the list (Config.Slash).
func compactItems(s *store.Store, items []store.Item, session, slash string) (string, int) {
	if session == "" {
		return "", 0
	}
	var lines []string
	for _, it := range items {
		if it.Damaged == nil && it.Session == session {
			lines = append(lines, textcut.Head(s.Line(it), maxCompactLine))
		}
	}
	total := len(lines)
	if total == 0 {
		return "", 0
	}
	if len(lines) > maxCompactLines-1 {
		n := len(lines) - (maxCompactLines - 2)
		lines = append(lines[:maxCompactLines-2], fmt.Sprintf("- … and %d more (%s resume lists them)", n, slash))
	}
	head := "openloop: parked earlier in this session and still open (" + slash + " resume lists them; " + slash + " archive <name> closes one once it is done):"
	return head + "\n" + strings.Join(lines, "\n"), total
}
