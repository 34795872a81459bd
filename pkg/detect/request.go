package detect

import "strings"

// RequestName names the work a request asked for, in its own words and
// language, as the question kind names what the user raised: the first
// clause of what the user typed, reduced by the same rules that name a
// parked idea (openings, politeness and a leading article go; the clause
// is cut at maxIdeaWords words). It is "" when the prompt is not typed
// text (a slash command, an envelope Claude Code wrote) or when what is
// left names no thing ("do it", "---"): namesThing and noThing, the rules
// that keep such a name from being parked.
func RequestName(prompt string) string {
	typed, skip := Typed(prompt)
	if skip {
		return ""
	}
	name := reduce(firstClause(typed), nil)
	if !namesThing(name) || noThing(name) {
		return ""
	}
	return name
}

// notDonePhrases are the words Claude ends a turn with when the work
// asked for was not done: it could not, it stopped, or what it changed
// still fails. Lower case; apostrophes are straight. In the corpus
// languages, like the deferral cues.
var notDonePhrases = lazy[[]string]{build: func() []string {
	return []string{
		// English "could not" and its kin only with Claude as the subject:
		// "the loader could not find the file" tells of the code.
		"i couldn't", "i could not", "we couldn't", "we could not", "i wasn't able to",
		"i was not able to", "we weren't able to", "we were not able to", "i'm unable to",
		"i am unable to", "i was unable to", "we were unable to", "i'm not able to", "i am not able to",
		"i didn't manage", "i did not manage", "i gave up", "giving up", "not done yet",
		"isn't done", "is not done", "not finished", "isn't finished", "haven't finished",
		"have not finished", "didn't finish", "did not finish", "still fail", "still broken",
		"doesn't work yet", "does not work yet", "not working yet", "i'm blocked", "i am blocked",
		"i stopped before", "i did not change", "i didn't change", "no changes were made",
		"konnte nicht", "nicht geschafft", "nicht fertig", "schlägt noch fehl", "schlagen noch fehl",
		"funktioniert noch nicht", "no pude", "no he podido", "no logré", "no está terminado",
		"sigue fallando", "siguen fallando", "no funciona todavía", "je n'ai pas pu", "n'ai pas réussi",
		"pas terminé", "échoue encore", "échouent encore", "ne fonctionne pas encore", "não consegui",
		"não foi possível", "não está pronto", "ainda falha", "não terminei", "не смог", "не удалось",
		"не готово", "ещё падает", "еще падает", "не закончил", "无法完成", "没能", "未能", "未完成",
		"还没完成", "仍然失败", "できませんでした", "未完了", "まだ完了していません", "하지 못했",
		"완료하지 못", "아직 완료되지",
	}
}}

// ReportsNotDone reports whether Claude's final message of a turn says the
// work was not done ("I couldn't reproduce it", "the tests still fail",
// "No pude arreglarlo"): such a request is no completed work.
func ReportsNotDone(msg string) bool {
	m := strings.ReplaceAll(strings.ToLower(msg), "’", "'")
	for _, p := range notDonePhrases.get() {
		if strings.Contains(m, p) {
			return true
		}
	}
	return false
}
