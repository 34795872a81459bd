package cli

import (
	"bytes"
	"encoding/json"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/store"
)

// runResume lists the open items by age (store.Resume), after deleting
// the items 30 days old or older.
func runResume(e *Env, args []string) int {
	var c common
	fs := newFlags(e, "resume", &c)
	asJSON := fs.Bool("json", false, "print JSON")
	if ok, code := parseOnlyFlags(e, fs, args); !ok {
		return code
	}
	p, err := e.paths(c)
	if err != nil {
		errorf(e.Stderr, "resume: %v", err)
		return ExitFailure
	}
	s := store.Open(p.MemoryDir, e.Now).WithLog(p.Root, p.LogPath).WithPrivate(p.ConfigDir)
	r, err := s.Resume()
	if err != nil {
		errorf(e.Stderr, "resume: %v", err)
		return ExitFailure
	}
	code := ExitOK
	if *asJSON {
		code = writeJSON(e, s.View(r.Items))
	} else {
		s.WriteResume(e.Stdout, r, e.cmdLine)
	}
	if r.ExpireErr != nil {
		errorf(e.Stderr, "resume: delete expired items: %v", r.ExpireErr)
		return ExitFailure
	}
	return code
}

// writeJSON prints v as indented JSON. Text from outside can hold bidi
// overrides, which encoding/json leaves raw; they are escaped
// (termsafe.JSON), so the output is safe on a terminal and decodes the same.
func writeJSON(e *Env, v any) int {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		errorf(e.Stderr, "%s: write json: %v", e.name, err)
		return ExitFailure
	}
	if _, err := e.Stdout.Write(termsafe.JSON(b.Bytes())); err != nil {
		errorf(e.Stderr, "%s: write json: %v", e.name, err)
		return ExitFailure
	}
	return ExitOK
}
