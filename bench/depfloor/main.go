// Command depfloor is the floor with the libraries the design requires
// linked in. Like bench/floor it reads stdin to the end and exits 0, but it
// also imports gjson (hook payloads), yaml.v3 (item frontmatter) and the
// go-git packages pkg/gitlog reads repositories with, so every run pays
// for their package init and their share of the binary, as any single
// binary that holds them must, before it does any work. bench/hotpath.sh
// and bench/run.sh run it beside the floor: the gap between the two is
// what the chosen dependencies cost on their own (BENCHMARKS.md).
package main

import (
	"io"
	"os"

	_ "github.com/go-git/go-billy/v5/osfs"
	_ "github.com/go-git/go-git/v5/plumbing"
	_ "github.com/go-git/go-git/v5/plumbing/format/idxfile"
	_ "github.com/go-git/go-git/v5/plumbing/format/objfile"
	_ "github.com/go-git/go-git/v5/plumbing/format/packfile"
	_ "github.com/tidwall/gjson"
	_ "gopkg.in/yaml.v3"
)

func main() {
	io.Copy(io.Discard, os.Stdin)
}
