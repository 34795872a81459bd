package detect

import "testing"

// The first prompt of each hook process pays for this once (the cue
// tables are static data, see cues_table.go).

func BenchmarkParseModel(b *testing.B) {
	for i := 0; i < b.N; i++ {
		ParseModel(modelFile)
	}
}
