// Command openloop keeps the open loops of a Claude Code session. See
// README.md, or run "openloop help".
package main

import (
	"os"

	"github.com/openloop/openloop/pkg/cli"
)

func main() {
	os.Exit(cli.Run(cli.System(), os.Args[1:]))
}
