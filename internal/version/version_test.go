package version

import (
	"runtime/debug"
	"testing"
)

func TestVersionLine(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	tests := []struct {
		ldflags string
		info    *debug.BuildInfo
		want    string
	}{
		{"dev", nil, "openloop dev"},
		{"dev", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "openloop v1.2.0"},
		{"dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "openloop (devel)"},
		{"dev", &debug.BuildInfo{
			Main:     debug.Module{Version: "v0.0.0-20261202100000-2deeb16333c0+dirty"},
			Settings: vcs("vcs", "git", "vcs.revision", "2deeb16333c0e828cec5f38ced537672c39d93d8", "vcs.time", "2026-12-02T10:00:00Z", "vcs.modified", "true"),
		}, "openloop v0.0.0-20261202100000-2deeb16333c0+dirty (revision 2deeb16333c0, 2026-12-02T10:00:00Z, modified)"},
		{"v9.9.9", &debug.BuildInfo{
			Main:     debug.Module{Version: "(devel)"},
			Settings: vcs("vcs.revision", "abc", "vcs.modified", "false"),
		}, "openloop v9.9.9 (revision abc)"},
	}
	for _, tt := range tests {
		if got := Line(tt.ldflags, tt.info); got != tt.want {
			t.Errorf("Line(%q, …) = %q, want %q", tt.ldflags, got, tt.want)
		}
	}
}
