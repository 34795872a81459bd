package project

import (
	"math/big"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

// javaHashBig is String.hashCode written as its definition, independent of
// javaHash's wrapping loop: s[0]*31^(n-1) + s[1]*31^(n-2) + … + s[n-1],
// over UTF-16 code units, taken modulo 2^32 and read as a signed 32-bit
// integer.
func javaHashBig(s string) int64 {
	units := utf16.Encode([]rune(s))
	sum, pow, n31 := new(big.Int), big.NewInt(1), big.NewInt(31)
	for i := len(units) - 1; i >= 0; i-- {
		sum.Add(sum, new(big.Int).Mul(big.NewInt(int64(units[i])), pow))
		pow.Mul(pow, n31)
	}
	mod := new(big.Int).Lsh(big.NewInt(1), 32)
	v := new(big.Int).Mod(sum, mod).Int64() // 0 … 2^32-1
	if v >= 1<<31 {
		v -= 1 << 32
	}
	return v
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func TestClaudeFolderName(t *testing.T) {
	// A path of 250 characters: "/" then 249 letters "a".
	long := "/" + strings.Repeat("a", 249)
	longPrefix := "-" + strings.Repeat("a", 199) // the first 200 characters after replacement
	longHash := strconv.FormatInt(abs(javaHashBig(long)), 36)
	// 196 ASCII characters and two emoji (two UTF-16 units each): 200 units,
	// so no hash; one more character and the hash appears.
	emoji200 := "/" + strings.Repeat("b", 195) + "🚀🚀"
	emoji201 := emoji200 + "c"

	tests := []struct {
		path, want string
	}{
		// claude-code.md §6.1
		{"/home/user/work/my-repo", "-home-user-work-my-repo"},
		{"/Users/me/.agents", "-Users-me--agents"},
		{"/Users/foo/src/github.com/omnara-ai/omnara", "-Users-foo-src-github-com-omnara-ai-omnara"},
		{`C:\Users\x\my_app`, "C--Users-x-my-app"},
		// every non-alphanumeric character is one dash, runs kept
		{"/a b_c.d:e\\f", "-a-b-c-d-e-f"},
		{"/tmp/x..y", "-tmp-x--y"},
		// non-ASCII: one dash per UTF-16 unit; an astral character gives two
		{"/home/zoë", "-home-zo-"},
		{"/home/🚀x", "-home---x"},
		{"/家/項目", "-----"},
		{emoji200, "-" + strings.Repeat("b", 195) + "----"},
		// longer than 200: cut to 200, "-", base-36 |hash| of the full path
		{long, longPrefix + "-" + longHash},
		{emoji201, "-" + strings.Repeat("b", 195) + "----" + "-" + strconv.FormatInt(abs(javaHashBig(emoji201)), 36)},
	}
	for _, tt := range tests {
		if got := ClaudeFolderName(tt.path); got != tt.want {
			t.Errorf("ClaudeFolderName(%q)\n got %q\nwant %q", tt.path, got, tt.want)
		}
	}
	if len(ClaudeFolderName(long)) <= 201 {
		t.Errorf("long name has no hash: %q", ClaudeFolderName(long))
	}
}

// javaHash matches Java's String.hashCode on known values and on the
// definition above.
func TestJavaHash(t *testing.T) {
	for s, want := range map[string]int32{
		"":                   0,
		"a":                  97,
		"hello":              99162322,    // "hello".hashCode() in Java
		"polygenelubricants": -2147483648, // Java's well-known MIN_VALUE hash
	} {
		if got := javaHash(utf16.Encode([]rune(s))); got != want {
			t.Errorf("javaHash(%q) = %d, want %d", s, got, want)
		}
	}
	for _, s := range []string{"/" + strings.Repeat("x/", 150), "/tmp/🚀" + strings.Repeat("é", 300)} {
		if got, want := int64(javaHash(utf16.Encode([]rune(s)))), javaHashBig(s); got != want {
			t.Errorf("javaHash(%q…) = %d, definition gives %d", s[:10], got, want)
		}
	}
	// |MIN_VALUE| does not overflow: base 36 of 2^31.
	if got := strconv.FormatInt(abs64(int64(int32(-2147483648))), 36); got != "zik0zk" {
		t.Errorf("abs of MIN_VALUE in base 36 = %q", got)
	}
}
