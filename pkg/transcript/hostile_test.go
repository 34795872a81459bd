package transcript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A line nested millions deep is skipped, not handed to gjson's recursive
// validator (a fatal stack overflow, which no recover catches and which
// exits 2); the lines around it still count.
func TestDeepLineIsSkipped(t *testing.T) {
	n := 8 << 20
	deep := `{"type":"assistant","message":{"id":"msg_d","role":"assistant","content":[{"type":"text","text":"deep"}],"x":` +
		strings.Repeat("[", n) + strings.Repeat("]", n) + `}}`
	p := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(p, []byte(lines(lUser, lA1, deep)), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTail(p, 64<<20)
	if err != nil || got.LastAssistant != "First part." || got.LastRequest != "Fix the login bug" {
		t.Errorf("ReadTail = %+v, %v", got, err)
	}
	s, err := ReadSession(p, 1<<20, 64<<20)
	if err != nil || s.LastAssistant != "First part." {
		t.Errorf("ReadSession = %+v, %v", s.Tail, err)
	}
}
