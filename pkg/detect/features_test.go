package detect

import (
	"slices"
	"strings"
	"testing"
)

func TestTokens(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Let's punt on i18n!", []string{"let's", "punt", "on", "i18n"}},
		{"skip the *benchmarks*, ok?", []string{"skip", "the", "benchmarks", "ok"}},
		{"先不考虑", []string{"先", "先不", "不", "不考", "考", "考虑", "虑"}},
		{"por ahora NO", []string{"por", "ahora", "no"}},
		{"나중에 하자", []string{"나중에", "하자"}},
		{"it's 'quoted'", []string{"it's", "quoted"}},
	} {
		if got := tokens(c.in); !slices.Equal(got, c.want) {
			t.Errorf("tokens(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCueGroups(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"let's come back to that later", []string{"later", "revisit"}},
		{"skip the benchmarks for now", []string{"for-now", "skip", "now"}},
		{"btw it would be nice to have dark mode", []string{"side"}},
		{"先不考虑这个，后续再说", []string{"later", "for-now", "skip"}},
		// One concept, each corpus language: an English example teaches
		// the weight the Korean phrase gets.
		{"the export can wait", []string{"can-wait"}},
		{"导出优先级不高", []string{"can-wait"}},
		{"la exportación puede esperar", []string{"can-wait"}},
		{"내보내기는 급하지 않아", []string{"can-wait"}},
		{"エクスポートは急がない", []string{"can-wait"}},
		{"l'export peut attendre", []string{"can-wait"}},
		{"экспорт может подождать", []string{"can-wait"}},
		{"a exportação pode esperar", []string{"can-wait", "yes"}}, // "pode" also says go ahead
		{"that's out of scope", []string{"out-of-scope"}},
		{"put it in the next sprint", []string{"next-phase"}},
		{"remind me about the cache", []string{"remind"}},
		{"por ahora no", []string{"for-now", "no", "now"}},
		{"the latter part", nil},     // whole words: "latter" is not "later"
		{"translate this file", nil}, // nor is "translate"
		{"add it to the backlog", []string{"file-it"}},
	} {
		if got := cueGroups(c.in); !slices.Equal(got, c.want) {
			t.Errorf("cueGroups(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestClauses(t *testing.T) {
	got := clauses("Drop the script for now. Just finish the docs!\nthen commit; done。好的")
	want := []string{"Drop the script for now", "Just finish the docs", "then commit", "done", "好的"}
	if !slices.Equal(got, want) {
		t.Errorf("clauses = %q, want %q", got, want)
	}
	if got := clauses("see v1.2 and this."); len(got) != 1 {
		t.Errorf("a dot inside a word split the clause: %q", got)
	}
}

// The features a user's own words give: each template shows up, and a
// clause with no loop cue gives no clause features.
func TestFeatureTemplates(t *testing.T) {
	names := Features(Input{Prompt: "ok. skip the benchmarks for now", Assistant: "Should expired tokens return 401 or 403?"})
	for _, want := range []string{"w:benchmarks", "b:the_benchmarks", "c:ben", "con:for-now", "con:skip", "sg:for-now",
		"s:skip", "sn:skip>the", "sn:for-now<benchmarks", "sn:for-now>$", "f:len=4-6", "f:first=ok", "a:asks", "q:403",
		"qb:401_or", "x:asks&f:first=ok"} {
		if !slices.Contains(names, want) {
			t.Errorf("feature %q missing from %q", want, names)
		}
	}
	for _, n := range names {
		if strings.HasPrefix(n, "s:ok") {
			t.Errorf("the clause %q holds no loop cue but gave %q", "ok", n)
		}
	}
	if Features(Input{Prompt: "/session resume"}) != nil {
		t.Error("a slash command has features")
	}
}

func TestPromptForm(t *testing.T) {
	opts := Input{Assistant: "Pick one:\n1. Postgres\n2. SQLite\n\nWhich database?", Prompt: "2 please"}
	names := Features(opts)
	for _, want := range []string{"f:option-ref", "f:first-is-number", "a:numbered", "f:len=2"} {
		if !slices.Contains(names, want) {
			t.Errorf("feature %q missing from %q", want, names)
		}
	}
	auq := Features(Input{AskQuestion: "Which database?", AskOptions: []string{"Postgres", "SQLite"}, Prompt: "use sqlite for the tests"})
	for _, want := range []string{"a:ask-user-question", "f:option-ref", "a:asks"} {
		if !slices.Contains(auq, want) {
			t.Errorf("feature %q missing from %q", want, auq)
		}
	}
}

func TestPendingQuestion(t *testing.T) {
	for _, c := range []struct {
		msg, want string
		ok        bool
	}{
		{"Done. Should expired tokens return 401 or 403?", "Should expired tokens return 401 or 403?", true},
		{"Which one?\n\n1. A\n2. B", "Which one?", true},
		{"I fixed it. Tests pass.", "", false},
		{"```\nwhat?\n```\nAll good.", "", false},
		{"两种方案：\n方案A\n方案B\n你选哪个？", "你选哪个？", true},
		{"**Do you want me to commit?**", "Do you want me to commit?", true},
		{"line one?\n" + strings.Repeat("more prose\n", questionWindow), "", false},
		// The end of a long message, kept from inside a code block: the
		// first fence closes it, and code is not read as a question.
		{"  matcher: '/((?!api).*)',\n};\n```\n\nRedeploy to test.\n\nWant me to add the middleware now?", "Want me to add the middleware now?", true},
		{"if (x?) {\n```\nAll good.", "", false},
	} {
		p, ok := pendingOf(Input{Assistant: c.msg})
		if ok != c.ok || p.question != c.want {
			t.Errorf("pendingOf(%q) = %q, %v; want %q, %v", c.msg, p.question, ok, c.want, c.ok)
		}
	}
}

func TestIsListItem(t *testing.T) {
	for s, want := range map[string]bool{"- x": true, "1. x": true, "2) x": true, "(b) x": true, "• x": true,
		"**1.** x": true, "v1.2 is out": false, "hello": false, "10 apples": false, "a) x": true} {
		if got := isListItem(s); got != want {
			t.Errorf("isListItem(%q) = %v, want %v", s, got, want)
		}
	}
}

// Claude Code's placeholders for a pasted image or text are no words of
// the user's; brackets that only look like one stay.
func TestDropPlaceholders(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"[Image #1] put the avatar crop on the todo list", " put the avatar crop on the todo list"},
		{"see [Image #2] and [Image #3], then skip the dark theme", "see  and , then skip the dark theme"},
		{"[Pasted text #2 +94 lines]\nskip the load test for now", "\nskip the load test for now"},
		{"[Image #] stays, so does [Image #4 and [Image #x]", "[Image #] stays, so does [Image #4 and [Image #x]"},
		{"[Pasted text #1 " + strings.Repeat("x", 40) + "]", "[Pasted text #1 " + strings.Repeat("x", 40) + "]"},
		{"[Image #1\n]", "[Image #1\n]"},
	} {
		if got := dropPlaceholders(c.in); got != c.want {
			t.Errorf("dropPlaceholders(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := reduce(firstClause(mustTyped(t, "[Image #1] put the avatar crop on the todo list")), putOffWords); got != "avatar crop" {
		t.Errorf("the idea of a prompt after an image = %q, want %q", got, "avatar crop")
	}
	a := Assess(Input{Prompt: "skip the [Image #2] avatar crop for now"})
	if len(a.Parks) != 1 || a.Parks[0].Idea != "avatar crop" {
		t.Errorf("a placeholder inside the thing: parks %+v, want %q", a.Parks, "avatar crop")
	}
}

func mustTyped(t *testing.T, prompt string) string {
	t.Helper()
	text, skip := Typed(prompt)
	if skip {
		t.Fatalf("Typed(%q) skips it", prompt)
	}
	return text
}
