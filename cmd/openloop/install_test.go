package main

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/tidwall/gjson"
)

// exitcode N PROG [ARGS...] runs PROG like exec and checks that it exits
// with status N exactly, where `! exec` would accept any failure. Its
// stdout and stderr are checked as exec's are.
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("%s: %v", args[1], err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// hookcmd VAR FILE EVENT sets $VAR to the command of the first hook
// handler registered for EVENT in the settings file FILE: what Claude
// Code runs with sh -c.
func cmdHookcmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: hookcmd VAR FILE EVENT")
	}
	data, err := os.ReadFile(ts.MkAbs(args[1]))
	ts.Check(err)
	c := gjson.GetBytes(data, "hooks."+args[2]+".0.hooks.0.command")
	if !c.Exists() {
		ts.Fatalf("%s: no %s hook", args[1], args[2])
	}
	ts.Setenv(args[0], c.String())
}

// deepjson FILE N writes {"a": …} with N arrays nested inside: valid JSON
// that a recursive parser cannot read without a stack overflow.
func cmdDeepjson(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: deepjson FILE N")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	doc := `{"a":` + strings.Repeat("[", n) + strings.Repeat("]", n) + "}\n"
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(doc), 0o600))
}

// examples/statusline.json is a settings snippet whose command is
// `openloop status`, which this binary has.
func TestStatusLineExample(t *testing.T) {
	data, err := os.ReadFile("../../examples/statusline.json")
	if err != nil {
		t.Fatal(err)
	}
	if !gjson.ValidBytes(data) {
		t.Fatal("examples/statusline.json is not valid JSON")
	}
	if c := gjson.GetBytes(data, "statusLine.command").String(); c != "openloop status" {
		t.Errorf("statusLine.command = %q", c)
	}
	if typ := gjson.GetBytes(data, "statusLine.type").String(); typ != "command" {
		t.Errorf("statusLine.type = %q", typ)
	}
}
