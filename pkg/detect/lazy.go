package detect

import (
	"strings"
	"sync"
)

// lazy is a package-level table built the first time it is used. A map
// literal at package level is built at start-up in every openloop process,
// the hook's on every prompt included, whether or not the process ever
// names an idea; a lazy one, declared with a function literal that
// captures nothing, is static data until then.
type lazy[T any] struct {
	once  sync.Once
	v     T
	build func() T
}

// get returns the table, building it on the first call.
func (l *lazy[T]) get() T {
	l.once.Do(func() { l.v = l.build() })
	return l.v
}

// words is a set of words, written as one string of words separated by
// single spaces: words("can could will"). It is static data, so a set
// costs nothing when the process starts, where a map literal or a map
// built from a list is made by package init in every process (the hook
// runs once per prompt; BENCHMARKS.md). A word holds no space; has scans
// the string, which for sets of a few dozen short words is as quick as a
// map lookup.
type words string

// has reports whether w is one of the words.
func (s words) has(w string) bool {
	if w == "" || strings.IndexByte(w, ' ') >= 0 {
		return false
	}
	for from := 0; from < len(s); {
		i := strings.Index(string(s[from:]), w)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(w)
		if (i == 0 || s[i-1] == ' ') && (end == len(s) || s[end] == ' ') {
			return true
		}
		from = i + 1
	}
	return false
}
