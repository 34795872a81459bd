package hooks

import "testing"

func TestTakenUp(t *testing.T) {
	names := []string{"retry-budget-for-uploads", "i18n", "dark-mode-toggle-2", "add-caching"}
	for _, tc := range []struct {
		prompt, want string
	}{
		{"ok, now the retry budget", "retry-budget-for-uploads"},
		{"Let's do the Retry-Budget now", "retry-budget-for-uploads"},
		{"ok, i18n now", "i18n"},
		{"back to the dark mode toggle", "dark-mode-toggle-2"},
		{"retry the failed upload job", ""},                                                    // one word of the name
		{"the budget report should retry on timeout", ""},                                      // the words apart
		{"the mode is dark here", ""},                                                          // out of order
		{"please add caching", "add-caching"},                                                  // one content word, a short prompt
		{"fix the i18n strings in the settings page and the header and footer too please", ""}, // one-word name in a long prompt
		{"", ""},
	} {
		got, ok := takenUp(tc.prompt, names)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("takenUp(%q) = %q, %v; want %q", tc.prompt, got, ok, tc.want)
		}
	}
}
