package detect

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The concept lexicon. A concept is a feature, not a verdict: "later"
// fires con:later in "let's look at the cache later" and in "it crashes
// later in the run" alike, and the learned weights of the words around it
// decide. Each concept has an entry per corpus language (about 71%
// English, 16% Chinese, 8% Spanish, then Korean, Japanese, French,
// Russian, Portuguese), so a deferral in Korean weighs like one in
// English though the corpus has few Korean ones: an English example
// teaches the weight of 나중에 too. Latin-script phrases match whole
// words; phrases in other scripts match as substrings, so they are at
// least two characters long. The table was written and reviewed by hand,
// from no dictionary's data; docs/detection.md prints it.
//
// The deferral concepts (loopCue) come first; then the side-idea marker,
// and the concepts that describe an answer or Claude's question.
var lexicon = []concept{
	{"later", "a time after now", lex{
		en: ws{"later", "later on", "another time", "some other time", "someday", "some day", "eventually",
			"in the future", "in future", "future", "down the road", "down the line", "at some point",
			"long term", "long-term", "at a later", "one day"},
		zh: ws{"以后", "之后", "后续", "後續", "稍后", "回头", "再说", "改天", "将来", "未来", "后期", "以後",
			"稍後", "回頭", "再說", "將來", "未來", "後期"},
		es: ws{"más adelante", "mas adelante", "luego", "después", "despues", "en el futuro", "otro día",
			"algún día", "algun dia"},
		ko: ws{"나중에", "추후", "향후", "다음에", "언젠가"},
		ja: ws{"あとで", "後で", "今度", "将来", "後ほど", "今後", "いずれ"},
		fr: ws{"plus tard", "à l'avenir", "ultérieurement", "une autre fois", "un jour"},
		ru: ws{"позже", "потом", "в будущем", "позднее", "когда-нибудь"},
		pt: ws{"depois", "mais tarde", "no futuro", "futuramente", "um dia"},
	}},
	{"next-phase", "a named later stage: next session, sprint, phase, version", lex{
		en: ws{"next time", "next sprint", "next week", "tomorrow", "next session", "next phase", "phase 2",
			"phase two", "v2", "follow up", "follow-up", "followup", "next iteration", "next release",
			"next version", "later phase", "future session", "next milestone", "next pr", "after the release",
			"after release", "after launch", "after the launch", "post-launch", "post launch", "after the mvp"},
		zh: ws{"下次", "下一步再", "下个版本", "下一阶段", "下一个阶段", "二期", "明天", "下一期", "下个迭代",
			"下個版本", "下一階段", "下一個階段", "下個迭代"},
		es: ws{"próxima fase", "proxima fase", "siguiente fase", "próximo sprint", "proximo sprint", "mañana",
			"la próxima vez", "siguiente versión"},
		ko: ws{"다음 단계", "다음 버전", "내일", "다음 스프린트", "다음 세션"},
		ja: ws{"次のフェーズ", "次回", "明日", "次のスプリント", "次のバージョン"},
		fr: ws{"prochaine fois", "prochaine phase", "prochain sprint", "demain", "prochaine version"},
		ru: ws{"следующем этапе", "следующий спринт", "следующем спринте", "завтра", "в следующий раз", "следующей версии"},
		pt: ws{"próxima fase", "proxima fase", "próximo sprint", "amanhã", "próxima vez", "próxima versão"},
	}},
	{"for-now", "not now: for now, not yet, for the time being", lex{
		en: ws{"for now", "for the moment", "right now", "at the moment", "not now", "not yet", "yet",
			"for this pr", "in this pr", "temporarily", "for the time being", "for time being", "at this point"},
		zh: ws{"暂时", "暫時", "先不", "暂不", "目前先", "现在先", "先别", "暂且", "目前不", "暫不",
			"現在先", "先別"},
		es: ws{"por ahora", "por el momento", "de momento", "todavía no", "todavia no", "por lo pronto"},
		ko: ws{"일단", "우선", "지금은", "당장은"},
		ja: ws{"今は", "とりあえず", "一旦", "いったん", "ひとまず", "今のところ"},
		fr: ws{"pour l'instant", "pour le moment", "pas maintenant", "pas encore", "momentanément"},
		ru: ws{"пока", "пока что", "не сейчас"},
		pt: ws{"por enquanto", "por agora", "ainda não", "no momento"},
	}},
	{"skip", "leave a thing out", lex{
		en: ws{"skip", "skip it", "ignore", "leave out", "don't bother", "dont bother",
			"no need to", "forget about", "drop", "don't worry about", "dont worry about", "do not worry about"},
		zh: ws{"跳过", "忽略", "先不管", "不用管", "不考虑", "不用加", "不做", "跳過", "不考慮"},
		es: ws{"saltar", "omitir", "ignorar", "olvidemos", "olvida", "no te preocupes por", "no nos preocupemos por",
			"ignora", "ignoremos", "omite", "omitamos"},
		ko: ws{"건너뛰", "무시", "생략", "빼고", "신경 쓰지 말", "신경 쓰지 않아도"},
		ja: ws{"スキップ", "飛ばし", "無視", "省略", "気にしなくて"},
		fr: ws{"ignorer", "ignore", "sauter", "laisser de côté", "laissons", "oublie", "ne t'inquiète pas pour",
			"ne vous inquiétez pas pour"},
		ru: ws{"пропустим", "пропустить", "игнорир", "не трогай", "не трогаем", "не беспокойся о", "не беспокойтесь о"},
		pt: ws{"pular", "ignorar", "deixar de lado", "esquece", "não se preocupe com", "não precisa se preocupar com"},
	}},
	{"put-off", "hold, park, postpone", lex{
		en: ws{"park", "punt", "punt on", "defer", "postpone", "shelve", "on hold", "hold off", "put aside", "set aside",
			"back burner", "save for later", "save that for", "save this for", "save it for", "for later",
			"till later", "until later"},
		zh: ws{"搁置", "推迟", "延后", "延後", "放一放", "先放", "缓一缓", "暂缓", "放到后面", "放后面",
			"擱置", "推遲", "緩一緩", "暫緩", "放到後面", "放後面"},
		es: ws{"aplazar", "posponer", "pospongamos", "pospón", "dejar para", "aparcar", "postergar", "para después",
			"para despues", "para luego", "para más adelante"},
		ko: ws{"보류", "미루", "연기하"},
		ja: ws{"後回し", "延期", "見送"},
		fr: ws{"reportons", "reportera", "on reporte", "remettre à plus tard", "mettre de côté", "en attente",
			"à plus tard"},
		ru: ws{"отложим", "отложить", "отложи", "отложено"},
		pt: ws{"adiar", "vamos adiar", "deixar para", "adiado", "deixa pra", "fica para", "fica pra", "para depois",
			"pra depois"},
	}},
	{"revisit", "come back to it", lex{
		en: ws{"come back to", "come back", "circle back", "revisit", "get back to", "return to", "pick it up",
			"pick this up", "pick that up"},
		zh: ws{"回头再", "再回来", "再考虑", "再处理", "再谈", "再看", "再弄", "再做",
			"回頭再", "再回來", "再考慮", "再處理", "再談"},
		es: ws{"retomar", "retomamos", "volveremos", "volvemos a", "lo vemos"},
		ko: ws{"다시 보", "다시 살펴", "다시 하"},
		ja: ws{"また今度", "再検討", "改めて"},
		fr: ws{"on y reviendra", "reviendra", "revenir sur", "reprendre"},
		ru: ws{"вернёмся", "вернемся", "вернуться к"},
		pt: ws{"voltar a", "voltamos", "retomar", "retomamos"},
	}},
	{"can-wait", "it can wait: low priority, not urgent", lex{
		en: ws{"can wait", "not a priority", "low priority", "not urgent", "no rush", "less priority",
			"lower priority", "not a blocker", "nice to have later", "not a high priority", "not high priority",
			"not a top priority", "doesn't need to be a priority", "does not need to be a priority",
			"don't need to be a priority", "not the priority"},
		zh: ws{"优先级低", "优先级不高", "不是重点", "不紧急", "優先級低", "優先級不高", "不緊急"},
		es: ws{"puede esperar", "no es prioridad", "no es urgente", "sin prisa", "baja prioridad", "no es prioritario",
			"no es una prioridad"},
		ko: ws{"급하지 않", "우선순위 낮", "급한 건 아니"},
		ja: ws{"急がない", "急ぎではない", "優先度低", "優先度は低", "急ぎじゃない"},
		fr: ws{"peut attendre", "pas prioritaire", "pas urgent", "basse priorité", "pas une priorité", "pas la priorité"},
		ru: ws{"может подождать", "не срочно", "не приоритет", "подождёт", "подождет", "не в приоритете"},
		pt: ws{"pode esperar", "não é prioridade", "sem pressa", "não é urgente", "baixa prioridade",
			"não é uma prioridade", "não é prioritário"},
	}},
	{"out-of-scope", "not part of this work", lex{
		en: ws{"out of scope", "not in scope", "beyond the scope", "outside the scope", "outside of scope",
			"not part of this"},
		zh: ws{"不在范围", "超出范围", "范围外", "不在本次", "不在範圍", "超出範圍", "範圍外"},
		es: ws{"fuera de alcance", "fuera del alcance"},
		ko: ws{"범위 밖", "범위를 벗어"},
		ja: ws{"範囲外", "スコープ外"},
		fr: ws{"hors périmètre", "hors du périmètre", "hors scope", "hors sujet"},
		ru: ws{"вне рамок", "за рамками"},
		pt: ws{"fora do escopo"},
	}},
	{"separate", "another PR, task, session", lex{
		en: ws{"separate pr", "separate task", "separate issue", "separate ticket", "separate project",
			"separate session", "another pr", "different pr", "own pr", "separately", "new session"},
		zh: ws{"单独的", "另开", "另一个pr", "单独pr", "单独处理", "另外处理", "單獨的",
			"另一個pr", "單獨pr", "單獨處理", "另外處理"},
		es: ws{"pr aparte", "tarea aparte", "otra tarea", "por separado"},
		ko: ws{"별도", "따로"},
		ja: ws{"別のpr", "別タスク", "別途"},
		fr: ws{"pr séparée", "tâche séparée", "séparément"},
		ru: ws{"отдельн"},
		pt: ws{"pr separado", "tarefa separada", "separadamente"},
	}},
	{"remind", "note it for later", lex{
		en: ws{"remind me", "don't forget", "dont forget", "note this", "make a note", "keep in mind",
			"write down", "jot down", "note that down", "take note"},
		zh: ws{"提醒我", "记住", "记下", "别忘了", "记录下来", "记一下", "記住", "記下",
			"別忘了", "記錄下來", "記一下"},
		es: ws{"recuérdame", "recuerdame", "no olvides", "anota", "toma nota"},
		ko: ws{"기억해", "잊지 말", "메모해"},
		ja: ws{"覚えておい", "忘れないで", "メモして"},
		fr: ws{"rappelle-moi", "n'oublie pas", "prends note", "note ça"},
		ru: ws{"напомни", "не забудь", "запиши"},
		pt: ws{"lembre-me", "me lembre", "não esqueça", "anote"},
	}},
	{"file-it", "a backlog, todo list, ticket, roadmap", lex{
		en: ws{"backlog", "todo", "to-do", "todo list", "todos", "ticket", "issue for", "an issue", "github issue",
			"linear issue", "jira", "roadmap", "wishlist", "wish list", "tech debt", "future work",
			"future considerations", "future improvements", "known limitation"},
		zh: ws{"待办", "待辦", "需求池", "路线图", "todo", "技术债", "路線圖", "技術債"},
		es: ws{"pendiente", "pendientes", "tarea", "hoja de ruta", "backlog"},
		ko: ws{"할 일", "백로그", "이슈로"},
		ja: ws{"課題", "バックログ", "タスクリスト", "todo"},
		fr: ws{"liste des tâches", "feuille de route", "à faire", "backlog"},
		ru: ws{"бэклог", "список задач", "задачу на"},
		pt: ws{"lista de tarefas", "pendência", "backlog"},
	}},
	{"side", "a side idea", lex{
		en: ws{"btw", "by the way", "side note", "sidenote", "random thought", "unrelated", "tangent", "idea",
			"another idea", "i was thinking", "i wonder", "it would be nice", "would be nice", "would be cool",
			"would be great", "nice to have", "we could also", "we might", "maybe we", "might be worth",
			"worth considering", "also consider", "what if we"},
		zh: ws{"顺便", "另外", "还有个想法", "有个想法", "我在想", "我有一个想法", "想法", "要是能", "如果能", "順便",
			"還有個想法", "有個想法", "我有一個想法"},
		es: ws{"por cierto", "otra idea", "sería bueno", "seria bueno", "estaría bueno", "se me ocurre"},
		ko: ws{"그런데", "아이디어", "그리고"},
		ja: ws{"ついでに", "アイデア"},
		fr: ws{"au fait", "une idée", "ce serait bien"},
		ru: ws{"кстати", "идея"},
		pt: ws{"aliás", "seria bom", "ideia"},
	}},
	{"yes", "an answer: yes", lex{
		en: ws{"yes", "yeah", "yep", "yup", "sure", "ok", "okay", "sounds good", "go ahead", "do it", "proceed",
			"continue", "approved", "lgtm", "correct", "right", "exactly", "agreed", "please do"},
		zh: ws{"是的", "好的", "可以", "同意", "继续", "确认", "繼續", "確認"},
		es: ws{"sí", "si", "dale", "claro", "de acuerdo", "adelante", "perfecto"},
		ko: ws{"네", "예", "좋아", "좋습니다", "진행"},
		ja: ws{"はい", "お願い"},
		fr: ws{"oui", "d'accord"},
		ru: ws{"да", "хорошо"},
		pt: ws{"sim", "pode"},
	}},
	{"no", "an answer: no", lex{
		en: ws{"no", "nope", "nah", "don't", "do not", "not needed", "no need", "never mind", "cancel"},
		zh: ws{"不用", "不要", "不需要", "算了"},
		es: ws{"no hace falta"},
		ko: ws{"아니", "아니요"},
		ja: ws{"いいえ"},
		fr: ws{"non"},
		ru: ws{"нет"},
		pt: ws{"não"},
	}},
	{"choice", "an answer that picks an option", lex{
		en: ws{"option", "option 1", "option 2", "option a", "option b", "the first", "the second", "first one",
			"second one", "both", "neither"},
		zh: ws{"方案", "选项", "第一个", "第二个", "選項", "第一個", "第二個"},
		es: ws{"opción", "la primera", "la segunda", "ambos"},
		ko: ws{"옵션", "첫 번째", "두 번째"},
		ja: ws{"案"},
		ru: ws{"вариант"},
		pt: ws{"opção"},
	}},
	{"offer", "Claude offers a further step", lex{
		en: ws{"want me to", "would you like me to", "would you like", "do you want", "should i", "shall i",
			"can i", "let me know if", "if you want", "if you'd like", "i can also", "happy to", "need me to",
			"like me to"},
		zh: ws{"要我", "需要我", "要不要", "是否需要", "我可以"},
		es: ws{"quieres que", "te gustaría", "querés que", "puedo"},
		ko: ws{"할까요", "드릴까요", "원하시면"},
		ja: ws{"しましょうか", "ますか"},
		fr: ws{"voulez-vous", "veux-tu", "souhaitez-vous"},
		ru: ws{"хотите", "могу"},
		pt: ws{"quer que", "posso"},
	}},
	{"decide", "Claude asks for a decision or a fact", lex{
		en: ws{"which", "which one", "or", "prefer", "would you prefer", "do you prefer", "should we",
			"what do you think", "confirm", "approve", "decide", "choose", "pick", "what is the", "what's the",
			"do you have", "can you share", "can you provide", "what should"},
		zh: ws{"哪个", "哪种", "还是", "选择", "确认", "是否", "怎么", "哪個", "哪種", "還是", "選擇", "確認",
			"怎麼"},
		es: ws{"cuál", "cual", "prefieres", "preferís", "confirma", "o "},
		ko: ws{"어떤", "어느", "아니면", "선택"},
		ja: ws{"どちら", "どれ"},
		fr: ws{"lequel", "préférez", "ou"},
		ru: ws{"какой", "или"},
		pt: ws{"qual", "prefere", "ou"},
	}},
	{"now", "what is done now: focus on, first, instead", lex{
		en: ws{"now", "first", "focus on", "just", "only", "instead", "concentrate on"},
		zh: ws{"现在", "先做", "先把", "只做", "专注", "現在", "專注"},
		es: ws{"ahora", "primero", "solo", "enfócate", "centrémonos"},
		ko: ws{"지금", "먼저", "집중"},
		ja: ws{"まず", "集中"},
		fr: ws{"maintenant", "d'abord", "concentrons"},
		ru: ws{"сейчас", "сначала"},
		pt: ws{"agora", "primeiro", "foco em"},
	}},
}

// concept is one entry of the lexicon: its name (the feature con:<name>),
// what it means, and its phrases per language.
type concept struct {
	name, means string
	words       lex
}

// ws is a list of phrases.
type ws = []string

// lex holds a concept's phrases in each corpus language.
type lex struct{ en, zh, es, ko, ja, fr, ru, pt []string }

// Languages are the lexicon's languages, in the order of lex's fields.
var Languages = []string{"en", "zh", "es", "ko", "ja", "fr", "ru", "pt"}

// all is every phrase of a concept, language by language.
func (l lex) all() [][]string { return [][]string{l.en, l.zh, l.es, l.ko, l.ja, l.fr, l.ru, l.pt} }

// Concept is one row of the lexicon as documentation prints it.
type Concept struct {
	Name, Means string
	Phrases     map[string][]string // language → phrases
}

// Lexicon returns the concept table, for documentation and tests.
func Lexicon() []Concept {
	out := make([]Concept, len(lexicon))
	for i, c := range lexicon {
		out[i] = Concept{Name: c.name, Means: c.means, Phrases: map[string][]string{}}
		for j, ps := range c.words.all() {
			out[i].Phrases[Languages[j]] = ps
		}
	}
	return out
}

// The lexicon is the source; the lookup tables in cues_table.go are made
// from it (computeCueTable) and checked against it by TestCueTable, which
// rewrites the file with -update. As static data they
// cost nothing at start: building them took half the instructions of a
// hook that parks nothing.

// cueKey is a Latin-script phrase, as the words tokens gives joined by one
// space, and the groups (bits, in lexicon order) it belongs to.
type cueKey struct {
	key    string
	groups uint32
}

// cuePhrase is a phrase in another script, matched as a substring.
type cuePhrase struct {
	phrase string
	group  uint8
}

// computeCueTable makes the lookup tables from the lexicon: the Latin keys
// sorted, the other phrases in list order, and the most words in a key.
func computeCueTable() (latin []cueKey, other []cuePhrase, maxWords int) {
	idx := map[string]int{}
	for g, c := range lexicon {
		for _, p := range slices.Concat(c.words.all()...) {
			p = strings.ToLower(strings.TrimSpace(p))
			if !isLatinPhrase(p) {
				other = append(other, cuePhrase{p, uint8(g)})
				continue
			}
			ws := tokens(p)
			key := strings.Join(ws, " ")
			i, ok := idx[key]
			if !ok {
				i = len(latin)
				idx[key] = i
				latin = append(latin, cueKey{key: key})
			}
			latin[i].groups |= 1 << g
			maxWords = max(maxWords, len(ws))
		}
	}
	sort.Slice(latin, func(i, j int) bool { return latin[i].key < latin[j].key })
	return latin, other, maxWords
}

// latinGroups is the groups of a Latin key (0 if it is no cue), and
// whether a longer key starts with it and a space: only then is a longer
// run of words worth looking up. Words hold no byte below the apostrophe, so the
// keys that extend key come right after it in the sorted table.
func latinGroups(key string) (groups uint32, longer bool) {
	i := sort.Search(len(cueLatin), func(i int) bool { return cueLatin[i].key >= key })
	if i < len(cueLatin) && cueLatin[i].key == key {
		groups = cueLatin[i].groups
		i++
	}
	if i < len(cueLatin) {
		k := cueLatin[i].key
		longer = len(k) > len(key) && k[len(key)] == ' ' && k[:len(key)] == key
	}
	return groups, longer
}

func isLatinPhrase(p string) bool {
	for _, r := range p {
		if r > unicode.MaxLatin1 && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// cueGroups returns the groups whose phrases occur in text, each once, in
// lexicon order.
func cueGroups(text string) []string {
	return cueGroupsOf(text, tokens(text))
}

// cueGroupsOf is cueGroups for text already split into words (tokens).
func cueGroupsOf(text string, ws []string) []string {
	var found uint32
	for i := range ws {
		key := ""
		for n := 1; n <= cueMaxWords && i+n <= len(ws); n++ {
			if n == 1 {
				key = ws[i]
			} else {
				key += " " + ws[i+n-1]
			}
			gs, longer := latinGroups(key)
			found |= gs
			if !longer {
				break
			}
		}
	}
	// The phrases matched as substrings are all in scripts beyond Latin-1:
	// text without such letters cannot hold one.
	if beyondLatin1(text) {
		lt := strings.ToLower(text)
		for i := range cueOther {
			c := &cueOther[i]
			if found&(1<<c.group) == 0 && containsPhrase(lt, c.phrase) {
				found |= 1 << c.group
			}
		}
	}
	var out []string
	for g, c := range lexicon {
		if found&(1<<g) != 0 {
			out = append(out, c.name)
		}
	}
	return out
}

// containsPhrase reports whether lt holds phrase: anywhere for a phrase
// that starts in Han or kana (written without spaces), else only at the
// start of a word, so that "да" (yes) is not found in "подождать" and
// "отложим" still is in "отложим".
func containsPhrase(lt, phrase string) bool {
	if r, _ := utf8.DecodeRuneInString(phrase); isHanKana(r) {
		return strings.Contains(lt, phrase)
	}
	for off := 0; ; {
		i := strings.Index(lt[off:], phrase)
		if i < 0 {
			return false
		}
		i += off
		if r, _ := utf8.DecodeLastRuneInString(lt[:i]); i == 0 || !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return true
		}
		off = i + 1
	}
}

// beyondLatin1 reports text holding a letter past U+00FF.
func beyondLatin1(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xc4 { // the lead byte of U+0100 and above
			return true
		}
	}
	return false
}

// cueHit is a Latin-script cue found at words [start, end).
type cueHit struct {
	group      string
	start, end int
}

// cueHits finds the Latin-script cues in a list of words, longest first at
// each position.
func cueHits(ws []string) []cueHit {
	var out []cueHit
	for i := 0; i < len(ws); i++ {
		key := ""
		var best uint32
		bestEnd := 0
		for n := 1; n <= cueMaxWords && i+n <= len(ws); n++ {
			if n == 1 {
				key = ws[i]
			} else {
				key += " " + ws[i+n-1]
			}
			gs, longer := latinGroups(key)
			if gs != 0 {
				best, bestEnd = gs, i+n
			}
			if !longer {
				break
			}
		}
		for g, c := range lexicon {
			if best&(1<<g) != 0 {
				out = append(out, cueHit{c.name, i, bestEnd})
			}
		}
	}
	return out
}
