package main

import (
	"go/build"
	"slices"
	"strings"
	"testing"
)

// depfloor must link every package openloop imports from the three
// required libraries (gjson, yaml.v3, go-git and its billy), no fewer: a
// package pkg/gitlog starts to use but depfloor does not link would make
// the dependency floor look cheaper than it is.
func TestLinksWhatOpenloopImportsFromTheRequiredLibraries(t *testing.T) {
	self, err := build.Import("github.com/openloop/openloop/bench/depfloor", ".", 0)
	if err != nil {
		t.Fatal(err)
	}
	required := func(p string) bool {
		for _, m := range []string{"github.com/tidwall/gjson", "gopkg.in/yaml.v3", "github.com/go-git/"} {
			if strings.HasPrefix(p, m) {
				return true
			}
		}
		return false
	}
	for _, pkg := range []string{"hooks", "pkg/store", "pkg/gitlog", "pkg/summary", "pkg/cli"} {
		p, err := build.Import("github.com/openloop/openloop/"+pkg, ".", 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range p.Imports {
			if required(imp) && !slices.Contains(self.Imports, imp) {
				t.Errorf("%s imports %s, which depfloor does not link", pkg, imp)
			}
		}
	}
}
