package settings

import (
	"strings"
	"testing"
)

// A command file an earlier version wrote is still openloop's (install
// replaces it, uninstall removes it); an edited one is not; the plugin's
// names the plugin as its writer, not install.
func TestParseCommandFileVersions(t *testing.T) {
	const exe, nonce = "/usr/local/bin/openloop", "0123456789ab"
	for v := range heads {
		got, n, ok := ParseCommandFile(commandFile(exe, nonce, v, Marker))
		if !ok || got != exe || n != nonce {
			t.Errorf("version %d: ParseCommandFile = %q, %q, %v", v, got, n, ok)
		}
	}
	edited := strings.Replace(string(CommandFile(exe, nonce)), "Show it to", "Show it, to", 1)
	if _, _, ok := ParseCommandFile([]byte(edited)); ok {
		t.Error("an edited command file counts as openloop's")
	}
	cur := string(CommandFile(exe, nonce))
	if !strings.Contains(cur, "argument-hint: resume | archive <text> | restore <text> | summary\n") {
		t.Errorf("the argument hint does not list restore:\n%s", cur)
	}
	plugin := string(PluginCommandFile(nonce))
	if strings.Contains(plugin, Marker) || !strings.Contains(plugin, pluginMarker) {
		t.Errorf("the plugin's command file says install wrote it:\n%s", plugin)
	}
}
