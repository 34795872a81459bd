package e2etest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/openloop/openloop/pkg/store"
)

// The crash test: park, archive, restore, resume and the hook (both the
// prompt that parks and SessionEnd, which expires and sweeps) are started
// one to three at a time and killed (SIGKILL) at random points, round after
// round, for OPENLOOP_CRASH_SECONDS (60 by default, 10 with -short), in
// four projects at once. After every round, with no process running in
// that project, every promise is checked from outside:
//
//   - at most 10 items are open, counting items moved aside by a step that
//     was killed (they come back unless the log says otherwise);
//   - every item file is whole, and no idea is open twice;
//   - every park (and restore) a process reported is on disk, or held
//     aside, or logged as archived or expired;
//   - every item whose last log line says archived or expired is absent;
//   - the log is whole JSON lines, each with ts, item and action, and it
//     never shrinks;
//   - every temp file that existed before a sweep (resume) that ran to
//     its end is gone: temp files are aged past the sweep's 10 minutes at
//     the start of each round. (SessionEnd sweeps too, but when another
//     process holds the lock it leaves expiry and the sweep for later and
//     still exits 0: its exit says nothing.)
func TestCrashConsistency(t *testing.T) {
	budget := crashBudget(t, 60*time.Second, 10*time.Second)
	start := startup(t)
	worlds := make([]*crashWorld, 8)
	for i := range worlds {
		p := newProj(t)
		worlds[i] = &crashWorld{t: t, p: p, tr: plainTranscript(t, p.Home), reported: map[string]string{}, ideas: map[string]string{}, last: map[string]string{}, aged: map[string]bool{}}
	}
	t0, n := time.Now(), 0
	for _, op := range []int{opPark, opPark, opArchive, opPark, opArchive, opRestore, opPrompt, opResume} {
		if s := worlds[0].start(op, map[string]bool{}); s != nil {
			worlds[0].finish(s)
		}
		worlds[0].check(nil, false)
		n++
	}
	win := newKillWindow(start, time.Since(t0)/time.Duration(n), 32)
	var wg sync.WaitGroup
	for i, w := range worlds {
		w.win = win
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(i)))
			for end := time.Now().Add(budget); time.Now().Before(end) && !t.Failed(); {
				w.round(rng)
			}
			// The last word: a sweep that runs to its end leaves no temp
			// file and nothing aside.
			aged := w.ageTemps()
			if r := w.p.run(nil, "resume"); r.Code != 0 || r.Stderr != "" {
				t.Errorf("final resume: exit %d\n%s%s", r.Code, r.Stdout, r.Stderr)
			}
			w.check(aged, true)
			if left := temps(w.p.Mem); len(left) != 0 {
				t.Errorf("temp files after the final sweep: %v", left)
			}
		}()
	}
	wg.Wait()
	var stats []string
	var started, killed [nOps]int
	rounds, reported, lines, twoNames := 0, 0, 0, 0
	for _, w := range worlds {
		twoNames += w.twoNames
		for op := range nOps {
			started[op] += w.started[op]
			killed[op] += w.killed[op]
		}
		rounds, reported, lines = rounds+w.rounds, reported+len(w.reported), lines+w.lines
	}
	total := 0
	for op := range nOps {
		stats = append(stats, fmt.Sprintf("%s %d started, %d killed", opNames[op], started[op], killed[op]))
		total += killed[op]
	}
	t.Logf("%d rounds in %v in %d projects, %d processes killed from %v after their start (window %v at first, %v at the end): %s; %d parks reported, %d log lines; %d times an item was left under its name and its aside",
		rounds, budget, len(worlds), total, win.from, win.span, worlds[0].win.span, strings.Join(stats, "; "), reported, lines, twoNames)
	for _, op := range []int{opPark, opArchive, opResume, opPrompt} {
		if killed[op] == 0 {
			t.Errorf("no %s was killed: the test proves nothing about it", opNames[op])
		}
	}
}

// The steps the crash test starts and kills.
const (
	opPark       = iota // park a new idea
	opDup               // park an idea that is open: must be a duplicate
	opArchive           // archive an open item by name
	opRestore           // restore an archived or expired item by name
	opResume            // list, expire, finish killed steps, sweep temps
	opPrompt            // the UserPromptSubmit hook, with a deferral to park
	opSessionEnd        // the SessionEnd hook: expire, finish, sweep
	nOps
)

// mix is how often each step is started: parks outnumber archives, so
// that the store often stands at its cap, where a killed archive matters.
var mix = []int{opPark, opPark, opPark, opDup, opArchive, opArchive, opRestore, opResume, opPrompt, opPrompt, opSessionEnd}

var opNames = [nOps]string{"park", "park (duplicate)", "archive", "restore", "resume", "hook UserPromptSubmit", "hook SessionEnd"}

// crashWorld is what the crash test knows about the store from outside.
type crashWorld struct {
	t        *testing.T
	p        *proj
	tr       string            // a transcript for the hook
	reported map[string]string // item file → the step that reported writing it
	ideas    map[string]string // item name → the idea it was parked with
	open     []string          // item names on disk at the last check
	gone     []string          // item names whose last log line is archived or expired
	aged     map[string]bool   // open items made 31 days old
	last     map[string]string // item file → the action of its last log line
	logOff   int64             // bytes of the log checked so far
	lines    int               // log lines checked so far
	next     int               // numbers new ideas
	win      killWindow        // when a step is killed after its start
	rounds   int
	twoNames int // checks that found one item under its name and its aside
	started  [nOps]int
	killed   [nOps]int
}

// step is one started process.
type step struct {
	op     int
	target string // the item name an archive, duplicate or restore is about
	idea   string
	c      *exec.Cmd
	out    *bytes.Buffer
}

// round ages temp files (and sometimes an item, for expiry), starts one to
// three steps, kills them at a random point, and checks every promise.
func (w *crashWorld) round(rng *rand.Rand) {
	w.rounds++
	aged := w.ageTemps()
	// Names a step of this round is about, and old items that any sweep
	// may expire: no other step is about them.
	busy := maps.Clone(w.aged)
	if len(w.open) > 0 && rng.IntN(8) == 0 {
		name := w.open[rng.IntN(len(w.open))]
		w.aged[name] = true
		busy[name] = true
		old := time.Now().Add(-31 * 24 * time.Hour)
		os.Chtimes(filepath.Join(w.p.Mem, fileOf(name)), old, old)
	}
	var steps []*step
	for range 1 + rng.IntN(3) {
		if s := w.start(mix[rng.IntN(len(mix))], busy); s != nil {
			steps = append(steps, s)
		}
	}
	time.Sleep(w.win.at(rng))
	for _, s := range steps {
		s.c.Process.Kill()
	}
	swept := false
	for _, s := range steps {
		swept = w.finish(s) || swept
		w.win.record(s.c.ProcessState.ExitCode())
	}
	w.check(aged, swept)
}

// start starts one step; targets are picked from the last check, never
// one that another step of the round is about.
func (w *crashWorld) start(op int, busy map[string]bool) *step {
	pick := func(names []string) string {
		for _, i := range rand.Perm(len(names)) {
			if n := names[i]; !busy[n] && (op != opDup || w.ideas[n] != "") {
				busy[n] = true
				return n
			}
		}
		return ""
	}
	s := &step{op: op}
	var args []string
	var stdin []byte
	switch op {
	case opPark:
		s.idea = "crash idea " + words(w.next)
		w.next++
		args = []string{"park", "--kind", "deferred", "--idea", s.idea, "--context", "killing processes"}
	case opDup:
		if s.target = pick(w.open); s.target == "" {
			return nil
		}
		args = []string{"park", "--kind", "deferred", "--idea", w.ideas[s.target], "--context", "again"}
	case opArchive:
		if s.target = pick(w.open); s.target == "" {
			return nil
		}
		args = []string{"archive", fileOf(s.target)} // the file name: nothing else can match it
	case opRestore:
		if s.target = pick(w.gone); s.target == "" {
			return nil
		}
		args = []string{"restore", s.target}
	case opResume:
		args = []string{"resume"}
	case opPrompt:
		args = []string{"hook"}
		stdin = w.p.hookPayload("crash", w.tr, fmt.Sprintf("Let's come back to the %s cache layer later; first fix the auth bug.", words(w.next)))
		w.next++
	case opSessionEnd:
		args = []string{"hook"}
		stdin, _ = json.Marshal(map[string]any{"session_id": "crash", "transcript_path": w.tr, "cwd": w.p.Root, "hook_event_name": "SessionEnd", "reason": "exit"})
	}
	s.c, s.out, _ = w.p.cmd(context.Background(), stdin, args...)
	s.c.Stderr = s.out
	if err := s.c.Start(); err != nil {
		w.t.Error(err)
		return nil
	}
	w.started[op]++
	return s
}

// finish waits for a step and records what it reported. It returns true
// for a sweep (resume) that ran to its end.
func (w *crashWorld) finish(s *step) bool {
	t := w.t
	s.c.Wait()
	out := s.out.String()
	if s.c.ProcessState.ExitCode() == -1 {
		w.killed[s.op]++
	} else if bad := w.badExit(s, out); bad {
		t.Errorf("%s %q: exit %d\n%s", opNames[s.op], s.target, s.c.ProcessState.ExitCode(), out)
	}
	// What a step printed before it was killed was still reported.
	for _, line := range strings.Split(out, "\n") {
		if name, ok := strings.CutPrefix(line, "Parked: "); ok {
			w.reported[fileOf(name)] = "park"
			w.ideas[name] = s.idea
		}
		if name, ok := strings.CutPrefix(line, "Restored: "); ok {
			w.reported[fileOf(name)] = "restore"
		}
		if s.op == opDup && strings.HasPrefix(line, "Already parked: ") && line != "Already parked: "+s.target {
			t.Errorf("duplicate of %s reported as %q", s.target, line)
		}
	}
	if s.op == opPrompt {
		var o hookOut
		if json.Unmarshal([]byte(out), &o) == nil {
			if rest, ok := strings.CutPrefix(o.SystemMessage, "openloop parked "); ok {
				names, _, _ := strings.Cut(rest, " · ")
				for _, q := range strings.Split(names, ", ") {
					name, err := strconv.Unquote(q)
					if err != nil {
						t.Errorf("notice %q: %v", o.SystemMessage, err)
					}
					w.reported[fileOf(name)] = "hook"
				}
			}
		}
	}
	if s.op == opDup && strings.HasPrefix(out, "Parked: ") {
		t.Errorf("the open idea of %s was parked again: %s", s.target, out)
	}
	return s.op == opResume && s.c.ProcessState.ExitCode() == 0
}

// badExit reports an exit code or output a finished step must not have.
func (w *crashWorld) badExit(s *step, out string) bool {
	code := s.c.ProcessState.ExitCode()
	capped := strings.HasPrefix(out, "Not parked: ") || strings.HasPrefix(out, "Not restored: ")
	switch s.op {
	case opPark, opDup:
		return !(code == 0 || code == 1 && capped)
	case opArchive:
		// 3: the item expired meanwhile (SessionEnd in the same round).
		return !(code == 0 && strings.HasPrefix(out, "Archived: "+s.target+"\n") || code == 3)
	case opRestore:
		return !(code == 0 || code == 1 && capped || code == 3)
	case opSessionEnd:
		return code != 0 || out != ""
	}
	return code != 0 // resume, and the prompt hook (whose stdout is checked by finish)
}

// fileOf is the file of an item parked today under name.
func fileOf(name string) string { return "session-open-" + name + "-" + today() + ".md" }

// ageTemps sets every temp file's time back past the sweep's 10 minutes
// and returns their names.
func (w *crashWorld) ageTemps() []string {
	old := time.Now().Add(-11 * time.Minute)
	names := temps(w.p.Mem)
	for _, n := range names {
		os.Chtimes(filepath.Join(w.p.Mem, n), old, old)
	}
	return names
}

// check checks every promise against the disk and the log.
func (w *crashWorld) check(aged []string, swept bool) {
	t := w.t
	t.Helper()
	w.readLog()
	ents, err := os.ReadDir(w.p.Mem)
	if errors.Is(err, os.ErrNotExist) {
		return // every step so far died before creating it
	}
	if err != nil {
		t.Error(err)
		return
	}
	onDisk, aside := map[string]bool{}, map[string]bool{}
	var asideNames []string
	for _, e := range ents {
		name := e.Name()
		if strings.HasPrefix(name, ".openloop-tmp-archive-") || strings.HasPrefix(name, ".openloop-tmp-restore-") {
			if i := strings.Index(name, "session-open-"); i >= 0 {
				aside[name[i:]] = true
				asideNames = append(asideNames, name)
			}
		} else if strings.HasPrefix(name, "session-open-") && e.Type().IsRegular() {
			onDisk[name] = true
		}
	}
	// A step killed while putting an item in place (a hard link, then
	// the aside's removal) leaves one item under two names, one inode:
	// it is one item, and the next settle removes the aside.
	held := 0
	for _, name := range asideNames {
		file := name[strings.Index(name, "session-open-"):]
		if onDisk[file] && sameFile(filepath.Join(w.p.Mem, name), filepath.Join(w.p.Mem, file)) {
			w.twoNames++
			continue
		}
		held++
	}
	if n := len(onDisk) + held; n > store.MaxOpen {
		t.Errorf("%d items open (%d of them aside): the cap is %d", n, held, store.MaxOpen)
	}
	keys := map[string]string{}
	w.open = w.open[:0]
	old := w.aged
	w.aged = map[string]bool{}
	for _, it := range checkItemsAnyKind(t, w.p.Mem) {
		k := strings.Join(strings.FieldsFunc(strings.ToLower(it.Idea()), func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
		}), " ")
		if other, ok := keys[k]; ok {
			t.Errorf("the idea %q is open twice: %s and %s", k, other, it.File)
		}
		keys[k] = it.File
		w.open = append(w.open, store.NameOfFile(it.File))
		if old[store.NameOfFile(it.File)] {
			w.aged[store.NameOfFile(it.File)] = true
		}
	}
	for file, who := range w.reported {
		if !onDisk[file] && !aside[file] && w.last[file] != "archived" && w.last[file] != "expired" {
			t.Errorf("%s reported %s; it is neither on disk, nor aside, nor logged as archived (last log action %q)", who, file, w.last[file])
		}
	}
	w.gone = w.gone[:0]
	for file, act := range w.last {
		if act == "archived" || act == "expired" {
			w.gone = append(w.gone, store.NameOfFile(file))
			if onDisk[file] {
				t.Errorf("%s is logged as %s and still open", file, act)
			}
		}
	}
	sort.Strings(w.gone)
	if swept {
		for _, n := range aged {
			if _, err := os.Lstat(filepath.Join(w.p.Mem, n)); err == nil {
				t.Errorf("temp file %s outlived a sweep that ran to its end", n)
			}
		}
	}
}

// readLog checks the lines appended to the log since the last check.
func (w *crashWorld) readLog() {
	t := w.t
	data, err := os.ReadFile(w.p.LogPath())
	if errors.Is(err, os.ErrNotExist) && w.logOff == 0 {
		return
	}
	if err != nil {
		t.Error(err)
		return
	}
	if int64(len(data)) < w.logOff {
		t.Errorf("the log shrank from %d to %d bytes", w.logOff, len(data))
		return
	}
	add := data[w.logOff:]
	if len(add) == 0 {
		return
	}
	if add[len(add)-1] != '\n' {
		// A line cut by a kill: Linux stops a write(2) that spans a page
		// boundary of the file when SIGKILL arrives, so one write is not
		// whole under a kill. The promise is that the next line written
		// removes it (or ends it, when it is whole JSON): check the lines
		// before it now, and it with what follows at the next check (a
		// cut line left in front of a new one is a bad line there).
		i := bytes.LastIndexByte(add, '\n')
		if i < 0 {
			return
		}
		add = add[:i+1]
	}
	for _, line := range bytes.Split(add[:len(add)-1], []byte("\n")) {
		var e struct{ TS, Item, Action, File, Text, ID string }
		if err := json.Unmarshal(line, &e); err != nil || e.TS == "" || e.Item == "" || e.Action == "" {
			t.Errorf("bad log line (%v): %q", err, line)
			continue
		}
		w.lines++
		if e.File == "" { // a line of an older version: items of this test are parked today
			e.File = fileOf(e.Item)
		}
		w.last[e.File] = e.Action
	}
	w.logOff += int64(len(add))
}

// Temp files older than 10 minutes are removed by resume (store.Expire);
// newer ones, which may belong to a process still writing, are kept; none
// is ever listed.
func TestStaleTempsCleaned(t *testing.T) {
	p := newProj(t)
	if r := p.park("a real idea"); r.Code != 0 {
		t.Fatalf("park: %d %s%s", r.Code, r.Stdout, r.Stderr)
	}
	old := filepath.Join(p.Mem, ".openloop-tmp-123456")
	fresh := filepath.Join(p.Mem, ".openloop-tmp-654321")
	half := "---\nname: half-written\ndescr"
	writeFile(t, old, half)
	writeFile(t, fresh, half)
	back := time.Now().Add(-11 * time.Minute)
	if err := os.Chtimes(old, back, back); err != nil {
		t.Fatal(err)
	}
	r := p.run(nil, "resume")
	if r.Code != 0 || strings.Contains(r.Stdout, "half") || strings.Contains(r.Stdout, "tmp") {
		t.Errorf("resume: exit %d\n%s%s", r.Code, r.Stdout, r.Stderr)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("temp file 11 minutes old still exists (%v)", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("fresh temp file was removed: %v", err)
	}
}

// sameFile reports whether two paths name one file (one inode).
func sameFile(a, b string) bool {
	fa, err := os.Lstat(a)
	if err != nil {
		return false
	}
	fb, err := os.Lstat(b)
	return err == nil && os.SameFile(fa, fb)
}
