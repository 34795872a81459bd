package summary

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/openloop/openloop/pkg/detect"
	"github.com/openloop/openloop/pkg/transcript"
)

// Completed from the transcript: when a session used no task tools (the
// default on the current models), Completed lists each request whose turns
// changed files, named in a few words of its own, with the files and the
// outcome of the last test run; in a session with task tools, the requests
// no task call covered follow the tasks. See transcript.Request for what is
// read.

// A request's status. Only WorkCompleted is listed as completed.
const (
	WorkCompleted   = "completed"
	WorkInterrupted = "interrupted" // "[Request interrupted by user…]" in its turns
	WorkNoReply     = "no-reply"    // its turns ended with a tool call, not a message
	WorkNotDone     = "not-done"    // Claude's last message says it was not done
	WorkUnread      = "unread"      // its turns run on into the part of the transcript not read
)

// MaxWork is how many completed requests the digest lists; --json has them
// all.
const MaxWork = 20

// maxFilesShown is how many files a work line names.
const maxFilesShown = 3

// Work is one request that changed files.
type Work struct {
	transcript.Request
	// Rel are Files relative to the project root (else to the session's
	// working directory; else as written), in the same order.
	Rel    []string
	Status string
}

// Work is the requests that changed files and that no task call covered,
// oldest first, each with its status. It is built once (naming a request
// runs detect's rules) and shared by the digest, the JSON and Compact.
func (d *Data) Work() []Work {
	if d.work == nil {
		d.work = d.buildWork()
	}
	return d.work
}

func (d *Data) buildWork() []Work {
	out := []Work{}
	for _, r := range d.Session.Requests {
		if r.TaskTools && d.Session.TaskTools {
			continue
		}
		w := Work{Request: r, Status: WorkCompleted}
		switch {
		case r.Interrupted:
			w.Status = WorkInterrupted
		case r.Unread:
			w.Status = WorkUnread
		case r.Final == "":
			w.Status = WorkNoReply
		case detect.ReportsNotDone(r.Final):
			w.Status = WorkNotDone
		}
		for _, f := range r.Files {
			w.Rel = append(w.Rel, relPath(d.Root, r.Cwd, f))
		}
		out = append(out, w)
	}
	return out
}

// CompletedWork is the Work whose status is WorkCompleted.
func (d *Data) CompletedWork() []Work {
	var out []Work
	for _, w := range d.Work() {
		if w.Status == WorkCompleted {
			out = append(out, w)
		}
	}
	return out
}

// relPath shows p relative to root, else to cwd, when it is inside; else as
// written.
func relPath(root, cwd, p string) string {
	for _, base := range []string{root, cwd} {
		if base == "" || !filepath.IsAbs(p) {
			continue
		}
		if r, err := filepath.Rel(base, p); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(r)
		}
	}
	return p
}

// line is the digest's line for completed work:
// "<name> — <files>; tests passed".
func (w Work) line(d *Data) string {
	files := shortNames(w.Rel)
	more := w.MoreFiles
	if len(files) > maxFilesShown {
		more += len(files) - maxFilesShown
		files = files[:maxFilesShown]
	}
	list := strings.Join(files, ", ")
	if more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	title, _ := w.title(d)
	return fmt.Sprintf("%s — %s; %s", title, list, testsText(w.Tests))
}

// title is the request in a few words of its own (detect.RequestName),
// with named true; else, when its words name no thing or its prompt was
// not read, what is known of it. Naming runs detect's rules (a tenth of a
// millisecond or more), so it is done only for the lines shown.
func (w Work) title(d *Data) (title string, named bool) {
	if name := detect.RequestName(w.Text); name != "" {
		return name, true
	}
	switch {
	case w.Cut:
		return "work begun in the part of the transcript that was not read", false
	case !w.At.IsZero():
		return "a request at " + w.At.In(d.Now.Location()).Format("15:04"), false
	}
	return "a request", false
}

func testsText(outcome string) string {
	switch outcome {
	case transcript.TestsPassed:
		return "tests passed"
	case transcript.TestsFailed:
		return "tests failed"
	}
	return "no tests run"
}

// Bounds of a file's shown name.
const (
	maxNameFolders = 4  // folders added to tell two base names apart
	maxShownPath   = 80 // bytes of a shown name; a longer one keeps its end
)

// shortNames shows each path inside the project by its base name, and one
// whose base name another one shares by as many of its last folders as
// tell them apart ("api/handler.go, web/handler.go"), maxNameFolders at
// most. A path outside the project (absolute) is shown whole. A name
// longer than maxShownPath keeps its end, after "…", so that one line of
// the digest stays one line on a terminal.
func shortNames(paths []string) []string {
	parts := make([][]string, len(paths))
	depth := make([]int, len(paths))
	for i, p := range paths {
		parts[i] = strings.Split(p, "/")
		depth[i] = 1
		if filepath.IsAbs(p) {
			depth[i] = len(parts[i])
		}
	}
	suffix := func(i int) string {
		ps := parts[i]
		return strings.Join(ps[max(len(ps)-depth[i], 0):], "/")
	}
	for changed := true; changed; {
		changed = false
		seen := map[string][]int{}
		for i := range paths {
			seen[suffix(i)] = append(seen[suffix(i)], i)
		}
		for _, same := range seen {
			if len(same) < 2 {
				continue
			}
			for _, i := range same {
				if depth[i] < len(parts[i]) && depth[i] <= maxNameFolders {
					depth[i]++
					changed = true
				}
			}
		}
	}
	out := make([]string, len(paths))
	for i := range paths {
		out[i] = keepEnd(suffix(i), maxShownPath)
	}
	return out
}

// keepEnd is s, or its last bytes after "…" when it is longer than n,
// cut at a character.
func keepEnd(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - (n - len("…"))
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return "…" + s[i:]
}
