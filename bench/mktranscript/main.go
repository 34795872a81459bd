// Command mktranscript writes a large Claude Code session transcript for
// the benchmarks: realistic JSONL lines (prompts, thinking, text, tool
// calls and their results, TodoWrite) repeated up to the asked size, then
// Claude's last message (with -question, one that asks the user something,
// which the hook parks when the next prompt moves on). One block of lines is built in memory and written again and
// again, so a gigabyte takes seconds. With -notasks the session uses no
// task tools, as on Claude Code 2.1.233+ with the current models: each
// request's TodoWrite call is an Edit of a file, and summary builds
// Completed from the requests.
//
//	go run ./bench/mktranscript -size 1G [-question] [-notasks] -o /tmp/big.jsonl
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
)

const session = "7b1d6c1e-3f7a-4c55-9e0b-2a8c4e9f1d20"

const head = `"parentUuid":"%s","isSidechain":false,"userType":"external","cwd":"/home/dev/src/acme-api","sessionId":"` + session + `","version":"2.1.240","gitBranch":"main","entrypoint":"cli"`

func uuid(n int) string {
	return fmt.Sprintf("%08x-a677-5340-85fb-%012x", n, n*7919)
}

// line returns the n-th line of the repeating block; with notasks, the
// TodoWrite call is an Edit and its result comes with the test run's.
func line(n int, notasks bool) string {
	parent, id, ts := uuid(n-1), uuid(n), fmt.Sprintf("2026-12-02T%02d:%02d:%02d.000Z", 8+n/3600%2, n/60%60, n%60)
	h := fmt.Sprintf(head, parent)
	out := strings.Repeat("ok  \\tgithub.com/acme/api/internal/auth\\t0.412s\\n--- PASS: TestRefresh (0.00s)\\n", 24)
	switch n % 6 {
	case 0:
		return `{` + h + `,"type":"user","message":{"role":"user","content":"The auth middleware drops requests when the token refreshes. Fix it and run the tests."},"uuid":"` + id + `","timestamp":"` + ts + `","promptSource":"typed","permissionMode":"default"}`
	case 1:
		return `{` + h + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_` + strconv.Itoa(n) + `","type":"message","role":"assistant","content":[{"type":"thinking","thinking":"The refresh path swaps the token while a request holds the old one; a mutex around the swap and a retry on 401 should close the race.","signature":"EqQBCkYIBxgCKkA..."}],"stop_reason":null,"usage":{"input_tokens":12,"output_tokens":40,"cache_read_input_tokens":9000}},"uuid":"` + id + `","timestamp":"` + ts + `","requestId":"req_` + strconv.Itoa(n) + `"}`
	case 2:
		return `{` + h + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_` + strconv.Itoa(n) + `","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_` + strconv.Itoa(n) + `","name":"Bash","input":{"command":"go test ./internal/auth/...","description":"Run the auth tests"}}],"stop_reason":"tool_use","usage":{"input_tokens":12,"output_tokens":40}},"uuid":"` + id + `","timestamp":"` + ts + `"}`
	case 3:
		return `{` + h + `,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_` + strconv.Itoa(n-1) + `","type":"tool_result","content":"` + out + `","is_error":false}]},"uuid":"` + id + `","timestamp":"` + ts + `","toolUseResult":{"stdout":"` + out + `","stderr":"","interrupted":false}}`
	case 4:
		if notasks {
			return `{` + h + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_` + strconv.Itoa(n) + `","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_` + strconv.Itoa(n) + `","name":"Edit","input":{"file_path":"/home/dev/src/acme-api/internal/auth/refresh.go","old_string":"m.token = t","new_string":"m.mu.Lock(); m.token = t; m.mu.Unlock()","replace_all":false}}],"stop_reason":"tool_use"},"uuid":"` + id + `","timestamp":"` + ts + `"}` + "\n" +
				`{` + h + `,"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_` + strconv.Itoa(n) + `","type":"tool_result","content":"The file /home/dev/src/acme-api/internal/auth/refresh.go has been updated."}]},"uuid":"` + id + `e","timestamp":"` + ts + `","toolUseResult":{"filePath":"/home/dev/src/acme-api/internal/auth/refresh.go","oldString":"m.token = t","newString":"m.mu.Lock(); m.token = t; m.mu.Unlock()","userModified":false,"replaceAll":false}}`
		}
		return `{` + h + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_` + strconv.Itoa(n) + `","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_` + strconv.Itoa(n) + `","name":"TodoWrite","input":{"todos":[{"content":"Fix the refresh race","status":"completed","activeForm":"Fixing the refresh race"},{"content":"Add a regression test","status":"in_progress","activeForm":"Adding a regression test"}]}}],"stop_reason":"tool_use"},"uuid":"` + id + `","timestamp":"` + ts + `"}`
	default:
		return `{` + h + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_` + strconv.Itoa(n) + `","type":"message","role":"assistant","content":[{"type":"text","text":"The refresh race is fixed: the middleware now holds the token lock while it swaps, and TestRefresh passes."}],"stop_reason":"end_turn"},"uuid":"` + id + `","timestamp":"` + ts + `"}`
	}
}

// tail is the end of the transcript: Claude's last message, which asks the
// user a question when question is set.
func tail(n int, question bool) string {
	h := fmt.Sprintf(head, uuid(n-1))
	last := "The refresh race is fixed and TestRefresh passes. I also added a regression test for tokens that expire mid-request."
	if question {
		last = "The refresh race is fixed and TestRefresh passes.\\n\\nOne thing before I go further: should expired refresh tokens return **401** or **403** to the client?"
	}
	return `{` + h + `,"type":"assistant","message":{"model":"claude-sonnet-5","id":"msg_last","type":"message","role":"assistant","content":[{"type":"text","text":"` + last + `"}],"stop_reason":"end_turn"},"uuid":"` + uuid(n) + `","timestamp":"2026-12-02T09:59:00.000Z"}` + "\n" +
		`{"type":"system","subtype":"stop_hook_summary","hookCount":1,"hookInfos":[{"command":"openloop hook"}],"hookErrors":[],"preventedContinuation":false,"stopReason":"","hasOutput":false,"level":"suggestion","timestamp":"2026-12-02T09:59:01.000Z","uuid":"` + uuid(n+1) + `"}` + "\n"
}

func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n * mult, err
}

func main() {
	size := flag.String("size", "1G", "approximate size: bytes, or a number with K, M or G")
	out := flag.String("o", "", "output file (required)")
	question := flag.Bool("question", false, "end with Claude asking the user a question")
	notasks := flag.Bool("notasks", false, "no task tools: an Edit where each request calls TodoWrite")
	flag.Parse()
	want, err := parseSize(*size)
	if err != nil || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: mktranscript [-size 1G] [-question] [-notasks] -o FILE")
		os.Exit(64)
	}
	var block strings.Builder
	n := 1
	for block.Len() < 1<<20 {
		block.WriteString(line(n, *notasks))
		block.WriteByte('\n')
		n++
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mktranscript:", err)
		os.Exit(1)
	}
	w := bufio.NewWriterSize(f, 4<<20)
	t := tail(n, *question)
	for written := int64(0); written+int64(block.Len()+len(t)) <= want || written == 0; written += int64(block.Len()) {
		w.WriteString(block.String())
	}
	w.WriteString(t)
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "mktranscript:", err)
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "mktranscript:", err)
		os.Exit(1)
	}
}
