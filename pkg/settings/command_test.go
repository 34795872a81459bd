package settings

import (
	"strings"
	"testing"
)

// A command file an earlier version wrote is still openloop's (install
// replaces it, uninstall removes it); an edited one is not; the plugin's
// names the plugin as its writer, not install.
func TestParseCommandFileVersions(t *testing.T) {
	for _, exe := range []string{"/usr/local/bin/openloop", "/home/me/my tools/openloop"} {
		const nonce = "0123456789ab"
		for v := range heads {
			for _, legacy := range []bool{false, true} {
				got, n, ok := ParseCommandFile(commandFile(exe, nonce, v, Marker, legacy))
				if !ok || got != exe || n != nonce {
					t.Errorf("%s version %d legacy %v: ParseCommandFile = %q, %q, %v", exe, v, legacy, got, n, ok)
				}
			}
		}
	}
	const exe, nonce = "/usr/local/bin/openloop", "0123456789ab"
	edited := strings.Replace(string(CommandFile(exe, nonce)), "Show it to", "Show it, to", 1)
	if _, _, ok := ParseCommandFile([]byte(edited)); ok {
		t.Error("an edited command file counts as openloop's")
	}
	cur := string(CommandFile(exe, nonce))
	if !strings.Contains(cur, "argument-hint: resume | archive <text> | restore <text> | dismiss <text> | rename <text> --idea <thing> | review | summary\n") {
		t.Errorf("the argument hint does not list restore, dismiss, rename and review:\n%s", cur)
	}
	for _, exe := range []string{PluginExe, PortableExe} {
		plugin := string(PluginCommandFile(exe, nonce))
		if strings.Contains(plugin, Marker) || !strings.Contains(plugin, pluginMarker) {
			t.Errorf("the plugin's command file says install wrote it:\n%s", plugin)
		}
	}
	// The checked-in plugin's command runs the openloop on PATH, by its
	// bare name, as its allowed-tools pattern names it.
	path := string(PluginCommandFile(PortableExe, nonce))
	for _, want := range []string{
		"allowed-tools: Bash(openloop session:*)\n",
		"```!\nopenloop session --plugin <<'" + TermPrefix + nonce + "'\n$ARGUMENTS\n" + TermPrefix + nonce + "\n```\n",
		"`openloop session --plugin archive <name>`",
	} {
		if !strings.Contains(path, want) {
			t.Errorf("the PATH plugin's command file lacks %q:\n%s", want, path)
		}
	}
}
