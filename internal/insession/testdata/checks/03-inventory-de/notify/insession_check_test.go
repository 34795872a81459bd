package notify

import "testing"

func TestInsessionLaterDE(t *testing.T) {
	if got := Messages["de"]["later"]; got != "Wir kümmern uns später darum" {
		t.Errorf("de later = %q", got)
	}
	if got := Messages["en"]["later"]; got != "We'll take care of it later" {
		t.Errorf("en later = %q", got)
	}
}
