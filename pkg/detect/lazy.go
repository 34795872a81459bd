package detect

import "sync"

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
