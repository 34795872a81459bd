package main

import (
	"os"
	"testing"
)

// The wrapper a run writes runs a copy of the test binary with
// INSESSION_MAIN=1: it is then the harness, not the tests.
func TestMain(m *testing.M) {
	if os.Getenv("INSESSION_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
