package suggest

import "testing"

func TestNearest(t *testing.T) {
	names := []string{"resume", "pending", "archive", "restore", "dismiss", "summary", "review"}
	for word, want := range map[string]string{
		"resum": "resume", "archiv": "archive", "sumary": "summary", "dismis": "dismiss",
		"re": "", "xyzzy": "", "resume": "resume", "revew": "review", "": "",
	} {
		if got := Nearest(word, names); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", word, got, want)
		}
	}
}
