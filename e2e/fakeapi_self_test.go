package e2e

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

func post(t *testing.T, url, body string) string {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// events is the list of "event: X" names of an SSE body, and checks that
// each data line is JSON whose type matches its event.
func events(t *testing.T, body string) []string {
	t.Helper()
	var names []string
	sc := bufio.NewScanner(strings.NewReader(body))
	var name string
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "event: "); ok {
			name = v
			names = append(names, v)
		}
		if v, ok := strings.CutPrefix(line, "data: "); ok {
			var d struct {
				Type string `json:"type"`
			}
			if err := json.Unmarshal([]byte(v), &d); err != nil || d.Type != name {
				t.Errorf("data for %s: type %q (%v): %s", name, d.Type, err, v)
			}
		}
	}
	return names
}

// The fake API itself: SSE order, tool calls, count_tokens, side requests
// that leave the script alone, and the record of what was sent. Runs in
// every `go test ./...`, without Claude Code.
func TestFakeAPI(t *testing.T) {
	f := NewFakeAPI(t, Say("first"), Reply{{Text: "let me look"}, {Tool: "Bash", Input: `{"command":"ls"}`}})
	main := `{"stream":true,"model":"m","tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"hello"}]}`

	if got := post(t, f.URL()+"/v1/messages/count_tokens", `{}`); !strings.Contains(got, `"input_tokens":100`) {
		t.Errorf("count_tokens: %s", got)
	}
	side := post(t, f.URL()+"/v1/messages", `{"stream":true,"messages":[{"role":"user","content":"title?"}]}`)
	if !strings.Contains(side, `"text":"`+sideReply+`"`) {
		t.Errorf("side request got %s", side)
	}

	first := post(t, f.URL()+"/v1/messages", main)
	want := "message_start content_block_start content_block_delta content_block_stop message_delta message_stop"
	if got := strings.Join(events(t, first), " "); got != want {
		t.Errorf("text reply events:\n got %s\nwant %s", got, want)
	}
	if !strings.Contains(first, `"text":"first"`) || !strings.Contains(first, `"stop_reason":"end_turn"`) {
		t.Errorf("text reply: %s", first)
	}

	second := post(t, f.URL()+"/v1/messages", main)
	want = "message_start content_block_start content_block_delta content_block_stop content_block_start content_block_delta content_block_stop message_delta message_stop"
	if got := strings.Join(events(t, second), " "); got != want {
		t.Errorf("tool reply events:\n got %s\nwant %s", got, want)
	}
	for _, w := range []string{`"type":"tool_use"`, `"name":"Bash"`, `"partial_json":"{\"command\":\"ls\"}"`, `"stop_reason":"tool_use"`, `"index":1`} {
		if !strings.Contains(second, w) {
			t.Errorf("tool reply lacks %s: %s", w, second)
		}
	}

	if f.Unused() != 0 {
		t.Errorf("%d scripted replies unused", f.Unused())
	}
	reqs := f.Requests()
	if len(reqs) != 4 || reqs[0].Path != "/v1/messages/count_tokens" || reqs[1].Main || !reqs[2].Main {
		t.Errorf("recorded %+v", reqs)
	}
	if got := TurnText(f.LastMain()); got != "hello\n" {
		t.Errorf("TurnText = %q", got)
	}
}
