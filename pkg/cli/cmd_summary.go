package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/openloop/openloop/pkg/store"
)

// maxStdoutLines is the seed's output-routing rule: a digest of this many
// lines or fewer is printed; a longer one goes to a file. Blank separator
// lines are not counted.
const maxStdoutLines = 10

func runSummary(e *Env, args []string) int {
	var c common
	fs := newFlags(e, "summary", &c)
	asJSON := fs.Bool("json", false, "print JSON")
	session := fs.String("session", "", "session id (default $CLAUDE_CODE_SESSION_ID, else the newest transcript)")
	if ok, code := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		errorf(e.Stderr, "summary takes no arguments, got %q", strings.Join(fs.Args(), " "))
		return ExitUsage
	}
	id := *session
	if id == "" {
		id = e.Getenv("CLAUDE_CODE_SESSION_ID")
	}
	if id != "" && !validSessionID(id) {
		errorf(e.Stderr, "bad session id %q", id)
		hintf(e.Stderr, "a session id is made of letters, digits, '-', '_' and '.', like the name of a transcript file")
		return ExitUsage
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "%v", err)
		return ExitFailure
	}
	d, err := collect(e, p, id)
	if err != nil {
		errorf(e.Stderr, "%v", err)
		return ExitFailure
	}
	digest := renderDigest(d)
	n := countLines(digest)
	if *asJSON {
		return writeJSON(e, summaryJSON(d, digest, n))
	}
	if n <= maxStdoutLines {
		fmt.Fprint(e.Stdout, digest)
		return ExitOK
	}
	path, err := writeSummaryFile(filepath.Join(p.Root, ".temp"), d.Now, []byte(digest))
	if err != nil {
		// The digest is not lost: print it whole, then the error.
		fmt.Fprint(e.Stdout, digest)
		errorf(e.Stderr, "%v", err)
		return ExitFailure
	}
	fmt.Fprintln(e.Stdout, compactLine(d))
	fmt.Fprintln(e.Stdout, "→ "+path)
	return ExitOK
}

// countLines counts the digest's non-blank lines.
func countLines(s string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

// compactLine is the one stdout line printed when the digest goes to a file.
func compactLine(d *summaryData) string {
	commits := fmt.Sprint(len(d.Commits))
	if d.More {
		commits += "+"
	}
	return fmt.Sprintf("Session summary — %s: %d completed, %s, %d archived, %s %s",
		d.Now.Format("2006-01-02"), len(d.completed()), plural(len(d.Items), "parked item"),
		len(d.Archived), commits, map[bool]string{true: "commit", false: "commits"}[commits == "1"])
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// writeSummaryFile writes the digest to dir/output-session-summary-<date>.md,
// or -2, -3 … when that exists: it never overwrites a file. The bytes go to
// a temp file first and are hard-linked into place, so the name appears
// only with the whole digest in it and a name taken meanwhile by another
// process is skipped, not replaced. Folder 0700, file 0600.
func writeSummaryFile(dir string, now time.Time, data []byte) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("create %s: %w", dir, err)
	}
	tmp, err := store.WriteTemp(dir, ".openloop-tmp-", data, now)
	if err != nil {
		return "", fmt.Errorf("write summary: %w", err)
	}
	defer os.Remove(tmp)
	base := "output-session-summary-" + now.Format("2006-01-02")
	for n := 1; n < 10000; n++ {
		name := base + ".md"
		if n > 1 {
			name = fmt.Sprintf("%s-%d.md", base, n)
		}
		path := filepath.Join(dir, name)
		err := os.Link(tmp, path)
		if err == nil {
			return path, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("write summary: %w", err)
		}
	}
	return "", fmt.Errorf("write summary: too many summaries for %s in %s", now.Format("2006-01-02"), dir)
}
