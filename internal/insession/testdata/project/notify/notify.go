// Package notify writes the texts staff see for reminders.
package notify

import (
	"fmt"

	"example.com/shopdesk/reminders"
)

// Messages holds each text by language, then by key.
var Messages = map[string]map[string]string{
	"en": {"reminder": "Reminder: %s"},
	"de": {"reminder": "Erinnerung: %s"},
}

// Format is the notification text for r in lang.
func Format(r reminders.Reminder, lang string) string {
	return fmt.Sprintf(Messages[lang]["reminder"], r.Text)
}
