package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Block is one content block of a scripted reply: text, or a tool call
// when Tool is set (Input is the tool's JSON input).
type Block struct {
	Text  string
	Tool  string
	Input string
}

// Reply is one scripted assistant message: the answer to one main-loop
// request. A reply that ends with a tool call stops with "tool_use",
// otherwise with "end_turn".
type Reply []Block

// Say is a reply made of one text block.
func Say(text string) Reply { return Reply{{Text: text}} }

// Request is one request Claude Code sent to the fake API.
type Request struct {
	Path string
	Body []byte
	Main bool // a main-loop request (it carries a tools array)
}

// FakeAPI is a Messages API on loopback that answers main-loop requests
// from a script, in order, and everything else with a harmless short text.
type FakeAPI struct {
	t      testing.TB
	srv    *httptest.Server
	mu     sync.Mutex
	script []Reply
	next   int
	reqs   []Request
	msgSeq int
}

// sideReply answers requests that are not part of the conversation (title
// generation and the like) without consuming the script.
const sideReply = "ok"

// NewFakeAPI starts a fake API on 127.0.0.1 that serves script, one reply
// per main-loop request. It is closed when the test ends.
func NewFakeAPI(t testing.TB, script ...Reply) *FakeAPI {
	f := &FakeAPI{t: t, script: script}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(func() {
		f.srv.Close()
		counts := map[string]int{}
		for _, r := range f.Requests() {
			k := r.Path
			if r.Main {
				k += " (main)"
			}
			counts[k]++
		}
		t.Logf("fake API: requests %v, %d scripted replies unused", counts, f.Unused())
		// A reply never asked for means a prompt never reached the model
		// (a hook blocked or erased it).
		if n := f.Unused(); n > 0 && !t.Failed() {
			t.Errorf("fake API: %d scripted replies never asked for: a prompt did not reach the model", n)
		}
	})
	return f
}

// URL is the base URL to put in ANTHROPIC_BASE_URL.
func (f *FakeAPI) URL() string { return f.srv.URL }

// Requests returns a copy of every request received so far.
func (f *FakeAPI) Requests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request(nil), f.reqs...)
}

// Unused is how many scripted replies were never asked for.
func (f *FakeAPI) Unused() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.script) - f.next
}

// LastMain is the body of the last main-loop request, or nil.
func (f *FakeAPI) LastMain() []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := len(f.reqs) - 1; i >= 0; i-- {
		if f.reqs[i].Main {
			return f.reqs[i].Body
		}
	}
	return nil
}

func (f *FakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req struct {
		Stream bool              `json:"stream"`
		Model  string            `json:"model"`
		Tools  []json.RawMessage `json:"tools"`
	}
	_ = json.Unmarshal(body, &req)
	path := r.URL.Path
	main := path == "/v1/messages" && len(req.Tools) > 0
	f.mu.Lock()
	f.reqs = append(f.reqs, Request{Path: path, Body: body, Main: main})
	f.msgSeq++
	id := fmt.Sprintf("msg_e2e%04d", f.msgSeq)
	f.mu.Unlock()

	switch path {
	case "/v1/messages/count_tokens":
		writeJSON(w, map[string]any{"input_tokens": 100})
		return
	case "/v1/messages":
	default:
		f.t.Logf("fake API: unexpected %s %s", r.Method, path)
		http.NotFound(w, r)
		return
	}
	reply := Say(sideReply)
	if main {
		f.mu.Lock()
		if f.next < len(f.script) {
			reply = f.script[f.next]
			f.next++
		} else {
			f.t.Errorf("fake API: main-loop request %d has no scripted reply", f.next+1)
			reply = Say("(script exhausted)")
		}
		f.mu.Unlock()
	}
	model := req.Model
	if model == "" {
		model = "claude-e2e"
	}
	if !req.Stream {
		writeJSON(w, message(id, model, reply))
		return
	}
	stream(w, id, model, reply)
}

// message is a reply as one non-streamed Messages API object.
func message(id, model string, reply Reply) map[string]any {
	var content []any
	for i, b := range reply {
		if b.Tool != "" {
			content = append(content, map[string]any{"type": "tool_use", "id": toolID(id, i), "name": b.Tool, "input": json.RawMessage(b.Input)})
		} else {
			content = append(content, map[string]any{"type": "text", "text": b.Text})
		}
	}
	return map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": model,
		"content": content, "stop_reason": stopReason(reply), "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 100, "output_tokens": 10},
	}
}

func stopReason(reply Reply) string {
	if len(reply) > 0 && reply[len(reply)-1].Tool != "" {
		return "tool_use"
	}
	return "end_turn"
}

func toolID(msgID string, i int) string { return fmt.Sprintf("toolu_%s_%d", msgID, i) }

// stream writes reply as Server-Sent Events in the order Claude Code
// expects (real-claude.md): message_start, then per block
// content_block_start / content_block_delta / content_block_stop, then
// message_delta and message_stop.
func stream(w http.ResponseWriter, id, model string, reply Reply) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	event := func(typ string, data map[string]any) {
		data["type"] = typ
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, b)
	}
	event("message_start", map[string]any{"message": map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": model,
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 100, "output_tokens": 1},
	}})
	for i, b := range reply {
		if b.Tool != "" {
			event("content_block_start", map[string]any{"index": i, "content_block": map[string]any{
				"type": "tool_use", "id": toolID(id, i), "name": b.Tool, "input": map[string]any{}}})
			event("content_block_delta", map[string]any{"index": i, "delta": map[string]any{
				"type": "input_json_delta", "partial_json": b.Input}})
		} else {
			event("content_block_start", map[string]any{"index": i, "content_block": map[string]any{"type": "text", "text": ""}})
			event("content_block_delta", map[string]any{"index": i, "delta": map[string]any{"type": "text_delta", "text": b.Text}})
		}
		event("content_block_stop", map[string]any{"index": i})
	}
	event("message_delta", map[string]any{
		"delta": map[string]any{"stop_reason": stopReason(reply), "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": 10}})
	event("message_stop", map[string]any{})
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush()
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// PromptText is every piece of text in the messages of a request body
// (string contents, text blocks and tool results), joined by newlines:
// what reached the model, as the model reads it.
func PromptText(body []byte) string {
	var req struct {
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(body, &req) != nil {
		return ""
	}
	var sb strings.Builder
	for _, m := range req.Messages {
		var s string
		if json.Unmarshal(m.Content, &s) == nil {
			sb.WriteString(s + "\n")
			continue
		}
		var blocks []struct {
			Type    string          `json:"type"`
			Text    string          `json:"text"`
			Content json.RawMessage `json:"content"`
		}
		_ = json.Unmarshal(m.Content, &blocks)
		for _, b := range blocks {
			if b.Text != "" {
				sb.WriteString(b.Text + "\n")
			}
			if len(b.Content) > 0 {
				if json.Unmarshal(b.Content, &s) == nil {
					sb.WriteString(s + "\n")
				} else {
					var inner []struct {
						Text string `json:"text"`
					}
					_ = json.Unmarshal(b.Content, &inner)
					for _, x := range inner {
						sb.WriteString(x.Text + "\n")
					}
				}
			}
		}
	}
	return sb.String()
}
