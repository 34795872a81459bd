package detect

import (
	"bytes"
	"cmp"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The model: one logistic regression per kind over hashed features.
// A feature's name is hashed (FNV-1a, 32 bits) to one of 1<<Bits buckets,
// each bucket holds one weight per kind, and a kind's score is
//
//	p = 1 / (1 + e^-(bias + Σ value(f) × weight[bucket(f)]))  over the distinct features f
//
// It parks when p reaches the kind's threshold, which the trainer picked
// for precision under repository-grouped cross-validation. Weights are
// stored as int16 times a per-kind scale, read in place from the embedded
// file: loading costs nothing until the first prompt, and then only the
// header is parsed.
//
// model.bin is written by `go run ./internal/train` and starts with a line
// that says so; the second line is the header (Header), as space-separated
// key=value fields:
//
//	format=1 bits=17 kind=deferred:<bias>:<threshold>:<scale> kind=… trained=D:194,…
//
// then come the weights, kind after kind, little-endian. The header is not
// JSON so that a hook with nothing to park never loads encoding/json.

//go:embed model.bin
var modelFile []byte

// Header is the model file's second line.
type Header struct {
	Format int
	Bits   int
	Kinds  []KindModel
	// Trained says what the weights were trained on (cases per label);
	// it does not change a score.
	Trained map[string]int
}

// KindModel is one kind's bias, threshold and weight scale.
type KindModel struct {
	Kind      Kind
	Bias      float64
	Threshold float64
	Scale     float64
	// Candidate is the score from which a prompt that does not park is
	// kept as a candidate for the user's review (0: DefaultCandidate of
	// Threshold). It is the header's optional fifth field.
	Candidate float64
}

// DefaultCandidate is the candidate threshold of a kind whose header gives
// none, as a fraction of its park threshold.
const DefaultCandidate = 0.5

// CandidateAt is the score from which kind i's prompts become candidates.
func (m *Model) CandidateAt(i int) float64 {
	if c := m.Kinds[i].Candidate; c > 0 {
		return c
	}
	return m.Kinds[i].Threshold * DefaultCandidate
}

// String is the header line.
func (h Header) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "format=%d bits=%d", h.Format, h.Bits)
	for _, k := range h.Kinds {
		fmt.Fprintf(&b, " kind=%s:%s:%s:%s", k.Kind, ftoa(k.Bias), ftoa(k.Threshold), ftoa(k.Scale))
		if k.Candidate > 0 {
			fmt.Fprintf(&b, ":%s", ftoa(k.Candidate))
		}
	}
	if len(h.Trained) > 0 {
		keys := slices.Sorted(maps.Keys(h.Trained))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%s:%d", k, h.Trained[k])
		}
		b.WriteString(" trained=" + strings.Join(parts, ","))
	}
	return b.String()
}

func ftoa(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// parseHeader reads the header line.
func parseHeader(line string) (Header, error) {
	var h Header
	for _, f := range strings.Fields(line) {
		key, val, _ := strings.Cut(f, "=")
		var err error
		switch key {
		case "format":
			h.Format, err = strconv.Atoi(val)
		case "bits":
			h.Bits, err = strconv.Atoi(val)
		case "kind":
			p := strings.Split(val, ":")
			if len(p) != 4 && len(p) != 5 {
				return h, fmt.Errorf("kind %q: want kind:bias:threshold:scale[:candidate]", val)
			}
			k := KindModel{Kind: Kind(p[0])}
			dsts := []*float64{&k.Bias, &k.Threshold, &k.Scale, &k.Candidate}
			for i, dst := range dsts[:len(p)-1] {
				if *dst, err = strconv.ParseFloat(p[i+1], 64); err != nil {
					break
				}
			}
			h.Kinds = append(h.Kinds, k)
		case "trained":
			h.Trained = map[string]int{}
			for _, kv := range strings.Split(val, ",") {
				k, v, _ := strings.Cut(kv, ":")
				if h.Trained[k], err = strconv.Atoi(v); err != nil {
					break
				}
			}
		}
		if err != nil {
			return h, fmt.Errorf("%s: %w", key, err)
		}
	}
	return h, nil
}

// Model is a parsed model file.
type Model struct {
	Header
	weights [][]byte // per kind, 2 bytes a bucket
}

const modelFormat = 1

var modelMagic = []byte("# openloop detection model")

// ParseModel reads a model file.
func ParseModel(b []byte) (*Model, error) {
	if !bytes.HasPrefix(b, modelMagic) {
		return nil, errors.New("model: not an openloop model file")
	}
	_, rest, ok := bytes.Cut(b, []byte("\n"))
	if !ok {
		return nil, errors.New("model: no header")
	}
	head, rest, ok := bytes.Cut(rest, []byte("\n"))
	if !ok {
		return nil, errors.New("model: no header")
	}
	h, err := parseHeader(string(head))
	if err != nil {
		return nil, fmt.Errorf("model: header: %w", err)
	}
	m := &Model{Header: h}
	if m.Format != modelFormat || m.Bits < 8 || m.Bits > 24 {
		return nil, fmt.Errorf("model: format %d with %d bits is not supported", m.Format, m.Bits)
	}
	n := 2 << m.Bits
	if len(rest) != n*len(m.Kinds) {
		return nil, fmt.Errorf("model: %d bytes of weights, want %d", len(rest), n*len(m.Kinds))
	}
	for i := range m.Kinds {
		m.weights = append(m.weights, rest[i*n:(i+1)*n])
	}
	return m, nil
}

// EncodeModel writes a model file. weights[i] holds kind i's weights, one
// per bucket; each is stored as an int16 times a scale chosen so the
// largest fits.
func EncodeModel(h Header, weights [][]float64) ([]byte, error) {
	if len(weights) != len(h.Kinds) {
		return nil, errors.New("model: one weight vector per kind")
	}
	h.Format = modelFormat
	var bin []byte
	for i, w := range weights {
		if len(w) != 1<<h.Bits {
			return nil, fmt.Errorf("model: kind %s has %d weights, want %d", h.Kinds[i].Kind, len(w), 1<<h.Bits)
		}
		top := 0.0
		for _, x := range w {
			top = math.Max(top, math.Abs(x))
		}
		scale := top / math.MaxInt16
		if scale == 0 {
			scale = 1
		}
		h.Kinds[i].Scale = scale
		for _, x := range w {
			bin = binary.LittleEndian.AppendUint16(bin, uint16(int16(math.Round(x/scale))))
		}
	}
	var b bytes.Buffer
	b.Write(modelMagic)
	b.WriteString(": generated by `go run ./internal/train`; do not edit.\n")
	b.WriteString(h.String())
	b.WriteByte('\n')
	b.Write(bin)
	return b.Bytes(), nil
}

// Weight is kind i's weight for bucket h.
func (m *Model) Weight(i int, h uint32) float64 {
	w := m.weights[i]
	h &= 1<<m.Bits - 1
	return float64(int16(binary.LittleEndian.Uint16(w[2*h:]))) * m.Kinds[i].Scale
}

// Index is the position of kind k in the model, or -1.
func (m *Model) Index(k Kind) int {
	return slices.IndexFunc(m.Kinds, func(km KindModel) bool { return km.Kind == k })
}

// Score is kind i's probability for a feature vector.
func (m *Model) Score(i int, v Vector) float64 {
	z := m.Kinds[i].Bias
	for _, f := range v {
		z += float64(m.Weight(i, f.Bucket) * f.Value)
	}
	return Sigmoid(z)
}

// Sigmoid is the logistic function.
func Sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// Hash is a feature's bucket before masking: FNV-1a over its name.
func Hash(name string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(name); i++ {
		h ^= uint32(name[i])
		h *= 16777619
	}
	return h
}

// A Vector is an exchange's features as the model reads them: buckets and
// values, sorted by bucket.
type Vector []Entry

// Entry is one bucket of a Vector.
type Entry struct {
	Bucket uint32
	Value  float64
}

// bagTemplates are the templates that give many features an exchange
// (words, word pairs, trigrams). Each is a bag: its features share a
// length of 1 (each is worth 1/√n of its n), so a long prompt does not
// outweigh a short one by its length alone. Every other feature (cues,
// forms) is worth 1.
var bagTemplates = []string{"w:", "b:", "c:", "q:", "qb:", "s:", "sb:"}

func bagOf(name string) int {
	for i, t := range bagTemplates {
		if strings.HasPrefix(name, t) {
			return i
		}
	}
	return -1
}

// Vectorize turns feature names into a Vector: each distinct name once
// (names are told apart by their full 32-bit hash), valued as
// bagTemplates says, hashed into 1<<bits buckets (names that share a
// bucket add up).
func Vectorize(names []string, bits int) Vector {
	// Each name as its hash (high 32 bits) and its bag + 1 (low bits),
	// so one integer sort orders and dedupes them.
	fs := make([]uint64, len(names))
	for i, n := range names {
		fs[i] = uint64(Hash(n))<<32 | uint64(bagOf(n)+1)
	}
	slices.Sort(fs)
	fs = slices.CompactFunc(fs, func(a, b uint64) bool { return a>>32 == b>>32 })
	var perBag [8]int
	for _, f := range fs {
		if bag := int(f&0xff) - 1; bag >= 0 {
			perBag[bag]++
		}
	}
	mask := uint32(1)<<bits - 1
	v := make(Vector, 0, len(fs))
	for _, f := range fs {
		val := 1.0
		if bag := int(f&0xff) - 1; bag >= 0 {
			val = 1 / math.Sqrt(float64(perBag[bag]))
		}
		v = append(v, Entry{uint32(f>>32) & mask, val})
	}
	slices.SortFunc(v, func(a, b Entry) int { return cmp.Compare(a.Bucket, b.Bucket) })
	out := v[:0]
	for _, e := range v {
		if n := len(out); n > 0 && out[n-1].Bucket == e.Bucket {
			out[n-1].Value += e.Value
			continue
		}
		out = append(out, e)
	}
	return out
}

var (
	loadOnce  sync.Once
	loaded    *Model
	loadError error
)

// shipped is the model embedded in the binary, parsed on first use.
func shipped() (*Model, error) {
	loadOnce.Do(func() { loaded, loadError = ParseModel(modelFile) })
	return loaded, loadError
}
