package project

import (
	"strconv"
	"unicode/utf16"
)

// maxFolderName is the length past which Claude Code truncates a project
// folder name and appends a hash of the full path.
const maxFolderName = 200

// ClaudeFolderName is the folder Claude Code uses under
// <config>/projects/ for a directory (claude-code.md §6.1):
//
//	path.replace(/[^a-zA-Z0-9]/g, "-")
//
// Every UTF-16 code unit outside ASCII letters and digits becomes exactly one
// "-" (so an astral character gives two), runs are not collapsed and the
// leading "-" stays. A name longer than 200 characters is cut to 200 and
// followed by "-" and the base-36 absolute value of a Java-style 32-bit
// string hash of the full path (Claude Code 2.1.224 and later).
func ClaudeFolderName(path string) string {
	units := utf16.Encode([]rune(path))
	out := make([]byte, len(units))
	for i, u := range units {
		if u < 128 && isAlnum(byte(u)) {
			out[i] = byte(u)
		} else {
			out[i] = '-'
		}
	}
	if len(out) <= maxFolderName {
		return string(out)
	}
	return string(out[:maxFolderName]) + "-" + strconv.FormatInt(abs64(int64(javaHash(units))), 36)
}

// javaHash is String.hashCode over UTF-16 code units: h = 31*h + c, wrapped
// to a signed 32-bit integer at each step.
func javaHash(units []uint16) int32 {
	var h int32
	for _, u := range units {
		h = 31*h + int32(u)
	}
	return h
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
