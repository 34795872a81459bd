package cli

func runDoctor(e *Env, args []string) int { return ExitOK }
