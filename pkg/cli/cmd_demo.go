package cli

func runDemo(e *Env, args []string) int { return ExitOK }
