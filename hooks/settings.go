package hooks

import (
	"fmt"

	"github.com/openloop/openloop/internal/termsafe"
	"github.com/openloop/openloop/pkg/config"
	"github.com/openloop/openloop/pkg/detect"
	"github.com/openloop/openloop/pkg/project"
)

// settings reads the user's settings (pkg/config). A bad file is the
// defaults: the hook says so in one line on stderr (Config.Warn) and goes
// on; it never fails a prompt over its settings.
func (cfg Config) settings(configDir string) config.Settings {
	s, err := config.Load(configDir)
	if err != nil && cfg.Warn != nil {
		fmt.Fprintln(cfg.Warn, "openloop: error: "+termsafe.Line(err.Error())+"; using the defaults")
	}
	return s
}

// assess is detect.Assess under the user's settings. The settings file is
// read only when the prompt leaves something at the widest settings (every
// kind at the top sensitivity): a prompt with nothing to park or keep
// under any settings reads no more files than before.
func (cfg Config) assess(ev Event, in detect.Input) detect.Assessment {
	var s config.Settings
	a := detect.AssessLazy(in, config.Widest(), func() detect.Tuning {
		s = config.Defaults()
		if cfgDir, err := project.ConfigDir(cfg.Getenv); err == nil {
			s = cfg.eventSettings(ev, cfgDir)
		}
		return s.Tuning()
	})
	return s.Filter(a)
}
