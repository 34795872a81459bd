package notify

import (
	"reflect"
	"testing"

	"example.com/shopdesk/reminders"
)

func TestInsessionFallback(t *testing.T) {
	if got := Format(reminders.Reminder{Text: "x"}, "it"); got != "Reminder: x" {
		t.Fatalf("Format(it) = %q", got)
	}
}

func TestInsessionSpanish(t *testing.T) {
	if got := Format(reminders.Reminder{Text: "x"}, "es"); got != "Recordatorio: x" {
		t.Errorf("Format(es) = %q", got)
	}
	if got := Messages["es"]["later"]; got != "Lo vemos más tarde" {
		t.Errorf("es later = %q", got)
	}
}

func TestInsessionFormatAll(t *testing.T) {
	got := FormatAll([]reminders.Reminder{{Text: "a"}, {Text: "b"}}, "de")
	if want := []string{"Erinnerung: a", "Erinnerung: b"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("FormatAll = %q", got)
	}
}

func TestInsessionSnoozed(t *testing.T) {
	r := reminders.Reminder{Text: "x"}
	for lang, want := range map[string]string{"es": "Pospuesto: x", "en": "Snoozed: x", "it": "Snoozed: x"} {
		if got := Snoozed(r, lang); got != want {
			t.Errorf("Snoozed(%s) = %q; want %q", lang, got, want)
		}
	}
}
