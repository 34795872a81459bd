// Package reminders keeps the staff's reminders.
package reminders

import (
	"errors"
	"time"
)

// ErrNotFound is returned for an id the list does not hold.
var ErrNotFound = errors.New("reminders: not found")

// Reminder is one thing to remember, due at a time.
type Reminder struct {
	ID   int
	Text string
	Due  time.Time
	Done bool
}

// List holds reminders in the order they were added.
type List struct {
	items []Reminder
	next  int
}

// Add appends a reminder and returns it with its new id.
func (l *List) Add(text string, due time.Time) Reminder {
	l.next++
	r := Reminder{ID: l.next, Text: text, Due: due}
	l.items = append(l.items, r)
	return r
}

// Complete marks the reminder with this id as done.
func (l *List) Complete(id int) error {
	for i := range l.items {
		if l.items[i].ID == id {
			l.items[i].Done = true
			return nil
		}
	}
	return ErrNotFound
}

// Due returns the reminders that are due at now: not done, due before now.
func (l *List) Due(now time.Time) []Reminder {
	var out []Reminder
	for _, r := range l.items {
		if r.Due.Before(now) {
			out = append(out, r)
		}
	}
	return out
}

// All returns every reminder.
func (l *List) All() []Reminder {
	return append([]Reminder(nil), l.items...)
}
