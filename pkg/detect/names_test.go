package detect

import "testing"

// Each class of phrases that are not names, in each corpus language (and
// German): refuseName refuses it, and a name of the same shape passes.
func TestRefuseName(t *testing.T) {
	for _, c := range []struct {
		lang, idea, prompt string
		want               nameClass
	}{
		// A time word, a pronoun or a pointer alone.
		{"en", "now", "", notNamePointer},
		{"en", "then", "", notNamePointer},
		{"en", "that one", "", notNamePointer},
		{"de", "jetzt", "", notNamePointer},
		{"de", "jetzt nicht", "", notNamePointer},
		{"es", "después", "", notNamePointer},
		{"es", "eso", "", notNamePointer},
		{"fr", "ça", "", notNamePointer},
		{"fr", "plus tard", "", notNamePointer},
		{"pt", "isso depois", "", notNamePointer},
		{"ru", "это потом", "", notNamePointer},
		{"ko", "그거", "", notNamePointer},
		{"ko", "지금", "", notNamePointer},
		{"zh", "那个", "", notNamePointer},
		{"zh", "我们这次", "", notNamePointer},
		{"ja", "これ", "", notNamePointer},
		{"ja", "それ", "", notNamePointer},
		// A bare verb, or a verb with only a function word.
		{"en", "fix", "", notNameVerb},
		{"en", "fix it", "", notNameVerb},
		{"en", "test it", "", notNameVerb},
		{"en", "re-enable", "", notNameVerb},
		{"es", "arreglar eso", "", notNameVerb},
		{"es", "hacerlo", "", notNameVerb},
		{"fr", "corriger ça", "", notNameVerb},
		{"pt", "fazer isso", "", notNameVerb},
		{"de", "das machen", "", notNameVerb},
		{"ru", "сделать это", "", notNameVerb},
		{"ko", "그거 고치자", "", notNameVerb},
		{"zh", "明天弄", "", notNameVerb},
		{"zh", "这个修复", "", notNameVerb},
		{"ja", "それを直す", "", notNameVerb},
		// A fragment cut mid-clause.
		{"en", "the parser and", "", notNameFragment},
		{"en", "it in a way that", "", notNameFragment},
		{"en", "colored terminal output is", "", notNameFragment},
		{"es", "el modo oscuro de", "", notNameFragment},
		{"es", "enviar los avisos toca", "", notNameFragment},
		{"fr", "le cache de", "", notNameFragment},
		{"pt", "a exportação para", "", notNameFragment},
		{"de", "der Export und", "", notNameFragment},
		{"ru", "экспорт и", "", notNameFragment},
		{"zh", "导出功能的", "", notNameFragment},
		{"ja", "エクスポートの", "", notNameFragment},
		// The user's own current request.
		{"en", "write the notes into docs/", "write the notes into docs/, we can look at the rest later", notNameRequest},
		{"es", "escribe las notas en docs/", "escribe las notas en docs/, lo demás luego", notNameRequest},
		{"fr", "écris les notes dans docs/", "écris les notes dans docs/, le reste plus tard", notNameRequest},
		{"pt", "escreva as notas em docs/", "escreva as notas em docs/, o resto depois", notNameRequest},
		{"ru", "напиши заметки в docs/", "напиши заметки в docs/, остальное потом", notNameRequest},
		// Quoted text.
		{"en", "do this later", `add a button labelled "do this later"`, notNameQuoted},
		{"es", "para después", `pon una etiqueta "para después"`, notNameQuoted},
		{"fr", "plus tard", "le bouton « plus tard »", notNameQuoted},
		{"zh", "以后再说", "按钮上写「以后再说」", notNameQuoted},
		// Names.
		{"en", "dark mode", "", ""},
		{"en", "build", "", ""}, // "skip the build for now"
		{"en", "retry budget for uploads", "", ""},
		{"en", "zone of exclusion", "the 'zone of exclusion' can wait", ""},
		{"en", "rotate the signing keys", "remind me to rotate the signing keys", ""},
		{"es", "modo oscuro", "", ""},
		{"es", "enviar las notificaciones por correo", "", ""},
		{"fr", "import CSV", "", ""},
		{"pt", "exportação em PDF", "", ""},
		{"de", "Export nach CSV", "", ""},
		{"ru", "экспорт в PDF", "", ""},
		{"ko", "다크 모드", "", ""},
		{"zh", "国际化", "", ""},
		{"ja", "ダークモード", "", ""},
	} {
		if got := refuseName(c.idea, c.prompt); got != c.want {
			t.Errorf("%s: refuseName(%q, %q) = %q, want %q", c.lang, c.idea, c.prompt, got, c.want)
		}
	}
}

// The putting off said after the thing is cut, where it can be cut
// cleanly, and the thing is kept: a copula or a verb of putting off and a
// time or pointer phrase.
func TestPutOffTailCut(t *testing.T) {
	for _, c := range []struct{ clause, want string }{
		{"colored terminal output is something for after the release", "colored terminal output"},
		{"the export is something for later", "export"},
		{"l'import CSV, ce n'est pas pour aujourd'hui", "import CSV"},
		{"le mode sombre, c'est pour plus tard", "mode sombre"},
		{"enviar las notificaciones por correo toca (después)", "enviar las notificaciones por correo"},
		{"el modo oscuro queda para después", "modo oscuro"},
		{"a exportação em PDF fica para depois", "exportação em PDF"},
		{"der Export kann warten", "Export"},
		{"экспорт в PDF может подождать", "экспорт в PDF"},
		// Not a putting off: the words after the copula name something.
		{"the export is slow for now", "export is slow"},
	} {
		if got := reduce(c.clause, putOffWords); got != c.want {
			t.Errorf("reduce(%q) = %q, want %q", c.clause, got, c.want)
		}
	}
}

// A finding whose name is no name is a candidate, never a park, whether
// the rule tier or the model found it; one whose thing is named elsewhere
// (Claude's offer) parks under that name.
func TestNotANameIsACandidate(t *testing.T) {
	for _, c := range []struct {
		prompt, assistant string
		class             nameClass
		idea              string
	}{
		{"let's re-enable it later", "", notNameVerb, "let's re-enable it later"},
		{"let's re-enable it later", "The upload client retries forever.\n\n## Retry budget", notNameVerb, "Retry budget"},
		{"we'll do le cache de later", "", "", "cache"},
		{"write the notes into docs/, we can look at it later", "", notNameRequest, "write the notes into docs/"},
	} {
		a := Assess(Input{Prompt: c.prompt, Assistant: c.assistant})
		if c.class == "" {
			if len(a.Parks) != 1 || a.Parks[0].Idea != c.idea {
				t.Errorf("%q: %+v; want a park of %q", c.prompt, a, c.idea)
			}
			continue
		}
		if len(a.Parks) != 0 || len(a.Candidates) != 1 {
			t.Fatalf("%q: %+v; want one candidate", c.prompt, a)
		}
		f := a.Candidates[0]
		if f.NotAName != string(c.class) || f.Rule != ruleNotAName+":"+string(c.class) || f.Idea != c.idea {
			t.Errorf("%q: candidate %q, %s, %s; want %q, %s", c.prompt, f.Idea, f.NotAName, f.Rule, c.idea, c.class)
		}
	}
	a := Assess(Input{Prompt: "let's fix that later", Assistant: "Want me to add retries to the upload client?"})
	if len(a.Parks) != 1 || a.Parks[0].Idea != "add retries to the upload client" {
		t.Errorf("a pointer to Claude's offer: %+v", a)
	}
}
