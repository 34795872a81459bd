package detect

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// No name that is not a thing (issue 25 §4). An item is found again by
// its name; a name that says nothing of the thing ("now", "fix it", "the
// parser and", the user's own request) is worse than none. What reduce
// leaves is checked here, in every corpus language, against the classes
// of words that are not names:
//
//   - notNamePointer: a time word, a pronoun or a pointer alone ("now",
//     "then", "jetzt", "después", "ça", "那个", "これ");
//   - notNameVerb: a bare verb, or a verb with only a pointer or a
//     function word ("fix", "fix it", "arreglar eso", "明天弄");
//   - notNameFragment: a phrase cut mid-clause, ending in a conjunction,
//     an article, a preposition or a determiner ("the parser and", "it in
//     a way that", "le cache de"), or in the dangling verb of the putting
//     off itself ("… toca", "… is something");
//   - notNameRequest: the user's own current request ("write the notes
//     into docs/"): what is asked for now is not put off;
//   - notNameQuoted: text the user quoted, not said.
//
// Such a name never parks: the finding becomes a candidate (its Rule
// says why: "not-a-name:fragment"), for the user's review or, with
// assist, a nudge to Claude, who knows what was meant. Before a name is
// judged, the putting off said after the thing is cut where it can be cut
// cleanly (cutPutOffTail): "colored terminal output is something for
// after the release" names "colored terminal output", "l'import CSV, ce
// n'est pas pour aujourd'hui" names "import CSV".

// nameClass is why a phrase is no name, or "" when it is one.
type nameClass string

// The classes of phrases that are not names.
const (
	notNamePointer  nameClass = "pointer"
	notNameVerb     nameClass = "bare-verb"
	notNameFragment nameClass = "fragment"
	notNameRequest  nameClass = "request"
	notNameQuoted   nameClass = "quoted"
)

// ruleNotAName starts Finding.Rule for a candidate whose name was
// refused: "not-a-name:fragment".
const ruleNotAName = "not-a-name"

// refuseName is the class of non-names idea falls in, or "": prompt is
// the typed prompt the idea was cut from ("" when it came from Claude's
// message).
func refuseName(idea, prompt string) nameClass {
	idea = strings.TrimSpace(idea)
	if idea == "" {
		return notNamePointer
	}
	if prompt != "" && insideQuotes(prompt, idea) {
		return notNameQuoted
	}
	if !isLatinText(idea) {
		return refuseUnspaced(idea)
	}
	lw := nameWords(idea)
	if len(lw) == 0 {
		return notNamePointer
	}
	content := 0
	verbs := 0
	for _, w := range lw {
		switch {
		case aloneWords.has(w) || fragmentEnd.has(w):
		case plainVerbs.has(w) || nounVerbs.has(w) || genericVerbs.get()[w]:
			verbs++
		default:
			content++
		}
	}
	switch {
	case content == 0 && verbs == 0:
		return notNamePointer
	case content == 0 && (verbs > 1 || len(lw) > 1 || plainVerbs.has(lw[0])):
		// "fix", "fix it", "arreglar eso"; "test" or "build" alone may be
		// the thing ("skip the build for now").
		return notNameVerb
	}
	if last := lw[len(lw)-1]; fragmentEnd.has(last) || putOffHead.has(last) || relativeEnd.has(last) {
		return notNameFragment
	}
	if prompt != "" && isRequest(idea, prompt) {
		return notNameRequest
	}
	return ""
}

// nameWords are the lower-case words of a phrase in a script with spaces,
// without the punctuation around them and with an elided article split
// off ("l'import" is "l'" and "import").
func nameWords(s string) []string {
	var out []string
	for _, w := range strings.Fields(strings.ToLower(s)) {
		w = strings.Trim(w, ",.;:!?\"()[]{}“”‘’«»*`…")
		w = strings.ReplaceAll(w, "’", "'")
		if a, rest, ok := elided(w); ok {
			out = append(out, a)
			w = rest
		}
		if w = strings.Trim(w, "'"); w != "" && strings.ContainsFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			out = append(out, w)
		}
	}
	return out
}

// elided splits a French or Italian elided article or pronoun off a word:
// "l'import" is "l'" and "import".
func elided(w string) (string, string, bool) {
	for _, a := range []string{"l'", "d'", "qu'", "c'", "n'", "j'", "s'"} {
		if rest, ok := strings.CutPrefix(w, a); ok && utf8.RuneCountInString(rest) >= 2 {
			return a, rest, true
		}
	}
	return "", "", false
}

// insideQuotes reports an idea that is text the prompt quotes, words of
// putting off and all: it lies in a span between quotes that holds a
// loop cue ("a button labelled 'do this later'"). A thing the user puts
// in quotes to name it ("the 'zone of exclusion', later") is theirs.
func insideQuotes(prompt, idea string) bool {
	p, i := lower(prompt), lower(strings.TrimSpace(idea))
	if i == "" || !strings.Contains(p, i) || strings.Contains(unquote(p), i) {
		return false
	}
	for _, span := range quotedSpans(p) {
		if strings.Contains(span, i) && holdsLoopCue(span) {
			return true
		}
	}
	return false
}

// quotedSpans are the texts between the quotes of p, as unquote finds
// them.
func quotedSpans(p string) []string {
	var out []string
	u := []rune(unquote(p))
	r := []rune(p)
	// unquote keeps the quotes and drops what is between them: walk both.
	for i, j := 0, 0; i < len(r) && j < len(u); {
		if r[i] == u[j] {
			i, j = i+1, j+1
			continue
		}
		start := i
		for i < len(r) && r[i] != u[j] {
			i++
		}
		out = append(out, string(r[start:i]))
	}
	return out
}

// nameless reports an idea that names nothing on its own: none, a
// pointer ("that", "this one"), or a pointer or a bare verb as refuseName
// finds them ("now", "fix it"). The thing is then looked for elsewhere:
// Claude's offer, the clause before, what Claude proposed.
func nameless(idea string) bool {
	if idea == "" || isPointerPhrase(idea) {
		return true
	}
	c := refuseName(idea, "")
	return c == notNamePointer || c == notNameVerb
}

// trimFragment takes the words a phrase cut mid-clause ends in off its
// end ("apply the same sort of action to any", "le cache de"), in any
// corpus language, when a word that names something is left; else the
// phrase is left as it is, for refuseName to refuse ("it in a way that"
// is "it in a way" cut, and a pointer).
func trimFragment(ws, lw []string) ([]string, []string) {
	n := len(lw)
	for n > 0 && fragmentEnd.has(lw[n-1]) {
		n--
	}
	if n == len(lw) || !slices.ContainsFunc(lw[:n], isNameWord) {
		return ws, lw
	}
	return ws[:n], lw[:n]
}

// isNameWord reports a word that can name a thing: no function word,
// pointer, time word or verb of doing.
func isNameWord(w string) bool {
	return !aloneWords.has(w) && !fragmentEnd.has(w) && !plainVerbs.has(w) && !genericVerbs.get()[w]
}

// isRequest reports an idea that is most of the prompt's own request: a
// part of a clause that asks for something now (it opens with a verb of
// doing, and holds no word of putting off or floating), three content
// words or more, three quarters of which the idea holds, while what is
// put off only points back ("write the notes into docs/, we can look at
// the rest later").
func isRequest(idea, prompt string) bool {
	iw := contentWords(nameWords(idea))
	if len(iw) == 0 {
		return false
	}
	have := map[string]bool{}
	for _, w := range iw {
		have[w] = true
	}
	var parts []string
	for _, c := range clauses(unquote(prompt)) {
		parts = append(parts, clauseParts(c)...)
	}
	points := false // "…, we can look at it later": the loop points back at the request
	for _, c := range parts {
		if holdsLoopCue(c) && slices.ContainsFunc(nameWords(c), pointsBack.has) {
			points = true
		}
	}
	if !points {
		return false // "add a retry budget to the uploader, but not now" puts the request off
	}
	for _, c := range parts {
		if holdsLoopCue(c) {
			continue
		}
		lw := nameWords(c)
		n := prefixLen(lw, leadWords.words())
		if n >= len(lw) || !requestVerbs.has(lw[n]) {
			continue
		}
		cw := contentWords(lw)
		if len(cw) < 3 {
			continue
		}
		held := 0
		for _, w := range cw {
			if have[w] {
				held++
			}
		}
		if 4*held >= 3*len(cw) {
			return true
		}
	}
	return false
}

// contentWords are the words of lw that are not function words, pointers
// or time words.
func contentWords(lw []string) []string {
	var out []string
	for _, w := range lw {
		if !aloneWords.has(w) && !fragmentEnd.has(w) {
			out = append(out, w)
		}
	}
	return out
}

// refuseUnspaced is refuseName for Chinese and Japanese: a pointer, a
// pronoun or a time word alone, or with a verb of doing, once the
// openings and particles are cut.
func refuseUnspaced(idea string) nameClass {
	s := strings.TrimFunc(idea, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
	rest, verb := s, false
	for changed := true; changed && rest != ""; {
		changed = false
		for _, w := range unspacedAlone {
			if r, ok := strings.CutPrefix(rest, w); ok {
				rest, changed = r, true
			}
			if r, ok := strings.CutSuffix(rest, w); ok {
				rest, changed = r, true
			}
		}
		for _, w := range unspacedVerbs {
			if r, ok := strings.CutSuffix(rest, w); ok {
				rest, changed, verb = r, true, true
			}
		}
	}
	switch {
	case rest == "" && verb:
		return notNameVerb
	case rest == "":
		return notNamePointer
	}
	for _, e := range unspacedFragmentEnd {
		if strings.HasSuffix(s, e) && s != e {
			return notNameFragment
		}
	}
	return ""
}

// cutPutOffTail cuts the putting off said after the thing, when it can be
// cut cleanly: a copula, a modal or a verb of the putting off itself, then
// only words of the putting off ("is something", "can wait", "ce n'est
// pas pour", "toca", "kann warten"). The time words are gone by then
// (dropTime). It returns the words unchanged when there is no such tail,
// or when nothing would be left before it.
func cutPutOffTail(ws, lw []string) ([]string, []string) {
	for i := 1; i < len(lw); i++ {
		if !putOffHead.has(tailWord(lw[i])) {
			continue
		}
		clean := true
		for _, w := range lw[i:] {
			if !putOffTail.has(tailWord(w)) {
				clean = false
				break
			}
		}
		if clean {
			return ws[:i], lw[:i]
		}
	}
	return ws, lw
}

// tailWord is w as the tail tables spell it: the straight apostrophe.
func tailWord(w string) string {
	return strings.ReplaceAll(strings.Trim(w, ",.;:!?()"), "’", "'")
}

// dropElided takes an elided article off a thing's first word:
// "l'import CSV" names "import CSV".
func dropElided(ws, lw []string) ([]string, []string) {
	if len(ws) == 0 {
		return ws, lw
	}
	w := strings.ReplaceAll(lw[0], "’", "'")
	for _, a := range []string{"l'", "d'"} {
		if strings.HasPrefix(w, a) && utf8.RuneCountInString(w) > len(a)+1 {
			out := append([]string{string([]rune(ws[0])[2:])}, ws[1:]...)
			return out, append([]string{string([]rune(lw[0])[2:])}, lw[1:]...)
		}
	}
	return ws, lw
}

// The word tables of the classes, in the corpus languages (English,
// Chinese, Spanish, Korean, Japanese, French, Russian, Portuguese) and
// German.
var (
	// aloneWords are time words, pronouns and pointers: alone, they name
	// nothing.
	aloneWords = words(
		// en
		"now then later today tomorrow tonight soon yet again first next eventually someday afterwards " +
			"it that this these those them they he she we you i me us one ones something everything anything " +
			"stuff thing things here there what it's that's this's rest else all other others too also well " +
			"maybe probably just please ok okay not plus tard " +
			// es
			"ahora luego después despues mañana hoy pronto entonces eso esto ello lo le les aquello algo todo " +
			"esta este ese esa estos esas aquí ahí allí nosotros yo tú también " +
			// fr
			"maintenant après apres demain aujourd'hui ensuite puis bientôt alors ça ca cela ceci ce il elle " +
			"on nous vous je tout ici là aussi pas " +
			// pt
			"agora depois amanhã hoje então logo isso isto aquilo ele ela tudo aqui ali eu nós você também não " +
			// de
			"jetzt dann später morgen heute nachher bald das es dies dieses etwas alles hier da ich wir du sie " +
			"auch nicht " +
			// ru
			"сейчас потом позже завтра сегодня тогда скоро это то оно он она всё все что-то тут там мы я ты " +
			"вы тоже не " +
			// ko
			"지금 나중에 다음에 내일 오늘 이따 그때 그럼 그거 이거 저거 그것 이것 그건 이건 저건 그걸 이걸 뭐 거기 여기 일단")
	// fragmentEnd are the words a phrase cut mid-clause ends in: articles,
	// prepositions, conjunctions and determiners that need what follows.
	fragmentEnd = words(
		// en
		"the a an of to in on at for with from by into onto about as per via over under and or but so " +
			"because if when while which than nor though although since until unless whether any some each " +
			"every my our your their its no " +
			// es
			"el la los las un una unos unas del al de a en con por para sin sobre y o pero que porque si " +
			"cuando como mi tu su nuestro nuestra " +
			// fr
			"le les l' d' qu' une des du de à au aux dans sur pour par avec sans et ou mais qui parce quand " +
			"comme mon ton son notre votre leur cette ces " +
			// pt
			"o os as um uma do da dos das em no na nos nas com sem e mas porque se quando meu seu nosso nossa " +
			// de
			"der die den dem des ein eine einen einem einer und oder aber dass weil wenn als von zu mit für " +
			"auf im am an bei nach aus über " +
			// ru
			"и или но что чтобы потому если когда как в на с по для из к о от до за")
	// pointsBack are the pointers a putting off points back with.
	pointsBack = words("it that this them those these rest remaining eso esto lo los las resto demás ça cela " +
		"le les reste isso isto o resto это остальное das es rest")
	// relativeEnd open a clause that must go on ("it in a way that").
	relativeEnd = words("that which who whose where")
	// plainVerbs are verbs of doing that are no noun: alone, or with a
	// pointer ("arreglar eso"), they name nothing.
	plainVerbs = words(
		// en
		"do fix add make implement handle finish continue try write enable disable re-enable remove delete " +
			"improve optimize optimise investigate verify validate clean rename see look think get go start " +
			"redo tackle address revisit " +
			// es
			"arreglar arregla arreglamos arreglarlo hacer haz hacerlo hacemos probar prueba probarlo revisar " +
			"revisa revisarlo agregar agrega añadir añade cambiar cambia implementar implementa terminar termina " +
			"seguir sigue continuar continúa limpiar mejorar ver verlo mirar usar quitar borrar eliminar corregir " +
			"corrige documentar " +
			// fr
			"corriger faire fais tester ajouter ajoute changer implémenter finir terminer continuer nettoyer " +
			"améliorer voir regarder utiliser supprimer vérifier réparer documenter " +
			// pt
			"corrigir consertar fazer faz faça testar testa adicionar adiciona mudar muda terminar limpar " +
			"melhorar olhar remover apagar verificar " +
			// de
			"fixen beheben machen mach testen hinzufügen ändern implementieren weitermachen aufräumen " +
			"verbessern anschauen prüfen reparieren korrigieren erledigen " +
			// ru
			"исправить исправь починить почини сделать сделай сделаем проверить проверь добавить добавь " +
			"изменить поменять доделать доделаем продолжить продолжим почистить улучшить посмотреть посмотрим " +
			"протестировать " +
			// ko
			"고치자 수정하자 하자 해 하기 보자 추가하자 확인하자 정리하자 구현하자 처리하자 고치기")
	// nounVerbs are verbs that may be the thing's noun ("skip the build"):
	// with a pointer they name nothing ("build it").
	nounVerbs = words("test check change update build run review merge deploy support refactor commit push " +
		"document cleanup debug cover extend upgrade")
	// requestVerbs open a request made now.
	requestVerbs = words("write add make create fix update implement build put move run generate draft " +
		"escribe escribir agrega añade crea haz pon genera écris écrire ajoute crée fais mets génère " +
		"escreva escrever adicione crie faça coloque gere schreib erstelle füge mach напиши добавь создай сделай")
	// putOffHead opens the putting off said after the thing ("… is
	// something for later", "… toca después", "…, ce n'est pas pour
	// aujourd'hui", "… kann warten").
	putOffHead = words("is are 's can could will should would might ce c'est n'est est sera peut toca tocará " +
		"queda quedará es será está puede fica ficará pode vai é kann muss ist sind wird может будет подождёт " +
		"подождет")
	// putOffTail are the words of such a putting off, the head's own
	// among them.
	putOffTail = words("is are 's can could will should would might something for not a thing one stuff that " +
		"worth doing wait be done left maybe probably also really ce c'est n'est est sera peut pas pour " +
		"attendre on verra plus tard quelque chose toca tocará queda quedará es será está puede esperar algo " +
		"para no que lo hacerlo fica ficará pode vai é ser isso não kann muss ist sind wird warten was etwas " +
		"für nicht später может будет подождать подождёт подождет не на потом для пока")
)

// The tables of refuseUnspaced, Chinese and Japanese.
var (
	// unspacedAlone are pronouns, pointers and time words.
	unspacedAlone = []string{"我们", "咱们", "你们", "他们", "我", "你", "他", "她", "它", "这个", "那个", "这些",
		"那些", "这次", "那次", "这里", "那里", "现在", "然后", "以后", "之后", "后面", "明天", "今天", "马上", "回头",
		"这", "那", "还", "也", "都", "就", "再", "先", "又", "要", "吧", "了", "呢", "這個", "那個", "這些", "現在",
		"これ", "それ", "あれ", "この", "その", "あの", "今", "後で", "あとで", "次", "今度", "私", "僕", "ここ",
		"そこ", "いいか", "いい", "ね", "よ", "を", "は", "が"}
	// unspacedVerbs are verbs of doing, which name no thing alone.
	unspacedVerbs = []string{"修复", "修改", "处理", "测试", "添加", "实现", "优化", "整理", "检查", "看看", "继续",
		"完成", "清理", "重构", "部署", "修", "改", "做", "弄", "搞", "测", "加", "看", "處理", "實現", "直す",
		"修正する", "修正", "やる", "する", "確認", "対応", "実装", "追加", "見る", "整理する"}
	// unspacedFragmentEnd are particles and conjunctions a phrase cut
	// mid-clause ends in.
	unspacedFragmentEnd = []string{"的", "和", "跟", "与", "或", "但", "因为", "所以", "如果", "把", "对", "给",
		"の", "が", "を", "に", "と", "から", "けど", "ので"}
)
