package summary

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/openloop/openloop/pkg/transcript"
)

// A TranscriptSource finds and reads session transcripts.
type TranscriptSource interface {
	// Find returns the transcript of session id, or with id "" the newest
	// one, and the session's id. path is "" when there is none.
	Find(id string) (path, sessionID string)
	// Read reads the transcript at path in bounded windows.
	Read(path string) (transcript.Session, error)
}

// Transcripts are Claude Code's transcript folders.
type Transcripts struct {
	Dir       string // Claude Code's folder for the working directory
	ConfigDir string // $CLAUDE_CONFIG_DIR or ~/.claude; its projects/ holds every folder
}

// Find finds the session's transcript. With an id: <id>.jsonl in Dir,
// else in any project folder (the newest if several). Without: the newest
// .jsonl in Dir.
func (t Transcripts) Find(id string) (path, sessionID string) {
	if id != "" {
		want := filepath.Join(t.Dir, id+".jsonl")
		if isRegular(want) {
			return want, id
		}
		matches, _ := filepath.Glob(filepath.Join(t.ConfigDir, "projects", "*", id+".jsonl"))
		return newest(matches), id
	}
	matches, _ := filepath.Glob(filepath.Join(t.Dir, "*.jsonl"))
	if path = newest(matches); path == "" {
		return "", ""
	}
	return path, strings.TrimSuffix(filepath.Base(path), ".jsonl")
}

// Read reads the first HeadWindow and last TailWindow bytes.
func (t Transcripts) Read(path string) (transcript.Session, error) {
	return transcript.ReadSession(path, HeadWindow, TailWindow)
}

// ValidSessionID accepts the ids Claude Code uses (UUIDs) and anything
// else made of letters, digits, ".", "_" and "-" that cannot name another
// folder.
func ValidSessionID(id string) bool {
	if id == "" || len(id) > 128 || id == "." || id == ".." {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

func isRegular(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// newest returns the most recently modified regular file of paths (the
// last by name on a tie), or "".
func newest(paths []string) string {
	best, bestT := "", time.Time{}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if best == "" || fi.ModTime().After(bestT) || fi.ModTime().Equal(bestT) && p > best {
			best, bestT = p, fi.ModTime()
		}
	}
	return best
}
