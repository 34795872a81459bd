package hooks

import (
	"fmt"
	"slices"
	"strings"
)

// When Claude's final message says it did what a parked item names ("The
// retry budget is in place and its tests pass."), the Stop hook gives the
// user one line with the command that archives it. Nothing is closed on its
// own: whether the loop is closed is the user's call. Each item is named
// once a session (it then leaves the session's open names, as takeup.go
// does for prompts).

// looksDone returns the notice for the first open item a sentence of msg
// reports done, or nil.
func looksDone(cfg Config, ev Event, msg string, open []string) *Output {
	if len(open) == 0 || msg == "" {
		return nil
	}
	name, ok := reportedDone(msg, open)
	if !ok || !cfg.mentionOnce(ev, name) {
		return nil
	}
	return &Output{SystemMessage: fmt.Sprintf("openloop: Claude reports the parked %q done · %s archive %s closes it", name, cfg.slash(), name)}
}

// reportedDone finds the first name that a sentence of msg names (by
// takenUp's rule) and reports done: a word of completion and no word that
// puts it off, denies it or leaves it open.
func reportedDone(msg string, names []string) (string, bool) {
	for _, s := range sentences(msg) {
		ws := tokens(s)
		if !slices.ContainsFunc(ws, func(w string) bool { return doneWords[w] }) && !containsAny(s, doneMarks) {
			continue
		}
		if slices.ContainsFunc(ws, func(w string) bool { return notDoneWords[w] }) || containsAny(strings.ToLower(s), notDoneMarks) {
			continue
		}
		if name, ok := takenUp(s, names); ok {
			return name, true
		}
	}
	return "", false
}

// sentences splits text at sentence ends and line breaks.
func sentences(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		return r == '.' || r == '!' || r == '?' || r == '\n' || r == '。' || r == '！' || r == '？' || r == ';'
	})
}

func containsAny(s string, subs []string) bool {
	return slices.ContainsFunc(subs, func(m string) bool { return strings.Contains(s, m) })
}

// doneWords say a thing was done, in the corpus languages (tokens, lower
// case); doneMarks are those written without spaces.
var doneWords = map[string]bool{
	"done": true, "fixed": true, "implemented": true, "added": true, "finished": true, "completed": true,
	"resolved": true, "works": true, "working": true, "passes": true, "place": true, "landed": true, "shipped": true,
	"erledigt": true, "behoben": true, "implementiert": true, "hinzugefügt": true, "fertig": true,
	"hecho": true, "listo": true, "arreglado": true, "implementado": true, "añadido": true, "terminado": true,
	"fait": true, "corrigé": true, "implémenté": true, "ajouté": true, "terminé": true,
	"feito": true, "corrigido": true, "adicionado": true, "pronto": true, "concluído": true,
	"готово": true, "исправлено": true, "реализовано": true, "добавлено": true,
}

var doneMarks = []string{"完成", "已修复", "已实现", "已添加", "完了", "修正しました", "実装しました", "追加しました"}

// notDoneWords put a thing off, deny it, or leave it open.
var notDoneWords = map[string]bool{
	"not": true, "no": true, "never": true, "later": true, "yet": true, "still": true, "todo": true, "pending": true,
	"skip": true, "skipped": true, "defer": true, "deferred": true, "leave": true, "left": true, "parked": true,
	"couldn": true, "didn": true, "isn": true, "wasn": true, "won": true, "can": true, "cannot": true, "once": true,
	"nicht": true, "noch": true, "später": true, "aún": true, "todavía": true, "después": true,
	"pas": true, "encore": true, "plus": true, "tard": true, "ainda": true, "não": true, "depois": true,
	"не": true, "ещё": true, "еще": true, "позже": true,
}

var notDoneMarks = []string{"follow-up", "follow up", "next time", "未完成", "还没", "没有", "まだ"}
