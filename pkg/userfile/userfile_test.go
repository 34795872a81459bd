package userfile

import (
	"bytes"
	"testing"
)

func TestDiff(t *testing.T) {
	var b bytes.Buffer
	Diff(&b, "f", []byte("a\nb\nc\nd\ne\nf\ng\nh\n"), []byte("a\nb\nc\nd\nX\nf\ng\nh\n"))
	want := "--- f\n+++ f\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+X\n f\n g\n h\n"
	if b.String() != want {
		t.Errorf("diff:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	Diff(&b, "f", nil, []byte("new\n"))
	if want := "--- /dev/null\n+++ f\n@@ -0,0 +1 @@\n+new\n"; b.String() != want {
		t.Errorf("diff of a new file:\n%s", b.String())
	}
	b.Reset()
	Diff(&b, "f", []byte("a\nb"), nil)
	if want := "--- f\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n\\ No newline at end of file\n"; b.String() != want {
		t.Errorf("diff of a removed file:\n%s", b.String())
	}
	b.Reset()
	Diff(&b, "f", []byte("a\nb"), []byte("a\nb\n"))
	if want := "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"; b.String() != want {
		t.Errorf("diff of a line break added at the end:\n%s", b.String())
	}
	b.Reset()
	Diff(&b, "f", []byte{}, []byte("{}\n"))
	if want := "--- f\n+++ f\n@@ -0,0 +1 @@\n+{}\n"; b.String() != want {
		t.Errorf("diff of an empty file:\n%s", b.String())
	}
	b.Reset()
	Diff(&b, "f", []byte("x\n"), []byte("x\n"))
	if b.String() != "f: no change\n" {
		t.Errorf("no change: %q", b.String())
	}
}

// A dry run shows the user's lines with control and format characters
// escaped; tabs and CRLF line ends stay, so the diff still applies.
func TestDiffEscapes(t *testing.T) {
	var b bytes.Buffer
	Diff(&b, "f\x1b", []byte("\t\"a\": \"\u202e\",\r\n"), nil)
	want := "--- f\\x1b\n+++ /dev/null\n@@ -1 +0,0 @@\n-\t\"a\": \"\\u202e\",\r\n"
	if b.String() != want {
		t.Errorf("diff:\n%q\nwant\n%q", b.String(), want)
	}
}
