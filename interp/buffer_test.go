package interp_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

func TestBufferCheckType(t *testing.T) {
	ctx := ir.NewContext()
	b, err := interp.NewBuffer(interp.F32, []int64{2, 3})
	if err != nil {
		t.Fatal(err)
	}
	ok := []ir.Type{
		ctx.MemRef([]int64{2, 3}, ctx.F32()),
		ctx.MemRef([]int64{ir.Dynamic, 3}, ctx.F32()),
		ctx.MemRef([]int64{ir.Dynamic, ir.Dynamic}, ctx.F32()),
	}
	for _, ty := range ok {
		if err := b.CheckType(ty); err != nil {
			t.Errorf("CheckType(%s): %v", ty, err)
		}
	}
	for _, tc := range []struct {
		ty  ir.Type
		msg string
	}{
		{ctx.MemRef([]int64{2, 4}, ctx.F32()), "dimension 1 is 3, not 4"},
		{ctx.MemRef([]int64{6}, ctx.F32()), "got rank 2"},
		{ctx.MemRef([]int64{2, 3}, ctx.F64()), "expected element type f64"},
		{ctx.Tensor([]int64{2, 3}, ctx.F32()), "expected a value of type tensor<2x3xf32>, got a buffer (memref<2x3xf32>)"},
		{ctx.F32(), "got a buffer"},
	} {
		if err := b.CheckType(tc.ty); err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("CheckType(%s) = %v, want %q", tc.ty, err, tc.msg)
		}
	}
}

func TestBufferAccess(t *testing.T) {
	data, _ := interp.FromI32([]int64{2, 3}, []int32{0, 1, 2, 3, 4, 5})
	b := interp.BufferOf(data)
	if b.Owned() || b.TypeString() != "memref<2x3xi32>" {
		t.Fatalf("BufferOf: owned %v, type %s", b.Owned(), b.TypeString())
	}
	v, err := b.Load([]int64{1, 2})
	if err != nil || v.Int(0) != 5 || v.Rank() != 0 {
		t.Fatalf("Load = %v, %v", v, err)
	}
	if err := b.Store([]int64{0, 1}, interp.ScalarInt(interp.I32, -7)); err != nil {
		t.Fatal(err)
	}
	if data.I32()[1] != -7 {
		t.Errorf("store did not reach the tensor's storage: %v", data.I32())
	}
	if err := b.Store([]int64{0, 1}, interp.ScalarInt(interp.I64, 1)); err == nil {
		t.Error("storing an i64 into an i32 buffer succeeded")
	}
	for _, idx := range [][]int64{{2, 0}, {0, 3}, {-1, 0}, {0}, {0, 0, 0}} {
		if _, err := b.Load(idx); err == nil {
			t.Errorf("Load(%v) succeeded", idx)
		}
	}
	vec, err := b.LoadVector([]int64{1, 1}, []int64{2})
	if err != nil || !slices.Equal(vec.I32(), []int32{4, 5}) {
		t.Fatalf("LoadVector = %v, %v", vec, err)
	}
	if _, err := b.LoadVector([]int64{1, 2}, []int64{2}); err == nil || !strings.Contains(err.Error(), "2 elements at indices [1, 2] are out of bounds of memref<2x3xi32> (elements 2 to 3 of dimension 1, whose size is 3)") {
		t.Errorf("LoadVector out of bounds: %v", err)
	}
	if err := b.StoreVector([]int64{0, 0}, vec); err != nil || !slices.Equal(data.I32()[:3], []int32{4, 5, 2}) {
		t.Errorf("StoreVector: %v, %v", err, data.I32())
	}
	if err := b.Free(nil); err == nil || !strings.Contains(err.Error(), "not allocated by the program") {
		t.Errorf("Free of an argument buffer: %v", err)
	}
}

func TestBufferFree(t *testing.T) {
	b, err := interp.NewBuffer(interp.F64, []int64{4})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := b.Storage()
	if s.Len() != 4 || s.F64()[3] != 0 {
		t.Fatalf("new buffer: %v", s)
	}
	loc := ir.FileLineCol("x.mlir", 3, 5)
	if err := b.Free(loc); err != nil {
		t.Fatal(err)
	}
	if !b.Freed() || !strings.Contains(b.String(), "(freed)") {
		t.Errorf("after Free: %s", b)
	}
	_, err = b.Load([]int64{0})
	var fe *interp.FreedError
	if !errors.As(err, &fe) || fe.FreedAt != loc {
		t.Fatalf("Load after Free: %v", err)
	}
	err = b.Free(loc)
	if err == nil || !strings.Contains(err.Error(), "freed twice") || !errors.As(err, &fe) {
		t.Errorf("double Free: %v", err)
	}
	if _, err := interp.ResultTensors([]interp.Value{b}); err == nil {
		t.Error("ResultTensors of a freed buffer succeeded")
	}
}

// TestMemrefArguments checks that tensors given for memref parameters are
// the buffers' storage, and that buffer results come back as tensors.
func TestMemrefArguments(t *testing.T) {
	m := parse(t, `func.func @id(%m: memref<3xf32>) -> memref<3xf32> {
  return %m : memref<3xf32>
}`)
	in := interp.New(m, testRegistry())
	x, _ := interp.FromF32([]int64{3}, []float32{1, 2, 3})
	res, err := in.Run("id", x)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := res[0].(*interp.Buffer)
	if !ok {
		t.Fatalf("result %v is not a buffer", res[0])
	}
	s, _ := b.Storage()
	if s != x {
		t.Errorf("the buffer does not use the argument's storage")
	}
	ts, err := in.RunTensors("id", x)
	if err != nil || ts[0] != x {
		t.Errorf("RunTensors = %v, %v", ts, err)
	}
	if _, err := in.Run("id", interp.MustNewTensor(interp.F32, []int64{4})); err == nil {
		t.Error("a tensor of the wrong shape was accepted")
	}
}
