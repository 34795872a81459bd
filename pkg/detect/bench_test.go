package detect

import (
	"strings"
	"testing"
)

// The hook runs the model once per prompt. These measure that cost, warm
// (the model file's header and the cue index are read on first use).
var benchInputs = []Input{
	{Prompt: "skip the benchmarks for now, just finish the API docs", Assistant: "Done. Should expired tokens return 401 or 403?"},
	{Prompt: "Now add request logging to the payments service"},
	{Prompt: strings.Repeat("please refactor the upload client so retries are bounded and logged. ", 9)},
}

func BenchmarkPrompt(b *testing.B) {
	Prompt(benchInputs[0]) // warm
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Prompt(benchInputs[i%len(benchInputs)])
	}
}

// BenchmarkPromptLong is a prompt at the feature bound (4,000 bytes typed)
// with a long message from Claude.
func BenchmarkPromptLong(b *testing.B) {
	in := Input{Prompt: strings.Repeat("we should look at the cache later, and fix the flaky test now. ", 70),
		Assistant: strings.Repeat("I changed the handler. ", 100) + "Which approach do you prefer, A or B?"}
	Prompt(in)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Prompt(in)
	}
}
