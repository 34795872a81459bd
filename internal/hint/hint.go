// Package hint attaches to an error the one line that tells the user what
// to do about it: the "openloop: hint: …" line printed after the error
// line (style.md's error rule).
package hint

import "errors"

// Error is an error with its hint.
type Error struct {
	Err  error
	Hint string
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Wrap gives err a hint; a nil err stays nil.
func Wrap(err error, hint string) error {
	if err == nil {
		return nil
	}
	return &Error{err, hint}
}

// Of is the hint of err, "" when it has none.
func Of(err error) string {
	var h *Error
	if errors.As(err, &h) {
		return h.Hint
	}
	return ""
}

// usage marks an error the command line caused (exit 64).
type usage struct{ error }

func (u usage) Unwrap() error { return u.error }

// Usage is Wrap for a usage error: the command line asked for something
// that cannot be (IsUsage).
func Usage(err error, hint string) error {
	if err == nil {
		return nil
	}
	return &Error{usage{err}, hint}
}

// IsUsage reports whether err is a usage error.
func IsUsage(err error) bool {
	var u usage
	return errors.As(err, &u)
}
