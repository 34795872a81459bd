package hooks

import (
	"bufio"
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/openloop/openloop/internal/jsonguard"
)

// The streaming reader keeps what gjson would have read from the whole
// payload: each field the same, or a prefix cut on a character boundary.
func TestReadKeepsFields(t *testing.T) {
	long := strings.Repeat("é", maxPromptScan*3) // 2 bytes a rune: over the budget
	tests := []struct {
		name, in string
		want     map[string]string // field -> gjson Raw; "" for absent
	}{
		{"plain", `{"hook_event_name":"UserPromptSubmit","session_id":"s1","prompt":"hi","cwd":"/x"}`,
			map[string]string{"hook_event_name": `"UserPromptSubmit"`, "session_id": `"s1"`, "prompt": `"hi"`, "cwd": `"/x"`, "transcript_path": ""}},
		{"escaped key and value", `{"hook_event_name":"Stop","pr\u006fmpt":"a\"b\u00e9\n"}`,
			map[string]string{"prompt": `"a\"b\u00e9\n"`}},
		{"first of two", `{"hook_event_name":"Stop","prompt":"one","prompt":"two"}`,
			map[string]string{"prompt": `"one"`}},
		{"first is a container", `{"hook_event_name":"Stop","prompt":{"a":"b"},"prompt":"two"}`,
			map[string]string{"prompt": ""}},
		{"other types", `{"hook_event_name":7,"stop_hook_active":true,"prompt":null,"cwd":["x"],"session_id":{"a":1},"transcript_path":false}`,
			map[string]string{"hook_event_name": `7`, "stop_hook_active": `true`, "prompt": `null`, "cwd": "", "session_id": "", "transcript_path": `false`}},
		{"long number", `{"hook_event_name":"Stop","prompt_id":` + strings.Repeat("9", 100) + `}`,
			map[string]string{"prompt_id": ""}},
		{"unknown members skipped", `{"a":[1,{"b":[]},"c\\"],"hook_event_name":"Stop","z":{"prompt":"inner"}}`,
			map[string]string{"hook_event_name": `"Stop"`, "prompt": ""}},
		{"long prompt cut", `{"hook_event_name":"UserPromptSubmit","prompt":"` + long + `"}`,
			map[string]string{"prompt": `"` + long[:maxPromptScan*4] + `"`}},
		{"long path dropped, not cut", `{"hook_event_name":"Stop","cwd":"/` + strings.Repeat("a/", 9<<10) + `"}`,
			map[string]string{"cwd": ""}},
		{"surrogate pair not split", `{"hook_event_name":"UserPromptSubmit","prompt":"` + strings.Repeat("a", maxPromptScan*4-8) + `\ud83d\ude00"}`,
			map[string]string{"prompt": `"` + strings.Repeat("a", maxPromptScan*4-8) + `"`}},
	}
	for _, tt := range tests {
		ev, err := Parse([]byte(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for k, want := range tt.want {
			if got := ev.Raw.Get(k).Raw; got != want {
				t.Errorf("%s: %s = %.80q, want %.80q", tt.name, k, got, want)
			}
		}
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{``, errInvalid},
		{`   `, errInvalid},
		{`{"hook_event_name":"Stop"`, errInvalid},
		{`{"hook_event_name":"Stop"} x`, errInvalid},
		{`{"hook_event_name":"Stop",}`, errInvalid},
		{`{"hook_event_name":"St` + "\x01" + `op"}`, errInvalid},
		{`{"a":01,"hook_event_name":"Stop"}`, errInvalid},
		{`{"a":[1,],"hook_event_name":"Stop"}`, errInvalid},
		{`{"a":"\x"}`, errInvalid},
		{`{"a":tru}`, errInvalid},
		{`"Stop"`, errNotObj},
		{`[{"hook_event_name":"Stop"}]`, errNotObj},
		{`[1] [2]`, errInvalid},
		{`{"a":` + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + `}`, errDeep},
		{`{"a":` + strings.Repeat("[", MaxDepth-1) + strings.Repeat("]", MaxDepth-1) + `,"hook_event_name":"Stop"}`, nil},
		{strings.Repeat("[", MaxDepth+1), errDeep},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.in))
		if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("Parse(%.60q) = %v, want %v", tt.in, err, tt.want)
		}
	}
}

// endless is an io.Reader of a prompt that never ends, counting the bytes
// it gave.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	head := `{"hook_event_name":"UserPromptSubmit","prompt":"`
	for i := range p {
		if e.n < int64(len(head)) {
			p[i] = head[e.n]
		} else {
			p[i] = 'a'
		}
		e.n++
	}
	return len(p), nil
}

// The reader stops at MaxPayload, whatever arrives: the work is bounded by
// the bytes read, not by the input.
func TestReadStopsAtMaxPayload(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 64 MB")
	}
	var r endless
	_, err := Read(&r)
	if !errors.Is(err, errTooBig) || err.Error() != "not a hook event: payload is larger than 64 MB" {
		t.Fatalf("err = %v", err)
	}
	if r.n > MaxPayload+128<<10 {
		t.Errorf("read %d bytes, limit %d", r.n, MaxPayload)
	}
}

// FuzzRead checks the streaming reader against gjson on the whole input:
// the same inputs are refused, and each field it keeps is the one gjson
// reads, or a prefix of it cut within its budget.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`{"hook_event_name":"UserPromptSubmit","session_id":"s","prompt":"let's come back to it"}`,
		`{"hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"Done?","x":[{"y":null}]}`,
		`{"pr\u006fmpt":"\ud83d\ude00\"","prompt":"b","hook_event_name":-1.5e3}`,
		`[1,2]`, `"x"`, `{"a":[[[[]]]]}`, `{"a":}`, ` {} `, `{"a":"\u00"}`, `{"hook_event_name":"é\x00"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ev, err := Parse(b)
		deep := jsonguard.TooDeep(b, MaxDepth)
		valid := gjson.ValidBytes(b) // small inputs: its recursion is harmless here
		switch {
		case !valid:
			if !errors.Is(err, errInvalid) && !(deep && errors.Is(err, errDeep)) {
				t.Fatalf("invalid JSON: err = %v", err)
			}
			return
		case deep:
			if !errors.Is(err, errDeep) {
				t.Fatalf("too deep: err = %v", err)
			}
			return
		case !gjson.ParseBytes(b).IsObject():
			if !errors.Is(err, errNotObj) {
				t.Fatalf("not an object: err = %v", err)
			}
			return
		}
		name := gjson.GetBytes(b, "hook_event_name")
		if name.IsObject() || name.IsArray() {
			name = gjson.Result{} // dropped: a name that is a container is none
		}
		if name := name.String(); name == "" {
			if err == nil || !strings.Contains(err.Error(), "no hook_event_name") {
				t.Fatalf("no name: err = %v", err)
			}
			return
		} else if err != nil || ev.Name != name {
			t.Fatalf("Parse = %q, %v; want %q", ev.Name, err, name)
		}
		for k, f := range payloadFields {
			want, got := gjson.GetBytes(b, k), ev.Raw.Get(k)
			long := want.Type == gjson.String && len(want.Raw) > f.budget+2
			switch {
			case long && f.cut:
				if got.Type != gjson.String || !strings.HasPrefix(want.String(), got.String()) || len(got.Raw)-2 > f.budget || len(got.Raw)-2 < f.budget-12 {
					t.Fatalf("%s: kept %.80q of %.80q (budget %d)", k, got.Raw, want.Raw, f.budget)
				}
			case long || want.IsObject() || want.IsArray() || want.Type == gjson.Number && len(want.Raw) > maxNumberBytes:
				if got.Exists() {
					t.Fatalf("%s: kept %q", k, got.Raw)
				}
			default:
				if got.Raw != want.Raw || got.Type != want.Type {
					t.Fatalf("%s: kept %q, gjson reads %q", k, got.Raw, want.Raw)
				}
			}
		}
	})
}

// FuzzStringCut: a string kept to a budget decodes to a prefix of the
// whole string, and loses at most one character or escape pair.
func FuzzStringCut(f *testing.F) {
	f.Add([]byte(`abc\u00e9\ud83d\ude00é€😀\n`), 9)
	f.Add([]byte(`\ud83dx`), 6)
	f.Fuzz(func(t *testing.T, content []byte, budget int) {
		quoted := append(append([]byte{'"'}, content...), '"')
		if !gjson.ValidBytes(quoted) || bytes.IndexByte(content, '"') >= 0 && !bytes.Contains(content, []byte(`\"`)) {
			return
		}
		budget %= 64
		s := &payloadScanner{r: bufio.NewReader(bytes.NewReader(quoted[1:]))}
		raw, whole := s.str(budget)
		if s.err != nil {
			t.Fatalf("str: %v", s.err)
		}
		if whole != (len(content) <= budget && budget > 0) && !(len(content) == 0) {
			t.Fatalf("whole = %v for %d bytes, budget %d", whole, len(content), budget)
		}
		got := gjson.Parse(`"` + string(raw) + `"`).String()
		want := gjson.ParseBytes(quoted).String()
		if !strings.HasPrefix(want, got) || len(raw) > max(budget, 0) || !whole && len(raw) < budget-12 && len(raw) < len(content)-12 {
			t.Fatalf("kept %q (%q) of %q (%q), budget %d", raw, got, content, want, budget)
		}
	})
}
