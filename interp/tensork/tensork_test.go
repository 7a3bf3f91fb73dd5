package tensork_test

import (
	"math"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/builtink"
	. "github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/interp/tensork"
)

func registry() *interp.Registry {
	r := interp.NewRegistry()
	builtink.Register(r)
	tensork.Register(r)
	return r
}

var (
	nan  = float32(math.NaN())
	inf  = float32(math.Inf(1))
	negz = float32(math.Copysign(0, -1))
)

// kcase is one kernel test: an op applied to args, with the expected
// result or an error substring.
type kcase struct {
	name string
	op   Op
	args []*interp.Tensor
	want *interp.Tensor
	err  string
}

func runCases(t *testing.T, cases []kcase) {
	t.Helper()
	reg := registry()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Run1(reg, c.op, c.args...)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error = %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v\n%s", err, c.op.Module())
			}
			if !interp.Equal(got, c.want) {
				if err := interp.Close(got, c.want, 0, 0); err != nil || got.DType() != c.want.DType() {
					t.Fatalf("got %v, want %v: %v", got, c.want, err)
				}
			}
		})
	}
}

// bin returns an Op applying a binary tensor op to two operands of type ty.
func bin(name, ty string) Op {
	return Op{Name: "tensor." + name, In: []string{ty, ty}, Out: []string{ty}}
}

func un(name, ty string) Op { return Op{Name: "tensor." + name, In: []string{ty}, Out: []string{ty}} }

func TestElementwise(t *testing.T) {
	const f4 = "tensor<4xf32>"
	runCases(t, []kcase{
		{"max NaN and -0", bin("max", f4), []*interp.Tensor{F32(S(4), nan, 1, negz, 0), F32(S(4), 1, nan, 0, negz)}, F32(S(4), nan, nan, 0, 0), ""},
		{"min NaN and -0", bin("min", f4), []*interp.Tensor{F32(S(4), nan, 1, negz, 0), F32(S(4), 1, nan, 0, negz)}, F32(S(4), nan, nan, negz, negz), ""},
		{"div by zero floats", bin("div", f4), []*interp.Tensor{F32(S(4), 1, -1, 0, nan), F32(S(4), 0, 0, 0, 1)}, F32(S(4), inf, -inf, nan, nan), ""},
		{"pow specials", bin("pow", f4), []*interp.Tensor{F32(S(4), nan, 1, -8, 0), F32(S(4), 0, nan, 1.0/3, -1)}, F32(S(4), 1, 1, nan, inf), ""},
		{"int add wraps", bin("add", "tensor<2xi32>"), []*interp.Tensor{I32(S(2), math.MaxInt32, math.MinInt32), I32(S(2), 1, -1)}, I32(S(2), math.MinInt32, math.MaxInt32), ""},
		{"int div truncates", bin("div", "tensor<4xi64>"), []*interp.Tensor{I64(S(4), 7, -7, math.MinInt64, 5), I64(S(4), 2, 2, -1, -5)}, I64(S(4), 3, -3, math.MinInt64, -1), ""},
		{"int div by zero", bin("div", "tensor<2xi32>"), []*interp.Tensor{I32(S(2), 1, 2), I32(S(2), 1, 0)}, nil, "tensor.div: integer division by zero"},
		{"int pow negative exponent", bin("pow", "tensor<4xi64>"), []*interp.Tensor{I64(S(4), 1, -1, -1, 2), I64(S(4), -5, -3, -2, -1)}, I64(S(4), 1, -1, 1, 0), ""},
		{"i1 max is or", bin("max", "tensor<2xi1>"), []*interp.Tensor{Bool(S(2), true, false), Bool(S(2), false, false)}, Bool(S(2), true, false), ""},
		{"i1 sub rejected", bin("sub", "tensor<2xi1>"), []*interp.Tensor{Bool(S(2), true, false), Bool(S(2), false, false)}, nil, "not supported for i1"},
		{"rank 0", bin("mul", "tensor<f32>"), []*interp.Tensor{F32(nil, 3), F32(nil, -2)}, F32(nil, -6), ""},
		{"size 0", bin("add", "tensor<0x3xf32>"), []*interp.Tensor{F32(S(0, 3)), F32(S(0, 3))}, F32(S(0, 3)), ""},
		{"dynamic shapes differ at run time", bin("add", "tensor<?xf32>"), []*interp.Tensor{F32(S(2), 1, 2), F32(S(3), 1, 2, 3)}, nil, "operand shapes differ at run time: [2] vs [3]"},
		{"relu NaN and -0", un("relu", f4), []*interp.Tensor{F32(S(4), nan, negz, -1, 2)}, F32(S(4), nan, negz, 0, 2), ""},
		{"abs int MIN", un("abs", "tensor<2xi32>"), []*interp.Tensor{I32(S(2), math.MinInt32, -3)}, I32(S(2), math.MinInt32, 3), ""},
		{"neg int", un("neg", "tensor<2xi64>"), []*interp.Tensor{I64(S(2), math.MinInt64, 4)}, I64(S(2), math.MinInt64, -4), ""},
		{"exp on ints rejected", un("exp", "tensor<2xi64>"), []*interp.Tensor{I64(S(2), 1, 2)}, nil, "requires a floating-point"},
		{"sqrt rsqrt edge", un("rsqrt", f4), []*interp.Tensor{F32(S(4), 0, negz, -1, inf)}, F32(S(4), inf, -inf, nan, 0), ""},
		{"sigmoid extremes", un("sigmoid", f4), []*interp.Tensor{F32(S(4), -200, 200, nan, 0)}, F32(S(4), 0, 1, nan, 0.5), ""},
		{"tanh extremes", un("tanh", f4), []*interp.Tensor{F32(S(4), -20, 20, nan, negz)}, F32(S(4), -1, 1, nan, negz), ""},
		{"exp extremes", un("exp", f4), []*interp.Tensor{F32(S(4), 89, -104, -inf, nan)}, F32(S(4), inf, 0, 0, nan), ""},
		{"sign", un("sign", f4), []*interp.Tensor{F32(S(4), nan, -3, negz, 7)}, F32(S(4), 0, -1, 0, 1), ""},
	})
}

// f16 and bf16 are computed in f32 and rounded once, to nearest even.
func TestHalfPrecision(t *testing.T) {
	runCases(t, []kcase{
		// 1 + 2^-11 is a tie between 1 and 1+2^-10 in f16: rounds to even (1).
		{"f16 add tie to even", bin("add", "tensor<2xf16>"), []*interp.Tensor{Floats(interp.F16, S(2), 1, 1), Floats(interp.F16, S(2), 1.0/2048, 3.0/2048)},
			Floats(interp.F16, S(2), 1, 1+2.0/1024), ""},
		{"f16 overflow", bin("mul", "tensor<1xf16>"), []*interp.Tensor{Floats(interp.F16, S(1), 300), Floats(interp.F16, S(1), 300)}, Floats(interp.F16, S(1), math.Inf(1)), ""},
		{"bf16 add rounds", bin("add", "tensor<2xbf16>"), []*interp.Tensor{Floats(interp.BF16, S(2), 1, 256), Floats(interp.BF16, S(2), 1.0/256, 1)},
			Floats(interp.BF16, S(2), 1, 256), ""},
		{"bf16 exp", un("exp", "tensor<1xbf16>"), []*interp.Tensor{Floats(interp.BF16, S(1), 1)}, Floats(interp.BF16, S(1), 2.71875), ""},
		{"f16 reduce_sum", Op{Name: "tensor.reduce_sum", Attrs: "{dims = array<i64: 0>}", In: []string{"tensor<3xf16>"}, Out: []string{"tensor<f16>"}},
			[]*interp.Tensor{Floats(interp.F16, S(3), 2048, 1, 1)}, Floats(interp.F16, nil, 2050), ""},
		{"bf16 matmul", Op{Name: "tensor.matmul", In: []string{"tensor<1x2xbf16>", "tensor<2x1xbf16>"}, Out: []string{"tensor<1x1xbf16>"}},
			[]*interp.Tensor{Floats(interp.BF16, S(1, 2), 3, 0.5), Floats(interp.BF16, S(2, 1), 7, 0.5)}, Floats(interp.BF16, S(1, 1), 21.25), ""},
		{"cast f32 to bf16", Op{Name: "tensor.cast", In: []string{"tensor<2xf32>"}, Out: []string{"tensor<2xbf16>"}},
			[]*interp.Tensor{F32(S(2), 1.00390625, 1.01171875)}, Floats(interp.BF16, S(2), 1, 1.015625), ""},
		{"cast f64 to f16 double-rounds via f32", Op{Name: "tensor.cast", In: []string{"tensor<1xf64>"}, Out: []string{"tensor<1xf16>"}},
			// 1 + 2^-11 + 2^-40 rounds to f32 as 1 + 2^-11 (a tie for f16 → 1), while direct rounding would give 1 + 2^-10.
			[]*interp.Tensor{F64(S(1), 1+1.0/2048+1.0/(1<<40))}, Floats(interp.F16, S(1), 1), ""},
		{"select keeps f16 bits", Op{Name: "tensor.select", In: []string{"tensor<2xi1>", "tensor<2xf16>", "tensor<2xf16>"}, Out: []string{"tensor<2xf16>"}},
			[]*interp.Tensor{Bool(S(2), true, false), Floats(interp.F16, S(2), 0.1, 0.2), Floats(interp.F16, S(2), 0.3, 0.4)}, Floats(interp.F16, S(2), 0.1, 0.4), ""},
	})
	// The bf16 sum 256 + 1 is 257, not representable: rounds to even (256).
	got, err := Run1(registry(), bin("add", "tensor<1xbf16>"), Floats(interp.BF16, S(1), 256), Floats(interp.BF16, S(1), 1))
	if err != nil || got.Float(0) != 256 {
		t.Errorf("bf16 256+1 = %v, %v", got, err)
	}
}
