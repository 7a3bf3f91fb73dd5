package loopsk_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/interp/loopsk"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// parse parses and verifies src with every dialect loaded.
func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "test.mlir"})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, src)
	}
	return m
}

// run runs @f of src on args with every kernel.
func run(t *testing.T, src string, args ...interp.Value) ([]interp.Value, error) {
	t.Helper()
	return interp.New(parse(t, src), kernels.NewRegistry()).Run("f", args...)
}

// runUnverified runs @f of src without verifying it first, for the
// kernels' own checks of IR the verifier would reject.
func runUnverified(t *testing.T, src string, args ...interp.Value) ([]interp.Value, error) {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "test.mlir"})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return interp.New(m, kernels.NewRegistry()).Run("f", args...)
}

// mustRun is run for programs that must succeed.
func mustRun(t *testing.T, src string, args ...interp.Value) []interp.Value {
	t.Helper()
	res, err := run(t, src, args...)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, src)
	}
	return res
}

// wantErr checks that err is a diagnostic at line:col of test.mlir whose
// message holds every part.
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

func f32s(t *testing.T, shape []int64, v ...float32) *interp.Tensor {
	t.Helper()
	x, err := interp.FromF32(shape, v)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func idx(v int64) *interp.Tensor { return interp.ScalarInt(interp.Index, v) }

// storage returns the storage of a buffer result.
func storage(t *testing.T, v interp.Value) *interp.Tensor {
	t.Helper()
	b, ok := v.(*interp.Buffer)
	if !ok {
		t.Fatalf("%v is not a buffer", v)
	}
	s, err := b.Storage()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func scalarOf(t *testing.T, v interp.Value) *interp.Tensor {
	t.Helper()
	s, ok := v.(*interp.Tensor)
	if !ok || s.Rank() != 0 {
		t.Fatalf("%v is not a scalar", v)
	}
	return s
}

func TestAllocZeroFilledAndDynamic(t *testing.T) {
	for _, elem := range []string{"f32", "f64", "i1", "i32", "i64", "index", "f16", "bf16"} {
		t.Run(elem, func(t *testing.T) {
			src := `func.func @f(%n: index, %m: index) -> memref<2x?x?x` + elem + `> {
  %b = loops.alloc(%n, %m) : memref<2x?x?x` + elem + `>
  return %b : memref<2x?x?x` + elem + `>
}`
			res := mustRun(t, src, idx(3), idx(0))
			s := storage(t, res[0])
			if !slices.Equal(s.Shape(), []int64{2, 3, 0}) || s.DType().String() != elem {
				t.Fatalf("got %s", s.TypeString())
			}
			res = mustRun(t, src, idx(3), idx(4))
			s = storage(t, res[0])
			for i := range s.Len() {
				if s.Float(i) != 0 || math.Signbit(s.Float(i)) {
					t.Fatalf("element %d is %v, not +0", i, s.Float(i))
				}
			}
		})
	}
}

func TestAllocErrors(t *testing.T) {
	src := `func.func @f(%n: index) -> memref<?x4xf32> {
  %b = loops.alloc(%n) : memref<?x4xf32>
  return %b : memref<?x4xf32>
}`
	_, err := run(t, src, idx(-1))
	wantErr(t, err, "2:8", "loops.alloc", "size -1 of dimension 0 is negative")
	_, err = run(t, src, idx(1<<40))
	wantErr(t, err, "2:8", "loops.alloc", "MaxTensorBytes")
	_, err = run(t, src, idx(1<<62))
	wantErr(t, err, "2:8", "loops.alloc", "has too many elements")
	_, err = run(t, `func.func @f() -> memref<4xi8> {
  %b = loops.alloc() : memref<4xi8>
  return %b : memref<4xi8>
}`)
	wantErr(t, err, "2:8", "unsupported element type i8")
}

const loadStore = `func.func @f(%m: memref<2x3xELEM>, %v: ELEM, %i: index, %j: index) -> (ELEM, ELEM) {
  %old = loops.load %m[%i, %j] : memref<2x3xELEM>
  loops.store %v, %m[%i, %j] : memref<2x3xELEM>
  %new = loops.load %m[%i, %j] : memref<2x3xELEM>
  return %old, %new : ELEM, ELEM
}`

func TestLoadStoreElementTypes(t *testing.T) {
	for _, tc := range []struct {
		elem string
		dt   interp.DType
		v    int64
	}{
		{"i1", interp.I1, 1}, {"i32", interp.I32, -7}, {"i64", interp.I64, math.MinInt64},
		{"index", interp.Index, 1 << 40}, {"f32", interp.F32, -3}, {"f64", interp.F64, 5},
	} {
		t.Run(tc.elem, func(t *testing.T) {
			src := strings.ReplaceAll(loadStore, "ELEM", tc.elem)
			m, err := interp.FromInts(tc.dt, []int64{2, 3}, []int64{0, 1, 0, 1, 0, 1})
			if err != nil {
				t.Fatal(err)
			}
			res := mustRun(t, src, m, interp.ScalarInt(tc.dt, tc.v), idx(1), idx(2))
			if got := scalarOf(t, res[0]).Int(0); got != 1 {
				t.Errorf("old element = %d, want 1", got)
			}
			if got := scalarOf(t, res[1]).Int(0); got != tc.v {
				t.Errorf("new element = %d, want %d", got, tc.v)
			}
			// The argument tensor is the buffer's storage: the store is visible.
			if got := m.Int(5); got != tc.v {
				t.Errorf("argument tensor element 5 = %d, want %d (stores go to its storage)", got, tc.v)
			}
			if got := m.Int(4); got != 0 {
				t.Errorf("argument tensor element 4 = %d, want 0", got)
			}
		})
	}
}

func TestLoadStoreOutOfBounds(t *testing.T) {
	src := strings.ReplaceAll(loadStore, "ELEM", "f32")
	m := f32s(t, []int64{2, 3}, 0, 0, 0, 0, 0, 0)
	v := interp.ScalarFloat(interp.F32, 1)
	for _, tc := range []struct {
		i, j int64
		msg  string
	}{
		{2, 0, "indices [2, 0] are out of bounds of memref<2x3xf32> (index 2 of dimension 0, whose size is 2)"},
		{0, 3, "indices [0, 3] are out of bounds of memref<2x3xf32> (index 3 of dimension 1, whose size is 3)"},
		{-1, 0, "indices [-1, 0] are out of bounds"},
		{0, math.MinInt64, "indices [0, -9223372036854775808] are out of bounds"},
	} {
		_, err := run(t, src, m, v, idx(tc.i), idx(tc.j))
		wantErr(t, err, "2:10", "loops.load: "+tc.msg)
	}
	// A store out of bounds fails at the store.
	_, err := run(t, `func.func @f(%m: memref<2xf32>, %v: f32, %i: index) {
  loops.store %v, %m[%i] : memref<2xf32>
  return
}`, f32s(t, []int64{2}, 0, 0), v, idx(2))
	wantErr(t, err, "2:3", "loops.store: indices [2] are out of bounds of memref<2xf32>")
}

func TestRankZeroBuffer(t *testing.T) {
	res := mustRun(t, `func.func @f(%v: f64) -> (memref<f64>, f64) {
  %b = loops.alloc() : memref<f64>
  loops.store %v, %b[] : memref<f64>
  %x = loops.load %b[] : memref<f64>
  return %b, %x : memref<f64>, f64
}`, interp.ScalarFloat(interp.F64, 2.5))
	if s := storage(t, res[0]); s.Rank() != 0 || s.F64()[0] != 2.5 {
		t.Errorf("buffer = %v", s)
	}
	if x := scalarOf(t, res[1]); x.F64()[0] != 2.5 {
		t.Errorf("load = %v", x)
	}
}

func TestUseAfterDealloc(t *testing.T) {
	for _, tc := range []struct {
		name, use, at, msg string
	}{
		{"load", "%x = loops.load %b[%c0] : memref<4xf32>", "6:8", "loops.load: buffer memref<4xf32> is used after it was freed"},
		{"store", "loops.store %v, %b[%c0] : memref<4xf32>", "6:3", "loops.store: buffer memref<4xf32> is used after it was freed"},
		{"dim", "%x = loops.dim %b, 0 : memref<4xf32>", "6:8", "loops.dim: buffer"},
		{"copy", "loops.copy %b, %m : memref<4xf32>, memref<4xf32>", "6:3", "loops.copy: buffer"},
		{"dealloc twice", "loops.dealloc %b : memref<4xf32>", "6:3", "loops.dealloc: buffer memref<4xf32> is freed twice"},
		{"vector", "%x = vector.load %b[%c0] : memref<4xf32>, vector<4xf32>", "6:8", "vector.load: buffer"},
		{"extern", `loops.call_extern "tt.matmul"(%b2, %b2, %b2) : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()`, "6:3", "loops.call_extern: tt.matmul: buffer memref<2x2xf32> is used after it was freed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `func.func @f(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %b = loops.alloc() : memref<4xf32>
  %b2 = loops.alloc() : memref<2x2xf32>
  loops.dealloc ` + map[bool]string{true: "%b2 : memref<2x2xf32>", false: "%b : memref<4xf32>"}[tc.name == "extern"] + `
  ` + tc.use + `
  return
}`
			_, err := run(t, src, f32s(t, []int64{4}, 1, 2, 3, 4), interp.ScalarFloat(interp.F32, 1))
			wantErr(t, err, tc.at, tc.msg)
			var d *ir.Diagnostic
			if errors.As(err, &d) && (len(d.Notes) != 1 || !strings.Contains(d.Notes[0].Error(), "test.mlir:5:3: note: the buffer was freed here")) {
				t.Errorf("notes = %v, want one at the dealloc", d.Notes)
			}
		})
	}
}

func TestUseAfterDeallocInCallee(t *testing.T) {
	// The callee frees the caller's buffer: aliasing through calls.
	_, err := run(t, `func.func @free(%b: memref<4xf32>) {
  loops.dealloc %b : memref<4xf32>
  return
}
func.func @f() -> f32 {
  %c0 = arith.constant 0 : index
  %b = loops.alloc() : memref<4xf32>
  func.call @free(%b) : (memref<4xf32>) -> ()
  %x = loops.load %b[%c0] : memref<4xf32>
  return %x : f32
}`)
	wantErr(t, err, "9:8", "loops.load: buffer memref<4xf32> is used after it was freed")
}

func TestDeallocArgument(t *testing.T) {
	_, err := run(t, `func.func @f(%m: memref<4xf32>) {
  loops.dealloc %m : memref<4xf32>
  return
}`, f32s(t, []int64{4}, 1, 2, 3, 4))
	wantErr(t, err, "2:3", "was not allocated by the program")
}

func TestReturnFreedBuffer(t *testing.T) {
	m := parse(t, `func.func @f() -> memref<4xf32> {
  %b = loops.alloc() : memref<4xf32>
  loops.dealloc %b : memref<4xf32>
  return %b : memref<4xf32>
}`)
	_, err := interp.New(m, kernels.NewRegistry()).RunTensors("f")
	if err == nil || !strings.Contains(err.Error(), "result #0: buffer memref<4xf32> is used after it was freed") {
		t.Fatalf("err = %v", err)
	}
}

// TestAliasingThroughCallsAndReturns stores through a buffer returned by a
// callee that received it, and reads it back through the original value.
func TestAliasingThroughCallsAndReturns(t *testing.T) {
	src := `func.func @fill(%b: memref<3xi32>, %v: i32) -> memref<3xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  loops.for %i = %c0 to %c3 step %c1 {
    loops.store %v, %b[%i] : memref<3xi32>
    loops.yield
  }
  return %b : memref<3xi32>
}
func.func @f(%arg: memref<3xi32>) -> (memref<3xi32>, i32, i32) {
  %c2 = arith.constant 2 : index
  %seven = arith.constant 7 : i32
  %nine = arith.constant 9 : i32
  %b = loops.alloc() : memref<3xi32>
  %r = func.call @fill(%b, %seven) : (memref<3xi32>, i32) -> memref<3xi32>
  loops.store %nine, %r[%c2] : memref<3xi32>
  %x = loops.load %b[%c2] : memref<3xi32>
  %a = func.call @fill(%arg, %nine) : (memref<3xi32>, i32) -> memref<3xi32>
  %y = loops.load %arg[%c2] : memref<3xi32>
  return %b, %x, %y : memref<3xi32>, i32, i32
}`
	arg, _ := interp.FromI32([]int64{3}, []int32{1, 2, 3})
	res := mustRun(t, src, arg)
	if got := storage(t, res[0]).I32(); !slices.Equal(got, []int32{7, 7, 9}) {
		t.Errorf("buffer = %v, want [7 7 9]", got)
	}
	if x := scalarOf(t, res[1]).Int(0); x != 9 {
		t.Errorf("load through the original value = %d, want 9", x)
	}
	if y := scalarOf(t, res[2]).Int(0); y != 9 || !slices.Equal(arg.I32(), []int32{9, 9, 9}) {
		t.Errorf("argument = %v, load %d; want [9 9 9], 9", arg.I32(), y)
	}
}

func TestDim(t *testing.T) {
	res := mustRun(t, `func.func @f(%m: memref<2x?x0xi1>) -> (index, index, index) {
  %0 = loops.dim %m, 0 : memref<2x?x0xi1>
  %1 = loops.dim %m, 1 : memref<2x?x0xi1>
  %2 = loops.dim %m, 2 : memref<2x?x0xi1>
  return %0, %1, %2 : index, index, index
}`, interp.MustNewTensor(interp.I1, []int64{2, 5, 0}))
	for i, want := range []int64{2, 5, 0} {
		if got := scalarOf(t, res[i]); got.DType() != interp.Index || got.Int(0) != want {
			t.Errorf("dim %d = %v, want %d", i, got, want)
		}
	}
}

func TestCopy(t *testing.T) {
	src := `func.func @f(%a: memref<?xf32>, %b: memref<?xf32>) {
  loops.copy %a, %b : memref<?xf32>, memref<?xf32>
  return
}`
	a, b := f32s(t, []int64{3}, 1, 2, 3), f32s(t, []int64{3}, 0, 0, 0)
	mustRun(t, src, a, b)
	if !slices.Equal(b.F32(), []float32{1, 2, 3}) {
		t.Errorf("target = %v", b.F32())
	}
	mustRun(t, src, a, a) // copy onto itself
	if !slices.Equal(a.F32(), []float32{1, 2, 3}) {
		t.Errorf("self copy changed %v", a.F32())
	}
	_, err := run(t, src, a, f32s(t, []int64{2}, 0, 0))
	wantErr(t, err, "2:3", "loops.copy: source memref<3xf32> and target memref<2xf32> differ at run time")
}

const sumLoop = `func.func @f(%lb: index, %ub: index, %step: index) -> (index, i64) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %r:2 = loops.for %i = %lb to %ub step %step iter_args(%n = %c0, %s = %zero) -> (index, i64) {
    %c1 = arith.constant 1 : index
    %n1 = arith.addi %n, %c1 : index
    %iv = arith.index_cast %i : index to i64
    %s1 = arith.addi %s, %iv : i64
    loops.yield %n1, %s1 : index, i64
  }
  return %r#0, %r#1 : index, i64
}`

func TestFor(t *testing.T) {
	for _, tc := range []struct {
		lb, ub, step int64
		trips, sum   int64
	}{
		{0, 10, 1, 10, 45},
		{0, 10, 3, 4, 18},
		{2, 3, 5, 1, 2},
		{5, 5, 1, 0, 0},   // zero-trip: results are the inits
		{7, -3, 1, 0, 0},  // ub < lb
		{-4, 0, 2, 2, -6}, // negative bounds
		{math.MaxInt64 - 2, math.MaxInt64, 1, 2, -5}, // no overflow of iv + step; the i64 sum wraps
		{math.MinInt64, math.MinInt64 + 1, math.MaxInt64, 1, math.MinInt64},
		{math.MinInt64, math.MaxInt64, math.MaxInt64, 3, -3}, // min, -1, max-1
	} {
		res := mustRun(t, sumLoop, idx(tc.lb), idx(tc.ub), idx(tc.step))
		trips, sum := scalarOf(t, res[0]).Int(0), scalarOf(t, res[1]).Int(0)
		if trips != tc.trips || sum != tc.sum {
			t.Errorf("for %d to %d step %d: %d trips, sum %d; want %d, %d", tc.lb, tc.ub, tc.step, trips, sum, tc.trips, tc.sum)
		}
	}
	for _, step := range []int64{0, -1} {
		_, err := run(t, sumLoop, idx(0), idx(4), idx(step))
		wantErr(t, err, "4:10", "loops.for: step must be positive")
	}
}

func TestForMaxOps(t *testing.T) {
	// A huge loop stops at the interpreter's operation budget.
	in := interp.New(parse(t, sumLoop), kernels.NewRegistry())
	in.MaxOps = 1000
	_, err := in.Run("f", idx(0), idx(math.MaxInt64), idx(1))
	if err == nil || !strings.Contains(err.Error(), "operation budget (1000) exhausted") {
		t.Fatalf("err = %v", err)
	}
}

// TestForBodyError checks that errors inside the body keep their location.
func TestForBodyError(t *testing.T) {
	_, err := run(t, `func.func @f(%m: memref<3xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %r = loops.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> f32 {
    %x = loops.load %m[%i] : memref<3xf32>
    %s = arith.addf %a, %x : f32
    loops.yield %s : f32
  }
  return %r : f32
}`, f32s(t, []int64{3}, 1, 2, 3))
	wantErr(t, err, "7:10", "loops.load: indices [3] are out of bounds of memref<3xf32>")
}

const parallelSrc = `func.func @f(%m: memref<?x?xindex>, %l0: index, %l1: index, %u0: index, %u1: index, %s0: index, %s1: index) -> memref<?x?xindex> {
  %c0 = arith.constant 0 : index
  %cnt = arith.constant 1 : index
  loops.parallel (%i, %j) = (%l0, %l1) to (%u0, %u1) step (%s0, %s1) {
    %k = loops.load %m[%c0, %c0] : memref<?x?xindex>
    %k1 = arith.addi %k, %cnt : index
    loops.store %k1, %m[%c0, %c0] : memref<?x?xindex>
    %c10 = arith.constant 10 : index
    %v = arith.muli %i, %c10 : index
    %w = arith.addi %v, %j : index
    loops.store %w, %m[%i, %j] : memref<?x?xindex>
    loops.yield
  }
  return %m : memref<?x?xindex>
}`

func TestParallel(t *testing.T) {
	for _, tc := range []struct {
		lb, ub, step [2]int64
		points       int
	}{
		{[2]int64{1, 1}, [2]int64{4, 5}, [2]int64{1, 1}, 12},
		{[2]int64{1, 2}, [2]int64{4, 5}, [2]int64{2, 2}, 4},
		{[2]int64{1, 1}, [2]int64{1, 5}, [2]int64{1, 1}, 0}, // empty dimension
		{[2]int64{3, 1}, [2]int64{1, 5}, [2]int64{1, 1}, 0},
	} {
		for _, order := range []loopsk.Order{loopsk.RowMajor, loopsk.Reverse, loopsk.Shuffled} {
			reg := interp.NewRegistry()
			kernels.Register(reg)
			reg.Replace("loops.parallel", nil)
			r2 := interp.NewRegistry()
			loopsk.RegisterWith(r2, loopsk.Options{ParallelOrder: order, Seed: 42})
			reg.Replace("loops.parallel", r2.Lookup("loops.parallel"))
			m := interp.MustNewTensor(interp.Index, []int64{4, 5})
			args := []interp.Value{m}
			for _, v := range []int64{tc.lb[0], tc.lb[1], tc.ub[0], tc.ub[1], tc.step[0], tc.step[1]} {
				args = append(args, idx(v))
			}
			if _, err := interp.New(parse(t, parallelSrc), reg).Run("f", args...); err != nil {
				t.Fatal(err)
			}
			want := interp.MustNewTensor(interp.Index, []int64{4, 5})
			want.I64()[0] = int64(tc.points)
			for i := tc.lb[0]; i < tc.ub[0]; i += tc.step[0] {
				for j := tc.lb[1]; j < tc.ub[1]; j += tc.step[1] {
					want.I64()[i*5+j] = 10*i + j
				}
			}
			if !slices.Equal(m.I64(), want.I64()) {
				t.Errorf("order %d, %v: got %v, want %v", order, tc, m.I64(), want.I64())
			}
		}
	}
	m := interp.MustNewTensor(interp.Index, []int64{4, 5})
	_, err := run(t, parallelSrc, m, idx(0), idx(0), idx(4), idx(5), idx(1), idx(0))
	wantErr(t, err, "4:3", "loops.parallel: step of dimension 1 must be positive, got 0")
}

// racy writes the iteration number into one element from every iteration:
// the result depends on the order, which the Reverse and Shuffled orders
// expose.
const racy = `func.func @f(%m: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  loops.parallel (%i) = (%c0) to (%c64) step (%c1) {
    loops.store %i, %m[%c0] : memref<1xindex>
    loops.yield
  }
  return
}`

func TestParallelOrdersExposeRaces(t *testing.T) {
	last := map[loopsk.Order]int64{}
	for _, order := range []loopsk.Order{loopsk.RowMajor, loopsk.Reverse, loopsk.Shuffled} {
		reg := interp.NewRegistry()
		loopsk.RegisterWith(reg, loopsk.Options{ParallelOrder: order, Seed: 7})
		r := kernels.NewRegistry()
		r.Replace("loops.parallel", reg.Lookup("loops.parallel"))
		m := interp.MustNewTensor(interp.Index, []int64{1})
		if _, err := interp.New(parse(t, racy), r).Run("f", m); err != nil {
			t.Fatal(err)
		}
		last[order] = m.I64()[0]
	}
	if last[loopsk.RowMajor] != 63 || last[loopsk.Reverse] != 0 || last[loopsk.Shuffled] == 63 {
		t.Errorf("last writers: %v; want 63 (row-major), 0 (reverse), not 63 (shuffled)", last)
	}
}

func TestShuffledIsAPermutation(t *testing.T) {
	// Every point is visited exactly once, for many space sizes.
	src := `func.func @f(%m: memref<?xindex>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  loops.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = loops.load %m[%i] : memref<?xindex>
    %y = arith.addi %x, %c1 : index
    loops.store %y, %m[%i] : memref<?xindex>
    loops.yield
  }
  return
}`
	reg := interp.NewRegistry()
	loopsk.RegisterWith(reg, loopsk.Options{ParallelOrder: loopsk.Shuffled, Seed: 3})
	r := kernels.NewRegistry()
	r.Replace("loops.parallel", reg.Lookup("loops.parallel"))
	in := interp.New(parse(t, src), r)
	for n := int64(1); n < 70; n++ {
		m := interp.MustNewTensor(interp.Index, []int64{n})
		if _, err := in.Run("f", m, idx(n)); err != nil {
			t.Fatal(err)
		}
		for i, v := range m.I64() {
			if v != 1 {
				t.Fatalf("n=%d: point %d visited %d times", n, i, v)
			}
		}
	}
}

const ifSrc = `func.func @f(%c: i1, %m: memref<1xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %r = loops.if %c -> f32 {
    loops.yield %a : f32
  } else {
    loops.yield %b : f32
  }
  loops.if %c {
    loops.store %r, %m[%c0] : memref<1xf32>
    loops.yield
  }
  return %r : f32
}`

func TestIf(t *testing.T) {
	for _, c := range []bool{true, false} {
		m := f32s(t, []int64{1}, -1)
		cond := interp.MustNewTensor(interp.I1, nil)
		cond.Bool()[0] = c
		res := mustRun(t, ifSrc, cond, m)
		want, stored := float32(2), float32(-1)
		if c {
			want, stored = 1, 1
		}
		if got := scalarOf(t, res[0]).F32()[0]; got != want || m.F32()[0] != stored {
			t.Errorf("cond %v: result %v, buffer %v; want %v, %v", c, got, m.F32()[0], want, stored)
		}
	}
}

func TestKernel(t *testing.T) {
	res := mustRun(t, `func.func @f(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %r = loops.kernel "fused_add_neg_0" pointwise (%x, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
    %s = tensor.add %a, %b : tensor<3xf32>
    %n = tensor.neg %s : tensor<3xf32>
    loops.yield %n : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}`, f32s(t, []int64{3}, 1, 2, 3), f32s(t, []int64{3}, 10, 20, 30))
	got, ok := res[0].(*interp.Tensor)
	if !ok || !slices.Equal(got.F32(), []float32{-11, -22, -33}) {
		t.Errorf("got %v", res[0])
	}
}

func TestCallExternErrors(t *testing.T) {
	for _, tc := range []struct {
		name, call, msg string
		unverified      bool // the verifier rejects the call; the kernel checks too
	}{
		{"unknown", `loops.call_extern "tt.gemv"(%a, %b, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()`,
			`loops.call_extern: unknown runtime kernel "tt.gemv" (the interpreter provides [tt.conv2d tt.matmul tt.max_pool2d])`, false},
		{"wrong C", `loops.call_extern "tt.matmul"(%a, %b, %a) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()`,
			"tt.matmul: the product of memref<2x3xf32> and memref<3x4xf32> is memref<2x4xf32>, but C is memref<2x3xf32>", false},
		{"inner", `loops.call_extern "tt.matmul"(%a, %a, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()`,
			"tt.matmul: inner dimensions differ at run time: 3 vs 2", false},
		{"operand count", `loops.call_extern "tt.matmul"(%a, %b) : (memref<?x?xf32>, memref<?x?xf32>) -> ()`,
			"tt.matmul: expected 3 buffer operands (A, B, C), got 2", true},
		{"scalar operand", `loops.call_extern "tt.conv2d"(%a, %b, %i) : (memref<?x?xf32>, memref<?x?xf32>, index) -> ()`,
			"tt.conv2d: operand #2 is", true},
		{"conv rank", `loops.call_extern "tt.conv2d"(%a, %b, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()`,
			"tt.conv2d: expected a 4-D input (NCHW) and a 4-D weight (OIHW)", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `func.func @f(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %i: index) {
  ` + tc.call + `
  return
}`
			args := []interp.Value{interp.MustNewTensor(interp.F32, []int64{2, 3}), interp.MustNewTensor(interp.F32, []int64{3, 4}),
				interp.MustNewTensor(interp.F32, []int64{2, 4}), idx(0)}
			var err error
			if tc.unverified {
				_, err = runUnverified(t, src, args...)
			} else {
				_, err = run(t, src, args...)
			}
			wantErr(t, err, "2:3", tc.msg)
		})
	}
}

func TestArgumentTypeChecks(t *testing.T) {
	src := `func.func @f(%m: memref<2x?xf32>) -> index {
  %d = loops.dim %m, 1 : memref<2x?xf32>
  return %d : index
}`
	in := interp.New(parse(t, src), kernels.NewRegistry())
	if _, err := in.Run("f", interp.MustNewTensor(interp.F32, []int64{3, 1})); err == nil || !strings.Contains(err.Error(), "dimension 0 is 3, not 2") {
		t.Errorf("err = %v", err)
	}
	if _, err := in.Run("f", interp.MustNewTensor(interp.F64, []int64{2, 1})); err == nil || !strings.Contains(err.Error(), "expected element type f32") {
		t.Errorf("err = %v", err)
	}
	b, err := interp.NewBuffer(interp.F32, []int64{2, 7})
	if err != nil {
		t.Fatal(err)
	}
	res, err := in.Run("f", b)
	if err != nil || scalarOf(t, res[0]).Int(0) != 7 {
		t.Errorf("run with a buffer: %v, %v", res, err)
	}
	// A buffer where a tensor is expected is a type error.
	in2 := interp.New(parse(t, `func.func @f(%t: tensor<2x7xf32>) -> tensor<2x7xf32> {
  return %t : tensor<2x7xf32>
}`), kernels.NewRegistry())
	if _, err := in2.Run("f", b); err == nil || !strings.Contains(err.Error(), "expected a value of type tensor<2x7xf32>, got a buffer (memref<2x7xf32>)") {
		t.Errorf("err = %v", err)
	}
}

// TestCheckIndex checks loops.check_index: the index when it is in
// [0, size), else an error located at the op that names the tensor op.
func TestCheckIndex(t *testing.T) {
	src := `func.func @f(%i: index, %n: index) -> index {
  %c = loops.check_index %i, %n {op = "tensor.gather"}
  return %c : index
}`
	for _, tc := range []struct {
		i, n int64
		err  string
	}{
		{0, 3, ""},
		{2, 3, ""},
		{3, 3, "tensor.gather: index 3 is out of range for dimension size 3"},
		{-1, 3, "tensor.gather: index -1 is out of range for dimension size 3"},
		{0, 0, "tensor.gather: index 0 is out of range for dimension size 0"},
	} {
		res, err := run(t, src, idx(tc.i), idx(tc.n))
		if tc.err != "" {
			wantErr(t, err, "2:8", tc.err)
			continue
		}
		if err != nil {
			t.Fatalf("check_index %d, %d: %v", tc.i, tc.n, err)
		}
		if got := res[0].(*interp.Tensor).Int(0); got != tc.i {
			t.Errorf("check_index %d, %d = %d", tc.i, tc.n, got)
		}
	}
}
