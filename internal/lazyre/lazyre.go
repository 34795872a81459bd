// Package lazyre is a drop-in for the parts of package regexp that
// openloop's detectors use, with one difference: a pattern is compiled the
// first time it is used, not at program start.
//
// Every openloop command is one short process, and the hook runs on every
// prompt. A package-level regexp.MustCompile runs at init in every process,
// whether or not that process ever matches it: pkg/detect's ~50 rules cost
// about 26 ms and 3.4 MB of allocations at start-up (GODEBUG=inittrace=1),
// several times the whole run of a Go program that only reads stdin. With
// this package a rule costs nothing until a prompt's keywords reach it.
//
// Use it by import name, so the code reads as plain regexp:
//
//	import regexp "github.com/openloop/openloop/internal/lazyre"
//
//	var reX = regexp.MustCompile(`…`) // compiled on first use
//
// A bad pattern still panics, on first use instead of at start-up. Every
// pattern is registered, and CheckAll compiles them all: a package that
// uses lazyre calls it from a test, so a bad pattern fails the tests
// rather than a user's hook.
package lazyre

import (
	"errors"
	"regexp"
	"sync"
)

var (
	mu   sync.Mutex
	head *Regexp // every pattern made by MustCompile, newest first
)

// CheckAll compiles every pattern made so far by MustCompile and returns
// the errors of those that do not compile.
func CheckAll() error {
	mu.Lock()
	var rs []*Regexp
	for r := head; r != nil; r = r.next {
		rs = append(rs, r)
	}
	mu.Unlock()
	var errs []error
	for i := len(rs) - 1; i >= 0; i-- {
		if _, err := regexp.Compile(rs[i].expr); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Regexp is a regular expression compiled on first use. It is safe for
// concurrent use.
type Regexp struct {
	expr     string
	once     sync.Once
	compiled *regexp.Regexp
	next     *Regexp // the registry's list (see CheckAll)
}

// MustCompile returns a Regexp for expr without compiling it. It makes one
// allocation and runs no other code: package-level patterns are made at
// start-up in every process, the hook's included.
func MustCompile(expr string) *Regexp {
	r := &Regexp{expr: expr}
	mu.Lock()
	r.next, head = head, r
	mu.Unlock()
	return r
}

// re compiles the pattern the first time, and panics, as
// regexp.MustCompile does, on every use of a bad one.
func (r *Regexp) re() *regexp.Regexp {
	r.once.Do(func() { r.compiled, _ = regexp.Compile(r.expr) })
	if r.compiled == nil {
		return regexp.MustCompile(r.expr) // panics with regexp's message
	}
	return r.compiled
}

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.re().MatchString(s) }

// FindStringIndex is regexp.Regexp.FindStringIndex.
func (r *Regexp) FindStringIndex(s string) []int { return r.re().FindStringIndex(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.re().FindStringSubmatch(s) }

// FindStringSubmatchIndex is regexp.Regexp.FindStringSubmatchIndex.
func (r *Regexp) FindStringSubmatchIndex(s string) []int { return r.re().FindStringSubmatchIndex(s) }

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string { return r.re().ReplaceAllString(src, repl) }

// FindSubmatch is regexp.Regexp.FindSubmatch.
func (r *Regexp) FindSubmatch(b []byte) [][]byte { return r.re().FindSubmatch(b) }

// SubexpNames is regexp.Regexp.SubexpNames.
func (r *Regexp) SubexpNames() []string { return r.re().SubexpNames() }

// SubexpIndex is regexp.Regexp.SubexpIndex.
func (r *Regexp) SubexpIndex(name string) int { return r.re().SubexpIndex(name) }
