package hooks

import "strings"

// SessionStart runs when a session starts, resumes, is cleared or
// compacted (payload "source": startup, resume, clear, compact; fork too).
// With --assist, every source gives Claude the parking rule as
// additionalContext, so a compaction never drops it. The seed's rule
// stands: no items are shown at startup.
func SessionStart(cfg Config, ev Event) (*Output, error) {
	var ctx []string
	if cfg.Assist {
		ctx = append(ctx, cfg.Rule())
	}
	if len(ctx) == 0 {
		return nil, nil
	}
	return &Output{Specific: &Context{HookEventName: "SessionStart", AdditionalContext: strings.Join(ctx, "\n\n"), lines: true}}, nil
}
