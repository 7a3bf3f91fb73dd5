package opclass

import (
	"testing"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/lowering/internal/affine"
)

// TestClassesAndIndexMaps checks the class of each kind of tensor op, and
// the index maps of views.
func TestClassesAndIndexMaps(t *testing.T) {
	src := `func.func @f(%x: tensor<4x8xf32>, %w: tensor<8x3xf32>) -> tensor<8x4xf32> {
  %t = tensor.transpose %x perm = [1, 0] : tensor<4x8xf32>
  %e = tensor.exp %t : tensor<8x4xf32>
  %s = tensor.reduce_sum %x dims = [1] : tensor<4x8xf32>
  %m = tensor.matmul %x, %w : tensor<4x8xf32>, tensor<8x3xf32>
  %c = tensor.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %k = tensor.constant dense<[3.0, 1.0, 4.0, 1.0]> : tensor<4xf32>
  return %e : tensor<8x4xf32>
}`
	ctx := ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, tensor.Dialect)
	m, err := asm.ParseString(ctx, src, asm.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var ops []*ir.Operation
	m.Walk(func(op *ir.Operation) {
		if op.Dialect() == "tensor" || op.Name() == "func.return" {
			ops = append(ops, op)
		}
	})
	want := []Class{View, Pointwise, Reduce, Extern, Const, Dense, None}
	if len(ops) != len(want) {
		t.Fatalf("%d ops", len(ops))
	}
	for i, op := range ops {
		if got := Classify(op); got != want[i] {
			t.Errorf("%s: class %d, want %d", op.Name(), got, want[i])
		}
	}
	// The transpose's element (i, j) reads the operand's (j, i).
	ix := affine.NewIndexer()
	i := ix.NewVar("i", affine.Const(8), nil)
	j := ix.NewVar("j", affine.Const(4), nil)
	size := func(v ir.Value, d int) (affine.Expr, error) { return affine.Const(Shape(v)[d]), nil }
	oi, err := OperandIndex(ix, ops[0], []affine.Expr{i, j}, size)
	if err != nil || !affine.EqualIndex(oi, []affine.Expr{j, i}) {
		t.Errorf("transpose reads %s, %v", affine.IndexKey(oi), err)
	}
	if dims, ok := ReducedDims(ops[2]); !ok || len(dims) != 1 || dims[0] != 1 {
		t.Errorf("reduced dims %v", dims)
	}
	if Cost(ops[1]) <= Cost(ops[0]) {
		t.Error("exp costs no more than a view")
	}
}

// TestArithOnTensors checks that arith and math ops on tensors are
// pointwise (element-wise, as MLIR defines them), an arith.constant of
// tensor type a constant, and arith ops on scalars or with several
// results outside every class.
func TestArithOnTensors(t *testing.T) {
	src := `func.func @f(%x: tensor<4xf32>, %i: tensor<4xi32>, %s: f32) -> tensor<4xf32> {
  %n = arith.negf %x : tensor<4xf32>
  %e = math.exp %x : tensor<4xf32>
  %c = arith.cmpf olt, %x, %n : tensor<4xf32>
  %d = arith.divsi %i, %i : tensor<4xi32>
  %k = arith.constant dense<2.0> : tensor<4xf32>
  %v = arith.constant dense<[1.0, 5.0, 2.0, 7.0]> : tensor<4xf32>
  %a = arith.addf %s, %s : f32
  %m:2 = arith.mulsi_extended %i, %i : tensor<4xi32>
  return %n : tensor<4xf32>
}`
	ctx := ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, tensor.Dialect, arith.Dialect, arith.MathDialect)
	m, err := asm.ParseString(ctx, src, asm.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	want := map[string]Class{
		arith.NegFName: Pointwise, arith.MathExpName: Pointwise, arith.CmpFName: Pointwise, arith.DivSIName: Pointwise,
		arith.AddFName: None, arith.MulSIExtendedName: None,
	}
	constants := []Class{Const, Dense}
	m.Walk(func(op *ir.Operation) {
		name := op.Name()
		if name == arith.ConstantName {
			if got := Classify(op); got != constants[0] {
				t.Errorf("%s: class %d, want %d", op, got, constants[0])
			}
			constants = constants[1:]
			return
		}
		if w, ok := want[name]; ok {
			if got := Classify(op); got != w {
				t.Errorf("%s: class %d, want %d", name, got, w)
			}
			delete(want, name)
		}
	})
	if len(want) > 0 || len(constants) > 0 {
		t.Errorf("ops not seen: %v, %d constants", want, len(constants))
	}
}
