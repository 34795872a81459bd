package detect

import (
	"strings"
	"testing"
)

func BenchmarkPrompt(b *testing.B) {
	in := Input{
		Prompt:    "thanks. side note, the public API could use per-token rate limiting at some point. can you look at the failing lint job?",
		Assistant: "Fixed the off-by-one in the pagination cursor; the integration test now covers the last page. Want me to add a test for the empty page too?",
		Task:      "fix pagination",
	}
	b.ReportAllocs()
	for b.Loop() {
		Prompt(in)
	}
}

// BenchmarkPromptOrdinary is the common case: a request, nothing to park.
func BenchmarkPromptOrdinary(b *testing.B) {
	in := Input{
		Prompt:    "the dropdown closes when I click inside it, it should stay open. can you fix that and add a test?",
		Assistant: "I updated the loader and the tests pass.",
	}
	b.ReportAllocs()
	for b.Loop() {
		Prompt(in)
	}
}

func BenchmarkPromptHuge(b *testing.B) {
	line := "2026-01-02 10:00:01 INFO request served in 12ms, we will come back to it later maybe\n"
	prose := "Please read this carefully and then tell me what you think about the design overall. "
	var sb strings.Builder
	for sb.Len() < 1<<20 {
		sb.WriteString(line)
		sb.WriteString(prose)
		sb.WriteString("\n")
	}
	in := Input{Prompt: sb.String(), Assistant: "Want me to add a test for the empty page too?"}
	b.SetBytes(int64(len(in.Prompt)))
	b.ReportAllocs()
	for b.Loop() {
		Prompt(in)
	}
}

func BenchmarkTypedHuge(b *testing.B) {
	p := strings.Repeat("some typed prose about the parser and the cache layer\n", 1<<20/54)
	b.SetBytes(int64(len(p)))
	for b.Loop() {
		Typed(p)
	}
}
