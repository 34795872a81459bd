package plugin

import (
	"fmt"
	"io"

	"github.com/openloop/openloop/internal/termsafe"
)

// WriteReport says what Write wrote with o (o.Dir and o.Binary as given:
// absolute) and how to install it in Claude Code. Paths are escaped.
func (wr Written) WriteReport(w io.Writer, o Options) {
	fmt.Fprintf(w, "Wrote the openloop plugin (and a marketplace listing it) to %s\n", termsafe.Line(o.Dir))
	for _, f := range wr.Files {
		fmt.Fprintf(w, "  %s\n", f)
	}
	fmt.Fprintf(w, "  bin/%s (copy of %s)\n", wr.ExeName, termsafe.Line(o.Binary))
	fmt.Fprintln(w, "In Claude Code, run:")
	fmt.Fprintf(w, "  /plugin marketplace add %s\n", termsafe.Line(o.Dir))
	fmt.Fprintf(w, "  /plugin install %s@%s\n", Name, Name)
	fmt.Fprintln(w, "Do not also run 'openloop install': every event would be delivered twice.")
}
