package detect

import (
	"strings"
	"testing"
)

// Held-out prompts written for this test, not taken from the corpus. Each
// asserts the kinds found and, for a finding, its exact idea.
func TestPromptHeldOut(t *testing.T) {
	const (
		offer  = "I added the retry wrapper and the tests pass. Want me to add jitter to the backoff as well?"
		choice = "Two ways to store the tokens: in the keychain or in an encrypted file. Which do you prefer?"
		done   = "Done: the migration runs and the seed data loads."
		trace  = "panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.main()\n\t/home/dev/x/main.go:12 +0x1d\nexit status 2"
		// specLine, repeated, is a prompt long enough that only explicit
		// rules fire in it.
		specLine = "Here is the spec for the export feature. Rows are written as they are read and the writer flushes every 500 rows. "
	)
	longSpec := strings.Repeat(specLine, 12)
	tests := []struct {
		name string
		in   Input
		kind Kind // "" when nothing should be found
		idea string
	}{
		// Deferrals.
		{"come back named", Input{Prompt: "let's come back to the retry budget once auth works", Assistant: done}, Deferred, "the retry budget"},
		{"come back pointer", Input{Prompt: "hmm, let's come back to that later. run the linter now", Assistant: offer}, Deferred, "add jitter to the backoff"},
		{"park this", Input{Prompt: "park this for now, I need to think", Assistant: offer}, Deferred, "add jitter to the backoff"},
		{"not now", Input{Prompt: "not now. fix the flaky login test first", Assistant: offer}, Deferred, "add jitter to the backoff"},
		{"remind me", Input{Prompt: "remind me to bump the helm chart version after the release", Assistant: done}, Deferred, "bump the helm chart version"},
		{"todo remember", Input{Prompt: "TODO: remember to bump the version", Assistant: done}, Deferred, "bump the version"},
		{"todo later", Input{Prompt: "TODO for later: the CSV export should stream rows", Assistant: done}, Deferred, "the CSV export should stream rows"},
		{"todo colon", Input{Prompt: "todo: benchmark the json encoder", Assistant: done}, Deferred, "benchmark the json encoder"},
		{"file issue", Input{Prompt: "open a github issue for the memory leak in the watcher and move on", Assistant: done}, Deferred, "the memory leak in the watcher"},
		{"later we should", Input{Prompt: "later we should switch the cache to redis", Assistant: done}, Deferred, "switch the cache to redis"},
		{"defer until", Input{Prompt: "defer the i18n work until after the beta", Assistant: done}, Deferred, "the i18n work"},
		{"hold off", Input{Prompt: "hold off on the dark mode toggle, design isn't final", Assistant: done}, Deferred, "the dark mode toggle"},
		{"separate pr", Input{Prompt: "ok, but let's handle the config rename in a separate PR", Assistant: done}, Deferred, "the config rename"},
		{"answer then defer", Input{Prompt: "keychain. we can look at the encrypted file fallback later", Assistant: choice}, Deferred, "look at the encrypted file fallback"},

		// Side ideas.
		{"btw idea", Input{Prompt: "btw, we should also support SSO at some point. anyway, fix the failing test", Assistant: done, Task: "fix the failing test"}, SideIdea, "support SSO"},
		{"side note", Input{Prompt: "side note: it would be nice to have a dry-run flag on deploy", Assistant: done}, SideIdea, "have a dry-run flag on deploy"},
		{"another idea", Input{Prompt: "another idea: the CLI could print a QR code for the share link", Assistant: done}, SideIdea, "the CLI could print a QR code for the share link"},
		{"unrelated but", Input{Prompt: "unrelated, but the onboarding email could use a plain-text version", Assistant: done}, SideIdea, "the onboarding email could use a plain-text version"},
		{"wonder", Input{Prompt: "looks good. I wonder if we should cache the parsed templates", Assistant: done}, SideIdea, "cache the parsed templates"},
		{"would be nice also", Input{Prompt: "merge it. also it would be nice if the logs had request ids", Assistant: done}, SideIdea, "the logs had request ids"},

		// Questions left behind.
		{"q new request", Input{Prompt: "can you add a --verbose flag to the sync command?", Assistant: offer}, Question, "add jitter to the backoff"},
		{"q shift marker", Input{Prompt: "different question: why does the docker image weigh 2GB?", Assistant: choice}, Question, "Two ways to store the tokens: in the keychain or in an encrypted file"},
		{"q ask dismissed", Input{Prompt: "actually first bump the go version in the Dockerfile", AskQuestion: "Which queue should the worker use?", AskOptions: []string{"SQS", "RabbitMQ"}}, Question, "Which queue should the worker use"},
		{"q report", Input{Prompt: "the nightly build on windows fails with a path length error in the packager step", Assistant: offer}, Question, "add jitter to the backoff"},

		// Answers and follow-ups: nothing.
		{"yes", Input{Prompt: "yes", Assistant: offer}, "", ""},
		{"yes please", Input{Prompt: "yes please, and keep the max delay at 30s", Assistant: offer}, "", ""},
		{"option label", Input{Prompt: "RabbitMQ", AskQuestion: "Which queue should the worker use?", AskOptions: []string{"SQS", "RabbitMQ"}}, "", ""},
		{"the second", Input{Prompt: "the second one", Assistant: choice}, "", ""},
		{"names choice", Input{Prompt: "use the keychain on mac and the file elsewhere", Assistant: choice}, "", ""},
		{"follow-up question", Input{Prompt: "what does jitter buy us here?", Assistant: offer}, "", ""},
		{"explain", Input{Prompt: "can you explain the tradeoff in more detail?", Assistant: choice}, "", ""},
		{"go ahead", Input{Prompt: "go ahead", Assistant: offer}, "", ""},
		{"terse no", Input{Prompt: "nah", Assistant: offer}, "", ""},
		{"question to claude", Input{Prompt: "why is the backoff capped at 30 seconds?", Assistant: done}, "", ""},
		{"commit offer", Input{Prompt: "also update the changelog", Assistant: "All green. Should I commit this?"}, "", ""},
		{"what next", Input{Prompt: "add pagination to the users endpoint", Assistant: "Done. What would you like to do next?"}, "", ""},

		// More traps: everyday wording that looks like a loop.
		{"get back to", Input{Prompt: "let's get back to the parser bug", Assistant: done}, "", ""},
		{"revisit now", Input{Prompt: "I want to revisit the auth flow, it's confusing", Assistant: done}, "", ""},
		{"remind me what", Input{Prompt: "remind me what the flag for dry runs was called", Assistant: done}, "", ""},
		{"remind me of", Input{Prompt: "remind me of the syntax for table-driven tests", Assistant: done}, "", ""},
		{"later in pipeline", Input{Prompt: "let's handle the errors later in the pipeline instead of in the parser", Assistant: done}, "", ""},
		{"todo comment", Input{Prompt: "add a TODO comment where we skip validation", Assistant: done}, "", ""},
		{"ticket page", Input{Prompt: "create a ticket booking page with a date picker", Assistant: done}, "", ""},
		{"issue number", Input{Prompt: "add an issue number to the commit message", Assistant: done}, "", ""},
		{"polite request", Input{Prompt: "by the way, it would be great if you could also update the README", Assistant: done}, "", ""},
		{"wonder debug", Input{Prompt: "I wonder if it's the cache that serves the old page", Assistant: done}, "", ""},
		{"going forward you", Input{Prompt: "going forward, you should always run the tests before committing", Assistant: done}, "", ""},
		{"btw status", Input{Prompt: "btw the build is green now", Assistant: done}, "", ""},
		{"what's the difference", Input{Prompt: "what's the difference in memory use between the two?", Assistant: "Should I use a mutex or a channel for the counter?"}, "", ""},
		{"port answer", Input{Prompt: "use 8080", Assistant: "Which port should the server listen on?"}, "", ""},
		{"count question", Input{Prompt: "how many are there?", Assistant: "Want me to fix the remaining lint warnings?"}, "", ""},
		{"come back to you", Input{Prompt: "I'll come back to you with the numbers", Assistant: done}, "", ""},
		{"ui comes back", Input{Prompt: "after saving it should come back to the main menu", Assistant: done}, "", ""},
		{"after the loop", Input{Prompt: "after the loop finishes, let's print a summary of the failures", Assistant: done}, "", ""},
		{"once auth works", Input{Prompt: "once auth works, let's add retries to the upload client", Assistant: done}, Deferred, "add retries to the upload client"},
		{"side note info", Input{Prompt: "side note: you should know the staging DB is shared", Assistant: done}, "", ""},
		{"bare later", Input{Prompt: "later", Assistant: "Done."}, "", ""},
		{"later offer", Input{Prompt: "later", Assistant: offer}, Deferred, "add jitter to the backoff"},
		{"deal with later", Input{Prompt: "we can deal with pagination later, ship the list view first", Assistant: done}, Deferred, "deal with pagination"},

		{"btw expectation", Input{Prompt: "btw, the tests should pass now", Assistant: done}, "", ""},
		{"btw speculation", Input{Prompt: "btw this might be related to the cache", Assistant: done}, "", ""},
		{"cache for later", Input{Prompt: "cache the token for later so we don't refetch it", Assistant: done}, "", ""},
		{"store for later use", Input{Prompt: "store the response for later use in the retry handler", Assistant: done}, "", ""},
		{"separate branch now", Input{Prompt: "implement this in a separate branch", Assistant: done}, "", ""},
		{"related bug report", Input{Prompt: "the handler still returns a 500 when the request body is empty", Assistant: "I updated the handler to validate the body. Want me to also add a test for the error path?"}, "", ""},
		{"save that for later", Input{Prompt: "good idea, save that for later", Assistant: offer}, Deferred, "add jitter to the backoff"},

		// Traps.
		{"trace later", Input{Prompt: "this crashes when I run it later in the pipeline:\n\n" + trace, Assistant: done}, "", ""},
		{"code todo", Input{Prompt: "why does this fail?\n```go\n// TODO: handle this later\nfunc f() {}\n```", Assistant: done}, "", ""},
		{"slash archive", Input{Prompt: "/session archive retry budget later", Assistant: offer}, "", ""},
		{"task notification", Input{Prompt: "<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n<summary>we'll come back to it later</summary>\n</task-notification>", Assistant: offer}, "", ""},
		{"pasted log", Input{Prompt: "2026-01-02 10:00:01 ERROR retry later: connection refused\n2026-01-02 10:00:02 WARN will revisit later", Assistant: done}, "", ""},
		{"future tense", Input{Prompt: "make sure the cache is invalidated so it doesn't serve stale data in the future", Assistant: done}, "", ""},
		{"parked status", Input{Prompt: "list the parked builds in the dashboard", Assistant: done}, "", ""},
		{"go defer", Input{Prompt: "move the defer f.Close() above the error check", Assistant: done}, "", ""},
		{"issue template", Input{Prompt: "create an issue template for bug reports", Assistant: done}, "", ""},
		{"fix the issue", Input{Prompt: "fix the issue with the login redirect", Assistant: done}, "", ""},
		{"we should also now", Input{Prompt: "we should also add a test for the empty case", Assistant: done}, "", ""},
		{"btw question", Input{Prompt: "btw why is the CI so slow?", Assistant: done}, "", ""},
		{"long spec", Input{Prompt: longSpec + "It would be nice to add a progress bar.", Assistant: done}, "", ""},
		{"ask deferred", Input{Prompt: "let's come back to that after the release", Assistant: "Before wiring the cache I need one decision.", AskQuestion: "Which backend should the session cache use?", AskOptions: []string{"Redis", "SQLite"}}, Deferred, "Which backend should the session cache use"},
		{"long spec todo", Input{Prompt: longSpec + "\nTODO: decide on the compression codec.", Assistant: done}, "", ""},
		{"long spec explicit", Input{Prompt: longSpec + "Side note: we could also export to parquet at some point.", Assistant: done}, SideIdea, "export to parquet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantFinding(t, tt.in, tt.kind, tt.idea)
		})
	}
}

// Ordinary working prompts: none of them leaves a loop open, whatever
// Claude said before (a plain report, so Q cannot fire).
func TestPromptOrdinary(t *testing.T) {
	const done = "I updated the loader and the tests pass."
	prompts := []string{
		"add a --json flag to the list command and update the help text",
		"the tests are failing on CI but pass locally, can you check why?",
		"refactor the config loader to use the new Options struct",
		"why do we need the mutex here if the map is only read after init?",
		"rename UserService to AccountService everywhere",
		"run the linter and fix whatever it complains about",
		"can you write a migration that adds a nullable deleted_at column to orders?",
		"make the retry delay configurable via env var, default 2s",
		"delete the old v1 handlers, nothing calls them anymore",
		"look at the flaky TestSync test, it fails about 1 in 10 runs",
		"the dropdown closes when I click inside it, it should stay open",
		"use errgroup instead of the manual WaitGroup plus error channel",
		"I think the issue is in the token refresh, it runs twice",
		"let's add caching to the user lookup, it's called on every request",
		"ok now do the same for the orders endpoint",
		"we should also handle the case where the file is empty",
		"later in the function you reassign err, is that intended?",
		"make sure to close the file handle in the error path too",
		"can we remove the feature flag now that the rollout is done?",
		"this function is getting long, maybe extract the validation part?",
		"I'll review the PR later today, just push it",
		"add logging so we can check it later if it happens again",
		"note that the API returns 404 for missing users, not 400",
		"side note: this is the third time the deploy failed",
		"btw I pushed a fix for the flaky test",
		"add todos to the checklist in the PR description",
		"remove the TODOs that are already done",
		"the issue was the timezone, it works now",
		"defer the unlock right after taking the lock",
		"keep the old endpoint for now and log a warning when it's hit",
	}
	for _, p := range prompts {
		wantFinding(t, Input{Prompt: p, Assistant: done, Task: "fix the loader"}, "", "")
	}
}

// Answers however phrased: Claude asked, the user answered.
func TestPromptAnswers(t *testing.T) {
	tests := []struct{ assistant, prompt string }{
		{"Should the cache be per-user or global?", "per user"},
		{"Should the cache be per-user or global?", "global, but with a per-user key prefix"},
		{"Do you want me to keep backward compatibility with the v1 format?", "no need, nobody uses v1 anymore"},
		{"I can either patch the library or vendor it. Which would you prefer?", "patching is fine for now"},
		{"Want me to add a migration for the new column?", "the column should be nullable"},
		{"Which port should the server listen on?", "8080"},
		{"Do you want me to:\n1. Squash the commits\n2. Keep them separate", "2"},
		{"Should I use a mutex or a channel for the counter?", "a channel, the rest of the code is channel based"},
		{"Want me to run the full suite or only the unit tests?", "only unit tests for now"},
		{"Would you like me to also update the docs?", "sure"},
		{"Want me to open the PR?", "not yet, one more thing: rename the flag to --dry-run"},
	}
	for _, tt := range tests {
		wantFinding(t, Input{Prompt: tt.prompt, Assistant: tt.assistant}, "", "")
	}
}

// More ways people put things off or float ideas, phrased unlike the corpus.
func TestPromptPositives(t *testing.T) {
	const (
		done  = "I updated the loader and the tests pass."
		offer = "The loader works. Want me to add schema validation for the config file?"
	)
	tests := []struct {
		prompt, assistant string
		kind              Kind
		idea              string
	}{
		{"let's not worry about i18n right now, we can add it later", done, Deferred, "i18n"},
		{"skip the benchmarks for now, we'll do them next sprint", done, Deferred, "the benchmarks"},
		{"can we table the websocket idea for now?", done, Deferred, "the websocket idea"},
		{"let's revisit the schema after the demo", done, Deferred, "the schema"},
		{"add it to the backlog", offer, Deferred, "add schema validation for the config file"},
		{"good idea but not for this PR", offer, Deferred, "add schema validation for the config file"},
		{"that can wait", offer, Deferred, "add schema validation for the config file"},
		{"let's do that in a follow-up", offer, Deferred, "add schema validation for the config file"},
		{"oh, and it'd be cool if the CLI had shell completions someday", done, SideIdea, "the CLI had shell completions"},
		{"idea: what if the status bar showed the branch", done, SideIdea, "what if the status bar showed the branch"},
		{"also, longer term we should move off the legacy queue", done, SideIdea, "move off the legacy queue"},
		{"tangent: should we have a staging env for the bot?", done, SideIdea, "should we have a staging env for the bot"},
		{"also the search results are sorted wrong, newest should be first", "Should I keep the old API around for a release, or remove it now?", Question, "keep the old API around for a release"},
	}
	for _, tt := range tests {
		wantFinding(t, Input{Prompt: tt.prompt, Assistant: tt.assistant}, tt.kind, tt.idea)
	}
}

// The exchanges of the shared fixtures (transcript-tasks-question.jsonl,
// transcript-askuserquestion.jsonl and the real 2.1.332 capture).
func TestPromptFixtures(t *testing.T) {
	const refresh = "I fixed the refresh race and TestRefresh passes.\n\nOne question before I go on: should expired refresh tokens return 401 or 403?"
	tests := []struct {
		in        Input
		kind      Kind
		idea, ctx string
	}{
		{Input{Prompt: "btw, at some point we should add a retry budget to the upload client, but not now", Assistant: "I'll look at the middleware and track the work.", Task: "Fix the refresh race in middleware/auth.go"},
			SideIdea, "add a retry budget to the upload client", "Fix the refresh race in middleware/auth.go"},
		{Input{Prompt: "Now add request logging to the payments service", Assistant: refresh},
			Question, "expired refresh tokens return 401 or 403", "should expired refresh tokens return 401 or 403?"},
		{Input{Prompt: "403, and log it", Assistant: refresh}, "", "", ""},
		{Input{Prompt: "Add a settings page for notifications", Assistant: "Using CSS variables. Do you also want the toggle persisted in localStorage?"},
			Question, "the toggle persisted in localStorage", "Do you also want the toggle persisted in localStorage?"},
		{Input{Prompt: "Theme context", AskQuestion: "Which approach should dark mode use?", AskOptions: []string{"CSS variables", "Theme context"}}, "", "", ""},
	}
	for _, tt := range tests {
		got := wantFinding(t, tt.in, tt.kind, tt.idea)
		if len(got) == 1 && got[0].Context != tt.ctx {
			t.Errorf("Prompt(%q): context %q, want %q", tt.in.Prompt, got[0].Context, tt.ctx)
		}
	}
}

// TestPointerAfterReport: a deferral that only points ("park that", "maybe
// later") after a message that only reports what was done has nothing to
// point at, so nothing is parked; after a proposal it parks the proposal.
func TestPointerAfterReport(t *testing.T) {
	report := "I updated the handler and the tests pass."
	for _, p := range []string{"park that, let's look at the deploy script", "maybe later", "hmm, not now"} {
		wantFinding(t, Input{Prompt: p, Assistant: report}, "", "")
	}
	proposal := "The tests pass. We could also add a retry budget to the upload client."
	wantFinding(t, Input{Prompt: "park that, let's look at the deploy script", Assistant: proposal}, Deferred, "add a retry budget to the upload client")
}

// wantFinding checks that Prompt(in) finds exactly one finding of kind
// with idea, or nothing at all when kind is "". It returns what Prompt
// found, for callers that check more fields.
func wantFinding(t *testing.T, in Input, kind Kind, idea string) []Finding {
	t.Helper()
	got := Prompt(in)
	if kind == "" {
		if len(got) != 0 {
			t.Errorf("after %q, Prompt(%q) = %+v, want nothing", in.Assistant, in.Prompt, got)
		}
		return got
	}
	if len(got) != 1 || got[0].Kind != kind || got[0].Idea != idea {
		t.Errorf("after %q, Prompt(%q) = %+v, want one %s with idea %q", in.Assistant, in.Prompt, got, kind, idea)
	}
	return got
}
