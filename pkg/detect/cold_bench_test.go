package detect

import "testing"

// The first prompt of each hook process pays for these once.
func BenchmarkBuildCueIndex(b *testing.B) {
	for i := 0; i < b.N; i++ {
		buildCueIndex()
	}
}

func BenchmarkParseModel(b *testing.B) {
	for i := 0; i < b.N; i++ {
		ParseModel(modelFile)
	}
}
