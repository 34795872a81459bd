package hooks

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// bigDir holds the large transcripts the benchmarks share; TestMain
// removes it.
var (
	bigDir  string
	bigOnce sync.Once
	bigErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if bigDir != "" {
		os.RemoveAll(bigDir)
	}
	os.Exit(code)
}

// bigTranscript returns a transcript of about mb megabytes made of real
// line shapes, ending with Claude asking a question.
func bigTranscript(b *testing.B, mb int) string {
	bigOnce.Do(func() { bigDir, bigErr = os.MkdirTemp("", "openloop-bench-") })
	if bigErr != nil {
		b.Fatal(bigErr)
	}
	path := filepath.Join(bigDir, fmt.Sprintf("t%d.jsonl", mb))
	if _, err := os.Stat(path); err == nil {
		return path
	}
	user := `{"parentUuid":"a","isSidechain":false,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":"` + string(bytes.Repeat([]byte("ok "), 300)) + `"}]},"uuid":"b","timestamp":"2026-12-02T09:00:00.000Z"}` + "\n"
	asst := `{"parentUuid":"b","isSidechain":false,"type":"assistant","message":{"id":"msg_1","role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"go test ./..."}}]},"uuid":"c","timestamp":"2026-12-02T09:00:01.000Z"}` + "\n"
	chunk := bytes.Repeat([]byte(user+asst), 256)
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	for n := 0; n < mb<<20; n += len(chunk) {
		f.Write(chunk)
	}
	f.WriteString(`{"parentUuid":"c","isSidechain":false,"type":"assistant","message":{"id":"msg_2","role":"assistant","content":[{"type":"text","text":"Fixed. Should expired tokens return 401 or 403?"}]},"uuid":"d","timestamp":"2026-12-02T09:00:02.000Z"}` + "\n")
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

func benchPrompt(b *testing.B, transcriptPath, prompt string) {
	cfg, dir := testConfig(b)
	payload := []byte(fmt.Sprintf(`{"hook_event_name":"UserPromptSubmit","session_id":"bench","cwd":%q,"transcript_path":%q,"prompt":%q}`, dir, transcriptPath, prompt))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Handle(cfg, bytes.NewReader(payload)); err != nil {
			b.Fatal(err)
		}
	}
}

// The pair that matters: the same prompt with no transcript and with a
// 200 MB one. Their ns/op should match: only the tail is read.
func BenchmarkUserPromptSubmitNoTranscript(b *testing.B) {
	benchPrompt(b, "", "Now add request logging to the payments service")
}

func BenchmarkUserPromptSubmit1MBTranscript(b *testing.B) {
	benchPrompt(b, bigTranscript(b, 1), "Now add request logging to the payments service")
}

func BenchmarkUserPromptSubmit200MBTranscript(b *testing.B) {
	benchPrompt(b, bigTranscript(b, 200), "Now add request logging to the payments service")
}

func BenchmarkStop(b *testing.B) {
	cfg, dir := testConfig(b)
	payload := []byte(fmt.Sprintf(`{"hook_event_name":"Stop","session_id":"bench","cwd":%q,"last_assistant_message":"Fixed. Should expired tokens return 401 or 403?"}`, dir))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Handle(cfg, bytes.NewReader(payload)); err != nil {
			b.Fatal(err)
		}
	}
}
