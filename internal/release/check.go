package main

import (
	"bytes"
	"crypto/sha256"
	"debug/buildinfo"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
)

var archiveName = regexp.MustCompile(`^openloop_(.+)_(linux|darwin|windows)_(amd64|arm64)(\.tar\.gz|\.zip)$`)

// Check checks a folder Build wrote, for want's targets: see the package
// comment. It writes one line per archive to log.
func Check(dir string, want []Target, log io.Writer) error {
	sumsData, err := os.ReadFile(filepath.Join(dir, SumsFile))
	if err != nil {
		return err
	}
	sums, err := parseSums(sumsData)
	if err != nil {
		return err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if n := e.Name(); n != SumsFile && n != FormulaFile && sums[n] == "" {
			return fmt.Errorf("%s holds %s, which %s does not list", dir, n, SumsFile)
		}
	}
	version := ""
	found := map[Target]string{}
	names := make([]string, 0, len(sums))
	for n := range sums {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		m := archiveName.FindStringSubmatch(n)
		if m == nil {
			return fmt.Errorf("%s lists %s, which is not named openloop_<version>_<os>_<arch>.tar.gz or .zip", SumsFile, n)
		}
		if version != "" && m[1] != version {
			return fmt.Errorf("%s is version %s, and other archives %s", n, m[1], version)
		}
		version = m[1]
		t := Target{m[2], m[3]}
		if t.Ext() != m[4] {
			return fmt.Errorf("%s: a %s archive is a %s", n, t.OS, t.Ext())
		}
		found[t] = n
	}
	for _, t := range want {
		if found[t] == "" {
			return fmt.Errorf("no archive for %s in %s", t, dir)
		}
	}
	if version == "" {
		return fmt.Errorf("%s lists no archive", SumsFile)
	}
	stamp := "v" + version
	for _, t := range AllTargets {
		n := found[t]
		if n == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return err
		}
		got := sha256.Sum256(data)
		if hex.EncodeToString(got[:]) != sums[n] {
			return fmt.Errorf("%s: its SHA-256 is %x, and %s says %s", n, got, SumsFile, sums[n])
		}
		line, err := checkArchive(t, stamp, data)
		if err != nil {
			return fmt.Errorf("%s: %w", n, err)
		}
		fmt.Fprintf(log, "ok %s: %s\n", n, line)
	}
	formula, err := os.ReadFile(filepath.Join(dir, FormulaFile))
	if err != nil {
		return err
	}
	if err := checkFormula(formula, version, sums); err != nil {
		return err
	}
	fmt.Fprintf(log, "ok %s: names the %d darwin and linux archives with their sums\n", FormulaFile, len(formulaSums(formula)))
	return nil
}

// checkArchive unpacks one archive and checks its binary: its format and
// machine are t's, its build info says t's GOOS and GOARCH, its version
// stamp is stamp, and on this machine's platform it prints that version.
func checkArchive(t Target, stamp string, data []byte) (string, error) {
	files, err := unpack(t.Ext(), Base(strings.TrimPrefix(stamp, "v"), t), data)
	if err != nil {
		return "", err
	}
	var exe *entry
	for i, f := range files {
		switch {
		case f.name == t.Exe():
			exe = &files[i]
		case f.name == "README.md" || strings.HasPrefix(f.name, "LICENSE"):
		default:
			return "", fmt.Errorf("holds %s, which a release does not", f.name)
		}
	}
	if exe == nil {
		return "", fmt.Errorf("holds no %s", t.Exe())
	}
	if exe.mode&0o111 == 0 {
		return "", fmt.Errorf("%s is not executable (mode %v)", t.Exe(), exe.mode)
	}
	goos, goarch, format, err := platformOf(exe.data)
	if err != nil {
		return "", fmt.Errorf("%s: %w", t.Exe(), err)
	}
	if goos != t.OS || goarch != t.Arch {
		return "", fmt.Errorf("%s is a %s binary for %s/%s, not %s", t.Exe(), format, goos, goarch, t)
	}
	info, err := buildinfo.Read(bytes.NewReader(exe.data))
	if err != nil {
		return "", fmt.Errorf("%s: no Go build info: %w", t.Exe(), err)
	}
	set := map[string]string{}
	for _, s := range info.Settings {
		set[s.Key] = s.Value
	}
	if set["GOOS"] != t.OS || set["GOARCH"] != t.Arch {
		return "", fmt.Errorf("%s was built for %s/%s, not %s", t.Exe(), set["GOOS"], set["GOARCH"], t)
	}
	if info.Path != Module+"/cmd/openloop" {
		return "", fmt.Errorf("%s is %s, not openloop", t.Exe(), info.Path)
	}
	// -trimpath keeps -ldflags out of the build info: the stamp is read
	// from the variable itself.
	if v, err := stringVar(exe.data, versionVar); err != nil || v != stamp {
		return "", fmt.Errorf("%s is not stamped %s: %s is %q (%v)", t.Exe(), stamp, versionVar, v, err)
	}
	if set["-trimpath"] != "true" {
		return "", fmt.Errorf("%s was built without -trimpath", t.Exe())
	}
	line := fmt.Sprintf("%s %s/%s, build info %s/%s, stamped %s", format, goos, goarch, set["GOOS"], set["GOARCH"], stamp)
	if t.OS == runtime.GOOS && t.Arch == runtime.GOARCH {
		out, err := runVersion(t, exe.data)
		if err != nil {
			return "", err
		}
		if want := "openloop " + stamp + "\n"; out != want {
			return "", fmt.Errorf("%s --version printed %q, want %q", t.Exe(), out, want)
		}
		line += fmt.Sprintf(", --version prints %q", strings.TrimSuffix(out, "\n"))
	}
	return line, nil
}

// runVersion runs the binary's --version.
func runVersion(t Target, exe []byte) (string, error) {
	dir, err := os.MkdirTemp("", "openloop-release-check-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, t.Exe())
	if err := os.WriteFile(bin, exe, 0o755); err != nil {
		return "", err
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return "", fmt.Errorf("%s --version: %v", t.Exe(), err)
	}
	return string(out), nil
}

// platformOf reads an executable's header: ELF is taken for linux, Mach-O
// for darwin and PE for windows, and its machine gives the GOARCH.
func platformOf(b []byte) (goos, goarch, format string, err error) {
	r := bytes.NewReader(b)
	switch {
	case bytes.HasPrefix(b, []byte(elf.ELFMAG)):
		f, err := elf.NewFile(r)
		if err != nil {
			return "", "", "", err
		}
		arch := map[elf.Machine]string{elf.EM_X86_64: "amd64", elf.EM_AARCH64: "arm64"}[f.Machine]
		if arch == "" || f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN {
			return "", "", "", fmt.Errorf("an ELF file for %v, type %v", f.Machine, f.Type)
		}
		return "linux", arch, "ELF", nil
	case bytes.HasPrefix(b, []byte("MZ")):
		f, err := pe.NewFile(r)
		if err != nil {
			return "", "", "", err
		}
		arch := map[uint16]string{pe.IMAGE_FILE_MACHINE_AMD64: "amd64", pe.IMAGE_FILE_MACHINE_ARM64: "arm64"}[f.Machine]
		if arch == "" || f.Characteristics&pe.IMAGE_FILE_EXECUTABLE_IMAGE == 0 {
			return "", "", "", fmt.Errorf("a PE file for machine %#x, characteristics %#x", f.Machine, f.Characteristics)
		}
		return "windows", arch, "PE", nil
	}
	f, err := macho.NewFile(r)
	if err != nil {
		return "", "", "", fmt.Errorf("neither ELF, Mach-O nor PE: %v", err)
	}
	arch := map[macho.Cpu]string{macho.CpuAmd64: "amd64", macho.CpuArm64: "arm64"}[f.Cpu]
	if arch == "" || f.Type != macho.TypeExec {
		return "", "", "", fmt.Errorf("a Mach-O file for %v, type %v", f.Cpu, f.Type)
	}
	return "darwin", arch, "Mach-O", nil
}

// checkFormula checks that the formula names every darwin and linux
// archive, with its sum, and nothing else, at version.
func checkFormula(formula []byte, version string, sums map[string]string) error {
	if !bytes.Contains(formula, []byte("\n  version \""+version+"\"\n")) {
		return fmt.Errorf("%s does not say version %q", FormulaFile, version)
	}
	want := map[string]string{}
	for n, s := range sums {
		if m := archiveName.FindStringSubmatch(n); m != nil && m[2] != "windows" {
			want[n] = s
		}
	}
	got := formulaSums(formula)
	for n, s := range want {
		if got[n] != s {
			return fmt.Errorf("%s names %s with sum %q, want %s", FormulaFile, n, got[n], s)
		}
	}
	for n := range got {
		if want[n] == "" {
			return fmt.Errorf("%s names %s, which %s does not list", FormulaFile, n, SumsFile)
		}
	}
	return nil
}

// section is a loaded section of an executable: its virtual address, its
// size and its bytes.
type section struct {
	addr, size uint64
	r          io.ReaderAt
}

// image is what stringVar needs of an executable: its sections, the
// address of a symbol, its byte order.
type image struct {
	secs  []section
	order binary.ByteOrder
	sym   func(name string) (uint64, bool)
}

// read reads n bytes at virtual address addr.
func (im image) read(addr, n uint64) ([]byte, error) {
	for _, s := range im.secs {
		if addr >= s.addr && addr+n <= s.addr+s.size {
			b := make([]byte, n)
			_, err := s.r.ReadAt(b, int64(addr-s.addr))
			return b, err
		}
	}
	return nil, fmt.Errorf("address %#x (%d bytes) is in no section", addr, n)
}

// openImage reads the sections and symbol table of an ELF, Mach-O or PE
// file (a release binary keeps its symbol table: it is linked with -w, not
// -s).
func openImage(b []byte) (image, error) {
	r := bytes.NewReader(b)
	switch {
	case bytes.HasPrefix(b, []byte(elf.ELFMAG)):
		f, err := elf.NewFile(r)
		if err != nil {
			return image{}, err
		}
		syms, err := f.Symbols()
		if err != nil {
			return image{}, err
		}
		im := image{order: f.ByteOrder, sym: func(name string) (uint64, bool) {
			for _, s := range syms {
				if s.Name == name {
					return s.Value, true
				}
			}
			return 0, false
		}}
		for _, s := range f.Sections {
			if s.Type != elf.SHT_NOBITS && s.Addr != 0 {
				im.secs = append(im.secs, section{s.Addr, s.Size, s})
			}
		}
		return im, nil
	case bytes.HasPrefix(b, []byte("MZ")):
		f, err := pe.NewFile(r)
		if err != nil {
			return image{}, err
		}
		oh, ok := f.OptionalHeader.(*pe.OptionalHeader64)
		if !ok {
			return image{}, fmt.Errorf("a 32-bit PE file")
		}
		base := oh.ImageBase
		im := image{order: binary.LittleEndian, sym: func(name string) (uint64, bool) {
			for _, s := range f.Symbols {
				if s.Name == name && s.SectionNumber > 0 && int(s.SectionNumber) <= len(f.Sections) {
					return base + uint64(f.Sections[s.SectionNumber-1].VirtualAddress) + uint64(s.Value), true
				}
			}
			return 0, false
		}}
		for _, s := range f.Sections {
			im.secs = append(im.secs, section{base + uint64(s.VirtualAddress), uint64(min(s.VirtualSize, s.Size)), s})
		}
		return im, nil
	}
	f, err := macho.NewFile(r)
	if err != nil {
		return image{}, err
	}
	if f.Symtab == nil {
		return image{}, fmt.Errorf("a Mach-O file without a symbol table")
	}
	im := image{order: f.ByteOrder, sym: func(name string) (uint64, bool) {
		for _, s := range f.Symtab.Syms {
			if s.Name == name || s.Name == "_"+name {
				return s.Value, true
			}
		}
		return 0, false
	}}
	for _, s := range f.Sections {
		if s.Offset != 0 {
			im.secs = append(im.secs, section{s.Addr, s.Size, s})
		}
	}
	return im, nil
}

// stringVar reads the value of the Go string variable name from an
// executable of a 64-bit platform: its header (pointer, length) at the
// symbol's address, then the bytes it points to.
func stringVar(b []byte, name string) (string, error) {
	im, err := openImage(b)
	if err != nil {
		return "", err
	}
	addr, ok := im.sym(name)
	if !ok {
		return "", fmt.Errorf("no symbol %s", name)
	}
	hdr, err := im.read(addr, 16)
	if err != nil {
		return "", err
	}
	ptr, n := im.order.Uint64(hdr), im.order.Uint64(hdr[8:])
	if n > 1<<10 {
		return "", fmt.Errorf("%s is %d bytes long", name, n)
	}
	s, err := im.read(ptr, n)
	return string(s), err
}
