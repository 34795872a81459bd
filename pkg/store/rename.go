package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Renamed is what Rename did.
type Renamed struct {
	From, To Item // the item before and after; To.File is its file now
	// Dup is set when another open item is already the same idea as the
	// new one (sameidea.go): nothing changed, and Other is that item.
	Dup   bool
	Other Item
}

// Rename gives the one open item that best matches query (the rules of
// Archive) a new idea: a new name made from it (Slug, with "-2", "-3" …
// when another item has it, in any case, as Park does), a new description,
// and the idea in its first body line (and in the default "How to apply:"
// line that repeats it) where openloop wrote them. The rest of the body,
// the kind, the source and session keys, the date in the file name and the
// file's modification time (its age) stay.
//
// It is not an archive: the item's text goes nowhere but its file, and the
// log gets one line, {"ts","item":<new name>,"action":"renamed","from":<old
// name>}. The file is renamed to its new name (never over anything there)
// and then its text replaced, each step atomic, so that there is one file
// at every moment; a step that fails puts back the one before. An idea
// that another open item already holds is refused with Dup; an ambiguous
// query returns the candidates (ErrAmbiguous). Neither changes anything.
func (s *Store) Rename(query, idea string) (Renamed, []Item, error) {
	if strings.TrimSpace(idea) == "" || ideaKey(idea) == "" {
		return Renamed{}, nil, errors.New("nothing renamed: the new idea has no words")
	}
	if len(idea) > MaxIdea {
		return Renamed{}, nil, fmt.Errorf("nothing renamed: the idea is %d bytes, more than the %d an idea may hold; say it shorter", len(idea), MaxIdea)
	}
	if s.Log.Path == "" {
		return Renamed{}, nil, errors.New("no resolution log")
	}
	unlock, err := s.lock()
	if err != nil {
		return Renamed{}, nil, err
	}
	defer unlock()
	s.settle()
	items, err := s.List()
	if err != nil {
		return Renamed{}, nil, err
	}
	it, m, err := pickOne(items, query)
	if err != nil {
		return Renamed{}, m, err
	}
	if it.Damaged != nil {
		return Renamed{}, nil, fmt.Errorf("cannot rename %s: %v", Show(it.File), it.Damaged)
	}
	var others []Item
	for _, o := range items {
		if o.File != it.File {
			others = append(others, o)
		}
	}
	if o, ok := sameIdea(others, ideaOf(idea)); ok {
		return Renamed{From: it, Dup: true, Other: o}, nil, nil
	}
	data, err := readItem(filepath.Join(s.Dir, it.File))
	if err != nil {
		return Renamed{}, nil, fmt.Errorf("rename %s: %w", Show(it.File), err)
	}
	used, err := s.usedNames()
	if err != nil {
		return Renamed{}, nil, err
	}
	delete(used, nameKey(NameOfFile(it.File))) // its own name is free for it
	name := freeName(Slug(idea), used)
	file := Prefix + name + strings.TrimPrefix(it.File, Prefix+NameOfFile(it.File)) // the same date
	if NameOfFile(it.File) == strings.TrimSuffix(strings.TrimPrefix(it.File, Prefix), Suffix) {
		file = FileName(name, it.ModTime) // a file without a date gets its own
	}
	to, out, err := retold(it, data, name, idea)
	if err != nil {
		return Renamed{}, nil, err
	}
	if len(out) > MaxItem {
		return Renamed{}, nil, fmt.Errorf("nothing renamed: the item would be %d bytes, more than the %d archive and expiry can take back", len(out), MaxItem)
	}
	if err := s.rewrite(it, file, out); err != nil {
		return Renamed{}, nil, err
	}
	to.File, to.ModTime = file, it.ModTime
	line := LogLine{LogEntry: LogEntry{TS: s.Now().UTC().Format(time.RFC3339), Item: name, Action: ActionRenamed}, From: it.Name}
	log := s.Log
	log.LockWait = s.LockWait
	if err := log.Append(line); err != nil {
		// Not logged: put the item back as it was.
		if uerr := s.rewrite(Item{File: file, ModTime: it.ModTime}, it.File, data); uerr != nil {
			err = errors.Join(err, fmt.Errorf("put back %s: %w", Show(it.File), uerr))
		}
		return Renamed{}, nil, err
	}
	return Renamed{From: it, To: to}, nil, nil
}

// retold is the item's text with its new name and idea: written again as
// openloop writes it when openloop wrote it, else with only its name and
// description changed (retitle) and its first body line retold.
func retold(it Item, data []byte, name, idea string) (Item, []byte, error) {
	to := it
	to.Name = name
	idea = strings.TrimRight(storedLine(idea), ".")
	kind := it.Kind()
	to.Description = idea
	if kind != "" {
		to.Description = textOf(kind).desc + idea
	}
	to.Body = retellBody(it.Body, kind, it.Idea(), idea)
	if orig, err := render(it.Name, it.Description, it.Body, it.Source, it.Session); err == nil && bytes.Equal(orig, data) {
		out, err := render(name, to.Description, to.Body, it.Source, it.Session)
		return to, out, err
	}
	out, err := retitle(data, name, to.Description)
	if err != nil {
		return Item{}, nil, fmt.Errorf("cannot rename %s: %w", Show(it.File), err)
	}
	if to.Body != it.Body {
		out = append(bytes.TrimSuffix(out, []byte(it.Body)), to.Body...)
	}
	if p, err := Parse(out); err != nil || p.Name != name {
		return Item{}, nil, fmt.Errorf("cannot rename %s: its frontmatter could not be rewritten", Show(it.File))
	}
	return to, out, nil
}

// retellBody puts the new idea where the body names the old one: in its
// first line ("Deferred: <idea>. Context: …", or "Deferred: <idea>." when
// no context was known) and in the default "How to apply:" line that
// repeats it. Anything else stays as it is.
func retellBody(body string, kind Kind, old, idea string) string {
	if kind == "" || old == "" {
		return body
	}
	t := textOf(kind)
	first, rest, _ := strings.Cut(body, "\n")
	lead := strings.TrimLeft(first, " \t")
	pad := first[:len(first)-len(lead)]
	switch {
	case strings.HasPrefix(lead, t.lead+old+t.clause), lead == t.lead+old, lead == t.lead+old+".":
		first = pad + t.lead + idea + strings.TrimPrefix(lead, t.lead+old)
	default:
		return body
	}
	if kind != KindQuestion {
		e := Entry{Kind: kind}
		how := "**How to apply:** " + sentence(e.defaultHow(old)) + "\n"
		rest = strings.Replace(rest, how, "**How to apply:** "+sentence(e.defaultHow(idea))+"\n", 1)
	}
	return first + "\n" + rest
}

// retitle sets the name (and, when desc is not empty, the description) in
// the frontmatter of an item openloop did not write as it writes them,
// and keeps every other key, and the body, as they are. The file's lines
// end in "\n" afterwards.
func retitle(data []byte, name, desc string) ([]byte, error) {
	head, body, err := splitFrontmatter(data)
	if err != nil {
		return nil, err
	}
	if len(head) > maxFrontmatter {
		return nil, fmt.Errorf("frontmatter is larger than %d bytes", maxFrontmatter)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(head), &doc); err != nil {
		return nil, fmt.Errorf("frontmatter: %w", firstLine(err))
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, errors.New("frontmatter is not a mapping")
	}
	m := doc.Content[0]
	set := func(key, value string) {
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == key {
				m.Content[i+1] = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: value}
				return
			}
		}
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key},
			&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: value})
	}
	set("name", name)
	if desc != "" {
		set("description", storedLine(desc))
	}
	var b bytes.Buffer
	b.WriteString("---\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(m); err != nil {
		return nil, fmt.Errorf("render frontmatter: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("render frontmatter: %w", err)
	}
	b.WriteString("---\n")
	if body != "" {
		b.WriteString("\n")
	}
	b.WriteString(body)
	return b.Bytes(), nil
}

// rewrite gives the item at it.File the name file and the text data, and
// keeps its modification time (its age). When file is another name it is
// first renamed there (nothing may be at that name: the directory lock is
// held, and every writer takes it), then its text is replaced by a temp
// file renamed over it: each step is atomic, so there is one file at
// every moment. A failed text write renames it back.
func (s *Store) rewrite(it Item, file string, data []byte) error {
	if !IsItemFile(file) || filepath.Base(file) != file || !IsItemFile(it.File) || filepath.Base(it.File) != it.File {
		return fmt.Errorf("refusing to write %q: not an item file", file)
	}
	src, dst := filepath.Join(s.Dir, it.File), filepath.Join(s.Dir, file)
	moved := false
	if file != it.File {
		if _, err := os.Lstat(dst); !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("refusing to overwrite %s", Show(file))
		}
		if err := os.Rename(src, dst); err != nil {
			return fmt.Errorf("rename %s: %w", Show(it.File), err)
		}
		moved = true
	}
	tmp, err := WriteTemp(s.Dir, tempLead, data, it.ModTime)
	if err == nil {
		if err = os.Rename(tmp, dst); err != nil {
			os.Remove(tmp)
		}
	}
	if err != nil && moved {
		if rerr := os.Rename(dst, src); rerr != nil {
			err = errors.Join(err, fmt.Errorf("put back %s: %w", Show(it.File), rerr))
		}
	}
	syncDir(s.Dir)
	if err != nil {
		return fmt.Errorf("write %s: %w", Show(file), err)
	}
	return nil
}
