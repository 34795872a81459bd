// Command insession measures openloop inside working sessions (issue 25
// §5, docs/insession.md): a scratch Go project with real work to do,
// scripted sessions whose user messages are labelled with the open loops
// they leave, a driver that sends them one at a time through openloop's
// real hooks as Claude Code does while a helper acting as Claude Code does
// the work, a runner for the real Claude Code CLI, and a scorer.
//
//	go run ./internal/insession start -session 3 -dir /tmp/run3
//	/tmp/run3/bin/insession reply -dir /tmp/run3 -file reply.md
//	go run ./internal/insession claude -session 3 -dir /tmp/cli3
//	go run ./internal/insession score /tmp/run*
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage: insession <command> [flags]

  start -session S -dir DIR [-bin PATH] [-install-flags '...'] [-script FILE]
        set up a run and print SessionStart's context and the first message
  reply -dir DIR -file REPLY.md
        record Claude's reply, run Stop, print the next message or SESSION OVER
  claude -session S -dir DIR [-claude PATH] [-bin PATH] [-install-flags '...']
        play a session with the real Claude Code CLI (needs ANTHROPIC_API_KEY)
  score [-work=false] DIR...
        score runs: loops caught, wrong parks, names, cost, work done (Markdown)
  sessions
        list the scripted sessions (ids and sizes only, never the messages)
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the exit, for tests.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "start":
		err = cmdStart(args[1:], stdout)
	case "reply":
		err = cmdReply(args[1:], stdout)
	case "claude":
		err = cmdClaude(args[1:], stdout)
	case "score":
		err = cmdScore(args[1:], stdout)
	case "sessions":
		err = cmdSessions(stdout)
	case "wrap":
		return cmdWrap(args[1:])
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "insession: unknown command %q\n%s", args[0], usage)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "insession: error: %v\n", err)
		return 1
	}
	return 0
}

// cmdSessions lists the sessions without their text: what the lead needs
// to hand them out, and nothing an acting helper should not see.
func cmdSessions(w io.Writer) error {
	all, err := LoadSessions()
	if err != nil {
		return err
	}
	for _, s := range all {
		fmt.Fprintf(w, "%s\t%s\t%d messages\n", s.ID, s.Lang, len(s.Messages))
	}
	return nil
}
