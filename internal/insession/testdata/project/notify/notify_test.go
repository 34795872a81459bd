package notify

import (
	"testing"

	"example.com/shopdesk/reminders"
)

func TestFormat(t *testing.T) {
	r := reminders.Reminder{Text: "order milk"}
	if got := Format(r, "de"); got != "Erinnerung: order milk" {
		t.Fatalf("Format(de) = %q", got)
	}
}
