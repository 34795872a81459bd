package main

import "github.com/openloop/openloop/pkg/detect"

// textbookIsCandidate is the condition [textbook]: the shipped model makes
// the README's skipped question (Claude asks whether expired refresh
// tokens return 401 or 403; the user types "Now add request logging to the
// payments service") a candidate. The model of 2026-12-02 scores it 0.235,
// under the question's candidate threshold (0.468): the scripts that need
// it skip until a model that hears it lands (issue 18).
func textbookIsCandidate() bool {
	a := detect.Assess(detect.Input{
		Assistant: "The refresh race is fixed and TestRefresh passes.\n\nOne thing before I go further: should expired refresh tokens return **401** or **403** to the client?",
		Prompt:    "Now add request logging to the payments service",
	})
	return len(a.Candidates) > 0
}
