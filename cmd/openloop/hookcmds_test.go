package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/tidwall/sjson"
)

// cmdPayload SRC DST [key=value …] copies the JSON hook payload SRC to DST
// with each key set (sjson paths; a value that parses as JSON — true, 3,
// {"a":1} — is set raw, anything else as a string; key= with nothing
// deletes the key). It turns the fixtures' invented paths into $WORK ones.
func cmdPayload(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: payload SRC DST [key=value …]")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	for _, kv := range args[2:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			ts.Fatalf("payload: %q is not key=value", kv)
		}
		switch {
		case v == "":
			data, err = sjson.DeleteBytes(data, k)
		case v == "true" || v == "false" || strings.HasPrefix(v, "{") || strings.HasPrefix(v, "["):
			data, err = sjson.SetRawBytes(data, k, []byte(v))
		default:
			if _, nerr := strconv.ParseFloat(v, 64); nerr == nil {
				data, err = sjson.SetRawBytes(data, k, []byte(v))
			} else {
				data, err = sjson.SetBytes(data, k, v)
			}
		}
		ts.Check(err)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), data, 0o644))
}

// cmdBigfile FILE MB LINE writes FILE as LINE repeated until it holds MB
// megabytes; LINE "-" means one JSON string line of MB megabytes.
func cmdBigfile(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: bigfile FILE MB LINE")
	}
	mb, err := strconv.Atoi(args[1])
	ts.Check(err)
	f, err := os.Create(ts.MkAbs(args[0]))
	ts.Check(err)
	defer f.Close()
	if args[2] == "-" {
		_, err = f.Write(append(append([]byte(`{"type":"user","message":{"role":"user","content":"`), bytes.Repeat([]byte("x"), mb<<20)...), []byte("\"}}\n")...))
		ts.Check(err)
		return
	}
	line := []byte(args[2] + "\n")
	chunk := bytes.Repeat(line, (1<<20)/len(line)+1)
	for written := 0; written < mb<<20; written += len(chunk) {
		_, err = f.Write(chunk)
		ts.Check(err)
	}
}
