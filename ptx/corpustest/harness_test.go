package corpustest

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/runtime/npy"
)

// dim3 is a grid or block shape.
type dim3 [3]int

// String formats d as tt-ptx's --grid and --block take it.
func (d dim3) String() string { return fmt.Sprintf("%d,%d,%d", d[0], d[1], d[2]) }

// argKind is the kind of one kernel argument, as tt-ptx's --arg names it.
type argKind int

const (
	argF32 argKind = iota
	argF64
	argS32
	argU32
	argS64
	argU64
	argBuf   // a global buffer with initial contents (buf:FILE.npy)
	argZeros // a zero-filled global buffer (zeros:DTYPE:N)
)

// arg is one kernel argument.
type arg struct {
	kind argKind
	f    float64 // argF32, argF64
	i    int64   // argS32, argS64
	u    uint64  // argU32, argU64
	buf  *npy.Array
	// For argZeros: the element type and count.
	dtype npy.DType
	n     int
}

func f32Arg(v float32) arg { return arg{kind: argF32, f: float64(v)} }
func f64Arg(v float64) arg { return arg{kind: argF64, f: v} }
func s32Arg(v int32) arg   { return arg{kind: argS32, i: int64(v)} }
func u32Arg(v uint32) arg  { return arg{kind: argU32, u: uint64(v)} }

// bufArg passes a copy of a, so that cases can be run more than once.
func bufArg(a *npy.Array) arg { return arg{kind: argBuf, buf: cloneArray(a)} }

func zerosArg(dt npy.DType, n int) arg { return arg{kind: argZeros, dtype: dt, n: n} }

// isBuffer reports whether the argument is a global buffer (its contents
// come back after the kernel).
func (a arg) isBuffer() bool { return a.kind == argBuf || a.kind == argZeros }

// spec is the argument in tt-ptx's --arg syntax; file is where a buffer's
// contents were written.
func (a arg) spec(file string) string {
	switch a.kind {
	case argF32:
		return "f32:" + strconv.FormatFloat(a.f, 'g', -1, 32)
	case argF64:
		return "f64:" + strconv.FormatFloat(a.f, 'g', -1, 64)
	case argS32:
		return "s32:" + strconv.FormatInt(a.i, 10)
	case argU32:
		return "u32:" + strconv.FormatUint(a.u, 10)
	case argS64:
		return "s64:" + strconv.FormatInt(a.i, 10)
	case argU64:
		return "u64:" + strconv.FormatUint(a.u, 10)
	case argBuf:
		return "buf:" + file
	}
	return "zeros:" + dtypeCode(a.dtype) + ":" + strconv.Itoa(a.n)
}

// dtypeCode is NumPy's short type code of a .npy dtype (f4, i8, ...).
func dtypeCode(dt npy.DType) string { return strings.TrimLeft(dt.String(), "<|") }

// check says what one buffer argument must hold after the kernel.
type check struct {
	arg  int        // index of the argument
	want *npy.Array // expected contents (the shape is not compared)
	tol  tol
}

// tol is the tolerance of a float comparison. The zero tol asks for the
// same bits (any NaN matching any NaN).
type tol struct {
	ulps       float64 // |got - want| ≤ ulps · ulp(want) in want's format
	rtol, atol float64 // |got - want| ≤ atol + rtol·|want|
	value      bool    // compare values (−0 equals +0) instead of bits
}

// exactTol asks for the same bits.
var exactTol = tol{}

func (tl tol) String() string {
	switch {
	case tl == exactTol:
		return "exact"
	case tl.ulps > 0:
		return fmt.Sprintf("%g ulp", tl.ulps)
	case tl.rtol > 0 || tl.atol > 0:
		return fmt.Sprintf("rtol %g, atol %g", tl.rtol, tl.atol)
	}
	return "equal values"
}

// kernelCase is one launch of one corpus kernel: its inputs and what its
// buffers must hold afterwards.
type kernelCase struct {
	grid, block dim3
	shared      int // dynamic shared memory in bytes
	args        []arg
	checks      []check
	// property checks what the checks cannot express (results whose
	// placement depends on the order atomics run in); may be nil.
	property func(out map[int]*npy.Array) error
}

// corpusKernel is a kernel of the corpus with its reference.
type corpusKernel struct {
	file, kernel string
	// targets lists the targets the file is compiled for (nil: sm_70,
	// sm_80 and sm_90).
	targets []string
	// launch builds the case for a target (references can depend on it
	// where the CUDA headers compute differently per target).
	launch func(target string) kernelCase
}

var allTargets = []string{"sm_70", "sm_80", "sm_90"}

func (k corpusKernel) targetList() []string {
	if k.targets != nil {
		return k.targets
	}
	return allTargets
}

// compare checks one output buffer against its expectation; it returns
// nil or an error listing the first differences.
func compare(got *npy.Array, c check) error {
	if got == nil {
		return fmt.Errorf("argument %d is not a buffer", c.arg)
	}
	if got.DType != c.want.DType {
		return fmt.Errorf("dtype %s, want %s", got.DType, c.want.DType)
	}
	n := c.want.Len()
	if got.Len() != n {
		return fmt.Errorf("%d elements, want %d", got.Len(), n)
	}
	var bad []string
	count := 0
	for i := range n {
		g, w, ok := elemEqual(got, c.want, i, c.tol)
		if ok {
			continue
		}
		count++
		if len(bad) < 8 {
			bad = append(bad, fmt.Sprintf("  [%d]: got %s, want %s", i, g, w))
		}
	}
	if count == 0 {
		return nil
	}
	return fmt.Errorf("%d of %d elements differ (%s):\n%s", count, n, c.tol, strings.Join(bad, "\n"))
}

// elemEqual compares element i and formats both values.
func elemEqual(got, want *npy.Array, i int, tl tol) (string, string, bool) {
	switch got.DType {
	case npy.Float32:
		g, w := got.F32[i], want.F32[i]
		return fmtF32(g), fmtF32(w), floatEqual(float64(g), float64(w), ulp32(w), tl, math.Float32bits(g) == math.Float32bits(w))
	case npy.Float64:
		g, w := got.F64[i], want.F64[i]
		ulp := math.Nextafter(math.Abs(w), math.Inf(1)) - math.Abs(w)
		return fmtF64(g), fmtF64(w), floatEqual(g, w, ulp, tl, math.Float64bits(g) == math.Float64bits(w))
	case npy.Float16:
		g, w := got.F16[i], want.F16[i]
		gv, wv := f16Value(g), f16Value(w)
		ulp := f16Value(uint16(min(int(w&0x7fff)+1, 0x7bff))) - math.Abs(wv)
		return fmt.Sprintf("%g (%#04x)", gv, g), fmt.Sprintf("%g (%#04x)", wv, w), floatEqual(gv, wv, ulp, tl, g == w)
	case npy.Int32:
		return fmt.Sprint(got.I32[i]), fmt.Sprint(want.I32[i]), got.I32[i] == want.I32[i]
	case npy.Uint32:
		return fmt.Sprintf("%#x", got.U32[i]), fmt.Sprintf("%#x", want.U32[i]), got.U32[i] == want.U32[i]
	case npy.Int64:
		return fmt.Sprint(got.I64[i]), fmt.Sprint(want.I64[i]), got.I64[i] == want.I64[i]
	case npy.Uint64:
		return fmt.Sprintf("%#x", got.U64[i]), fmt.Sprintf("%#x", want.U64[i]), got.U64[i] == want.U64[i]
	case npy.Uint8:
		return fmt.Sprint(got.U8[i]), fmt.Sprint(want.U8[i]), got.U8[i] == want.U8[i]
	}
	return "?", "?", false
}

func floatEqual(g, w, ulp float64, tl tol, sameBits bool) bool {
	switch {
	case math.IsNaN(g) || math.IsNaN(w):
		return math.IsNaN(g) && math.IsNaN(w)
	case tl == exactTol:
		return sameBits
	case math.IsInf(g, 0) || math.IsInf(w, 0):
		return g == w
	}
	d := math.Abs(g - w)
	return d == 0 || tl.ulps > 0 && d <= tl.ulps*ulp || (tl.rtol > 0 || tl.atol > 0) && d <= tl.atol+tl.rtol*math.Abs(w)
}

func fmtF32(v float32) string {
	return fmt.Sprintf("%s (%#08x)", strconv.FormatFloat(float64(v), 'g', -1, 32), math.Float32bits(v))
}

func fmtF64(v float64) string {
	return fmt.Sprintf("%s (%#016x)", strconv.FormatFloat(v, 'g', -1, 64), math.Float64bits(v))
}

// cloneArray returns a deep copy of a.
func cloneArray(a *npy.Array) *npy.Array {
	c := *a
	c.Shape = slices.Clone(a.Shape)
	c.F16, c.F32, c.F64 = slices.Clone(a.F16), slices.Clone(a.F32), slices.Clone(a.F64)
	c.I8, c.U8, c.I32, c.I64 = slices.Clone(a.I8), slices.Clone(a.U8), slices.Clone(a.I32), slices.Clone(a.I64)
	c.Bool, c.U32, c.U64 = slices.Clone(a.Bool), slices.Clone(a.U32), slices.Clone(a.U64)
	return &c
}

// Array constructors for inputs and expectations (one-dimensional).
func f32Array(v []float32) *npy.Array {
	return &npy.Array{DType: npy.Float32, Shape: []int{len(v)}, F32: v}
}
func f64Array(v []float64) *npy.Array {
	return &npy.Array{DType: npy.Float64, Shape: []int{len(v)}, F64: v}
}
func f16Array(v []uint16) *npy.Array {
	return &npy.Array{DType: npy.Float16, Shape: []int{len(v)}, F16: v}
}
func i32Array(v []int32) *npy.Array {
	return &npy.Array{DType: npy.Int32, Shape: []int{len(v)}, I32: v}
}
func u32Array(v []uint32) *npy.Array {
	return &npy.Array{DType: npy.Uint32, Shape: []int{len(v)}, U32: v}
}
func i64Array(v []int64) *npy.Array {
	return &npy.Array{DType: npy.Int64, Shape: []int{len(v)}, I64: v}
}
func u64Array(v []uint64) *npy.Array {
	return &npy.Array{DType: npy.Uint64, Shape: []int{len(v)}, U64: v}
}

// maxError is the largest relative error and the largest error in ulps of
// got against want (zeros and non-finite values left out).
func maxError(got, want []float32) (rel, ulps float64) {
	for i, w := range want {
		g := got[i]
		if w == 0 || math.IsInf(float64(w), 0) || w != w || g != g {
			continue
		}
		d := math.Abs(float64(g) - float64(w))
		rel = max(rel, d/math.Abs(float64(w)))
		ulps = max(ulps, d/ulp32(w))
	}
	return rel, ulps
}
