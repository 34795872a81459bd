package detect

import "testing"

func TestRequestName(t *testing.T) {
	for prompt, want := range map[string]string{
		"Add a retry budget to the upload client and run the tests":            "Add a retry budget to the upload client",
		"Please rename the config loader and update its callers":               "rename the config loader",
		"Can you add request logging to the payments service?":                 "add request logging to the payments service",
		"ok now refactor the parser so it streams":                             "refactor the parser",
		"The auth middleware drops requests when the token refreshes. Fix it.": "auth middleware drops requests",
		"Добавь кэширование заказов":                                           "Добавь кэширование заказов",
		"给订单列表加上缓存":                                                            "订单列表加上缓存",
		// No thing named: the digest says when the request was made instead.
		"do it": "", "ok": "", "---": "", "   ": "",
		// Not typed by the user.
		"/session summary": "", "<command-name>/review</command-name>": "",
		"[Request interrupted by user]": "", "This session is being continued from a previous conversation": "",
	} {
		if got := RequestName(prompt); got != want {
			t.Errorf("RequestName(%q) = %q, want %q", prompt, got, want)
		}
	}
}

func TestReportsNotDone(t *testing.T) {
	for msg, want := range map[string]bool{
		"The upload client now has a retry budget, and the tests pass.": false,
		"Renamed the loader; all callers updated.":                      false,
		"I couldn’t reproduce the crash, so I changed nothing else.":    true,
		"I wasn't able to fix the flaky test: TestRefresh still fails.": true,
		"The migration is not finished: two tables remain.":             true,
		"No pude arreglar la prueba.":                                   true,
		"Не удалось запустить тесты.":                                   true,
		"我没能修复这个问题。":                                                    true,
		"テストを修正できませんでした。":                                               true,
		// Told of the code, not of the work.
		"Renamed. Previously the loader could not finish when the file was missing; now it returns an error.": false,
		"Fixed: the client was unable to retry after a 429.":                                                  false,
		"We couldn't get the integration suite to run here; the unit tests pass.":                             true,
	} {
		if got := ReportsNotDone(msg); got != want {
			t.Errorf("ReportsNotDone(%q) = %v, want %v", msg, got, want)
		}
	}
}
