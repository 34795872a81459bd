package hooks

import "github.com/openloop/openloop/pkg/candidates"

// nudge is what Claude is told about a candidate: nothing unless the hook
// runs with --assist.
func (cfg Config) nudge(c candidates.Candidate) *Output {
	return nil
}
