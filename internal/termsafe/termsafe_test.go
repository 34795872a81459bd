package termsafe

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLine(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text — ünïcode 中文", "plain text — ünïcode 中文"},
		{"clear\x1b[2Jscreen", `clear\x1b[2Jscreen`},
		{"title\x1b]0;pwned\x07", `title\x1b]0;pwned\x07`},
		{"clip\x1b]52;c;ZXZpbA==\x1b\\", `clip\x1b]52;c;ZXZpbA==\x1b\`},
		{"a\nb\rc\td", `a\x0ab\x0dc d`},
		{"nul\x00byte", `nul\x00byte`},
		{"del\x7f", `del\x7f`},
		{"c1\u009bcsi", `c1\u009bcsi`},
		{"evil\u202eexe.txt", `evil\u202eexe.txt`},
		{"iso\u2066late\u2069", `iso\u2066late\u2069`},
		{"zero\u200bwidth", `zero\u200bwidth`},
		{"bad\xffutf8", "bad\uFFFDutf8"},
		// Every format character (Cf), and beyond U+FFFF in Go's \U form.
		{"tag\U000E0049\U000E0047\U000E007Fend", `tag\U000e0049\U000e0047\U000e007fend`},
		{"soft\u00adhyphen", `soft\u00adhyphen`},
		{"note\ufff9a\ufffab\ufffb", `note\ufff9a\ufffab\ufffb`},
		{"shape\u206aoff\u206f", `shape\u206aoff\u206f`},
		{"mongolian\u180evs", `mongolian\u180evs`},
		{"latin-1 \u00a0é\u00ac", "latin-1 \u00a0é\u00ac"},
	} {
		if got := Line(c.in); got != c.want {
			t.Errorf("Line(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestText(t *testing.T) {
	in := "## Title\n- one\x1b[1A\tx\n"
	want := "## Title\n- one\\x1b[1A\tx\n"
	if got := Text(in); got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
}

func TestStrip(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text — ünïcode 中文", "plain text — ünïcode 中文"},
		{"the \u202egnp.exe \x1b]0;pwned\x07uploader", "the gnp.exe ]0;pwneduploader"},
		{"a\nb\tc\x00d\u200be\u2066f", "a b cdef"},
		{"hid\U000E0041\U000E0042den\u00ad", "hidden"},
		{"bad\xffutf8", "bad\uFFFDutf8"},
		{"a\rb\u2028c\u2029d\u0085e\vf\fg", "a b c d e f g"},
	} {
		if got := Strip(c.in); got != c.want {
			t.Errorf("Strip(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzLine(f *testing.F) {
	f.Add("a\x1b[2J\u202eb")
	f.Add("plain — ü \\x1b \uFFFD 中文")
	f.Add("\xff\U000E0041\r\u2028\t\n")
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{Line(s), Text(s), Strip(s)} {
			if !utf8.ValidString(out) {
				t.Fatalf("invalid UTF-8 out of %q", s)
			}
			for _, r := range out {
				if unsafeRune(r) && r != '\n' && r != '\t' {
					t.Fatalf("unsafe rune %U left in %q", r, out)
				}
			}
		}
		if strings.ContainsAny(Line(s), "\n\t") || strings.ContainsAny(Strip(s), "\n\t") {
			t.Fatalf("Line kept a newline or tab: %q", Line(s))
		}
		// Text already safe is left as it is, and so is each function's
		// own output; escaping at most quadruples the bytes.
		safe := utf8.ValidString(s) && !strings.ContainsFunc(s, unsafeRune)
		for _, fn := range []struct {
			name string
			f    func(string) string
		}{{"Line", Line}, {"Text", Text}, {"Strip", Strip}} {
			out := fn.f(s)
			if safe && out != s {
				t.Fatalf("%s changed safe text %q to %q", fn.name, s, out)
			}
			if again := fn.f(out); again != out {
				t.Fatalf("%s is not idempotent: %q gave %q, then %q", fn.name, s, out, again)
			}
			if len(out) > 4*len(s) {
				t.Fatalf("%s of %d bytes gave %d bytes", fn.name, len(s), len(out))
			}
		}
	})
}

func TestJSON(t *testing.T) {
	in := []byte(`{"name":"evil` + "\u202e" + `txt","ok":"plain — ü","c1":"` + "\u009b" + `","tag":"a` + "\U000E0041" + `"}` + "\n")
	want := `{"name":"evil\u202etxt","ok":"plain — ü","c1":"\u009b","tag":"a\udb40\udc41"}` + "\n"
	if got := string(JSON(in)); got != want {
		t.Errorf("JSON = %q, want %q", got, want)
	}
	var a, b map[string]string
	if json.Unmarshal(in, &a) != nil || json.Unmarshal(JSON(in), &b) != nil || a["name"] != b["name"] || a["tag"] != b["tag"] {
		t.Error("escaping changed the decoded value")
	}
}
