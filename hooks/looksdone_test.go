package hooks

import "testing"

func TestReportedDone(t *testing.T) {
	names := []string{"retry-budget-for-uploads", "dark-mode-toggle"}
	for _, tc := range []struct {
		msg, want string
	}{
		{"The retry budget is in place and its tests pass.", "retry-budget-for-uploads"},
		{"Done: the dark mode toggle now works in the settings page.", "dark-mode-toggle"},
		{"I added the retry budget to the upload client.", "retry-budget-for-uploads"},
		{"Das Retry Budget ist fertig.", "retry-budget-for-uploads"},
		{"El retry budget está listo.", "retry-budget-for-uploads"},
		// Not done: put off, denied, parked, only mentioned, or done elsewhere.
		{"I'll leave the retry budget for a follow-up.", ""},
		{"The retry budget is not implemented yet.", ""},
		{"The retry budget is parked for next quarter.", ""},
		{"Next I could look at the retry budget.", ""},
		{"The login bug is fixed. Want me to start on the retry budget?", ""},
		{"Once the retry budget is done we can ship.", ""},
		{"", ""},
	} {
		got, ok := reportedDone(tc.msg, names)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("reportedDone(%q) = %q, %v; want %q", tc.msg, got, ok, tc.want)
		}
	}
}
