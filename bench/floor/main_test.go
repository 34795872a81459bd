package main

import (
	"bytes"
	"os"
	"testing"
)

// The floor reads all of stdin, as a hook must: a payload larger than a
// pipe's buffer is written whole, without EPIPE, by the time it exits.
func TestFloorReadsAllOfStdin(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	payload := bytes.Repeat([]byte("x"), 1<<20)
	wrote := make(chan error, 1)
	go func() {
		_, err := w.Write(payload)
		w.Close()
		wrote <- err
	}()
	stdin := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = stdin }()
	main()
	r.Close()
	if err := <-wrote; err != nil {
		t.Fatalf("writing 1 MB to the floor's stdin: %v (it exited before reading it)", err)
	}
}
