package loopsk_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// matmulPrograms holds one matmul three ways: @loops, three nested
// loops.for over buffers with the k sum carried in iter_args; @extern, the
// runtime kernel tt.matmul; @tensor, tensor.matmul on tensors. ELEM is the
// element type, MUL and ADD the arith ops for it.
const matmulPrograms = `
func.func @loops(%A: memref<?x?xELEM>, %B: memref<?x?xELEM>) -> memref<?x?xELEM> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = loops.dim %A, 0 : memref<?x?xELEM>
  %k = loops.dim %A, 1 : memref<?x?xELEM>
  %n = loops.dim %B, 1 : memref<?x?xELEM>
  %C = loops.alloc(%m, %n) : memref<?x?xELEM>
  loops.for %i = %c0 to %m step %c1 {
    loops.for %j = %c0 to %n step %c1 {
      %init = loops.load %C[%i, %j] : memref<?x?xELEM>
      %sum = loops.for %p = %c0 to %k step %c1 iter_args(%acc = %init) -> ELEM {
        %a = loops.load %A[%i, %p] : memref<?x?xELEM>
        %b = loops.load %B[%p, %j] : memref<?x?xELEM>
        %ab = MUL %a, %b : ELEM
        %s = ADD %acc, %ab : ELEM
        loops.yield %s : ELEM
      }
      loops.store %sum, %C[%i, %j] : memref<?x?xELEM>
      loops.yield
    }
    loops.yield
  }
  return %C : memref<?x?xELEM>
}

func.func @extern(%A: memref<?x?xELEM>, %B: memref<?x?xELEM>) -> memref<?x?xELEM> {
  %m = loops.dim %A, 0 : memref<?x?xELEM>
  %n = loops.dim %B, 1 : memref<?x?xELEM>
  %C = loops.alloc(%m, %n) : memref<?x?xELEM>
  loops.call_extern "tt.matmul"(%A, %B, %C) : (memref<?x?xELEM>, memref<?x?xELEM>, memref<?x?xELEM>) -> ()
  return %C : memref<?x?xELEM>
}

func.func @tensor(%A: tensor<?x?xELEM>, %B: tensor<?x?xELEM>) -> tensor<?x?xELEM> {
  %C = tensor.matmul %A, %B : tensor<?x?xELEM>, tensor<?x?xELEM>
  return %C : tensor<?x?xELEM>
}
`

func matmulSource(elem string) string {
	mul, add := "arith.mulf", "arith.addf"
	if strings.HasPrefix(elem, "i") {
		mul, add = "arith.muli", "arith.addi"
	}
	r := strings.NewReplacer("ELEM", elem, "MUL", mul, "ADD", add)
	return r.Replace(matmulPrograms)
}

// randomTensor returns a tensor of small integers (exact in every type, so
// that every summation order gives the same result) or, with frac, of
// floats in [-1, 1).
func randomTensor(rng *rand.Rand, dt interp.DType, shape []int64, frac bool) *interp.Tensor {
	t := interp.MustNewTensor(dt, shape)
	for i := range t.Len() {
		if frac {
			t.SetFloat(i, rng.Float64()*2-1)
		} else {
			t.SetInt(i, int64(rng.IntN(9)-4))
		}
	}
	return t
}

// TestMatmulThreeWays runs the three matmuls on the same inputs, of sizes
// below and above the blocked GEMM's thresholds.
func TestMatmulThreeWays(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		elem    string
		dt      interp.DType
		m, k, n int64
		frac    bool
	}{
		{"f32", interp.F32, 3, 5, 4, false},
		{"f32", interp.F32, 17, 33, 19, false}, // packed GEMM path
		{"f32", interp.F32, 17, 33, 19, true},
		{"f64", interp.F64, 9, 20, 21, true},
		{"i32", interp.I32, 6, 7, 8, false},
		{"i64", interp.I64, 5, 0, 3, false}, // K = 0: zeros
		{"f32", interp.F32, 0, 4, 3, false}, // M = 0
	} {
		t.Run(fmt.Sprintf("%s_%dx%dx%d_frac=%v", tc.elem, tc.m, tc.k, tc.n, tc.frac), func(t *testing.T) {
			in := interp.New(parse(t, matmulSource(tc.elem)), kernels.NewRegistry())
			a := randomTensor(rng, tc.dt, []int64{tc.m, tc.k}, tc.frac)
			b := randomTensor(rng, tc.dt, []int64{tc.k, tc.n}, tc.frac)
			want, err := in.RunTensors("tensor", a, b)
			if err != nil {
				t.Fatal(err)
			}
			for _, fn := range []string{"loops", "extern"} {
				// Buffers use the arguments' storage: pass copies.
				got, err := in.RunTensors(fn, a.Clone(), b.Clone())
				if err != nil {
					t.Fatalf("@%s: %v", fn, err)
				}
				exact := !tc.frac || fn == "extern"
				if exact && !interp.Equal(got[0], want[0]) {
					t.Errorf("@%s = %v, want %v", fn, got[0], want[0])
				}
				if d := interptest.Diff(want[0], got[0], 1e-5, 1e-6); d != "" {
					t.Errorf("@%s differs (-want +got):\n%s", fn, d)
				}
			}
		})
	}
}

// TestMatmulBatched checks tt.matmul on 3-D and 4-D buffers against
// tensor.matmul, and a product written into one of its operands.
func TestMatmulBatched(t *testing.T) {
	src := `
func.func @extern(%A: memref<2x3x4x5xf32>, %B: memref<2x3x5x6xf32>, %C: memref<2x3x4x6xf32>) {
  loops.call_extern "tt.matmul"(%A, %B, %C) : (memref<2x3x4x5xf32>, memref<2x3x5x6xf32>, memref<2x3x4x6xf32>) -> ()
  return
}
func.func @tensor(%A: tensor<2x3x4x5xf32>, %B: tensor<2x3x5x6xf32>) -> tensor<2x3x4x6xf32> {
  %C = tensor.matmul %A, %B : tensor<2x3x4x5xf32>, tensor<2x3x5x6xf32>
  return %C : tensor<2x3x4x6xf32>
}
func.func @square(%A: memref<3x4x4xf64>, %B: memref<3x4x4xf64>) {
  loops.call_extern "tt.matmul"(%A, %B, %A) : (memref<3x4x4xf64>, memref<3x4x4xf64>, memref<3x4x4xf64>) -> ()
  return
}
func.func @tsquare(%A: tensor<3x4x4xf64>, %B: tensor<3x4x4xf64>) -> tensor<3x4x4xf64> {
  %C = tensor.matmul %A, %B : tensor<3x4x4xf64>, tensor<3x4x4xf64>
  return %C : tensor<3x4x4xf64>
}`
	rng := rand.New(rand.NewPCG(3, 4))
	in := interp.New(parse(t, src), kernels.NewRegistry())
	a := randomTensor(rng, interp.F32, []int64{2, 3, 4, 5}, true)
	b := randomTensor(rng, interp.F32, []int64{2, 3, 5, 6}, true)
	c := randomTensor(rng, interp.F32, []int64{2, 3, 4, 6}, true) // overwritten
	want, err := in.RunTensors("tensor", a, b)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.RunTensors("extern", a, b, c); err != nil {
		t.Fatal(err)
	}
	if !interp.Equal(c, want[0]) {
		t.Errorf("tt.matmul = %v, want %v", c, want[0])
	}
	sa := randomTensor(rng, interp.F64, []int64{3, 4, 4}, true)
	sb := randomTensor(rng, interp.F64, []int64{3, 4, 4}, true)
	want, err = in.RunTensors("tsquare", sa, sb)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.RunTensors("square", sa, sb); err != nil {
		t.Fatal(err)
	}
	if !interp.Equal(sa, want[0]) {
		t.Errorf("tt.matmul into its operand A = %v, want %v", sa, want[0])
	}
}

// conv2dPrograms is a grouped, strided, padded, dilated conv2d written as
// loop nests, as tt.conv2d, and as tensor.conv2d.
const conv2dPrograms = `
func.func @loops(%x: memref<2x4x7x6xf64>, %w: memref<6x2x3x2xf64>) -> memref<2x6x3x5xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0.0 : f64
  %out = loops.alloc() : memref<2x6x3x5xf64>
  loops.parallel (%n, %o, %oh, %ow) = (%c0, %c0, %c0, %c0) to (%c2, %c6, %c3, %c5) step (%c1, %c1, %c1, %c1) {
    // groups = 2: output channel o reads input channels g*2 .. g*2+1, g = o / 3.
    %g = arith.divui %o, %c3 : index
    %cbase = arith.muli %g, %c2 : index
    %acc = loops.for %ci = %c0 to %c2 step %c1 iter_args(%a0 = %zero) -> f64 {
      %c = arith.addi %cbase, %ci : index
      %a1 = loops.for %kh = %c0 to %c3 step %c1 iter_args(%b0 = %a0) -> f64 {
        %b1 = loops.for %kw = %c0 to %c2 step %c1 iter_args(%d0 = %b0) -> f64 {
          // ih = oh*stride_h - pad_h + kh*dil_h, stride (2, 1), padding (1, 1), dilation (2, 3)
          %t0 = arith.muli %oh, %c2 : index
          %t1 = arith.muli %kh, %c2 : index
          %t2 = arith.addi %t0, %t1 : index
          %ih = arith.subi %t2, %c1 : index
          %t3 = arith.muli %kw, %c3 : index
          %t4 = arith.addi %ow, %t3 : index
          %iw = arith.subi %t4, %c1 : index
          %okh = arith.cmpi ult, %ih, %c7 : index
          %okw = arith.cmpi ult, %iw, %c6 : index
          %ok = arith.andi %okh, %okw : i1
          %d1 = loops.if %ok -> f64 {
            %xv = loops.load %x[%n, %c, %ih, %iw] : memref<2x4x7x6xf64>
            %wv = loops.load %w[%o, %ci, %kh, %kw] : memref<6x2x3x2xf64>
            %p = arith.mulf %xv, %wv : f64
            %s = arith.addf %d0, %p : f64
            loops.yield %s : f64
          } else {
            loops.yield %d0 : f64
          }
          loops.yield %d1 : f64
        }
        loops.yield %b1 : f64
      }
      loops.yield %a1 : f64
    }
    loops.store %acc, %out[%n, %o, %oh, %ow] : memref<2x6x3x5xf64>
    loops.yield
  }
  return %out : memref<2x6x3x5xf64>
}

func.func @extern(%x: memref<2x4x7x6xf64>, %w: memref<6x2x3x2xf64>) -> memref<2x6x3x5xf64> {
  %out = loops.alloc() : memref<2x6x3x5xf64>
  loops.call_extern "tt.conv2d"(%x, %w, %out) {stride = array<i64: 2, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 2, 3>, groups = 2 : i64} : (memref<2x4x7x6xf64>, memref<6x2x3x2xf64>, memref<2x6x3x5xf64>) -> ()
  return %out : memref<2x6x3x5xf64>
}

func.func @tensor(%x: tensor<2x4x7x6xf64>, %w: tensor<6x2x3x2xf64>) -> tensor<2x6x3x5xf64> {
  %y = tensor.conv2d %x, %w stride = [2, 1] padding = [1, 1] dilation = [2, 3] groups = 2 : tensor<2x4x7x6xf64>, tensor<6x2x3x2xf64>
  return %y : tensor<2x6x3x5xf64>
}
`

func TestConv2DThreeWays(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	in := interp.New(parse(t, conv2dPrograms), kernels.NewRegistry())
	for _, frac := range []bool{false, true} {
		x := randomTensor(rng, interp.F64, []int64{2, 4, 7, 6}, frac)
		w := randomTensor(rng, interp.F64, []int64{6, 2, 3, 2}, frac)
		want, err := in.RunTensors("tensor", x, w)
		if err != nil {
			t.Fatal(err)
		}
		for _, fn := range []string{"loops", "extern"} {
			got, err := in.RunTensors(fn, x, w)
			if err != nil {
				t.Fatalf("@%s: %v", fn, err)
			}
			if !frac && !interp.Equal(got[0], want[0]) {
				t.Errorf("@%s = %v, want %v", fn, got[0], want[0])
			}
			if err := interp.Close(got[0], want[0], 1e-12, 1e-12); err != nil {
				t.Errorf("@%s: %v", fn, err)
			}
		}
	}
}

func TestConv2DExternErrors(t *testing.T) {
	// Dynamic shapes: the verifier cannot check them, the kernel does.
	src := `func.func @f(%x: memref<?x?x?x?xf32>, %w: memref<?x?x?x?xf32>, %out: memref<?x?x?x?xf32>) {
  loops.call_extern "tt.conv2d"(%x, %w, %out) ATTRS : (memref<?x?x?x?xf32>, memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) -> ()
  return
}`
	for _, tc := range []struct {
		attrs, msg string
		unverified bool
	}{
		{"", "", false},
		{"{padding = array<i64: 1, 1>}", "tt.conv2d: the convolution of memref<1x2x5x5xf32> by memref<3x2x3x3xf32> is memref<1x3x5x5xf32>, but out is memref<1x3x3x3xf32>", false},
		{"{groups = 2 : i64}", "tt.conv2d: 3 output channels are not divisible by 2 groups", false},
		{"{stride = array<i64: 0, 1>}", "tt.conv2d: stride and dilation must be positive", true},
		{"{stride = array<i64: 1>}", "attribute 'stride' must have 2 entries", true},
	} {
		args := []interp.Value{interp.MustNewTensor(interp.F32, []int64{1, 2, 5, 5}), interp.MustNewTensor(interp.F32, []int64{3, 2, 3, 3}),
			interp.MustNewTensor(interp.F32, []int64{1, 3, 3, 3})}
		text := strings.Replace(src, "ATTRS", tc.attrs, 1)
		var err error
		if tc.unverified {
			_, err = runUnverified(t, text, args...)
		} else {
			_, err = run(t, text, args...)
		}
		if tc.msg == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.attrs, err)
			}
			continue
		}
		wantErr(t, err, "2:3", tc.msg)
	}
}

// TestMutatedProgramsDoNotPanic runs token-level mutations of the programs
// above that still verify: every run must succeed or fail with a located
// error, never reach a kernel panic ("internal error").
func TestMutatedProgramsDoNotPanic(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	repl := []string{"%c0", "%c1", "%m", "%k", "%n", "%i", "%j", "%p", "%A", "%B", "%C", "%init", "%acc", "%zero",
		"0", "-1", "2", "f32", "f64", "index", "memref<?x?xf32>", "memref<2x?xf32>", "arith.subi", "arith.addi", "loops.parallel",
		`"tt.conv2d"`, "1"}
	ran, failed := 0, 0
	for _, src := range []string{matmulSource("f32"), conv2dPrograms} {
		toks := strings.Fields(src)
		for i := range toks {
			for _, r := range repl {
				mut := strings.Join(append(append(append([]string{}, toks[:i]...), r), toks[i+1:]...), " ")
				m, err := asm.ParseString(registry.NewContext(), mut, asm.ParseOptions{Filename: "m.mlir"})
				if err != nil || ir.Verify(m) != nil {
					continue
				}
				in := interp.New(m, kernels.NewRegistry())
				in.MaxOps = 200000
				for _, fn := range []string{"loops", "extern", "tensor"} {
					f, err := in.Function(fn)
					if err != nil {
						continue
					}
					ft := interp.FunctionType(f)
					args := make([]interp.Value, len(ft.Inputs))
					ok := true
					for k, ty := range ft.Inputs {
						args[k], ok = argFor(ty)
						if !ok {
							break
						}
					}
					if !ok {
						continue
					}
					ran++
					_, err = in.Run(fn, args...)
					if err != nil {
						failed++
						var d *ir.Diagnostic
						if !errors.As(err, &d) || strings.Contains(err.Error(), "internal error") {
							t.Errorf("@%s: %v\n%s", fn, err, mut)
						}
					}
				}
			}
		}
	}
	t.Logf("%d runs, %d failed with located errors", ran, failed)
}

// argFor returns a small value for an argument type: 3x3 (or static)
// buffers and tensors of ones.
func argFor(ty ir.Type) (interp.Value, bool) {
	var shape []int64
	switch t := ty.(type) {
	case *ir.MemRefType:
		shape = t.Shape()
	case *ir.RankedTensorType:
		shape = t.Shape()
	}
	dt, err := interp.ElementDType(ty)
	if err != nil {
		return nil, false
	}
	s := make([]int64, len(shape))
	for i, d := range shape {
		s[i] = d
		if d == ir.Dynamic {
			s[i] = 3
		}
	}
	x, err := interp.NewTensor(dt, s)
	if err != nil {
		return nil, false
	}
	for i := range x.Len() {
		x.SetInt(i, 1)
	}
	return x, true
}

// TestMatmulFlags checks tt.matmul's transpose_a, transpose_b, bias and
// activation against the tensor ops they stand for (a transpose of the
// stored operand, the product, a broadcast bias add, the activation):
// the same bits, since both run linalg's GEMM and its element rules.
func TestMatmulFlags(t *testing.T) {
	for _, act := range []struct{ attr, op string }{
		{"relu", "tensor.relu %s : tensor<2x7x9xf32>"},
		{"gelu", `tensor.gelu %s approximate = "none" : tensor<2x7x9xf32>`},
		{"gelu_tanh", `tensor.gelu %s approximate = "tanh" : tensor<2x7x9xf32>`},
	} {
		t.Run(act.attr, func(t *testing.T) {
			src := `
func.func @extern(%A: memref<2x5x7xf32>, %B: memref<2x9x5xf32>, %bias: memref<9xf32>, %C: memref<2x7x9xf32>) {
  loops.call_extern "tt.matmul"(%A, %B, %C, %bias) {transpose_a, transpose_b, activation = "` + act.attr + `"} : (memref<2x5x7xf32>, memref<2x9x5xf32>, memref<2x7x9xf32>, memref<9xf32>) -> ()
  return
}
func.func @tensor(%A: tensor<2x5x7xf32>, %B: tensor<2x9x5xf32>, %bias: tensor<9xf32>) -> tensor<2x7x9xf32> {
  %a = tensor.transpose %A perm = [0, 2, 1] : tensor<2x5x7xf32>
  %b = tensor.transpose %B perm = [0, 2, 1] : tensor<2x9x5xf32>
  %p = tensor.matmul %a, %b : tensor<2x7x5xf32>, tensor<2x5x9xf32>
  %bb = tensor.broadcast %bias dims = [2] : tensor<9xf32> -> tensor<2x7x9xf32>
  %s = tensor.add %p, %bb : tensor<2x7x9xf32>
  %r = ` + fmt.Sprintf(act.op, "%s") + `
  return %r : tensor<2x7x9xf32>
}`
			rng := rand.New(rand.NewPCG(5, 6))
			in := interp.New(parse(t, src), kernels.NewRegistry())
			a := randomTensor(rng, interp.F32, []int64{2, 5, 7}, true)
			b := randomTensor(rng, interp.F32, []int64{2, 9, 5}, true)
			bias := randomTensor(rng, interp.F32, []int64{9}, true)
			c := randomTensor(rng, interp.F32, []int64{2, 7, 9}, true) // overwritten
			want, err := in.RunTensors("tensor", a, b, bias)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := in.RunTensors("extern", a, b, bias, c); err != nil {
				t.Fatal(err)
			}
			if !interp.Equal(c, want[0]) {
				t.Errorf("tt.matmul = %v, want %v", c, want[0])
			}
		})
	}
}

// TestMaxPool2DExtern checks tt.max_pool2d against tensor.max_pool2d (both
// run linalg.MaxPool2D: the same bits, NaNs and zeros included).
func TestMaxPool2DExtern(t *testing.T) {
	src := `
func.func @extern(%x: memref<2x3x9x10xf32>, %out: memref<2x3x5x6xf32>) {
  loops.call_extern "tt.max_pool2d"(%x, %out) {kernel = array<i64: 3, 2>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (memref<2x3x9x10xf32>, memref<2x3x5x6xf32>) -> ()
  return
}
func.func @tensor(%x: tensor<2x3x9x10xf32>) -> tensor<2x3x5x6xf32> {
  %0 = tensor.max_pool2d %x kernel = [3, 2] stride = [2, 2] padding = [1, 1] : tensor<2x3x9x10xf32>
  return %0 : tensor<2x3x5x6xf32>
}`
	rng := rand.New(rand.NewPCG(7, 8))
	in := interp.New(parse(t, src), kernels.NewRegistry())
	x := randomTensor(rng, interp.F32, []int64{2, 3, 9, 10}, true)
	xs := x.F32()
	xs[5], xs[17], xs[40] = float32(math.NaN()), float32(math.Copysign(0, -1)), 0
	out := randomTensor(rng, interp.F32, []int64{2, 3, 5, 6}, true) // overwritten
	want, err := in.RunTensors("tensor", x)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.RunTensors("extern", x, out); err != nil {
		t.Fatal(err)
	}
	if !interp.Equal(out, want[0]) {
		t.Errorf("tt.max_pool2d = %v, want %v", out, want[0])
	}
}
