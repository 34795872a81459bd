package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"time"
)

// The transcript is written as Claude Code 2.1.332 writes one
// (claude-code.md §4, shared/fixtures/real-2.1.332/transcript.jsonl): a
// user line for each prompt, after its UserPromptSubmit hook has run, and
// an assistant line for each reply, before Stop. Only the lines the hooks
// read are written; the many others Claude Code adds are not.

const ccVersion = "2.1.332"

// envelope is the fields every message line carries.
func (st *State) envelope(kind string) map[string]any {
	var parent any
	if st.LastUUID != "" {
		parent = st.LastUUID
	}
	return map[string]any{
		"parentUuid": parent, "isSidechain": false, "type": kind, "uuid": newUUID(),
		"timestamp": time.Now().UTC().Format("2006-01-02T15:04:05.000Z"), "userType": "external",
		"entrypoint": "cli", "cwd": st.Project, "sessionId": st.SessionID, "version": ccVersion, "gitBranch": "master",
	}
}

func appendUser(st *State, text, promptID string) error {
	line := st.envelope("user")
	line["promptId"] = promptID
	line["message"] = map[string]any{"role": "user", "content": text}
	line["permissionMode"] = "default"
	line["promptSource"] = "typed"
	line["origin"] = map[string]any{"kind": "human"}
	return st.appendLine(line)
}

func appendAssistant(st *State, text string) error {
	line := st.envelope("assistant")
	line["requestId"] = "req_" + newUUID()[:8]
	line["message"] = map[string]any{
		"model": "claude-sonnet-5", "id": "msg_" + newUUID()[:20], "type": "message", "role": "assistant",
		"content":     []any{map[string]any{"type": "text", "text": text}},
		"stop_reason": "end_turn", "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 0, "output_tokens": 0, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},
	}
	return st.appendLine(line)
}

func (st *State) appendLine(line map[string]any) error {
	b, err := json.Marshal(line)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(st.Transcript), 0o700); err != nil {
		return err
	}
	if err := appendFile(st.Transcript, append(b, '\n')); err != nil {
		return err
	}
	st.LastUUID = line["uuid"].(string)
	return st.save()
}
