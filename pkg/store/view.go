package store

import (
	"path/filepath"
	"time"
)

// ItemView is one item in `resume --json` (and summary's "parked").
type ItemView struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	File        string `json:"file"`
	Path        string `json:"path"`
	Modified    string `json:"modified"`
	AgeDays     int    `json:"age_days"`
	Stale       bool   `json:"stale"`
	Damaged     string `json:"damaged,omitempty"`
}

// ListView is `resume --json`'s object; summary --json's "parked" is the
// same object.
type ListView struct {
	Date      string     `json:"date"`
	MemoryDir string     `json:"memory_dir"`
	Count     int        `json:"count"`
	Max       int        `json:"max"`
	Items     []ItemView `json:"items"`
}

// View is the JSON view of a listing of this store; items are never null.
func (s *Store) View(items []Item) ListView {
	out := ListView{
		Date: s.Now().Format("2006-01-02"), MemoryDir: s.Dir,
		Count: len(items), Max: MaxOpen, Items: make([]ItemView, 0, len(items)),
	}
	for _, it := range items {
		j := ItemView{
			Name: it.Name, Description: it.Description, File: it.File,
			Path: filepath.Join(s.Dir, it.File), Modified: it.ModTime.UTC().Format(time.RFC3339),
			AgeDays: s.Age(it), Stale: s.Stale(it),
		}
		if it.Damaged != nil {
			j.Damaged = it.Damaged.Error()
		}
		out.Items = append(out.Items, j)
	}
	return out
}
