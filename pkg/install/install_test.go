package install

import "testing"

func TestIsGoRunBuild(t *testing.T) {
	tests := []struct {
		exe  string
		want bool
	}{
		{"/tmp/go-build2119307343/b001/exe/openloop", true},
		{"/root/.cache/go-build/b5/b5769f150f2379f07a70244001d1adfe1d15d57f09a23eec065be0975ffeabf2-d/openloop", true},
		{"/Users/me/Library/Caches/go-build/aa/aa00-d/openloop", true},
		{`C:\Users\me\AppData\Local\go-build\aa\aa00-d\openloop.exe`, true},
		{"/home/me/go/bin/openloop", false},
		{"/usr/local/bin/openloop", false},
		{"/home/me/src/go-builder/openloop", true}, // a false positive we accept: --bin overrides
	}
	for _, tt := range tests {
		if got := isGoRunBuild(tt.exe); got != tt.want {
			t.Errorf("isGoRunBuild(%q) = %v", tt.exe, got)
		}
	}
}
