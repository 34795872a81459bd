package lazyre

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
)

func TestSameAsRegexp(t *testing.T) {
	const expr = `(?P<word>\w+)@(?P<host>[a-z.]+)`
	const in = "mail ann@example.com and bob@test.org now"
	lz, re := MustCompile(expr), regexp.MustCompile(expr)
	check := func(name string, got, want any) {
		t.Helper()
		if g, w := fmtV(got), fmtV(want); g != w {
			t.Errorf("%s = %s, want %s", name, g, w)
		}
	}
	check("MatchString", lz.MatchString(in), re.MatchString(in))
	check("FindStringIndex", lz.FindStringIndex(in), re.FindStringIndex(in))
	check("FindStringSubmatch", lz.FindStringSubmatch(in), re.FindStringSubmatch(in))
	check("FindStringSubmatchIndex", lz.FindStringSubmatchIndex(in), re.FindStringSubmatchIndex(in))
	check("ReplaceAllString", lz.ReplaceAllString(in, "<$host>"), re.ReplaceAllString(in, "<$host>"))
	check("FindSubmatch", lz.FindSubmatch([]byte(in)), re.FindSubmatch([]byte(in)))
	check("SubexpNames", lz.SubexpNames(), re.SubexpNames())
	check("SubexpIndex", lz.SubexpIndex("host"), re.SubexpIndex("host"))
	if lz.re() != lz.re() {
		t.Error("compiled twice")
	}
}

// A bad pattern panics on first use, not when declared, and CheckAll
// reports it.
func TestBadPatternPanicsOnUse(t *testing.T) {
	lz := MustCompile(`(`)
	if err := CheckAll(); err == nil || !strings.Contains(err.Error(), "missing closing )") {
		t.Errorf("CheckAll() = %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("no panic on first use of a bad pattern")
		}
	}()
	lz.MatchString("x")
}

func TestConcurrentFirstUse(t *testing.T) {
	lz := MustCompile(`b+`)
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !lz.MatchString("abbb") {
				t.Error("no match")
			}
		}()
	}
	wg.Wait()
}

func fmtV(v any) string { return fmt.Sprintf("%#v", v) }

// A package-level pattern costs one allocation at start-up and no
// compiling: every openloop process, the hook's included, makes them all.
func TestMustCompileIsOneAllocation(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { MustCompile(`(a|b)+c{1,128}`) }); n != 1 {
		t.Errorf("MustCompile made %v allocations, want 1", n)
	}
}
