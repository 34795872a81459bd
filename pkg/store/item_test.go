package store

import (
	"strings"
	"testing"
	"time"
)

func TestParseLayouts(t *testing.T) {
	tests := []struct {
		name, in                string
		wantName, wantDesc, typ string
		wantErr                 bool
	}{
		{"top-level type", "---\nname: retry-budget\ndescription: Deferred - x\ntype: project\n---\n\nbody\n", "retry-budget", "Deferred - x", "project", false},
		{"metadata layout with trailing space", "---\nname: outbox-flaky\ndescription: OutboxIT is flaky\nmetadata: \n  node_type: memory\n  type: project\n  originSessionId: 885ee114\n  modified: 2026-09-08T19:29:56.864Z\n---\nbody", "outbox-flaky", "OutboxIT is flaky", "project", false},
		{"extra keys and CRLF", "---\r\nname: a\r\ndescription: b\r\ntype: user\r\nextra: [1, 2]\r\n---\r\nbody\r\n", "a", "b", "user", false},
		{"hand-written by the seed, spaces in name", "---\nname: Retry budget for uploads\ndescription: Deferred - retries\ntype: project\n---\n\nDeferred: retries. Context: auth first.\n", "Retry budget for uploads", "Deferred - retries", "project", false},
		{"no closing newline", "---\nname: a\ndescription: b\n---", "a", "b", "", false},
		{"numbers as strings", "---\nname: 42\ndescription: true\n---\n", "42", "true", "", false},
		{"no frontmatter", "just text\n", "", "", "", true},
		{"unclosed", "---\nname: a\n", "", "", "", true},
		{"bad yaml", "---\nname: [a\n---\n", "", "", "", true},
		{"no name", "---\ndescription: b\n---\n", "", "b", "", true},
		{"name is a map", "---\nname: {a: b}\n---\n", "", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it, err := Parse([]byte(tt.in))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if it.Name != tt.wantName || it.Description != tt.wantDesc || it.Type != tt.typ {
				t.Errorf("got name=%q desc=%q type=%q, want %q %q %q", it.Name, it.Description, it.Type, tt.wantName, tt.wantDesc, tt.typ)
			}
		})
	}
}

// Frontmatter bombs are refused with a clear error, and the body is still
// recovered. (No clock here: the suite's timeout is what catches a parser
// that does not return; speed is for benchmarks.)
func TestParseBombIsRefused(t *testing.T) {
	level := func(name, of string) string {
		return name + ": &" + name + " [" + strings.TrimSuffix(strings.Repeat("*"+of+",", 9), ",") + "]\n"
	}
	laughs := "---\nname: &a [x,x,x,x,x,x,x,x,x]\n"
	for i, l := range "bcdefgh" {
		laughs += level(string(l), string("abcdefg"[i]))
	}
	laughs += "metadata: *h\n---\nbody\n"
	tests := []struct{ name, in, err string }{
		{"larger than the bound", "---\nname: x\ndescription: " + strings.Repeat("a", maxFrontmatter) + "\n---\nbody\n",
			"frontmatter is larger than 65536 bytes"},
		{"billion laughs", laughs, "frontmatter: document contains excessive aliasing"},
		{"nested past yaml's depth limit", "---\nname: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n---\nbody\n",
			"frontmatter: exceeded max depth of 10000"},
		{"nested name is no name", "---\nname: " + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + "\n---\nbody\n",
			"frontmatter has no name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it, err := Parse([]byte(tt.in))
			if err == nil || err.Error() != tt.err {
				t.Fatalf("err = %v, want %q", err, tt.err)
			}
			if it.Name != "" || it.Body != "body\n" {
				t.Errorf("recovered name %q body %q; want no name and the body", it.Name, it.Body)
			}
		})
	}
}

// TestRenderInjection: user text cannot add keys or end the frontmatter.
func TestRenderInjection(t *testing.T) {
	for _, desc := range []string{
		"x\ntype: user", "---\nname: evil", "a: b", `"quoted" 'single'`, "# comment", "&anchor *alias", "- list", "{flow: map}", "null", "",
	} {
		data, err := Render("n", desc, "body\n")
		if err != nil {
			t.Fatal(err)
		}
		it, err := Parse(data)
		if err != nil {
			t.Fatalf("%q: %v\n%s", desc, err, data)
		}
		if it.Name != "n" || it.Type != "project" || it.Description != oneLine(desc) || it.Body != "body\n" {
			t.Errorf("%q: round trip gave %+v\n%s", desc, it, data)
		}
	}
}

func TestEntryBody(t *testing.T) {
	tests := []struct {
		e    Entry
		want string
	}{
		{Entry{Kind: KindDeferred, Idea: "a retry budget for the upload client", Context: "we were fixing the auth bug first", Why: `the user said "let's come back to retries once auth works"`, HowTo: "ask whether to add the retry budget now that auth is fixed"},
			"Deferred: a retry budget for the upload client. Context: we were fixing the auth bug first.\n\n**Why:** the user said \"let's come back to retries once auth works\".\n**How to apply:** ask whether to add the retry budget now that auth is fixed.\n"},
		{Entry{Kind: KindQuestion, Idea: "token expiry status", Context: "should expired tokens return 401 or 403?"},
			"User raised: token expiry status. Pending: should expired tokens return 401 or 403?\n\n**Why:** Claude asked this and the user moved on to a new request before answering.\n**How to apply:** ask the user again: should expired tokens return 401 or 403?\n"},
		{Entry{Kind: KindSideIdea, Idea: "dark mode.", Context: "fixing the\nrefresh race", Why: "raised mid-task!"},
			"Side idea: dark mode. Raised while: fixing the refresh race.\n\n**Why:** raised mid-task!\n**How to apply:** ask whether to take this up now: dark mode.\n"},
		// Nothing known of the work under way: the clause is left out
		// (issue 29 §7), never "(none given)".
		{Entry{Kind: KindDeferred, Idea: "pdf export", Context: " \x1b "},
			"Deferred: pdf export.\n\n**Why:** the user put it off until later.\n**How to apply:** ask whether to take this up now: pdf export.\n"},
		{Entry{Kind: KindSideIdea, Idea: "dark mode"},
			"Side idea: dark mode.\n\n**Why:** it came up while the session was busy with something else.\n**How to apply:** ask whether to take this up now: dark mode.\n"},
	}
	for _, tt := range tests {
		if got := tt.e.Body(); got != tt.want {
			t.Errorf("Body() =\n%s\nwant\n%s", got, tt.want)
		}
	}
}

func TestIdeaRoundTrip(t *testing.T) {
	for _, k := range []Kind{KindQuestion, KindDeferred, KindSideIdea} {
		e := Entry{Kind: k, Idea: "cache the lookups. Context: tricky", Context: "ctx"}
		data, _ := Render("n", e.Description(), e.Body())
		it, _ := Parse(data)
		if got := it.Idea(); got != "cache the lookups. Context: tricky" {
			t.Errorf("%s: Idea() = %q", k, got)
		}
	}
	// Without a context, and for a file whose description says otherwise.
	for _, desc := range []string{"", "my own words"} {
		for _, k := range []Kind{KindDeferred, KindSideIdea} {
			e := Entry{Kind: k, Idea: "cache the lookups"}
			if desc == "" {
				desc = e.Description()
			}
			data, _ := Render("n", desc, e.Body())
			it, _ := Parse(data)
			if got := it.Idea(); got != "cache the lookups" {
				t.Errorf("%s without context, description %q: Idea() = %q", k, desc, got)
			}
		}
	}
}

func TestSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a retry budget for the upload client", "retry-budget-for-upload-client"},
		{"The Dark-Mode toggle!", "dark-mode-toggle"},
		{"don't cache 401s", "dont-cache-401s"},
		{"../../etc/passwd", "etc-passwd"},
		{"a/b\\c\x00d", "b-cd"}, // a control character is dropped, as where the item is stored
		{"日本語", "日本語"},
		{"", "item"},
		{"!!! ... ???", "item"},
		{"café au lait", "café-au-lait"},
		// Each language's words, as a person would expect them (issue 29).
		{"Zeitzonen-Unterstützung für Reminder", "zeitzonen-unterstützung-für-reminder"},
		{"añadir logging", "añadir-logging"},
		{"réécrire le cache", "réécrire-le-cache"},
		{"adicionar validação de e-mail", "adicionar-validação-de-e-mail"},
		{"aggiungere la cache più veloce", "aggiungere-la-cache-più-veloce"},
		{"支持多仓库", "支持多仓库"},
		{"多仓库的库存同步", "多仓库的库存同步"},
		{"кэширование заказов", "кэширование-заказов"},
		{"キャッシュの設計", "キャッシュの設計"},
		{"캐시 설계 검토", "캐시-설계-검토"},
		{"إضافة التخزين المؤقت", "إضافة-التخزين-المؤقت"},
		{"order stock reservation: A or B", "order-stock-reservation-a-or-b"},
		{"plan a vs b", "plan-a-vs-b"},
		// Composed and decomposed spellings are one name.
		{"Unterstu\u0308tzung", "unterstützung"},
		// A script without spaces is cut at a character, within the limit.
		{strings.Repeat("库", 40), strings.Repeat("库", MaxSlug/3)},
		{"\u202eevil\u202c txt", "evil-txt"},
		{strings.Repeat("word ", 40), "word-word-word-word-word-word-word-word-word-word"[:44]},
		{strings.Repeat("x", 300), strings.Repeat("x", MaxSlug)},
	}
	for _, tt := range tests {
		got := Slug(tt.in)
		if got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if len(got) > MaxSlug || strings.ContainsAny(got, "/\\\x00") || strings.Contains(got, "..") {
			t.Errorf("Slug(%q) = %q is not safe", tt.in, got)
		}
	}
}

func TestFileNames(t *testing.T) {
	day := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	if got := FileName("retry-budget-2", day); got != "session-open-retry-budget-2-2026-12-02.md" {
		t.Errorf("FileName = %q", got)
	}
	for in, want := range map[string]string{
		"session-open-retry-budget-2-2026-12-02.md": "retry-budget-2",
		"session-open-hand-written.md":              "hand-written",
	} {
		if got := NameOfFile(in); got != want {
			t.Errorf("NameOfFile(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]bool{
		"session-open-x.md": true, "session-open-.md": false, "../session-open-x.md": false, "notes.md": false, "session-open-x.md.bak": false,
	} {
		if got := IsItemFile(in); got != want {
			t.Errorf("IsItemFile(%q) = %v", in, got)
		}
	}
	for in, want := range map[string]string{"retry-budget-2": "retry-budget", "http2": "http2", "v-2-x": "v-2-x", "a-": "a-", "rfc-9110": "rfc"} {
		if got := baseName(in); got != want {
			t.Errorf("baseName(%q) = %q, want %q", in, got, want)
		}
	}
}

// Text with terminal controls or bidi overrides is parked without them:
// the file is read raw by Claude Code and by cat, and yaml.v3 would write
// such a description as a !!binary block.
func TestEntryDropsControls(t *testing.T) {
	e := Entry{Kind: KindDeferred, Idea: "evil \x1b]52;c;ZXZpbA==\x07 idea\u202e \x1b[2J", Context: "ctx\x1b[1A", Why: "w\x00hy"}
	b, err := Render("evil-idea", e.Description(), e.Body())
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"\x1b", "\x07", "\u202e", "\x00", "!!binary"} {
		if strings.Contains(string(b), bad) {
			t.Errorf("item holds %q:\n%s", bad, b)
		}
	}
	if !strings.Contains(string(b), "description: Deferred - evil ]52;c;ZXZpbA== idea [2J\n") {
		t.Errorf("description:\n%s", b)
	}
}
