package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"time"
)

// pack makes t's archive in memory: a folder named base holding the binary
// (mode 0755) and the docs (0644), owned by root, every time when. The
// same inputs give the same bytes.
func pack(t Target, base, bin string, docs []docFile, when time.Time) ([]byte, error) {
	exe, err := os.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	files := append([]docFile{{t.Exe(), exe}}, docs...)
	if t.Ext() == ".zip" {
		return packZip(base, files, when)
	}
	return packTarGz(base, files, when)
}

func fileMode(name string) fs.FileMode {
	if name == "openloop" || name == "openloop.exe" {
		return 0o755
	}
	return 0o644
}

func packTarGz(base string, files []docFile, when time.Time) ([]byte, error) {
	var buf bytes.Buffer
	gz, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	// No name and no time in the gzip header: the bytes depend on the
	// contents only.
	tw := tar.NewWriter(gz)
	hdr := func(name string, mode fs.FileMode, size int64, typ byte) *tar.Header {
		return &tar.Header{Name: name, Mode: int64(mode), Size: size, Typeflag: typ, ModTime: when, Format: tar.FormatPAX, Uname: "root", Gname: "root"}
	}
	if err := tw.WriteHeader(hdr(base+"/", 0o755, 0, tar.TypeDir)); err != nil {
		return nil, err
	}
	for _, f := range files {
		if err := tw.WriteHeader(hdr(base+"/"+f.name, fileMode(f.name), int64(len(f.data)), tar.TypeReg)); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func packZip(base string, files []docFile, when time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	dir := &zip.FileHeader{Name: base + "/", Modified: when}
	dir.SetMode(fs.ModeDir | 0o755)
	if _, err := zw.CreateHeader(dir); err != nil {
		return nil, err
	}
	for _, f := range files {
		h := &zip.FileHeader{Name: base + "/" + f.name, Method: zip.Deflate, Modified: when}
		h.SetMode(fileMode(f.name))
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// maxUnpacked bounds what unpack reads from one archive.
const maxUnpacked = 256 << 20

// entry is one regular file read back from an archive.
type entry struct {
	name string // relative to the archive's folder
	mode fs.FileMode
	data []byte
}

// unpack reads an archive's files back, checking what a user's tar or
// unzip would do with it: every entry is under the one folder base (no
// absolute path, no "..", nothing beside it), and is a folder or a
// regular file.
func unpack(ext, base string, data []byte) ([]entry, error) {
	if ext == ".zip" {
		return unpackZip(base, data)
	}
	return unpackTarGz(base, data)
}

// inBase is an entry's name relative to base, or an error when it is not
// under it.
func inBase(base, name string) (string, error) {
	clean := path.Clean(name)
	rel, ok := strings.CutPrefix(clean, base+"/")
	if !ok && clean != base || strings.HasPrefix(name, "/") || strings.Contains(name, `\`) || !fs.ValidPath(clean) {
		return "", fmt.Errorf("entry %q is not inside the folder %s/", name, base)
	}
	return rel, nil
}

func unpackTarGz(base string, data []byte) ([]entry, error) {
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(gz)
	var out []entry
	total := int64(0)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		rel, err := inBase(base, h.Name)
		if err != nil {
			return nil, err
		}
		switch h.Typeflag {
		case tar.TypeDir:
			continue
		case tar.TypeReg:
		default:
			return nil, fmt.Errorf("entry %q is neither a folder nor a regular file", h.Name)
		}
		total += h.Size
		if total > maxUnpacked {
			return nil, fmt.Errorf("unpacks to more than %d bytes", maxUnpacked)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		out = append(out, entry{rel, fs.FileMode(h.Mode).Perm(), b})
	}
	return out, nil
}

func unpackZip(base string, data []byte) ([]entry, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	var out []entry
	total := uint64(0)
	for _, f := range zr.File {
		rel, err := inBase(base, f.Name)
		if err != nil {
			return nil, err
		}
		m := f.Mode()
		if m.IsDir() {
			continue
		}
		if !m.IsRegular() {
			return nil, fmt.Errorf("entry %q is neither a folder nor a regular file", f.Name)
		}
		total += f.UncompressedSize64
		if total > maxUnpacked {
			return nil, fmt.Errorf("unpacks to more than %d bytes", maxUnpacked)
		}
		r, err := f.Open()
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(io.LimitReader(r, maxUnpacked+1))
		r.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		out = append(out, entry{rel, m.Perm(), b})
	}
	return out, nil
}
