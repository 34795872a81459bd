package notify

import "testing"

func TestInsessionLaterFR(t *testing.T) {
	if got := Messages["fr"]["later"]; got != "Nous y reviendrons plus tard" {
		t.Errorf("fr later = %q", got)
	}
	if got := Messages["en"]["later"]; got != "We will come back to this later" {
		t.Errorf("en later = %q", got)
	}
}
