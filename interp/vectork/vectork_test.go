package vectork_test

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/interp/vectork"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

func run(t *testing.T, src string, args ...interp.Value) ([]interp.Value, error) {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "test.mlir"})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, src)
	}
	return interp.New(m, kernels.NewRegistry()).Run("f", args...)
}

func mustRun(t *testing.T, src string, args ...interp.Value) []interp.Value {
	t.Helper()
	res, err := run(t, src, args...)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return res
}

func wantErr(t *testing.T, err error, at string, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one at %s with %q", at, parts)
	}
	var d *ir.Diagnostic
	if !errors.As(err, &d) {
		t.Fatalf("error %v is not a diagnostic", err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "test.mlir:"+at+": error: ") {
		t.Errorf("error %q is not located at test.mlir:%s", msg, at)
	}
	for _, p := range parts {
		if !strings.Contains(msg, p) {
			t.Errorf("error %q lacks %q", msg, p)
		}
	}
}

func idx(v int64) *interp.Tensor { return interp.ScalarInt(interp.Index, v) }

func tensor(t *testing.T, v interp.Value) *interp.Tensor {
	t.Helper()
	x, ok := v.(*interp.Tensor)
	if !ok {
		t.Fatalf("%v is not a tensor", v)
	}
	return x
}

const loadStore = `func.func @f(%m: memref<3x?xELEM>, %i: index, %j: index, %k: index) -> vector<4xELEM> {
  %v = vector.load %m[%i, %j] : memref<3x?xELEM>, vector<4xELEM>
  vector.store %v, %m[%i, %k] : memref<3x?xELEM>, vector<4xELEM>
  return %v : vector<4xELEM>
}`

func TestLoadStore(t *testing.T) {
	for _, tc := range []struct {
		elem string
		dt   interp.DType
	}{{"f32", interp.F32}, {"f64", interp.F64}, {"i1", interp.I1}, {"i32", interp.I32}, {"i64", interp.I64}, {"index", interp.Index}} {
		t.Run(tc.elem, func(t *testing.T) {
			src := strings.ReplaceAll(loadStore, "ELEM", tc.elem)
			vals := make([]int64, 3*6)
			for i := range vals {
				vals[i] = int64(i % 7)
				if tc.dt == interp.I1 {
					vals[i] = int64(i % 3 & 1)
				}
			}
			m, err := interp.FromInts(tc.dt, []int64{3, 6}, slices.Clone(vals))
			if err != nil {
				t.Fatal(err)
			}
			res := mustRun(t, src, m, idx(1), idx(2), idx(0))
			v := tensor(t, res[0])
			want := vals[8:12]
			for i := range 4 {
				if v.Int(i) != want[i] {
					t.Fatalf("lane %d = %d, want %d", i, v.Int(i), want[i])
				}
			}
			// The store wrote row 1, columns 0..3, and nothing else.
			for i := range vals {
				w := vals[i]
				if i >= 6 && i < 10 {
					w = want[i-6]
				}
				if m.Int(i) != w {
					t.Fatalf("element %d = %d, want %d", i, m.Int(i), w)
				}
			}
		})
	}
}

func TestLoadStoreBounds(t *testing.T) {
	src := strings.ReplaceAll(loadStore, "ELEM", "f32")
	m := interp.MustNewTensor(interp.F32, []int64{3, 6})
	for _, tc := range []struct {
		i, j, k int64
		at, msg string
	}{
		{0, 3, 0, "2:8", "vector.load: 4 elements at indices [0, 3] are out of bounds of memref<3x6xf32> (elements 3 to 6 of dimension 1, whose size is 6)"},
		{3, 0, 0, "2:8", "vector.load: indices [3, 0] are out of bounds of memref<3x6xf32> (index 3 of dimension 0, whose size is 3)"},
		{0, -1, 0, "2:8", "vector.load: 4 elements at indices [0, -1] are out of bounds"},
		{0, math.MaxInt64, 0, "2:8", "out of bounds"},
		{0, 2, 3, "3:3", "vector.store: 4 elements at indices [0, 3] are out of bounds of memref<3x6xf32>"},
		{0, 2, math.MinInt64, "3:3", "vector.store: 4 elements at indices [0, -9223372036854775808] are out of bounds"},
	} {
		_, err := run(t, src, m, idx(tc.i), idx(tc.j), idx(tc.k))
		wantErr(t, err, tc.at, tc.msg)
	}
	// A vector as wide as the row fits exactly.
	res := mustRun(t, `func.func @f(%m: memref<2x4xf32>, %i: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %v = vector.load %m[%i, %c0] : memref<2x4xf32>, vector<4xf32>
  return %v : vector<4xf32>
}`, interp.MustNewTensor(interp.F32, []int64{2, 4}), idx(1))
	if tensor(t, res[0]).Len() != 4 {
		t.Errorf("got %v", res[0])
	}
}

func TestLoadAfterFree(t *testing.T) {
	_, err := run(t, `func.func @f(%v: vector<2xf32>) {
  %c0 = arith.constant 0 : index
  %b = loops.alloc() : memref<4xf32>
  loops.dealloc %b : memref<4xf32>
  vector.store %v, %b[%c0] : memref<4xf32>, vector<2xf32>
  return
}`, interp.MustNewTensor(interp.F32, []int64{2}))
	wantErr(t, err, "5:3", "vector.store: buffer memref<4xf32> is used after it was freed", "test.mlir:4:3: note: the buffer was freed here")
}

func TestBroadcastSplat(t *testing.T) {
	for _, tc := range []struct {
		elem string
		v    interp.Value
	}{
		{"f32", interp.ScalarFloat(interp.F32, -2.5)},
		{"f64", interp.ScalarFloat(interp.F64, math.Inf(-1))},
		{"i1", interp.ScalarInt(interp.I1, 1)},
		{"i32", interp.ScalarInt(interp.I32, math.MinInt32)},
		{"i64", interp.ScalarInt(interp.I64, math.MaxInt64)},
		{"index", interp.ScalarInt(interp.Index, -3)},
	} {
		src := strings.ReplaceAll(`func.func @f(%s: ELEM) -> (vector<3xELEM>, vector<5xELEM>, vector<ELEM>) {
  %b = vector.broadcast %s : ELEM to vector<3xELEM>
  %p = vector.splat %s : vector<5xELEM>
  %z = vector.splat %s : vector<ELEM>
  return %b, %p, %z : vector<3xELEM>, vector<5xELEM>, vector<ELEM>
}`, "ELEM", tc.elem)
		res := mustRun(t, src, tc.v)
		s := tc.v.(*interp.Tensor)
		for r, n := range []int{3, 5, 1} {
			v := tensor(t, res[r])
			if v.Len() != n {
				t.Fatalf("%s: result %d has %d lanes", tc.elem, r, v.Len())
			}
			for i := range n {
				if v.Float(i) != s.Float(0) || v.Int(i) != s.Int(0) {
					t.Errorf("%s: result %d lane %d = %v, want %v", tc.elem, r, i, v, s)
				}
			}
		}
	}
}

// exactFMA is a*b+c rounded once to float32, with math/big.
func exactFMA(a, b, c float32) float32 {
	x := new(big.Float).SetPrec(300).SetFloat64(float64(a))
	x.Mul(x, new(big.Float).SetPrec(300).SetFloat64(float64(b)))
	x.Add(x, new(big.Float).SetPrec(300).SetFloat64(float64(c)))
	f, _ := x.Float32()
	return f
}

func bits32(u uint32) float32 { return math.Float32frombits(u) }

const fmaSrc = `func.func @f(%a: vector<NxELEM>, %b: vector<NxELEM>, %c: vector<NxELEM>) -> vector<NxELEM> {
  %r = vector.fma %a, %b, %c : vector<NxELEM>
  return %r : vector<NxELEM>
}`

func TestFMAF32SingleRounding(t *testing.T) {
	// Inputs where rounding a float64 FMA again to f32 differs from the
	// correctly rounded result (found by search against math/big).
	a := []float32{bits32(0x3fafd379), bits32(0x3fbfffe8), bits32(0x3f94c863), bits32(0x3f90cb6d), bits32(0x3fe93ccb)}
	b := []float32{bits32(0x333a5db2), bits32(0xb32aaac0), bits32(0xb35c3d96), bits32(0xb3624e86), bits32(0xb30c7df4)}
	c := []float32{bits32(0x3fbed31f), bits32(0x3fd5ced1), bits32(0x3ff5a5ac), bits32(0x3f9403c7), bits32(0x3fb22bbc)}
	// And random ones, special values and subnormals.
	rng := rand.New(rand.NewPCG(9, 9))
	for range 2000 {
		a = append(a, math.Float32frombits(rng.Uint32()))
		b = append(b, math.Float32frombits(rng.Uint32()))
		c = append(c, math.Float32frombits(rng.Uint32()))
		x := float32(rng.NormFloat64())
		a, b, c = append(a, x), append(b, float32(rng.NormFloat64())), append(c, float32(rng.NormFloat64())*x)
	}
	a = append(a, float32(math.Inf(1)), 0, float32(math.NaN()), 1e-45, 3e38, 1)
	b = append(b, 0, float32(math.Inf(-1)), 1, 1e-45, 10, 1)
	c = append(c, 1, 1, 1, 0, -3e38, float32(math.Inf(1)))
	n := len(a)
	ta, _ := interp.FromF32([]int64{int64(n)}, a)
	tb, _ := interp.FromF32([]int64{int64(n)}, b)
	tc, _ := interp.FromF32([]int64{int64(n)}, c)
	src := strings.NewReplacer("N", "?", "ELEM", "f32").Replace(fmaSrc)
	src = strings.ReplaceAll(src, "vector<?xf32>", "vector<"+itoa(n)+"xf32>")
	res := mustRun(t, src, ta, tb, tc)
	got := tensor(t, res[0]).F32()
	naiveWrong := 0
	for i := range n {
		finite := func(x float32) bool { return !math.IsInf(float64(x), 0) && !math.IsNaN(float64(x)) }
		if !finite(a[i]) || !finite(b[i]) || !finite(c[i]) {
			// IEEE special cases: float64 arithmetic gets them right.
			want := float32(math.FMA(float64(a[i]), float64(b[i]), float64(c[i])))
			if math.IsNaN(float64(want)) != math.IsNaN(float64(got[i])) || !math.IsNaN(float64(want)) && want != got[i] {
				t.Errorf("fma(%g, %g, %g) = %g, want %g", a[i], b[i], c[i], got[i], want)
			}
			continue
		}
		want := exactFMA(a[i], b[i], c[i])
		if math.Float32bits(got[i]) != math.Float32bits(want) {
			t.Errorf("fma(%x, %x, %x) = %x, want %x", math.Float32bits(a[i]), math.Float32bits(b[i]), math.Float32bits(c[i]), math.Float32bits(got[i]), math.Float32bits(want))
		}
		if float32(math.FMA(float64(a[i]), float64(b[i]), float64(c[i]))) != want {
			naiveWrong++
		}
	}
	if naiveWrong < 5 {
		t.Errorf("only %d inputs where double rounding is wrong; the test lost its hard cases", naiveWrong)
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

func TestFMAF64(t *testing.T) {
	a := []float64{1 + 0x1p-52, 0.1, math.Inf(1), 2}
	b := []float64{1 - 0x1p-52, 10, 0, 3}
	c := []float64{-1, -1, 1, math.NaN()}
	ta, _ := interp.FromF64([]int64{4}, slices.Clone(a))
	tb, _ := interp.FromF64([]int64{4}, slices.Clone(b))
	tc, _ := interp.FromF64([]int64{4}, slices.Clone(c))
	res := mustRun(t, strings.NewReplacer("N", "4", "ELEM", "f64").Replace(fmaSrc), ta, tb, tc)
	got := tensor(t, res[0]).F64()
	if got[0] != -0x1p-104 { // a*b-1 rounded separately would be 0
		t.Errorf("fma lane 0 = %g, want -2^-104", got[0])
	}
	if got[1] != math.FMA(0.1, 10, -1) || got[1] == 0.1*10-1 {
		t.Errorf("fma lane 1 = %g", got[1])
	}
	if !math.IsNaN(got[2]) || !math.IsNaN(got[3]) {
		t.Errorf("lanes 2, 3 = %v, want NaN", got[2:])
	}
}

func floats(dt interp.DType, v ...float64) *interp.Tensor {
	t, err := interp.FromFloats(dt, []int64{int64(len(v))}, v)
	if err != nil {
		panic(err)
	}
	return t
}

func ints(dt interp.DType, v ...int64) *interp.Tensor {
	t, err := interp.FromInts(dt, []int64{int64(len(v))}, v)
	if err != nil {
		panic(err)
	}
	return t
}

func TestReduce(t *testing.T) {
	nan := math.NaN()
	negZero := math.Copysign(0, -1)
	for _, tc := range []struct {
		kind string
		in   *interp.Tensor
		want float64
	}{
		// Lane order: ((1e8 + 1) - 1e8) + 1 in f32 is 1; pairwise it would be 0 or 2.
		{"add", floats(interp.F32, 1e8, 1, -1e8, 1), 1},
		{"add", floats(interp.F64, 1, 2, 3.5), 6.5},
		{"add", floats(interp.F32, 1), 1},
		{"mul", floats(interp.F32, 2, 3, -0.5), -3},
		{"mul", floats(interp.F32, 1e30, 1e30, 0), nan}, // inf * 0 in lane order
		{"maxf", floats(interp.F32, 1, nan, 3), nan},
		{"maxf", floats(interp.F64, nan, 1, 3), nan},
		{"maxf", floats(interp.F32, -1, 5, 2), 5},
		{"maxf", floats(interp.F64, negZero, 0), 0},
		{"maxf", floats(interp.F64, 0, negZero), 0},
		{"minf", floats(interp.F64, 0, negZero), negZero},
		{"minf", floats(interp.F64, negZero, 0), negZero},
		{"minf", floats(interp.F32, 4, 2, nan), nan},
		{"minf", floats(interp.F32, math.Inf(1), -7, 2), -7},
		{"add", floats(interp.F64, math.Inf(1), math.Inf(-1)), nan},
	} {
		got, err := vectork.Reduce(tc.kind, tc.in)
		if err != nil {
			t.Errorf("%s %v: %v", tc.kind, tc.in, err)
			continue
		}
		g := got.Float(0)
		if got.DType() != tc.in.DType() || got.Rank() != 0 ||
			math.IsNaN(tc.want) != math.IsNaN(g) || !math.IsNaN(g) && (g != tc.want || math.Signbit(g) != math.Signbit(tc.want)) {
			t.Errorf("%s %v = %v, want %v", tc.kind, tc.in, got, tc.want)
		}
	}
}

func TestReduceInts(t *testing.T) {
	for _, tc := range []struct {
		kind string
		in   *interp.Tensor
		want int64
	}{
		{"add", ints(interp.I32, math.MaxInt32, 1, 5), math.MinInt32 + 5}, // wraps
		{"mul", ints(interp.I64, 1<<62, 4, 3), 0},
		{"mul", ints(interp.Index, -3, 5), -15},
		{"and", ints(interp.I32, 0b1110, 0b0111), 0b0110},
		{"or", ints(interp.I64, 1, 4, 16), 21},
		{"xor", ints(interp.Index, 3, 5, 6), 0},
		{"minsi", ints(interp.I32, 3, -4, 2), -4},
		{"maxsi", ints(interp.I64, math.MinInt64, -1, -5), -1},
		{"minui", ints(interp.I32, 3, -4, 2), 2}, // -4 is 0xfffffffc unsigned
		{"maxui", ints(interp.I32, 3, -4, 2), -4},
		{"maxui", ints(interp.Index, 1, math.MinInt64), math.MinInt64},
		{"minui", ints(interp.I64, -1, math.MaxInt64), math.MaxInt64},
		// i1: signed values are 0 and -1; add is xor, mul is and.
		{"add", ints(interp.I1, 1, 1, 1), 1},
		{"add", ints(interp.I1, 1, 1), 0},
		{"mul", ints(interp.I1, 1, 1, 0), 0},
		{"minsi", ints(interp.I1, 0, 1), 1},
		{"maxsi", ints(interp.I1, 0, 1), 0},
		{"minui", ints(interp.I1, 0, 1), 0},
		{"maxui", ints(interp.I1, 0, 1), 1},
		{"xor", ints(interp.I1, 1, 0, 1), 0},
		{"and", ints(interp.I1, 1, 1), 1},
		{"or", ints(interp.I1, 0, 0), 0},
	} {
		got, err := vectork.Reduce(tc.kind, tc.in)
		if err != nil {
			t.Errorf("%s %v: %v", tc.kind, tc.in, err)
			continue
		}
		want := interp.ScalarInt(tc.in.DType(), tc.want)
		if !interp.Equal(got, want) {
			t.Errorf("%s %v = %v, want %v", tc.kind, tc.in, got, want)
		}
	}
}

func TestReduceErrors(t *testing.T) {
	for _, tc := range []struct {
		kind string
		in   *interp.Tensor
		msg  string
	}{
		{"xor", floats(interp.F32, 1), `reduction kind "xor" does not apply to f32`},
		{"maxf", ints(interp.I32, 1), `reduction kind "maxf" does not apply to i32`},
		{"add", floats(interp.F32), "cannot reduce a vector of no elements"},
		{"", ints(interp.I32, 1), `reduction kind "" does not apply`},
	} {
		_, err := vectork.Reduce(tc.kind, tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s %v: err = %v, want %q", tc.kind, tc.in, err, tc.msg)
		}
	}
}

// TestReductionProgram runs every kind through the IR, including 0-D vectors.
func TestReductionProgram(t *testing.T) {
	res := mustRun(t, `func.func @f(%v: vector<4xf32>, %i: vector<3xi32>, %z: vector<f64>) -> (f32, f32, i32, i32, f64) {
  %0 = vector.reduction <maxf>, %v : vector<4xf32> into f32
  %1 = vector.reduction <add>, %v : vector<4xf32> into f32
  %2 = vector.reduction <maxsi>, %i : vector<3xi32> into i32
  %3 = vector.reduction <maxui>, %i : vector<3xi32> into i32
  %4 = vector.reduction <mul>, %z : vector<f64> into f64
  return %0, %1, %2, %3, %4 : f32, f32, i32, i32, f64
}`, floats(interp.F32, 1, math.NaN(), 2, 3), ints(interp.I32, -1, 7, 3), interp.ScalarFloat(interp.F64, -2.5))
	if g := tensor(t, res[0]).Float(0); !math.IsNaN(g) {
		t.Errorf("maxf = %v, want NaN", g)
	}
	if g := tensor(t, res[1]).Float(0); !math.IsNaN(g) {
		t.Errorf("add = %v, want NaN", g)
	}
	if g := tensor(t, res[2]).Int(0); g != 7 {
		t.Errorf("maxsi = %v, want 7", g)
	}
	if g := tensor(t, res[3]).Int(0); g != -1 {
		t.Errorf("maxui = %v, want -1", g)
	}
	if g := tensor(t, res[4]).Float(0); g != -2.5 {
		t.Errorf("mul of a 0-D vector = %v, want -2.5", g)
	}
}
