package arithk_test

import (
	"math"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/arithk"
	"github.com/tt-compiler/tt/interp/builtink"
	. "github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/numerics"
)

func registry() *interp.Registry {
	r := interp.NewRegistry()
	builtink.Register(r)
	arithk.Register(r)
	return r
}

type acase struct {
	op   string
	attr string
	in   []string // operand types
	out  []string // result types
	args []*interp.Tensor
	want []*interp.Tensor
	err  string
}

func run(t *testing.T, cases []acase) {
	t.Helper()
	reg := registry()
	for _, c := range cases {
		name := c.op + "(" + strings.Join(c.in, ",") + ")"
		got, err := Run(reg, Op{Name: c.op, Attrs: c.attr, In: c.in, Out: c.out}, c.args...)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error = %v, want %q", name, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %v: %v", name, c.args, err)
			continue
		}
		for i, w := range c.want {
			// Bitwise equal, or (for NaNs of another payload) equal by value.
			if !interp.Equal(got[i], w) && interp.Close(got[i], w, 0, 0) != nil {
				t.Errorf("%s %v: result #%d = %v, want %v", name, c.args, i, got[i], w)
			}
		}
	}
}

// b2 is shorthand for a binary op on scalars of type ty.
func b2(op, ty string, a, b, want *interp.Tensor) acase {
	return acase{op: op, in: []string{ty, ty}, out: []string{ty}, args: []*interp.Tensor{a, b}, want: []*interp.Tensor{want}}
}

func i32(v int64) *interp.Tensor   { return Ints(interp.I32, nil, v) }
func i64(v int64) *interp.Tensor   { return Ints(interp.I64, nil, v) }
func i1(v bool) *interp.Tensor     { return Bool(nil, v) }
func idx(v int64) *interp.Tensor   { return Index(nil, v) }
func f32(v float64) *interp.Tensor { return Floats(interp.F32, nil, v) }
func f64(v float64) *interp.Tensor { return Floats(interp.F64, nil, v) }
func f16(v float64) *interp.Tensor { return Floats(interp.F16, nil, v) }

func TestIntegerOps(t *testing.T) {
	const mn32, mx32 = math.MinInt32, math.MaxInt32
	run(t, []acase{
		b2("arith.addi", "i32", i32(mx32), i32(1), i32(mn32)),
		b2("arith.subi", "i64", i64(math.MinInt64), i64(1), i64(math.MaxInt64)),
		b2("arith.muli", "i32", i32(1<<16), i32(1<<16), i32(0)),
		b2("arith.addi", "i1", i1(true), i1(true), i1(false)),
		b2("arith.muli", "index", idx(-3), idx(4), idx(-12)),
		b2("arith.divsi", "i32", i32(-7), i32(2), i32(-3)),
		b2("arith.divsi", "i32", i32(mn32), i32(-1), i32(mn32)),
		b2("arith.remsi", "i32", i32(-7), i32(2), i32(-1)),
		b2("arith.remsi", "i32", i32(mn32), i32(-1), i32(0)),
		b2("arith.divui", "i32", i32(-1), i32(2), i32(mx32)),
		b2("arith.remui", "i32", i32(-1), i32(10), i32(5)), // 4294967295 % 10
		b2("arith.ceildivsi", "i32", i32(7), i32(2), i32(4)),
		b2("arith.ceildivsi", "i32", i32(-7), i32(2), i32(-3)),
		b2("arith.ceildivsi", "i32", i32(-7), i32(-2), i32(4)),
		b2("arith.ceildivui", "i32", i32(7), i32(2), i32(4)),
		b2("arith.floordivsi", "i32", i32(-7), i32(2), i32(-4)),
		b2("arith.floordivsi", "i32", i32(7), i32(-2), i32(-4)),
		b2("arith.floordivsi", "i32", i32(6), i32(-2), i32(-3)),
		b2("arith.shli", "i32", i32(1), i32(31), i32(mn32)),
		b2("arith.shli", "i32", i32(1), i32(32), i32(0)),
		b2("arith.shrui", "i32", i32(-1), i32(28), i32(15)),
		b2("arith.shrsi", "i32", i32(-16), i32(2), i32(-4)),
		b2("arith.shrsi", "i32", i32(-16), i32(40), i32(-1)),
		b2("arith.andi", "i64", i64(12), i64(10), i64(8)),
		b2("arith.ori", "i1", i1(true), i1(false), i1(true)),
		b2("arith.xori", "i32", i32(-1), i32(5), i32(-6)),
		b2("arith.maxsi", "i32", i32(-1), i32(1), i32(1)),
		b2("arith.maxui", "i32", i32(-1), i32(1), i32(-1)),
		b2("arith.minsi", "i1", i1(true), i1(false), i1(true)), // i1 true is -1 when signed
		b2("arith.minui", "i1", i1(true), i1(false), i1(false)),
		b2("math.ipowi", "i32", i32(3), i32(21), i32(1870418611)), // 3^21 mod 2^32
		b2("math.ipowi", "i64", i64(-1), i64(-3), i64(-1)),
		b2("math.ipowi", "i64", i64(2), i64(-1), i64(0)),
		{op: "arith.divsi", in: []string{"i32", "i32"}, out: []string{"i32"}, args: []*interp.Tensor{i32(1), i32(0)}, err: "arith.divsi: integer division by zero"},
		{op: "arith.remui", in: []string{"i64", "i64"}, out: []string{"i64"}, args: []*interp.Tensor{i64(1), i64(0)}, err: "division by zero"},
		{op: "math.absi", in: []string{"i32"}, out: []string{"i32"}, args: []*interp.Tensor{i32(mn32)}, want: []*interp.Tensor{i32(mn32)}},
		{op: "math.ctlz", in: []string{"i32"}, out: []string{"i32"}, args: []*interp.Tensor{i32(1)}, want: []*interp.Tensor{i32(31)}},
		{op: "math.cttz", in: []string{"i32"}, out: []string{"i32"}, args: []*interp.Tensor{i32(0)}, want: []*interp.Tensor{i32(32)}},
		{op: "math.ctpop", in: []string{"i64"}, out: []string{"i64"}, args: []*interp.Tensor{i64(-1)}, want: []*interp.Tensor{i64(64)}},
		{op: "arith.addui_extended", in: []string{"i32", "i32"}, out: []string{"i32", "i1"}, args: []*interp.Tensor{i32(-1), i32(2)}, want: []*interp.Tensor{i32(1), i1(true)}},
		{op: "arith.mului_extended", in: []string{"i32", "i32"}, out: []string{"i32", "i32"}, args: []*interp.Tensor{i32(-1), i32(-1)}, want: []*interp.Tensor{i32(1), i32(-2)}},
		{op: "arith.mulsi_extended", in: []string{"i64", "i64"}, out: []string{"i64", "i64"}, args: []*interp.Tensor{i64(math.MinInt64), i64(-1)}, want: []*interp.Tensor{i64(math.MinInt64), i64(0)}},
		{op: "arith.mulsi_extended", in: []string{"i64", "i64"}, out: []string{"i64", "i64"}, args: []*interp.Tensor{i64(-3), i64(5)}, want: []*interp.Tensor{i64(-15), i64(-1)}},
		// Element-wise on tensors and vectors.
		{op: "arith.addi", in: []string{"vector<3xi32>", "vector<3xi32>"}, out: []string{"vector<3xi32>"},
			args: []*interp.Tensor{I32(S(3), 1, 2, mx32), I32(S(3), 10, 20, 1)}, want: []*interp.Tensor{I32(S(3), 11, 22, mn32)}},
		{op: "arith.muli", in: []string{"tensor<?xi64>", "tensor<?xi64>"}, out: []string{"tensor<?xi64>"},
			args: []*interp.Tensor{I64(S(2), 1, 2), I64(S(3), 1, 2, 3)}, err: "operand shapes differ at run time"},
	})
}

func TestFloatOps(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	negz := math.Copysign(0, -1)
	run(t, []acase{
		b2("arith.addf", "f32", f32(1), f32(1e-8), f32(1)),
		b2("arith.addf", "f64", f64(1), f64(1e-8), f64(1+1e-8)),
		b2("arith.divf", "f32", f32(1), f32(0), f32(inf)),
		b2("arith.divf", "f32", f32(0), f32(0), f32(nan)),
		b2("arith.remf", "f32", f32(-7), f32(2), f32(-1)),
		b2("arith.maxf", "f32", f32(negz), f32(0), f32(0)),
		b2("arith.maxf", "f32", f32(0), f32(negz), f32(0)),
		b2("arith.minf", "f32", f32(0), f32(negz), f32(negz)),
		b2("arith.maxf", "f32", f32(nan), f32(1), f32(nan)),
		b2("arith.maximumf", "f64", f64(1), f64(nan), f64(nan)),
		b2("arith.maxnumf", "f32", f32(nan), f32(1), f32(1)),
		b2("arith.minnumf", "f32", f32(2), f32(nan), f32(2)),
		b2("math.powf", "f32", f32(-8), f32(1.0/3), f32(nan)),
		b2("math.copysign", "f32", f32(3), f32(negz), f32(-3)),
		b2("math.atan2", "f64", f64(1), f64(1), f64(math.Pi/4)),
		// f16: the exact sum rounds once to nearest even (2048 + 1 ties to 2048).
		b2("arith.addf", "f16", f16(2048), f16(1), f16(2048)),
		b2("arith.addf", "f16", f16(2048), f16(3), f16(2052)),
		b2("arith.mulf", "f16", f16(300), f16(300), f16(inf)),
		b2("arith.addf", "bf16", Floats(interp.BF16, nil, 256), Floats(interp.BF16, nil, 1), Floats(interp.BF16, nil, 256)),
		{op: "arith.negf", in: []string{"f32"}, out: []string{"f32"}, args: []*interp.Tensor{f32(0)}, want: []*interp.Tensor{f32(negz)}},
		{op: "math.absf", in: []string{"f64"}, out: []string{"f64"}, args: []*interp.Tensor{f64(negz)}, want: []*interp.Tensor{f64(0)}},
		{op: "math.round", in: []string{"f32"}, out: []string{"f32"}, args: []*interp.Tensor{f32(-2.5)}, want: []*interp.Tensor{f32(-3)}},
		{op: "math.roundeven", in: []string{"f32"}, out: []string{"f32"}, args: []*interp.Tensor{f32(-2.5)}, want: []*interp.Tensor{f32(-2)}},
		{op: "math.sqrt", in: []string{"f32"}, out: []string{"f32"}, args: []*interp.Tensor{f32(-1)}, want: []*interp.Tensor{f32(nan)}},
		{op: "math.rsqrt", in: []string{"f32"}, out: []string{"f32"}, args: []*interp.Tensor{f32(4)}, want: []*interp.Tensor{f32(0.5)}},
		{op: "math.exp", in: []string{"f32"}, out: []string{"f32"}, args: []*interp.Tensor{f32(1)}, want: []*interp.Tensor{f32(math.E)}},
		{op: "math.log1p", in: []string{"f64"}, out: []string{"f64"}, args: []*interp.Tensor{f64(1e-20)}, want: []*interp.Tensor{f64(1e-20)}},
		{op: "math.isnan", in: []string{"f32"}, out: []string{"i1"}, args: []*interp.Tensor{f32(nan)}, want: []*interp.Tensor{i1(true)}},
		{op: "math.fma", in: []string{"f64", "f64", "f64"}, out: []string{"f64"}, args: []*interp.Tensor{f64(1 + 1.0/(1<<30)), f64(1 - 1.0/(1<<30)), f64(-1)},
			want: []*interp.Tensor{f64(-1.0 / (1 << 60))}},
		{op: "math.fpowi", in: []string{"f32", "i32"}, out: []string{"f32"}, args: []*interp.Tensor{f32(2), i32(-2)}, want: []*interp.Tensor{f32(0.25)}},
		{op: "arith.addf", in: []string{"i32", "i32"}, out: []string{"i32"}, args: []*interp.Tensor{i32(1), i32(2)}, err: "expected a floating-point value"},
	})
}

func TestCompareSelect(t *testing.T) {
	nan := math.NaN()
	cmpf := func(pred int, a, b float64, want bool) acase {
		return acase{op: "arith.cmpf", attr: "{predicate = " + itoa(pred) + " : i64}", in: []string{"f32", "f32"}, out: []string{"i1"},
			args: []*interp.Tensor{f32(a), f32(b)}, want: []*interp.Tensor{i1(want)}}
	}
	cmpi := func(pred int, a, b int64, want bool) acase {
		return acase{op: "arith.cmpi", attr: "{predicate = " + itoa(pred) + " : i64}", in: []string{"i32", "i32"}, out: []string{"i1"},
			args: []*interp.Tensor{i32(a), i32(b)}, want: []*interp.Tensor{i1(want)}}
	}
	run(t, []acase{
		cmpf(0, 1, 1, false), cmpf(1, 1, 1, true), cmpf(1, nan, nan, false), cmpf(2, 2, 1, true), cmpf(4, nan, 1, false),
		cmpf(6, 1, 2, true), cmpf(6, nan, 2, false), cmpf(7, 1, 2, true), cmpf(7, nan, 2, false), cmpf(8, nan, 2, true),
		cmpf(9, nan, 2, true), cmpf(11, 1, 2, true), cmpf(13, nan, nan, true), cmpf(13, 1, 1, false), cmpf(14, 1, nan, true),
		cmpf(14, 1, 2, false), cmpf(15, nan, nan, true),
		cmpi(0, 3, 3, true), cmpi(2, -1, 0, true), cmpi(6, -1, 0, false), cmpi(8, -1, 0, true), cmpi(5, 0, 0, true), cmpi(9, 0, -1, false),
		{op: "arith.cmpi", attr: "{predicate = 10 : i64}", in: []string{"i32", "i32"}, out: []string{"i1"}, args: []*interp.Tensor{i32(1), i32(1)}, err: "invalid predicate"},
		{op: "arith.cmpf", attr: "{predicate = \"olt\"}", in: []string{"f32", "f32"}, out: []string{"i1"}, args: []*interp.Tensor{f32(1), f32(2)}, want: []*interp.Tensor{i1(true)}},
		{op: "arith.select", in: []string{"i1", "f32", "f32"}, out: []string{"f32"}, args: []*interp.Tensor{i1(false), f32(1), f32(2)}, want: []*interp.Tensor{f32(2)}},
		{op: "arith.select", in: []string{"vector<3xi1>", "vector<3xi64>", "vector<3xi64>"}, out: []string{"vector<3xi64>"},
			args: []*interp.Tensor{Bool(S(3), true, false, true), I64(S(3), 1, 2, 3), I64(S(3), -1, -2, -3)}, want: []*interp.Tensor{I64(S(3), 1, -2, 3)}},
		{op: "arith.select", in: []string{"i1", "tensor<2xf16>", "tensor<2xf16>"}, out: []string{"tensor<2xf16>"},
			args: []*interp.Tensor{i1(true), Floats(interp.F16, S(2), 0.1, 0.2), Floats(interp.F16, S(2), 1, 2)}, want: []*interp.Tensor{Floats(interp.F16, S(2), 0.1, 0.2)}},
	})
}

func itoa(i int) string {
	if i >= 10 {
		return string(rune('0'+i/10)) + string(rune('0'+i%10))
	}
	return string(rune('0' + i))
}

func TestCastsAndConstants(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	cast := func(op, from, to string, x, want *interp.Tensor) acase {
		return acase{op: op, in: []string{from}, out: []string{to}, args: []*interp.Tensor{x}, want: []*interp.Tensor{want}}
	}
	run(t, []acase{
		cast("arith.extsi", "i1", "i32", i1(true), i32(-1)),
		cast("arith.extui", "i1", "i64", i1(true), i64(1)),
		cast("arith.extsi", "i32", "i64", i32(-5), i64(-5)),
		cast("arith.extui", "i32", "i64", i32(-1), i64(1<<32-1)),
		cast("arith.trunci", "i64", "i32", i64(1<<32+7), i32(7)),
		cast("arith.trunci", "i32", "i1", i32(2), i1(false)),
		cast("arith.index_cast", "i32", "index", i32(-2), idx(-2)),
		cast("arith.index_castui", "i32", "index", i32(-2), idx(1<<32-2)),
		cast("arith.index_cast", "index", "i32", idx(1<<33+3), i32(3)),
		cast("arith.sitofp", "i64", "f32", i64(1<<24+1), f32(1<<24)),
		cast("arith.sitofp", "i32", "f32", i32(-1), f32(-1)),
		cast("arith.uitofp", "i32", "f32", i32(-1), f32(4294967296)),
		cast("arith.sitofp", "i1", "f32", i1(true), f32(-1)),
		// 2^53 + 2^29 + 1 lies just above a tie for f32 and for bf16: going
		// through float64 (2^53 + 2^29 after rounding) would round to even.
		cast("arith.sitofp", "i64", "f32", i64(1<<53+1<<29+1), f32(1<<53+1<<30)),
		cast("arith.sitofp", "i64", "bf16", i64(1<<53+1<<45+1), Floats(interp.BF16, nil, 1<<53+1<<46)),
		cast("arith.fptosi", "f32", "i32", f32(-3.9), i32(-3)),
		cast("arith.fptosi", "f32", "i32", f32(nan), i32(math.MinInt32)),
		cast("arith.fptosi", "f64", "i32", f64(3e9), i32(math.MinInt32)),
		cast("arith.fptoui", "f32", "i32", f32(3e9), i32(-1294967296)),
		cast("arith.fptoui", "f32", "i32", f32(-1), i32(math.MinInt32)),
		cast("arith.extf", "f16", "f32", f16(0.1), f32(0.0999755859375)),
		cast("arith.truncf", "f64", "f32", f64(1e300), f32(inf)),
		// Direct rounding f64 → f16 (unlike tensor.cast, which goes through f32).
		cast("arith.truncf", "f64", "f16", f64(1+1.0/2048+1.0/(1<<40)), f16(1+1.0/1024)),
		cast("arith.truncf", "f32", "bf16", f32(1.00390625), Floats(interp.BF16, nil, 1)),
		cast("arith.bitcast", "f32", "i32", f32(1), i32(0x3f800000)),
		cast("arith.bitcast", "i64", "f64", i64(0x4000000000000000), f64(2)),
		{op: "arith.bitcast", in: []string{"f32"}, out: []string{"i64"}, args: []*interp.Tensor{f32(1)}, err: "cannot bitcast"},
		{op: "arith.constant", attr: "{value = -3 : i32}", out: []string{"i32"}, want: []*interp.Tensor{i32(-3)}},
		{op: "arith.constant", attr: "{value = 1.5 : f16}", out: []string{"f16"}, want: []*interp.Tensor{f16(1.5)}},
		{op: "arith.constant", attr: "{value = true}", out: []string{"i1"}, want: []*interp.Tensor{i1(true)}},
		{op: "arith.constant", attr: "{value = 7 : index}", out: []string{"index"}, want: []*interp.Tensor{idx(7)}},
		{op: "arith.constant", attr: "{value = dense<[1.0, 2.0]> : vector<2xf32>}", out: []string{"vector<2xf32>"}, want: []*interp.Tensor{F32(S(2), 1, 2)}},
		{op: "arith.constant", attr: "{value = dense<4> : tensor<2x2xi64>}", out: []string{"tensor<2x2xi64>"}, want: []*interp.Tensor{I64(S(2, 2), 4, 4, 4, 4)}},
		{op: "arith.constant", attr: "{value = 1 : i8}", out: []string{"i8"}, err: "unsupported element type i8"},
	})
}

// math.exp, log, tanh and erf on f32 are package numerics's functions, bit
// for bit (on scalars and vectors); on f64 they are the float64 ones.
func TestF32MathIsF32Math(t *testing.T) {
	fns := map[string]func(float32) float32{
		"math.exp": numerics.ExpF32, "math.log": numerics.LogF32, "math.tanh": numerics.TanhF32, "math.erf": numerics.ErfF32,
	}
	xs := []float64{0.3, -2.5, 17, -80, 88.5, 1e-40, math.Inf(1), math.Inf(-1), math.NaN(), 0, -1}
	var cases []acase
	for name, f := range fns {
		vals := make([]float64, len(xs))
		for i, x := range xs {
			vals[i] = float64(f(float32(x)))
		}
		ty := "vector<11xf32>"
		cases = append(cases, acase{op: name, in: []string{ty}, out: []string{ty},
			args: []*interp.Tensor{Floats(interp.F32, []int64{11}, xs...)}, want: []*interp.Tensor{Floats(interp.F32, []int64{11}, vals...)}})
		cases = append(cases, acase{op: name, in: []string{"f32"}, out: []string{"f32"},
			args: []*interp.Tensor{f32(0.7)}, want: []*interp.Tensor{f32(float64(f(0.7)))}})
	}
	cases = append(cases,
		acase{op: "math.exp", in: []string{"f64"}, out: []string{"f64"}, args: []*interp.Tensor{f64(0.7)}, want: []*interp.Tensor{f64(math.Exp(0.7))}},
		acase{op: "math.erf", in: []string{"f64"}, out: []string{"f64"}, args: []*interp.Tensor{f64(0.7)}, want: []*interp.Tensor{f64(math.Erf(0.7))}})
	run(t, cases)
}
