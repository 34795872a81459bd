package cli

func runPlugin(e *Env, args []string) int { return ExitOK }
