package interp

import (
	"math"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
)

func TestNumElements(t *testing.T) {
	tests := []struct {
		shape []int64
		want  int
		err   string
	}{
		{nil, 1, ""},
		{[]int64{2, 3}, 6, ""},
		{[]int64{0, 5}, 0, ""},
		{[]int64{5, 0, 1 << 40}, 0, ""},
		{[]int64{5, 0, 1 << 62}, 0, "too many"},
		{[]int64{-1}, 0, "negative"},
		{[]int64{1 << 40, 1 << 40}, 0, "too many"},
		{[]int64{1 << 33, 8}, 0, "MaxTensorBytes"},
	}
	for _, tc := range tests {
		n, err := NumElements(tc.shape, 4)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("NumElements(%v) error = %v, want %q", tc.shape, err, tc.err)
			}
			continue
		}
		if err != nil || n != tc.want {
			t.Errorf("NumElements(%v) = %d, %v; want %d", tc.shape, n, err, tc.want)
		}
	}
}

func TestCheckType(t *testing.T) {
	ctx := builtin.NewContext()
	f32 := ctx.F32()
	x := MustNewTensor(F32, []int64{2, 3})
	s := MustNewTensor(F32, nil)
	tests := []struct {
		v    *Tensor
		typ  ir.Type
		fail bool
	}{
		{x, ctx.Tensor([]int64{2, 3}, f32), false},
		{x, ctx.Tensor([]int64{ir.Dynamic, 3}, f32), false},
		{x, ctx.Tensor([]int64{ir.Dynamic, ir.Dynamic}, f32), false},
		{x, ctx.Tensor([]int64{3, 2}, f32), true},
		{x, ctx.Tensor([]int64{6}, f32), true},
		{x, ctx.Tensor([]int64{2, 3}, ctx.F64()), true},
		{x, ctx.UnrankedTensor(f32), false},
		{x, ctx.Vector([]int64{2, 3}, nil, f32), false},
		{x, f32, true},
		{s, f32, false},
		{s, ctx.Tensor(nil, f32), false},
		{s, ctx.I32(), true},
		{MustNewTensor(Index, nil), ctx.Index(), false},
		{MustNewTensor(I64, nil), ctx.Index(), true},
		{x, ctx.Integer(8), true},
	}
	for _, tc := range tests {
		err := tc.v.CheckType(tc.typ)
		if (err != nil) != tc.fail {
			t.Errorf("%s.CheckType(%s) = %v, want failure %v", tc.v.TypeString(), tc.typ, err, tc.fail)
		}
	}
}

func TestSetAndCastRules(t *testing.T) {
	i32 := MustNewTensor(I32, []int64{6})
	for i, v := range []float64{3.7, -3.7, math.NaN(), 1e10, -1e10, -2147483648} {
		i32.SetFloat(i, v)
	}
	want := []int32{3, -3, math.MinInt32, math.MinInt32, math.MinInt32, math.MinInt32}
	for i, w := range want {
		if i32.I32()[i] != w {
			t.Errorf("SetFloat to i32 #%d = %d, want %d", i, i32.I32()[i], w)
		}
	}
	i32.SetInt(0, 1<<32+5)
	if i32.I32()[0] != 5 {
		t.Errorf("SetInt wraps: got %d", i32.I32()[0])
	}
	b := MustNewTensor(I1, []int64{3})
	b.SetFloat(0, math.NaN())
	b.SetFloat(1, -0.0)
	b.SetInt(2, 2)
	if got := b.Bool(); !got[0] || got[1] || !got[2] {
		t.Errorf("i1 conversions = %v, want [true false true]", got)
	}
	h := MustNewTensor(F16, []int64{1})
	h.SetFloat(0, 65520) // rounds to +Inf in f16
	if !math.IsInf(h.Float(0), 1) {
		t.Errorf("65520 as f16 = %g, want +Inf", h.Float(0))
	}
}

func TestReshapeSharesAndChecks(t *testing.T) {
	x, _ := FromF32([]int64{2, 3}, []float32{1, 2, 3, 4, 5, 6})
	y, err := x.Reshape([]int64{3, 2})
	if err != nil || y.F32()[5] != 6 || y.Dim(0) != 3 {
		t.Fatalf("Reshape = %v, %v", y, err)
	}
	if _, err := x.Reshape([]int64{4}); err == nil {
		t.Error("Reshape to a different count succeeded")
	}
	if _, err := FromF32([]int64{2, 2}, []float32{1}); err == nil {
		t.Error("FromF32 with too few values succeeded")
	}
}

func TestClose(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	a, _ := FromF32([]int64{4}, []float32{1, nan, inf, 0})
	b, _ := FromF32([]int64{4}, []float32{1 + 1e-7, nan, inf, 1e-9})
	if err := Close(a, b, 1e-5, 1e-8); err != nil {
		t.Errorf("Close = %v", err)
	}
	c, _ := FromF32([]int64{4}, []float32{1, 0, inf, 0})
	if err := Close(a, c, 1e-5, 1e-8); err == nil || !strings.Contains(err.Error(), "1 of 4") {
		t.Errorf("Close with NaN vs 0 = %v", err)
	}
	d, _ := FromF32([]int64{4}, []float32{1, nan, -inf, 0})
	if err := Close(a, d, 1, 1); err == nil {
		t.Error("+Inf matched -Inf")
	}
	if Equal(a, b) || !Equal(a, a.Clone()) {
		t.Error("Equal is wrong")
	}
	i, _ := FromI64(I64, []int64{1}, []int64{3})
	if err := Close(i, ScalarInt(I64, 3), 0, 0); err == nil {
		t.Error("shape [1] matched a scalar")
	}
}

func TestDenseRoundTrip(t *testing.T) {
	ctx := builtin.NewContext()
	for _, x := range []*Tensor{
		must(FromFloats(F32, []int64{2, 2}, []float64{1.5, -2, math.Inf(1), 0.1})),
		must(FromFloats(F16, []int64{3}, []float64{1, 65504, 0.1})),
		must(FromFloats(BF16, []int64{2}, []float64{3.14159, -1e30})),
		must(FromInts(I32, []int64{3}, []int64{-1, 2, 1 << 31})),
		must(FromInts(I1, []int64{2}, []int64{1, 0})),
		must(FromInts(Index, nil, []int64{42})),
		must(FromInts(I64, []int64{0, 3}, nil)),
		must(FromFloats(F64, []int64{3}, []float64{7, 7, 7})),
	} {
		a := x.ToDense(ctx)
		y, err := FromDense(a)
		if err != nil || !Equal(x, y) {
			t.Errorf("dense round trip of %v: got %v, %v (attr %s)", x, y, err, a)
		}
	}
}

func TestNPYRoundTrip(t *testing.T) {
	for _, x := range []*Tensor{
		must(FromFloats(F32, []int64{2, 2}, []float64{1.5, -2, 3, 4})),
		must(FromFloats(F16, []int64{1}, []float64{0.5})),
		must(FromInts(I1, []int64{2}, []int64{1, 0})),
		must(FromInts(I32, nil, []int64{-7})),
		must(FromInts(I64, []int64{2, 0}, nil)),
		must(FromFloats(F64, []int64{1}, []float64{2})),
	} {
		a, err := x.ToNPY()
		if err != nil {
			t.Fatal(err)
		}
		var buf strings.Builder
		if err := npy.Write(&buf, a); err != nil {
			t.Fatalf("npy.Write(%v): %v", x, err)
		}
		b, err := npy.Read(strings.NewReader(buf.String()))
		if err != nil {
			t.Fatal(err)
		}
		y, err := FromNPY(b)
		if err != nil || !Equal(x, y) {
			t.Errorf("npy round trip of %v: got %v, %v", x, y, err)
		}
	}
	if _, err := MustNewTensor(BF16, nil).ToNPY(); err == nil {
		t.Error("bf16 ToNPY succeeded")
	}
	if _, err := FromNPY(&npy.Array{DType: npy.Int8, Shape: []int{1}, I8: []int8{1}}); err == nil {
		t.Error("int8 FromNPY succeeded")
	}
}

func must(t *Tensor, err error) *Tensor {
	if err != nil {
		panic(err)
	}
	return t
}
