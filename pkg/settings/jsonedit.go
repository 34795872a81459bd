package settings

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/tidwall/gjson"
)

// The edits below splice text into a JSON document at positions that gjson
// reports (Result.Index), so every byte outside the edit stays as it was:
// key order, indentation, blank lines, number spelling, escapes. An insert
// is written in the document's own style (its indent unit, the container's
// indentation, one line or many), and each delete removes exactly the text
// that the matching insert adds, so insert-then-delete gives back the
// original bytes.

// style is how a document is laid out.
type style struct {
	unit string // one level of indentation, e.g. "  " or "\t"
	nl   string // line break: "\n", or "\r\n" when the document uses it
}

// detectStyle takes the indent unit from the first indented line (two
// spaces, what Claude Code writes, when there is none) and the line break
// from the first line break.
func detectStyle(doc string) style {
	st := style{unit: "  ", nl: "\n"}
	if i := strings.IndexByte(doc, '\n'); i > 0 && doc[i-1] == '\r' {
		st.nl = "\r\n"
	}
	for _, line := range strings.Split(doc, "\n")[1:] {
		ws := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		if ws != "" && strings.TrimSpace(line) != "" {
			st.unit = ws
			break
		}
	}
	return st
}

// lineIndent is the leading white space of the line that holds pos.
func lineIndent(doc string, pos int) string {
	start := strings.LastIndexByte(doc[:pos], '\n') + 1
	end := start
	for end < len(doc) && (doc[end] == ' ' || doc[end] == '\t') {
		end++
	}
	return doc[start:end]
}

// lastNonSpace is the index of the last non-white-space byte before end.
func lastNonSpace(doc string, end int) int {
	i := end - 1
	for i >= 0 && strings.IndexByte(" \t\r\n", doc[i]) >= 0 {
		i--
	}
	return i
}

// encode writes v as JSON. With multi set, nested lines start with prefix
// and indent by unit; the first line has no prefix. HTML characters are not
// escaped, so a command with "&" or "<" stays readable.
func encode(v any, multi bool, prefix string, st style) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if multi {
		enc.SetIndent(prefix, st.unit)
	}
	if err := enc.Encode(v); err != nil {
		panic(err) // only values built in this package are encoded
	}
	return strings.ReplaceAll(strings.TrimSuffix(b.String(), "\n"), "\n", st.nl)
}

// bounds returns the offsets of a container's opening and closing bracket.
func bounds(c gjson.Result) (open, close int) {
	return c.Index, c.Index + len(c.Raw) - 1
}

// children lists the members' (or elements') start and end offsets; for an
// object, start is the key's opening quote.
func children(c gjson.Result) (starts, ends []int) {
	c.ForEach(func(k, v gjson.Result) bool {
		s := v.Index
		if c.IsObject() {
			s = k.Index
		}
		starts = append(starts, s)
		ends = append(ends, v.Index+len(v.Raw))
		return true
	})
	return starts, ends
}

// insert adds one member (key != "") or element (key == "") at the end of
// container c and returns the new document.
func insert(doc string, st style, c gjson.Result, key string, v any) string {
	open, close := bounds(c)
	starts, _ := children(c)
	multi := strings.Contains(doc[open:close+1], "\n") || (len(starts) == 0 && strings.Contains(doc, "\n"))
	var indent string
	switch {
	case !multi:
	case len(starts) > 0:
		indent = lineIndent(doc, lastNonSpace(doc, close))
		if indent == lineIndent(doc, open) {
			indent += st.unit // "[{...}]" on one line inside a multi-line container
		}
	default:
		indent = lineIndent(doc, open) + st.unit
	}
	item := encode(v, multi, indent, st)
	if key != "" {
		sep := ":"
		if multi {
			sep = ": "
		}
		item = encode(key, false, "", st) + sep + item
	}
	if multi {
		item = st.nl + indent + item
	}
	if len(starts) == 0 {
		// Into empty brackets: the white space between them stays after
		// the new child; a line break before the closing bracket is added
		// when there is none.
		inner := doc[open+1 : close]
		if multi && !strings.Contains(inner, "\n") {
			inner += st.nl + lineIndent(doc, open)
		}
		return doc[:open+1] + item + inner + doc[close:]
	}
	if !multi && len(starts) >= 2 {
		// On one line, the space after the file's own commas: ["a", "b"]
		// gets ", " before the new child too.
		last := starts[len(starts)-1]
		if comma := lastNonSpace(doc, last); comma >= 0 && doc[comma] == ',' {
			item = doc[comma+1:last] + item
		}
	}
	at := lastNonSpace(doc, close) + 1
	return doc[:at] + "," + item + doc[at:]
}

// remove deletes child i of container c: with its leading comma and white
// space when it is not the first, with its trailing comma and white space
// when it is the first of several, and with the white space before it when
// it is the only one (and the line break that insert adds after it). When
// known, inner is what was between the brackets before insert filled them:
// the only child's removal puts it back.
func remove(doc string, st style, c gjson.Result, i int, inner string, known bool) string {
	open, close := bounds(c)
	starts, ends := children(c)
	switch {
	case len(starts) == 1 && known:
		return doc[:open+1] + inner + doc[close:]
	case len(starts) == 1:
		rest := strings.TrimSuffix(doc[ends[0]:close], st.nl+lineIndent(doc, open)) // the line break insert added
		return doc[:open+1] + rest + doc[close:]
	case i > 0:
		return doc[:ends[i-1]] + doc[ends[i]:]
	default:
		return doc[:starts[0]] + doc[starts[1]:]
	}
}

// replace swaps value r for v, written in the style of the line it is on.
func replace(doc string, st style, r gjson.Result, v any) string {
	multi := strings.Contains(r.Raw, "\n")
	text := encode(v, multi, lineIndent(doc, r.Index), st)
	return doc[:r.Index] + text + doc[r.Index+len(r.Raw):]
}
