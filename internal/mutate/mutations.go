package main

// The mutations: each breaks one behaviour a user depends on, by replacing
// one exact piece of text (found exactly once in its file) with another.
// pkgs are the packages whose tests should notice, cheapest first; the run
// stops at the first package that fails.
//
// When the code moves on and a piece of text is no longer there,
// TestEveryMutationApplies fails: update old (and new) to the code as it
// now reads, keeping the behaviour each row breaks.

// Package lists, cheapest first.
var (
	storePkgs    = []string{"./pkg/store", "./hooks", "./pkg/cli", "./cmd/openloop", "./internal/e2etest"}
	hookPkgs     = []string{"./hooks", "./pkg/cli", "./cmd/openloop", "./internal/e2etest"}
	cliPkgs      = []string{"./pkg/cli", "./cmd/openloop", "./internal/e2etest"}
	settingsPkgs = []string{"./pkg/settings", "./pkg/cli", "./cmd/openloop"}
	summaryPkgs  = []string{"./pkg/summary", "./pkg/cli", "./cmd/openloop"}
	benchPkgs    = []string{"./bench/...", "./e2e"}
)

var mutations = []mutation{
	// The cap: never more than 10 open.
	{id: "cap-off-by-one", behaviour: "an 11th item is parked (the cap compares with >)",
		file: "pkg/store/store.go", old: "if len(items)+pending >= MaxOpen {\n\t\treturn Result{Capped: true, Open: items}, nil",
		new: "if len(items)+pending > MaxOpen {\n\t\treturn Result{Capped: true, Open: items}, nil", pkgs: storePkgs},
	{id: "cap-park-unlocked", behaviour: "park releases the directory lock before counting, so concurrent parks pass the cap",
		file: "pkg/store/store.go", old: "\tdefer unlock()\n\n\t// A half-done step",
		new: "\tunlock()\n\n\t// A half-done step", pkgs: storePkgs},

	// Expiry: 30 days, by the entry's own age, never a symlink.
	{id: "expire-boundary", behaviour: "an item exactly 30 days old is kept",
		file: "pkg/store/expire.go", old: "s.Now().Sub(fi.ModTime()) >= ExpireAge",
		new: "s.Now().Sub(fi.ModTime()) > ExpireAge", pkgs: storePkgs},
	{id: "expire-age", behaviour: "items expire at 31 days instead of 30",
		file: "pkg/store/store.go", old: "ExpireAge = 30 * day", new: "ExpireAge = 31 * day", pkgs: storePkgs},
	{id: "expire-unopenable", behaviour: "expiry deletes an item it cannot open, whatever its age",
		file: "pkg/store/expire.go", old: "errors.Is(err, errUnreadable) {\n\t\t\tcontinue",
		new: "errors.Is(err, errUnreadable) {\n\t\t\tos.Remove(filepath.Join(s.Dir, e.Name()))\n\t\t\tcontinue", pkgs: storePkgs},
	{id: "expire-symlink", behaviour: "expiry deletes a symlink planted at an item's name",
		file: "pkg/store/expire.go", old: "if !IsItemFile(e.Name()) || !e.Type().IsRegular() {\n\t\treturn false\n\t}\n\tfi, err := e.Info()\n\treturn err == nil && fi.Mode().IsRegular() && s.Now()",
		new: "if !IsItemFile(e.Name()) {\n\t\treturn false\n\t}\n\tfi, err := e.Info()\n\treturn err == nil && s.Now()", pkgs: storePkgs},
	{id: "expire-sessionend", behaviour: "SessionEnd no longer deletes expired items",
		file: "hooks/sessionend.go", old: "_, err = openStore(cfg, ev.Name, p).ExpireSome(maxExpireAtEnd)",
		new: "_ = openStore(cfg, ev.Name, p)", pkgs: hookPkgs},
	{id: "hook-lockwait-long", behaviour: "SessionEnd waits 5 minutes for a held lock (Claude Code gives it 1.5 s)",
		file: "hooks/lockwait.go", old: "\"SessionEnd\":       100 * time.Millisecond,", new: "\"SessionEnd\":       5 * time.Minute,", pkgs: hookPkgs},
	{id: "hook-lockwait-default", behaviour: "hooks wait the commands' default (5 s) for a held lock",
		file: "hooks/lockwait.go", old: "\ts.LockWait = lockWait(event)\n", new: "\n", pkgs: hookPkgs},
	{id: "sessionend-waits-for-expiry", behaviour: "SessionEnd fails instead of leaving expiry for later when the lock is held",
		file: "hooks/sessionend.go", old: "if errors.Is(err, store.ErrLocked) {", new: "if errors.Is(err, store.ErrLocked) && false {", pkgs: hookPkgs},
	{id: "expire-resume", behaviour: "resume no longer deletes expired items before listing",
		file: "pkg/cli/cmd_resume.go", old: "expired, expireErr := s.Expire()",
		new: "var expired []string\n\tvar expireErr error", pkgs: cliPkgs},
	{id: "expire-resume-silent", behaviour: "resume deletes expired items without a word",
		file: "pkg/cli/cmd_resume.go", old: "\trenderExpired(e, expired)\n", new: "\t_ = expired\n", pkgs: cliPkgs},
	{id: "log-keeps-text", behaviour: "the committed log keeps the item's text (user words in the repository)",
		file: "pkg/store/retire.go", old: "return log.Append(l.committed())", new: "return log.Append(l)", pkgs: storePkgs},
	{id: "dismiss-logs", behaviour: "dismiss writes an archived line to the committed log",
		file: "pkg/store/dismiss.go", old: "\tif err := note(it); err != nil {", new: "\ts.Log.Append(LogLine{LogEntry: LogEntry{Item: it.Name, Action: ActionArchived}})\n\tif err := note(it); err != nil {", pkgs: storePkgs},
	{id: "restore-list-open-again", behaviour: "restore --list offers an item whose idea is open again",
		file: "pkg/store/restorelist.go", old: "items := closed(open, gone)", new: "items := gone", pkgs: storePkgs},
	{id: "restore-elsewhere-silent", behaviour: "restore says nothing of an item whose text is under another config dir",
		file: "pkg/store/archive.go", old: "away = append(away, l.Item)", new: "_ = away", pkgs: storePkgs},
	{id: "prune-drops-logged", behaviour: "pruning drops a text restore can still bring back (its log line is there)",
		file: "pkg/store/prune.go", old: "if logged[id] {", new: "if logged[id] && false {", pkgs: storePkgs},
	{id: "prune-never", behaviour: "archive never prunes the private text file",
		file: "pkg/store/archive.go", old: "\ts.migrateLog()\n\ts.prunePrivate()\n\treturn it, nil, nil", new: "\ts.migrateLog()\n\treturn it, nil, nil", pkgs: storePkgs},

	// The stale mark: 14 days.
	{id: "stale-boundary", behaviour: "an item exactly 14 days old is not marked stale",
		file: "pkg/store/store.go", old: "return s.Now().Sub(it.ModTime) >= StaleAge", new: "return s.Now().Sub(it.ModTime) > StaleAge", pkgs: storePkgs},
	{id: "stale-mark", behaviour: "stale items lose their ⚠ stale mark",
		file: "pkg/store/line.go", old: `stale = "⚠ stale — "`, new: `stale = ""`, pkgs: storePkgs},

	// Exit codes: never 2; the named codes are a contract.
	{id: "exit-hook-bad-flag", behaviour: "openloop hook with a bad flag exits 2 (erases the prompt)",
		file: "pkg/cli/cmd_hook.go", old: "if code == ExitUsage {\n\t\t\tcode = ExitFailure", new: "if code == ExitUsage {\n\t\t\tcode = 2", pkgs: cliPkgs},
	{id: "exit-hook-error", behaviour: "a failing hook exits 2 instead of 1",
		file: "pkg/cli/cmd_hook.go", old: "handleHook(cfg, e.Stdin)\n\tif err != nil {\n\t\terrorf(e.Stderr, \"hook: %v\", err)\n\t\treturn ExitFailure",
		new: "handleHook(cfg, e.Stdin)\n\tif err != nil {\n\t\terrorf(e.Stderr, \"hook: %v\", err)\n\t\treturn 2", pkgs: cliPkgs},
	{id: "exit-hook-panic", behaviour: "a panic in a hook handler exits 2",
		file: "pkg/cli/cmd_hook.go", old: "\"hook: internal error: %v\", r)\n\t\t\tcode = ExitFailure", new: "\"hook: internal error: %v\", r)\n\t\t\tcode = 2", pkgs: cliPkgs},
	{id: "exit-session-nonzero", behaviour: "/session passes a command's non-zero code on (Claude Code then aborts the command)",
		file: "pkg/cli/cmd_session.go", old: "\tsessionPrint(e, out.String())\n\treturn ExitOK",
		new: "\tsessionPrint(e, out.String())\n\treturn code", pkgs: cliPkgs},
	{id: "exit-nomatch", behaviour: "archive with no match exits 1 instead of 3",
		file: "pkg/cli/cli.go", old: "ExitNoMatch = 3 ", new: "ExitNoMatch = 1 ", pkgs: cliPkgs},
	{id: "exit-usage", behaviour: "bad flags exit 2 instead of 64",
		file: "pkg/cli/cli.go", old: "ExitUsage   = 64", new: "ExitUsage   = 2 ", pkgs: cliPkgs},
	{id: "exit-doctor", behaviour: "doctor exits 0 when it found a problem",
		file: "pkg/cli/cmd_doctor.go", old: "return ExitProblem", new: "return ExitOK", pkgs: cliPkgs},
	{id: "exit-park-capped", behaviour: "park at the cap exits 0 although nothing was parked",
		file: "pkg/cli/cmd_park.go", old: "errorf(e.Stderr, \"%s: not parked: %d items are open\", cmd, len(res.Open))\n\t\treturn ExitFailure", new: "errorf(e.Stderr, \"%s: not parked: %d items are open\", cmd, len(res.Open))\n\t\treturn ExitOK", pkgs: cliPkgs},

	// Atomic, private, crash-safe writes.
	{id: "atomic-write-in-place", behaviour: "a new item is written in place (no temp file and rename; mtime from the wall clock)",
		file: "pkg/store/store.go", old: "func (s *Store) writeNew(file string, data []byte) error {\n",
		new: "func (s *Store) writeNew(file string, data []byte) error {\n\tif true {\n\t\treturn os.WriteFile(filepath.Join(s.Dir, file), data, 0o600)\n\t}\n", pkgs: storePkgs},
	{id: "atomic-no-fsync", behaviour: "the temp file is not synced before the rename (a crash can leave an empty item)",
		file: "pkg/store/store.go", old: "\t\terr = f.Sync()\n\t}\n\tif cerr := f.Close()",
		new: "\t\terr = nil\n\t}\n\tif cerr := f.Close()", pkgs: storePkgs},
	{id: "atomic-dir-fsync", behaviour: "the folder is not synced after a move (a crash can lose the new name)",
		file: "pkg/store/sync_unix.go", old: "\tf.Sync()\n\tf.Close()", new: "\tf.Close()", pkgs: storePkgs},
	{id: "atomic-mode", behaviour: "items are created world-readable (0644)",
		file: "pkg/store/store.go", old: "err := f.Chmod(0o600)",
		new: "err := f.Chmod(0o644)", pkgs: storePkgs},
	{id: "atomic-overwrite", behaviour: "park replaces whatever is at the item's name",
		file: "pkg/store/store.go", old: "case errors.Is(err, fs.ErrExist):\n\t\treturn fmt.Errorf(\"refusing to overwrite %s\", filepath.Base(dst))",
		new: "case errors.Is(err, fs.ErrExist):\n\t\tos.Rename(src, dst)", pkgs: storePkgs},
	{id: "atomic-summary-overwrite", behaviour: "summary replaces an existing digest of the same day",
		file: "pkg/summary/file.go", old: "err := t.Link(tmp, name)",
		new: "t.Remove(name)\n\t\terr := t.Link(tmp, name)", pkgs: summaryPkgs},

	// The same idea is parked once, whatever its -N name.
	{id: "dedupe-bare-slug", behaviour: "the duplicate check skips items whose name has a -N suffix",
		file: "pkg/store/store.go", old: "if it.Damaged == nil && sameIdeas(ideaOf(it.Idea()), idea) {",
		new: "if it.Damaged == nil && sameIdeas(ideaOf(it.Idea()), idea) && baseName(NameOfFile(it.File)) == NameOfFile(it.File) {", pkgs: storePkgs},
	{id: "dedupe-off", behaviour: "the same idea is parked again",
		file: "pkg/store/store.go", old: "it.Damaged == nil && sameIdeas(ideaOf(it.Idea()), idea) {", new: "it.Damaged == nil && idea.key == \"\" {", pkgs: storePkgs},
	{id: "dedupe-articles", behaviour: "\"add a cache\" and \"add the cache\" are different ideas",
		file: "pkg/store/slug.go", old: `map[string]bool{"a": true, "an": true, "the": true}`, new: `map[string]bool{}`, pkgs: storePkgs},
	{id: "dedupe-containment", behaviour: "\"retry budget\" and \"retry budget for the upload client\" park twice (only whole keys compared)",
		file: "pkg/store/sameidea.go", old: "\tfor i := 0; i+len(a.content) <= len(b.content); i++ {", new: "\tfor i := 0; false; i++ {", pkgs: storePkgs},
	{id: "dedupe-too-loose", behaviour: "\"retry budget\" and \"retry queue\" park once (any shared word is the same idea)",
		file: "pkg/store/sameidea.go", old: "\tif len(a.content) == 1 {\n\t\treturn b.content[0] == a.content[0]", new: "\tif true {\n\t\treturn b.content[0] == a.content[0]", pkgs: storePkgs},
	{id: "dedupe-name-taken", behaviour: "a name taken by another idea is reused instead of moving on to -2",
		file: "pkg/store/store.go", old: "for n := 2; used[name]; n++ {", new: "for n := 2; false; n++ {", pkgs: storePkgs},

	// Archive: under the directory lock, logged, or put back.
	{id: "archive-unlocked", behaviour: "archive releases the directory lock before it lists and moves the item",
		file: "pkg/store/archive.go", old: "\tdefer unlock()\n\ts.settle() // what it cannot finish",
		new: "\tunlock()\n\ts.settle() // what it cannot finish", pkgs: storePkgs},
	{id: "archive-no-log", behaviour: "archive deletes the item without writing its log line",
		file: "pkg/store/retire.go", old: "if err := s.appendLog(logLine(s.Now(), it, action, string(text), id)); err != nil {",
		new: "if err := error(nil); err != nil && text == nil {", pkgs: storePkgs},
	{id: "archive-no-putback", behaviour: "an item whose log line failed is not put back",
		file: "pkg/store/retire.go", old: "if rerr := os.Rename(held, src); rerr != nil {",
		new: "if rerr := os.Remove(held); rerr != nil {", pkgs: storePkgs},
	{id: "archive-ambiguous", behaviour: "an ambiguous query archives the first candidate",
		file: "pkg/store/archive.go", old: "case len(m) > 1:\n\t\treturn Item{}, m, ErrAmbiguous", new: "case len(m) > 1 && false:\n\t\treturn Item{}, m, ErrAmbiguous", pkgs: storePkgs},
	{id: "archive-log-unlocked", behaviour: "the log line is appended without the log's file lock",
		file: "pkg/store/log.go", old: "f, err := l.lockLog(os.O_RDWR | os.O_APPEND | os.O_CREATE | oNoFollow | oNonblock)",
		new: "f, err := os.OpenFile(l.Path, os.O_RDWR|os.O_APPEND|os.O_CREATE|oNoFollow|oNonblock, 0o600)", pkgs: storePkgs},
	{id: "log-lock-stale-file", behaviour: "an appender that locked a log renamed over by a migration writes its line to the old file",
		file: "pkg/store/migrate.go", old: "if err == nil && os.SameFile(held, now) {", new: "if err == nil || os.SameFile(held, now) {", pkgs: storePkgs},
	{id: "migrate-log-before-private", behaviour: "a migration rewrites the log before the texts are in the private file",
		file: "pkg/store/migrate.go", old: "if err := log.appendPrivate(moved...); err != nil {", new: "if err := error(nil); err != nil {", pkgs: storePkgs},
	{id: "lock-holder-unnamed", behaviour: "a lock that was not taken in time does not say who holds it",
		file: "pkg/store/lock.go", old: "pid, cmd := lockHolder(path)", new: "pid, cmd := 0, \"\"", pkgs: storePkgs},
	{id: "archive-recovery", behaviour: "an item a killed archive left aside is deleted, not put back",
		file: "pkg/store/retire.go", old: "_, err = s.placeFree(path, a.file)",
		new: "err = os.Remove(path)", pkgs: storePkgs},
	{id: "temp-sweep-unlocked", behaviour: "expiry settles half-done steps and sweeps temp files without the directory lock",
		file: "pkg/store/expire.go", old: "\tdefer unlock()\n\t_, serr := s.settle()",
		new: "\tunlock()\n\t_, serr := s.settle()", pkgs: storePkgs},

	// Listing: regular files only.
	{id: "list-symlink", behaviour: "a symlink planted at an item's name is listed (and can be archived)",
		file: "pkg/store/store.go", old: "if !IsItemFile(e.Name()) || !e.Type().IsRegular() {", new: "if !IsItemFile(e.Name()) {", pkgs: storePkgs},

	// Files from outside are bounded.
	{id: "parse-bound", behaviour: "frontmatter of any size goes to the YAML parser",
		file: "pkg/store/item.go", old: "if len(head) > maxFrontmatter {", new: "if false {", pkgs: storePkgs},

	// Names never leave the memory dir.
	{id: "slug-path", behaviour: "a slug keeps '/' and '.', so a name can leave the memory dir",
		file: "pkg/store/slug.go", old: "case r >= 'a' && r <= 'z', r >= '0' && r <= '9':", new: "case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '/', r == '.':", pkgs: storePkgs},
	{id: "slug-length", behaviour: "a slug is no longer cut to 48 bytes",
		file: "pkg/store/slug.go", old: "if b.Len() > 0 && b.Len()+1+len(w) > MaxSlug {", new: "if false {", pkgs: storePkgs},

	// Install and uninstall are exact inverses.
	{id: "install-empty-hooks", behaviour: "uninstall leaves an empty \"hooks\" object behind",
		file: "pkg/settings/settings.go", old: "if h := gjson.Get(s, \"hooks\"); removed && h.Exists() && len(h.Map()) == 0 && u.created(\"hooks\") {",
		new: "if h := gjson.Get(s, \"hooks\"); removed && h.Exists() && len(h.Map()) == 0 && u.created(\"hooks\") && false {", pkgs: settingsPkgs},
	{id: "install-empty-event", behaviour: "uninstall leaves an empty event list behind",
		file: "pkg/settings/settings.go", old: "if len(gjson.Get(s, \"hooks.\"+ev.Name).Array()) == 0 && u.created(\"hooks.\"+ev.Name) {",
		new: "if false && u.created(\"hooks.\"+ev.Name) {", pkgs: settingsPkgs},
	{id: "install-other-hooks", behaviour: "uninstall removes hooks that are not openloop's",
		file: "pkg/settings/settings.go", old: "if prog, assist, ok := hookCommand(cmd); ok {", new: "if prog, assist, _ := hookCommand(cmd); true {", pkgs: settingsPkgs},
	{id: "install-not-idempotent", behaviour: "a second install rewrites its handlers instead of keeping them",
		file: "pkg/settings/settings.go", old: "if f[0].Command == command && f[0].Timeout == ev.Timeout {", new: "if false {", pkgs: settingsPkgs},
	{id: "install-deletes-user-file", behaviour: "uninstall deletes a settings file that install did not create",
		file: "pkg/install/uninstall.go", old: "if len(newSettings) == 0 && rec != nil && rec.FileCreated {",
		new: "if len(newSettings) == 0 {", pkgs: []string{"./pkg/install", "./cmd/openloop"}},

	// The state Stop saved is used once, by the next prompt only.
	{id: "state-reused", behaviour: "a later prompt reads the state another prompt already used",
		file: "hooks/state.go", old: "if st.UsedBy != \"\" && st.UsedBy != prompt {",
		new: "if false {", pkgs: hookPkgs},
	{id: "state-not-marked", behaviour: "the prompt that reads the state does not mark it used",
		file: "hooks/state.go", old: "if st.UsedBy == \"\" && mark {",
		new: "if st.UsedBy == \"\" && mark && false {", pkgs: hookPkgs},
	{id: "state-not-saved", behaviour: "Stop does not save Claude's message for the next prompt",
		file: "hooks/stop.go", old: "if ev.SessionID != \"\" {",
		new: "if false {", pkgs: hookPkgs},
	{id: "state-not-cleared", behaviour: "SessionEnd keeps the session's state",
		file: "hooks/sessionend.go", old: "\t\tos.Remove(statePath(dir, ev.SessionID))\n",
		new: "\t\t_ = statePath(dir, ev.SessionID)\n", pkgs: hookPkgs},

	// The hook is quiet and bounded.
	{id: "hook-noisy", behaviour: "the hook prints a blank line when it parked nothing",
		file: "pkg/cli/cmd_hook.go", old: "\tif b != nil {\n\t\tif _, err := e.Stdout.Write(b)",
		new: "\tif b = append(b, '\\n'); b != nil {\n\t\tif _, err := e.Stdout.Write(b)", pkgs: cliPkgs},
	{id: "hook-tail-unbounded", behaviour: "the hook reads a transcript's tail without a useful bound (512 GB)",
		file: "hooks/hooks.go", old: "const TailBudget = 512 << 10", new: "const TailBudget = 512 << 30", pkgs: hookPkgs},
	{id: "hook-depth-guard", behaviour: "deeply nested payloads reach gjson's recursive validator",
		file: "hooks/payload.go", old: "if depth+len(closers) > MaxDepth {", new: "if false {", pkgs: hookPkgs},
	{id: "hook-stop-active", behaviour: "Stop works while stop_hook_active is true",
		file: "hooks/stop.go", old: "if ev.Raw.Get(\"stop_hook_active\").Bool() {", new: "if false {", pkgs: hookPkgs},

	// Summary: ten lines or fewer go to stdout.
	{id: "summary-lines", behaviour: "a digest of exactly 10 lines goes to a file instead of stdout",
		file: "pkg/summary/render.go", old: "return r.Lines <= MaxStdoutLines",
		new: "return r.Lines < MaxStdoutLines", pkgs: summaryPkgs},

	// Behaviours a test audit found unguarded (issue 20).
	{id: "restore-name-bound", behaviour: "restore keeps a name from the log up to 255 bytes instead of 128",
		file: "pkg/store/archive.go", old: "const maxRestoredName = 128", new: "const maxRestoredName = 255", pkgs: []string{"./pkg/store"}},
	{id: "cap-list-no-session", behaviour: "a payload without session_id gets the short cap line after the first, not the full list every time",
		file: "hooks/capnote.go", old: "if sessionID == \"\" {\n\t\treturn false", new: "if false {\n\t\treturn false", pkgs: []string{"./hooks", "./cmd/openloop"}},
	{id: "explain-uses-state", behaviour: "explain on a payload uses up Stop's saved state, so the prompt then sent reads no message from Claude",
		file: "hooks/userpromptsubmit.go", old: "in, _, _ := promptInput(cfg, ev, prompt, false)", new: "in, _, _ := promptInput(cfg, ev, prompt, true)", pkgs: []string{"./hooks", "./cmd/openloop"}},
	{id: "explain-context-unescaped", behaviour: "explain prints the parked loop's context line without escaping control and bidi characters",
		file: "pkg/cli/cmd_explain.go", old: "out = append(out, \"  context: \"+termsafe.Line(f.Context))", new: "out = append(out, \"  context: \"+f.Context)", pkgs: []string{"./pkg/cli"}},
	{id: "status-stale-boundary", behaviour: "status does not count an item exactly 14 days old as stale",
		file: "pkg/cli/cmd_status.go", old: "if s.Stale(it) {", new: "if s.Now().Sub(it.ModTime) > store.StaleAge {", pkgs: []string{"./cmd/openloop"}},
	{id: "status-stale-early", behaviour: "status counts an item of 13 days and 23 hours as stale",
		file: "pkg/cli/cmd_status.go", old: "if s.Stale(it) {", new: "if s.Now().Sub(it.ModTime) >= store.StaleAge-3600e9 {", pkgs: []string{"./cmd/openloop"}},
	{id: "plugin-special-files", behaviour: "plugin --out replaces a folder holding a symlink or a FIFO at a plugin file's name",
		file: "pkg/plugin/plugin.go", old: "if !ours[rel] || !(d.IsDir() || d.Type().IsRegular()) {", new: "if !ours[rel] {", pkgs: []string{"./cmd/openloop"}},
	{id: "plugin-foreign-manifest", behaviour: "plugin --out replaces a folder whose manifest names another plugin",
		file: "pkg/plugin/plugin.go", old: "gjson.GetBytes(manifest, \"name\").String() != Name {", new: "gjson.GetBytes(manifest, \"name\").String() == \"\\x00\" {", pkgs: []string{"./cmd/openloop"}},
	{id: "stop-as-is-veto", behaviour: "Stop parks \"I'll leave X as is / untouched / in place for now\" as a deferral of X",
		file: "pkg/detect/claude.go", old: "\t\t\t\t\tif keepsAsIs(x) {", new: "\t\t\t\t\tif false && keepsAsIs(x) {", pkgs: []string{"./pkg/detect", "./cmd/openloop"}},
	{id: "threshold-deferred", behaviour: "a deferral scoring 0.1 below its threshold parks",
		file: "pkg/detect/detect.go", old: "if t, ok := s.Threshold[k]; ok && s.P[k] >= t {", new: "if t, ok := s.Threshold[k]; ok && (s.P[k] >= t || k == Deferred && s.P[k] >= t-0.1) {", pkgs: []string{"./pkg/detect"}},
	{id: "threshold-side-idea", behaviour: "a side idea scoring 0.1 below its threshold parks",
		file: "pkg/detect/detect.go", old: "if t, ok := s.Threshold[k]; ok && s.P[k] >= t {", new: "if t, ok := s.Threshold[k]; ok && (s.P[k] >= t || k == SideIdea && s.P[k] >= t-0.1) {", pkgs: []string{"./pkg/detect"}},
	{id: "threshold-question", behaviour: "a skipped question scoring 0.1 below its threshold parks",
		file: "pkg/detect/detect.go", old: "if t, ok := s.Threshold[k]; ok && s.P[k] >= t {", new: "if t, ok := s.Threshold[k]; ok && (s.P[k] >= t || k == Question && s.P[k] >= t-0.1) {", pkgs: []string{"./pkg/detect"}},
	{id: "candidate-threshold", behaviour: "a prompt scoring 0.1 below its kind's candidate threshold is kept as a candidate",
		file: "pkg/detect/detect.go", old: "if !scored || sc < m.CandidateAt(i) || sc <= best.Score {", new: "if !scored || sc < m.CandidateAt(i)-0.1 || sc <= best.Score {", pkgs: []string{"./pkg/detect"}},

	// Candidates, review, assist, the session's notices, settings.
	{id: "candidate-not-kept", behaviour: "a prompt the detector is unsure of is not kept for review",
		file: "hooks/candidate.go", old: "\tcandidates.Add(p.ConfigDir, c)\n", new: "\t_ = c\n", pkgs: []string{"./hooks", "./cmd/openloop"}},
	{id: "review-dismiss-keeps", behaviour: "review --dismiss records the label but leaves the candidate listed",
		file: "pkg/candidates/review.go", old: "\treturn Remove(configDir, c)\n}", new: "\treturn nil\n}", pkgs: []string{"./pkg/candidates", "./cmd/openloop"}},
	{id: "nudge-without-assist", behaviour: "a candidate nudges Claude without --assist",
		file: "hooks/assist.go", old: "\tif !cfg.Assist {\n\t\treturn nil\n\t}", new: "\tif false {\n\t\treturn nil\n\t}", pkgs: []string{"./hooks", "./cmd/openloop"}},
	{id: "items-at-startup", behaviour: "SessionStart gives Claude the parked items at startup, resume and clear, not only after a compaction",
		file: "hooks/sessionstart.go", old: `ev.Raw.Get("source").String() == "compact"`, new: `ev.Raw.Get("source").String() != "fork"`, pkgs: []string{"./hooks", "./cmd/openloop"}},
	{id: "takeup-twice", behaviour: "a prompt that takes up a parked item is told again on every later mention",
		file: "hooks/takeup.go", old: "\t\treturn slices.DeleteFunc(open, func(n string) bool { return n == name })", new: "\t\treturn open", pkgs: []string{"./hooks", "./cmd/openloop"}},
	{id: "summary-same-digest-twice", behaviour: "summary writes a second .temp file holding the same digest",
		file: "pkg/summary/file.go", old: "\t\tif same {\n", new: "\t\tif same && false {\n", pkgs: summaryPkgs},
	{id: "plugin-notice-names-session", behaviour: "the plugin's hooks name /session in their notices, a command a plugin user does not have",
		file: "pkg/cli/cmd_hook.go", old: "\t\tcfg.Slash = hooks.PluginSlash\n", new: "\t\t_ = hooks.PluginSlash\n", pkgs: []string{"./cmd/openloop"}},
	{id: "review-number-not-kept", behaviour: "the same loop raised again loses the number review showed it with",
		file: "pkg/candidates/candidates.go", old: "\t\tif same(o, c) && o.N > 0 && o.N <= maxNumber {\n\t\t\tc.N = o.N", new: "\t\tif same(o, c) && o.N > 0 && o.N <= maxNumber {\n\t\t\t_ = o.N", pkgs: []string{"./pkg/candidates", "./cmd/openloop"}},
	{id: "review-numbers-by-position", behaviour: "review --park N takes N as a position in today's list, so a candidate that arrived since is parked",
		file: "pkg/candidates/number.go", old: "i := slices.IndexFunc(list, func(c Candidate) bool { return c.N == n })", new: "i := n - 1\n\tif i >= len(list) {\n\t\ti = -1\n\t}", pkgs: []string{"./pkg/candidates", "./cmd/openloop"}},
	{id: "review-number-given-again", behaviour: "a number whose candidate left the list (parked, dismissed) is given to a newcomer, which a list read before then names",
		file: "pkg/candidates/number.go", old: "next, held := given+1, map[int]int{}", new: "next, held := 1, map[int]int{}", pkgs: []string{"./pkg/candidates", "./cmd/openloop"}},
	{id: "prune-skips-indented-log-line", behaviour: "pruning reads no id in a log line indented by hand, which restore reads, and drops its text",
		file: "pkg/store/prune.go", old: "bytes.HasPrefix(bytes.TrimLeft(line, \" \\t\\r\\n\"), []byte(\"{\"))", new: "bytes.HasPrefix(line, []byte(\"{\"))", pkgs: []string{"./pkg/store"}},
	{id: "rules-ignore-low-sensitivity", behaviour: "a rule parks a kind whose sensitivity is below 0",
		file: "pkg/config/config.go", old: "return f.Rule != \"\" && s.Sensitivity[string(f.Kind)] < 0", new: "return false && f.Rule != \"\" && s.Sensitivity[string(f.Kind)] < 0", pkgs: []string{"./pkg/config", "./cmd/openloop"}},
	{id: "settings-kind-off-ignored", behaviour: "a kind turned off in the settings still parks",
		file: "pkg/config/config.go", old: "\t\t\tif !on {\n\t\t\t\ts.Off[kind] = true", new: "\t\t\tif !on {\n\t\t\t\t_ = kind", pkgs: []string{"./pkg/config", "./cmd/openloop"}},

	// The tooling's own gates.
	{id: "bench-floor-reads", behaviour: "the benchmark floor exits without reading stdin",
		file: "bench/floor/main.go", old: "io.Copy(io.Discard, os.Stdin)", new: "_, _ = io.Discard, os.Stdin", pkgs: benchPkgs},
	{id: "e2e-skip-on-failure", behaviour: "the real-CLI suite skips instead of failing when its set-up fails",
		file: "e2e/main_test.go", old: "\t}\n\treturn \"\", err\n}", new: "\t}\n\treturn err.Error(), nil\n}", pkgs: benchPkgs},
}
