package hooks

// userSettings is what the hooks read of the user's settings file.
type userSettings struct {
	CompactContext bool
}

// settings reads the user's settings (defaults for now).
func (cfg Config) settings(configDir string) userSettings {
	return userSettings{CompactContext: true}
}
