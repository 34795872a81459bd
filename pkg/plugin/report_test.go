package plugin

import (
	"bytes"
	"testing"
)

// The report lists the files, the binary it copied and the two commands
// that install the plugin, paths escaped.
func TestWriteReport(t *testing.T) {
	var out bytes.Buffer
	Written{Files: []string{".claude-plugin/marketplace.json", "hooks/hooks.json"}, ExeName: "openloop"}.
		WriteReport(&out, Options{Dir: "/tmp/m\x1b", Binary: "/bin/openloop"})
	want := `Wrote the openloop plugin (and a marketplace listing it) to /tmp/m\x1b
  .claude-plugin/marketplace.json
  hooks/hooks.json
  bin/openloop (copy of /bin/openloop)
In Claude Code, run:
  /plugin marketplace add /tmp/m\x1b
  /plugin install openloop@openloop
Do not also run 'openloop install': every event would be delivered twice.
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
