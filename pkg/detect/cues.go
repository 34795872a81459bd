package detect

import (
	"sort"
	"strings"
	"unicode"
)

// Cue lists. A cue is a feature, not a verdict: "later" fires cue:later in
// "let's look at the cache later" and in "it crashes later in the run"
// alike, and the learned weights of the words around it decide. The lists
// pool rare evidence across the languages of the corpus (about 71% English,
// 16% Chinese, 8% Spanish, then Korean, Japanese, French, Russian,
// Portuguese), so a deferral in French weighs like one in English though
// the corpus has few French ones. Latin-script phrases match whole words;
// phrases in other scripts match as substrings, so they are at least two
// characters long.
var cueLists = []struct {
	group   string
	phrases []string
}{
	{"later", []string{
		"later", "later on", "next time", "another time", "some other time", "someday", "some day",
		"eventually", "in the future", "in future", "future", "down the road", "down the line",
		"next sprint", "next week", "tomorrow", "next session", "next phase", "phase 2", "phase two",
		"v2", "follow up", "follow-up", "followup", "at some point", "long term", "long-term",
		"以后", "之后", "后续", "後續", "稍后", "下次", "下一步再", "回头", "再说", "改天", "将来", "未来",
		"más adelante", "mas adelante", "luego", "después", "despues", "en el futuro", "otro día",
		"plus tard", "à l'avenir", "prochaine fois", "나중에", "다음에", "추후", "향후", "あとで",
		"後で", "今度", "将来", "позже", "потом", "в будущем", "depois", "mais tarde", "no futuro",
	}},
	{"for-now", []string{
		"for now", "for the moment", "right now", "at the moment", "not now", "not yet", "yet",
		"for this pr", "in this pr", "temporarily", "暂时", "暫時", "先不", "暂不", "目前先", "现在先",
		"先别", "先跳过", "por ahora", "por el momento", "de momento", "todavía no", "todavia no",
		"pour l'instant", "pour le moment", "일단", "우선", "지금은", "今は", "とりあえず", "一旦",
		"пока", "por enquanto", "por agora", "ainda não",
	}},
	{"put-off", []string{
		"park", "parked", "parking", "punt", "punt on", "defer", "deferred", "postpone", "postponed",
		"shelve", "shelved", "table this", "table that", "on hold", "hold off", "put aside",
		"set aside", "back burner", "skip", "skip it", "ignore", "leave it", "leave that",
		"come back to", "come back", "circle back", "revisit", "get back to", "return to",
		"can wait", "not a priority", "low priority", "out of scope", "separate pr",
		"separate task", "separate issue", "remind me", "don't forget", "note this", "make a note",
		"搁置", "推迟", "延后", "延後", "放一放", "先放", "先不管", "不急", "跳过", "忽略",
		"aplazar", "posponer", "dejar para", "dejemos", "dejalo", "déjalo", "más tarde",
		"reporter", "on verra", "보류", "미루", "건너뛰", "後回し", "保留", "отложим", "отложить",
		"adiar", "deixar para",
	}},
	{"file-it", []string{
		"backlog", "todo", "to-do", "todo list", "ticket", "issue for", "an issue", "github issue",
		"linear issue", "jira", "roadmap", "wishlist", "wish list", "tech debt", "待办", "待辦",
		"需求池", "路线图", "pendiente", "pendientes", "tarea", "할 일", "백로그", "課題",
	}},
	{"side", []string{
		"btw", "by the way", "side note", "sidenote", "random thought", "unrelated", "tangent",
		"idea", "another idea", "i was thinking", "i wonder", "it would be nice", "would be nice",
		"would be cool", "would be great", "nice to have", "we could also", "we might", "maybe we",
		"might be worth", "worth considering", "also consider", "what if we",
		"顺便", "另外", "还有个想法", "有个想法", "我在想", "我有一个想法", "想法", "要是能", "如果能",
		"por cierto", "otra idea", "sería bueno", "seria bueno", "estaría bueno", "se me ocurre",
		"au fait", "une idée", "ce serait bien", "그런데", "아이디어", "그리고", "ついでに", "アイデア",
		"кстати", "идея", "aliás", "seria bom", "ideia",
	}},
	{"yes", []string{
		"yes", "yeah", "yep", "yup", "sure", "ok", "okay", "sounds good", "go ahead", "do it",
		"proceed", "continue", "approved", "lgtm", "correct", "right", "exactly", "agreed", "please do",
		"是的", "好的", "可以", "同意", "继续", "确认", "sí", "si", "dale",
		"claro", "de acuerdo", "adelante", "perfecto", "oui", "d'accord", "네", "예", "좋아", "좋습니다",
		"진행", "はい", "お願い", "да", "хорошо", "sim", "pode",
	}},
	{"no", []string{
		"no", "nope", "nah", "don't", "do not", "not needed", "no need", "never mind", "cancel",
		"不用", "不要", "不需要", "算了", "no hace falta", "non", "아니", "아니요", "いいえ",
		"нет", "não",
	}},
	{"choice", []string{
		"option", "option 1", "option 2", "option a", "option b", "the first", "the second",
		"first one", "second one", "both", "neither", "方案", "选项", "第一个", "第二个", "opción",
		"la primera", "la segunda", "ambos", "옵션", "첫 번째", "두 번째", "案", "вариант", "opção",
	}},
	{"offer", []string{
		"want me to", "would you like me to", "would you like", "do you want", "should i", "shall i",
		"can i", "let me know if", "if you want", "if you'd like", "i can also", "happy to",
		"need me to", "like me to", "要我", "需要我", "要不要", "是否需要", "我可以", "quieres que",
		"te gustaría", "querés que", "puedo", "voulez-vous", "veux-tu", "souhaitez-vous",
		"할까요", "드릴까요", "원하시면", "しましょうか", "ますか", "хотите", "могу", "quer que", "posso",
	}},
	{"decide", []string{
		"which", "which one", "or", "prefer", "would you prefer", "do you prefer", "should we",
		"what do you think", "confirm", "approve", "decide", "choose", "pick", "what is the",
		"what's the", "do you have", "can you share", "can you provide", "what should",
		"哪个", "哪种", "还是", "选择", "确认", "是否", "怎么", "cuál", "cual", "prefieres", "preferís",
		"confirma", "o ", "lequel", "préférez", "어떤", "어느", "아니면", "선택", "どちら", "どれ",
		"какой", "или", "qual", "prefere", "ou",
	}},
	{"now", []string{
		"now", "first", "focus on", "just", "only", "instead", "现在", "先做", "先把", "只做", "ahora", "primero",
		"solo", "maintenant", "d'abord", "지금", "먼저", "まず", "сейчас", "сначала", "agora", "primeiro",
	}},
}

// The lists above are the source; the lookup tables in cues_table.go are
// made from them (computeCueTable) and checked against them by
// TestCueTable, which rewrites the file with -update. As static data they
// cost nothing at start: building them took half the instructions of a
// hook that parks nothing.

// cueKey is a Latin-script phrase, as the words tokens gives joined by one
// space, and the groups (bits, in cueLists order) it belongs to.
type cueKey struct {
	key    string
	groups uint16
}

// cuePhrase is a phrase in another script, matched as a substring.
type cuePhrase struct {
	phrase string
	group  uint8
}

// computeCueTable makes the lookup tables from cueLists: the Latin keys
// sorted, the other phrases in list order, and the most words in a key.
func computeCueTable() (latin []cueKey, other []cuePhrase, maxWords int) {
	idx := map[string]int{}
	for g, l := range cueLists {
		for _, p := range l.phrases {
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
func latinGroups(key string) (groups uint16, longer bool) {
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
// cueLists order.
func cueGroups(text string) []string {
	return cueGroupsOf(text, tokens(text))
}

// cueGroupsOf is cueGroups for text already split into words (tokens).
func cueGroupsOf(text string, ws []string) []string {
	var found uint16
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
		for _, c := range cueOther {
			if found&(1<<c.group) == 0 && strings.Contains(lt, c.phrase) {
				found |= 1 << c.group
			}
		}
	}
	var out []string
	for g, l := range cueLists {
		if found&(1<<g) != 0 {
			out = append(out, l.group)
		}
	}
	return out
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
		var best uint16
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
		for g, l := range cueLists {
			if best&(1<<g) != 0 {
				out = append(out, cueHit{l.group, i, bestEnd})
			}
		}
	}
	return out
}
