package e2etest

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// What every crash test shares: how long it kills processes, and when,
// after starting one, it kills it.

// crashBudget is how long a crash test kills processes: full, short with
// -short, or OPENLOOP_CRASH_SECONDS when set. OPENLOOP_NO_KILL skips it.
func crashBudget(t *testing.T, full, short time.Duration) time.Duration {
	t.Helper()
	if os.Getenv("OPENLOOP_NO_KILL") != "" {
		t.Skip("OPENLOOP_NO_KILL is set")
	}
	if s := os.Getenv("OPENLOOP_CRASH_SECONDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("OPENLOOP_CRASH_SECONDS=%q: want a whole number of seconds", s)
		}
		return time.Duration(n) * time.Second
	}
	if testing.Short() {
		return short
	}
	return full
}

// startup is how long the quickest of three runs of `openloop version`
// takes: a process start, before any step is done.
func startup(t *testing.T) time.Duration {
	d := time.Hour
	for range 3 {
		t0 := time.Now()
		newProj(t).run(nil, "version")
		d = min(d, time.Since(t0))
	}
	return d
}

// killWindow is when a crash test kills a process after its start: from
// half a process start (nothing done yet) to that plus span, span one
// and a half times a whole step at first, then widened when a process
// was killed and narrowed when one finished first, by 1/rate of itself,
// so that about half are killed however loaded the machine.
type killWindow struct {
	from, span time.Duration
	rate       time.Duration
}

// newKillWindow is the window for a step that took step once whole.
func newKillWindow(start, step time.Duration, rate int) killWindow {
	return killWindow{from: start / 2, span: 3 * step / 2, rate: time.Duration(rate)}
}

// at is a random point in the window.
func (k *killWindow) at(rng *rand.Rand) time.Duration {
	return k.from + time.Duration(rng.Int64N(int64(max(k.span, 1))))
}

// record adapts the window to a process killed (exit -1) or not.
func (k *killWindow) record(exitCode int) {
	if exitCode == -1 {
		k.span += k.span / k.rate
	} else {
		k.span -= k.span / k.rate
	}
}

// archiveWindow is the window for an archive of the item "fresh alpha
// cache" in p, measured by running one whole.
func archiveWindow(t *testing.T, p *proj, start time.Duration) killWindow {
	t.Helper()
	t0 := time.Now()
	if r := p.run(nil, "archive", fileOf("fresh-alpha-cache")); r.Code != 0 {
		t.Fatalf("archive: exit %d\n%s%s", r.Code, r.Stdout, r.Stderr)
	}
	return newKillWindow(start, time.Since(t0), 8)
}

// kill kills the started process c at a random point of the window,
// waits for it, adapts the window, and returns its exit code (-1 when it
// was killed).
func (k *killWindow) kill(rng *rand.Rand, c *exec.Cmd) int {
	time.Sleep(k.at(rng))
	c.Process.Kill()
	c.Wait()
	code := c.ProcessState.ExitCode()
	k.record(code)
	return code
}

// startArchive starts an archive of "fresh alpha cache" in p, with its
// stdout and stderr in out.
func startArchive(t *testing.T, p *proj) (c *exec.Cmd, out *bytes.Buffer) {
	t.Helper()
	c, out, _ = p.cmd(context.Background(), nil, "archive", fileOf("fresh-alpha-cache"))
	c.Stderr = out
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	return c, out
}

// killRounds runs round until budget is spent or the test has failed. A
// round builds a new world, starts a process, kills it at a random point
// (rng) and checks what is left; it returns whether its process was
// killed. A run in which none was proves nothing, and fails.
func killRounds(t *testing.T, budget time.Duration, seed uint64, round func(rng *rand.Rand) (killed bool)) (rounds, killed int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), seed))
	for end := time.Now().Add(budget); time.Now().Before(end) && !t.Failed(); {
		rounds++
		if round(rng) {
			killed++
		}
	}
	if killed == 0 {
		t.Error("no process was killed: the test proves nothing")
	}
	return rounds, killed
}
