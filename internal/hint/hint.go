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
