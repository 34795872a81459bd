package cli

func runHook(e *Env, args []string) int {
	errorf(e.Stderr, "hook: not built yet")
	return ExitFailure
}
