package sessionargs

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The text after "/session rename" is split at its --idea: the query
// before, the new idea after, one pair of quotes dropped; without --idea
// the whole text is the query (and rename says --idea is required).
func TestSplitSessionRename(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"rename write-design-doc --idea 'design doc for persistent carts'", []string{"rename", "--idea", "design doc for persistent carts", "--", "write-design-doc"}},
		{"Rename persistent carts --idea=“cart persistence”", []string{"Rename", "--idea", "cart persistence", "--", "persistent carts"}},
		{"rename it's --idea \"a 'b' c\"", []string{"rename", "--idea", "a 'b' c", "--", "it's"}},
		{"rename --idea x y", []string{"rename", "--idea", "x y", "--", ""}},
		{"rename ideas --ideas x", []string{"rename", "--", "ideas --ideas x"}},
		{"rename write-design-doc", []string{"rename", "--", "write-design-doc"}},
	}
	for _, tt := range tests {
		if got := Split(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Split(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Archive's, restore's and dismiss's query is the whole rest of the line,
// as typed; --list alone is the flag, --undo lifts; the other modes split
// at white space. A tab or line break after the mode ends it.
func TestSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"  \n ", nil},
		{"resume", []string{"resume"}},
		{"Archive  retry 'budget'; $(id)  ", []string{"Archive", "--", "retry 'budget'; $(id)"}},
		{"restore --list", []string{"restore", "--list"}},
		{"restore --list x", []string{"restore", "--", "--list x"}},
		{"dismiss --list", []string{"dismiss", "--list"}},
		{"dismiss --undo  retry budget", []string{"dismiss", "--undo", "--", "retry budget"}},
		{"dismiss --undo", []string{"dismiss", "--undo"}}, // the command says what is missing
		{"archive --undo x", []string{"archive", "--", "--undo x"}},
		{"review --park 2", []string{"review", "--park", "2"}},
		{"summary\t--json", []string{"summary", "--json"}},
		{"archive\nretry budget", []string{"archive", "--", "retry budget"}},
	}
	for _, tt := range tests {
		if got := Split(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Split(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Read takes up to MaxBytes, no more, and says why it read nothing.
func TestRead(t *testing.T) {
	got, err := Read(strings.NewReader("archive " + strings.Repeat("x", MaxBytes-len("archive "))))
	if err != nil || len(got) != 3 {
		t.Errorf("MaxBytes: %d args, %v", len(got), err)
	}
	if _, err := Read(strings.NewReader(strings.Repeat("x", MaxBytes+1))); !errors.Is(err, ErrTooLong) {
		t.Errorf("MaxBytes+1: %v, want ErrTooLong", err)
	}
	if _, err := Read(iotestErr{}); err == nil || err.Error() != "read the arguments: stdin is gone" {
		t.Errorf("failing reader: %v", err)
	}
}

type iotestErr struct{}

func (iotestErr) Read([]byte) (int, error) { return 0, errors.New("stdin is gone") }

// FuzzSplit: whatever is typed after /session, the mode is its first word
// as typed, and a query mode's text reaches it as one argument after "--".
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"archive retry budget", "rename x --idea 'y'", "dismiss --undo z", "restore --list", "review\t--park 1", " \u00a0resume"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Split(s)
		if strings.TrimSpace(s) == "" {
			if got != nil {
				t.Fatalf("Split(%q) = %q, want nothing", s, got)
			}
			return
		}
		if len(got) == 0 || got[0] == "" {
			t.Fatalf("Split(%q) = %q: no mode", s, got)
		}
		if strings.ContainsAny(got[0], " \t\n") {
			t.Fatalf("Split(%q): mode %q holds white space", s, got[0])
		}
		for _, m := range []string{"archive", "restore"} {
			if strings.EqualFold(got[0], m) && len(got) > 2 && (len(got) != 3 || got[1] != "--") {
				t.Fatalf("Split(%q) = %q: the query is not one argument", s, got)
			}
		}
	})
}

// The bound ErrTooLong names is MaxBytes.
func TestErrTooLongNamesTheBound(t *testing.T) {
	if want := fmt.Sprintf("longer than %d KB;", MaxBytes>>10); !strings.Contains(ErrTooLong.Error(), want) {
		t.Errorf("ErrTooLong = %q, want it to say %q", ErrTooLong, want)
	}
}
