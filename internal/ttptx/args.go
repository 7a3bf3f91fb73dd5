package ttptx

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ptx/sim"
	"github.com/tt-compiler/tt/runtime/npy"
)

// argKind is the kind of an --arg.
type argKind int

const (
	kindF32 argKind = iota
	kindF64
	kindS32
	kindU32
	kindS64
	kindU64
	kindBuf
	kindZeros
)

var kindNames = map[string]argKind{
	"f32": kindF32, "f64": kindF64, "s32": kindS32, "u32": kindU32, "s64": kindS64, "u64": kindU64,
	"buf": kindBuf, "zeros": kindZeros,
}

// argSpec is a parsed --arg.
type argSpec struct {
	kind  argKind
	name  string     // the kind as written: f32, s64, ...
	bits  uint64     // a scalar's bits (floats as IEEE bits, integers two's complement)
	array *npy.Array // a buffer's initial contents
}

// zerosDTypes are the DTYPEs of zeros:DTYPE:N, by NumPy's short codes.
var zerosDTypes = map[string]npy.DType{
	"f4": npy.Float32, "f8": npy.Float64, "i4": npy.Int32, "u4": npy.Uint32,
	"i8": npy.Int64, "u8": npy.Uint64, "f2": npy.Float16, "u1": npy.Uint8,
}

const zerosCodes = "f4, f8, i4, u4, i8, u8, f2, u1"

// maxZerosBytes bounds a zeros buffer (4 GiB), so that a typo cannot ask
// for all of memory.
const maxZerosBytes = 4 << 30

// parseArg parses one --arg value.
func parseArg(s string) (argSpec, error) {
	name, val, ok := strings.Cut(s, ":")
	kind, known := kindNames[name]
	if !ok || !known {
		return argSpec{}, fmt.Errorf("want KIND:VALUE with KIND one of f32, f64, s32, u32, s64, u64, buf, zeros")
	}
	a := argSpec{kind: kind, name: name}
	switch kind {
	case kindF32:
		v, err := strconv.ParseFloat(val, 32)
		if err != nil {
			return a, fmt.Errorf("%q is not an f32 value", val)
		}
		a.bits = uint64(math.Float32bits(float32(v)))
	case kindF64:
		v, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return a, fmt.Errorf("%q is not an f64 value", val)
		}
		a.bits = math.Float64bits(v)
	case kindS32, kindS64:
		bits := 32
		if kind == kindS64 {
			bits = 64
		}
		v, err := strconv.ParseInt(val, 0, bits)
		if err != nil {
			return a, fmt.Errorf("%q is not an s%d value", val, bits)
		}
		a.bits = uint64(v)
		if bits == 32 {
			a.bits = uint64(uint32(v))
		}
	case kindU32, kindU64:
		bits := 32
		if kind == kindU64 {
			bits = 64
		}
		v, err := strconv.ParseUint(val, 0, bits)
		if err != nil {
			return a, fmt.Errorf("%q is not a u%d value", val, bits)
		}
		a.bits = v
	case kindBuf:
		arr, err := npy.ReadFile(val)
		if err != nil {
			return a, err
		}
		a.array = arr
	case kindZeros:
		code, count, ok := strings.Cut(val, ":")
		dt, known := zerosDTypes[code]
		if !ok || !known {
			return a, fmt.Errorf("want zeros:DTYPE:N with DTYPE one of %s", zerosCodes)
		}
		n, err := strconv.Atoi(count)
		if err != nil || n < 0 || n > maxZerosBytes/dt.Size() {
			return a, fmt.Errorf("%q is not an element count in [0, %d]", count, maxZerosBytes/dt.Size())
		}
		a.array = zeroArray(dt, n)
	}
	return a, nil
}

// fits reports whether the argument can be passed for a parameter of type
// p: buffers for 64-bit integer parameters (an address), floats for
// floats of their width or untyped .bN, integers for integers or .bN of
// their width (or narrower, when the value fits).
func (a argSpec) fits(p sim.Type) error {
	switch a.kind {
	case kindBuf, kindZeros:
		if p.IsInt() && p.Bits() == 64 {
			return nil
		}
		return fmt.Errorf("a buffer's address needs a 64-bit integer parameter")
	case kindF32, kindF64:
		width := 32
		want := sim.TF32
		if a.kind == kindF64 {
			width, want = 64, sim.TF64
		}
		if p == want || p.Bits() == width && isUntyped(p) {
			return nil
		}
		return fmt.Errorf("an f%d value needs an .f%d or .b%d parameter", width, width, width)
	}
	width := 32
	if a.kind == kindS64 || a.kind == kindU64 {
		width = 64
	}
	switch {
	case !p.IsInt():
		return fmt.Errorf("an %s value needs an integer parameter", a.name)
	case p.Bits() == width:
		return nil
	case width == 64:
		return fmt.Errorf("an %s value needs a 64-bit integer parameter (use s32 or u32)", a.name)
	case p.Bits() == 64:
		return fmt.Errorf("an %s value needs a 32-bit integer parameter (use s64 or u64)", a.name)
	}
	// A narrower parameter (.u8, .s16, ...) takes the value if it fits
	// in its width as a signed or an unsigned number.
	bits := uint(p.Bits())
	lo, hi := -(int64(1) << (bits - 1)), int64(1)<<bits-1
	ok := a.bits <= uint64(hi)
	if a.kind == kindS32 || a.kind == kindS64 {
		v := int64(a.bits)
		if a.kind == kindS32 {
			v = int64(int32(uint32(a.bits)))
		}
		ok = v >= lo && v <= hi
	}
	if !ok {
		return fmt.Errorf("the value does not fit in %d bits", bits)
	}
	return nil
}

// isUntyped reports a .bN type.
func isUntyped(t sim.Type) bool {
	return t == sim.TB8 || t == sim.TB16 || t == sim.TB32 || t == sim.TB64
}

// scalar is the sim argument of a scalar --arg for parameter type p (its
// bits cut to the parameter's width).
func (a argSpec) scalar(p sim.Type) sim.Arg {
	size := p.Bytes()
	bits := a.bits
	if size < 8 {
		bits &= 1<<(8*uint(size)) - 1
	}
	return sim.Bits(bits, size)
}

// zeroArray is a zero-filled one-dimensional array.
func zeroArray(dt npy.DType, n int) *npy.Array {
	a := &npy.Array{DType: dt, Shape: []int{n}}
	switch dt {
	case npy.Float16:
		a.F16 = make([]uint16, n)
	case npy.Float32:
		a.F32 = make([]float32, n)
	case npy.Float64:
		a.F64 = make([]float64, n)
	case npy.Int32:
		a.I32 = make([]int32, n)
	case npy.Uint32:
		a.U32 = make([]uint32, n)
	case npy.Int64:
		a.I64 = make([]int64, n)
	case npy.Uint64:
		a.U64 = make([]uint64, n)
	case npy.Uint8:
		a.U8 = make([]uint8, n)
	}
	return a
}
