package hooks

import (
	"github.com/openloop/openloop/pkg/config"
	"github.com/openloop/openloop/pkg/project"
)

// resolved is what handling one event looks up outside the payload, each
// at most once however many steps ask: the project's paths (Resolve walks
// up for the repository and resolves symlinks) and the user's settings (a
// file read and parsed). Handle makes one per event and the Event carries
// it down; nothing is looked up until a step asks, so a prompt with
// nothing to park resolves no project. An Event made another way (tests,
// explain) has none and looks up each time, as before.
type resolved struct {
	paths    project.Paths
	pathsErr error
	havePath bool

	settings    config.Settings
	settingsDir string // the config dir the settings were read from
	haveSet     bool
}

// paths resolves the project for an event: its cwd, else the process's.
func (cfg Config) paths(ev Event) (project.Paths, error) {
	r := ev.once
	if r != nil && r.havePath {
		return r.paths, r.pathsErr
	}
	cwd := ev.Cwd
	if cwd == "" {
		cwd = cfg.Cwd
	}
	p, err := project.Resolve(project.Options{Cwd: cwd, Getenv: cfg.Getenv, MemoryDir: cfg.MemoryDir})
	if r != nil {
		r.paths, r.pathsErr, r.havePath = p, err, true
	}
	return p, err
}

// eventSettings is the user's settings for an event (Config.settings),
// read once per event: a bad file is said once.
func (cfg Config) eventSettings(ev Event, configDir string) config.Settings {
	r := ev.once
	if r != nil && r.haveSet && r.settingsDir == configDir {
		return r.settings
	}
	s := cfg.settings(configDir)
	if r != nil {
		r.settings, r.settingsDir, r.haveSet = s, configDir, true
	}
	return s
}
