// Package loops defines the loop-level dialect that TorchInductor's loop IR
// lowers to in tt: buffers (memref), allocation, loads and stores, counted
// loops with loop-carried values (loops.for), parallel loop nests
// (loops.parallel), conditionals (loops.if), calls of runtime kernels
// (loops.call_extern), and loops.kernel, the fused group of tensor ops the
// fusion pass forms and tensor-to-loops turns into loop nests.
package loops

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/ir"
)

var memRef = ir.AnyMemRef

func memrefOf(v ir.Value) (*ir.MemRefType, bool) {
	t, ok := v.Type().(*ir.MemRefType)
	return t, ok
}

func countDynamic(shape []int64) int {
	n := 0
	for _, d := range shape {
		if d == ir.Dynamic {
			n++
		}
	}
	return n
}

// AllocDef is loops.alloc: a new buffer; one index operand per dynamic size.
var AllocDef = &ir.OpDef{
	Name:    "loops.alloc",
	Summary: "Allocate a buffer",
	Description: "Returns a new buffer of the result type, filled with zeros. Each `?` dimension takes its size from " +
		"an index operand, in order. Buffers are freed with loops.dealloc (memory planning inserts these).",
	Operands: []ir.ArgDef{{Name: "sizes", Type: ir.IndexOnly, Variadic: true, Doc: "sizes of the dynamic dimensions"}},
	Results:  []ir.ArgDef{{Name: "result", Type: memRef, Doc: "the new buffer"}},
	Format:   "`(` $sizes `)` attr-dict `:` type($result)",
	Effects: func(op *ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectAlloc, Value: op.Result(0)}}
	},
	Verify: func(op *ir.Operation) error {
		t, ok := op.Result(0).Type().(*ir.MemRefType)
		if !ok {
			return nil
		}
		if want := countDynamic(t.Shape()); op.NumOperands() != want {
			return fmt.Errorf("expects %d dynamic size operands for %s, got %d", want, t, op.NumOperands())
		}
		return nil
	},
}

// DeallocDef is loops.dealloc.
var DeallocDef = &ir.OpDef{
	Name:        "loops.dealloc",
	Summary:     "Free a buffer",
	Description: "Ends the lifetime of a buffer made by loops.alloc; its memory may be reused.",
	Operands:    []ir.ArgDef{{Name: "buffer", Type: memRef}},
	Format:      "$buffer attr-dict `:` type($buffer)",
	Effects: func(op *ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectFree, Value: op.Operand(0)}}
	},
}

// indexedVerify checks that an op accessing buffer operand #b has one index per dimension.
func indexedVerify(op *ir.Operation, b int) error {
	t, ok := memrefOf(op.Operand(b))
	if !ok {
		return nil
	}
	if n := op.NumOperands() - b - 1; n != t.Rank() {
		return fmt.Errorf("expects %d indices for %s, got %d", t.Rank(), t, n)
	}
	return nil
}

// LoadDef is loops.load.
var LoadDef = &ir.OpDef{
	Name:        "loops.load",
	Summary:     "Read one element of a buffer",
	Description: "Returns the element at the given indices (one index per dimension, row-major buffer).",
	Operands:    []ir.ArgDef{{Name: "buffer", Type: memRef}, {Name: "indices", Type: ir.IndexOnly, Variadic: true}},
	Results:     []ir.ArgDef{{Name: "result", Type: ir.AnyType}},
	Format:      "$buffer `[` $indices `]` attr-dict `:` type($buffer)",
	Verify: func(op *ir.Operation) error {
		if err := indexedVerify(op, 0); err != nil {
			return err
		}
		if t, ok := memrefOf(op.Operand(0)); ok && t.Elem != op.Result(0).Type() {
			return fmt.Errorf("result type %s does not match the element type of %s", op.Result(0).Type(), t)
		}
		return nil
	},
	InferResultTypes: func(_ *ir.Context, operands []ir.Value, _ []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
		if len(operands) == 0 {
			return nil, fmt.Errorf("expects a buffer operand")
		}
		t, ok := memrefOf(operands[0])
		if !ok {
			return nil, fmt.Errorf("expects a memref, got %s", operands[0].Type())
		}
		return []ir.Type{t.Elem}, nil
	},
	Effects: func(op *ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectRead, Value: op.Operand(0)}}
	},
}

// StoreDef is loops.store.
var StoreDef = &ir.OpDef{
	Name:        "loops.store",
	Summary:     "Write one element of a buffer",
	Description: "Stores the value at the given indices.",
	Operands:    []ir.ArgDef{{Name: "value", Type: ir.AnyType}, {Name: "buffer", Type: memRef}, {Name: "indices", Type: ir.IndexOnly, Variadic: true}},
	Format:      "$value `,` $buffer `[` $indices `]` attr-dict `:` type($buffer)",
	Verify: func(op *ir.Operation) error {
		if err := indexedVerify(op, 1); err != nil {
			return err
		}
		if t, ok := memrefOf(op.Operand(1)); ok && t.Elem != op.Operand(0).Type() {
			return fmt.Errorf("value type %s does not match the element type of %s", op.Operand(0).Type(), t)
		}
		return nil
	},
	Effects: func(op *ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectWrite, Value: op.Operand(1)}}
	},
}

// DimDef is loops.dim.
var DimDef = &ir.OpDef{
	Name:        "loops.dim",
	Summary:     "Size of a buffer dimension",
	Description: "Returns the size of dimension `dim` of the buffer, as an index.",
	Traits:      ir.Pure,
	Operands:    []ir.ArgDef{{Name: "buffer", Type: memRef}},
	Results:     []ir.ArgDef{{Name: "result", Type: ir.IndexOnly}},
	Attrs:       []ir.AttrDef{{Name: "dim", Constraint: ir.I64AttrC, Doc: "the dimension, in [0, rank)"}},
	Format:      "$buffer `,` $dim attr-dict `:` type($buffer)",
	InferResultTypes: func(ctx *ir.Context, _ []ir.Value, _ []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
		return []ir.Type{ctx.Index()}, nil
	},
	Verify: func(op *ir.Operation) error {
		t, ok := memrefOf(op.Operand(0))
		d, _ := op.IntAttr("dim")
		if ok && (d < 0 || int(d) >= t.Rank()) {
			return fmt.Errorf("dimension %d is out of range for %s", d, t)
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		t, ok := memrefOf(op.Operand(0))
		d, _ := op.IntAttr("dim")
		if !ok || d < 0 || int(d) >= t.Rank() || t.Shape()[d] == ir.Dynamic {
			return nil, false
		}
		return []ir.FoldResult{{Attr: ir.Int(op.Context().Index(), t.Shape()[d])}}, true
	},
}

// CheckIndexDef is loops.check_index.
var CheckIndexDef = &ir.OpDef{
	Name:    "loops.check_index",
	Summary: "Run-time bounds check of a computed index",
	Description: "Returns `index` when 0 <= `index` < `size`; otherwise the function fails with an error located at the op " +
		"(the tensor op whose data-dependent index it checks: a gather or scatter index, a cross_entropy target): " +
		"\"`op`: index I is out of range for dimension size N\". Kernels on the GPU trap, as a device-side assert " +
		"does. Loads and stores use the result, so the check stays before them; it has no memory effects.",
	Operands: []ir.ArgDef{{Name: "index", Type: ir.IndexOnly}, {Name: "size", Type: ir.IndexOnly}},
	Results:  []ir.ArgDef{{Name: "result", Type: ir.IndexOnly}},
	Attrs:    []ir.AttrDef{{Name: "op", Constraint: ir.StringAttrC, Doc: "the tensor op the error names"}},
	Format:   "$index `,` $size attr-dict",
	InferResultTypes: func(ctx *ir.Context, _ []ir.Value, _ []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
		return []ir.Type{ctx.Index()}, nil
	},
	Effects: func(*ir.Operation) []ir.MemoryEffect { return nil },
}

// CopyDef is loops.copy.
var CopyDef = &ir.OpDef{
	Name:        "loops.copy",
	Summary:     "Copy a buffer into another",
	Description: "Copies every element of `source` into `target`; both have the same shape and element type.",
	Operands:    []ir.ArgDef{{Name: "source", Type: memRef}, {Name: "target", Type: memRef}},
	Format:      "$source `,` $target attr-dict `:` type($source) `,` type($target)",
	Verify: func(op *ir.Operation) error {
		a, ok1 := memrefOf(op.Operand(0))
		b, ok2 := memrefOf(op.Operand(1))
		if ok1 && ok2 && (a.Elem != b.Elem || !ir.ShapesCompatible(a.Shape(), b.Shape())) {
			return fmt.Errorf("source %s and target %s differ", a, b)
		}
		return nil
	},
	Effects: func(op *ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectRead, Value: op.Operand(0)}, {Kind: ir.EffectWrite, Value: op.Operand(1)}}
	},
}

// YieldDef is loops.yield.
var YieldDef = &ir.OpDef{
	Name:        "loops.yield",
	Summary:     "Return values from a loop body, branch or kernel",
	Description: "Terminates the regions of loops.for (the next iteration's carried values), loops.if (the results), loops.parallel (no values) and loops.kernel (its results).",
	Traits:      ir.Pure | ir.Terminator | ir.ReturnLike,
	Parents:     []string{ForName, ParallelName, IfName, KernelName},
	Operands:    []ir.ArgDef{{Name: "values", Type: ir.AnyType, Variadic: true}},
	Format:      "attr-dict ($values^ `:` type($values))?",
	Verify:      verifyYield,
}

// verifyYield checks the yielded values against the results of the parent
// (loops.parallel has none). RegionBranch checks the same edges with
// MLIR's generic messages; these are clearer.
func verifyYield(op *ir.Operation) error {
	parent := op.ParentOp()
	want := parent.ResultTypes()
	got := op.OperandTypes()
	if len(got) != len(want) {
		return fmt.Errorf("expects %d values to match the results of '%s', got %d", len(want), parent.Name(), len(got))
	}
	for i := range got {
		if got[i] != want[i] {
			return fmt.Errorf("value #%d has type %s, but '%s' result #%d has type %s", i, got[i], parent.Name(), i, want[i])
		}
	}
	return nil
}

// CallExternDef is loops.call_extern.
var CallExternDef = &ir.OpDef{
	Name:    "loops.call_extern",
	Summary: "Call a kernel of the runtime",
	Description: "Calls the runtime kernel `callee` (for example a tuned, cache-blocked matmul) with buffers and " +
		"indices; the kernel reads and writes its buffer operands. Backends provide the kernels: the interpreter, " +
		"and the Go emitter which includes their source in the generated package.\n\n" +
		"Every backend provides `tt.matmul(A, B, C[, bias])` (C = act(A·B + bias) overwritten, for A `[..., M, K]`, " +
		"B `[..., K, N]`, C `[..., M, N]` of one rank ≥ 2; unit attributes `transpose_a` and `transpose_b` say that A " +
		"is stored as `[..., K, M]` or B as `[..., N, K]`, read in place; the optional bias `[N]` is added to every " +
		"row and the optional `activation` (\"relu\", \"gelu\", \"gelu_tanh\") applied, in the output tile; the " +
		"buffers share one element type, except that f16 or bf16 A and B may have an f32 C and bias: the product " +
		"accumulated and stored in f32) and " +
		"`tt.conv2d(x, w, out)` (NCHW input, OIHW weight, NCHW output " +
		"overwritten; optional attributes `stride`, `padding`, `dilation` as `array<i64: h, w>` and `groups` as " +
		"i64; f16 or bf16 x and w may have an f32 out) and `tt.max_pool2d(x, out)` (NCHW input and output overwritten, floor mode, NaN propagating; " +
		"attributes `kernel`, optional `stride` (default: the kernel), `padding` (at most half the kernel) and " +
		"`dilation`, as `array<i64: h, w>`); the verifier checks the operands of calls of these three.",
	Operands: []ir.ArgDef{{Name: "args", Type: ir.AnyType, Variadic: true}},
	Attrs:    []ir.AttrDef{{Name: "callee", Constraint: ir.StringAttrC, Doc: "the runtime kernel's name"}},
	Format:   "$callee `(` $args `)` attr-dict `:` functional-type($args, results)",
	Verify:   verifyCallExtern,
	Effects: func(op *ir.Operation) []ir.MemoryEffect {
		var out []ir.MemoryEffect
		for _, v := range op.Operands() {
			if _, ok := memrefOf(v); ok {
				out = append(out, ir.MemoryEffect{Kind: ir.EffectRead, Value: v}, ir.MemoryEffect{Kind: ir.EffectWrite, Value: v})
			}
		}
		return out
	},
}

// Dialect is the loops dialect.
var Dialect = &ir.Dialect{
	Name:        "loops",
	Summary:     "Loop nests over buffers: the level TorchInductor's loop IR lowers to",
	Description: "Buffers (memref), their allocation, loads and stores, counted and parallel loops, conditionals, runtime kernel calls, and fused kernels of tensor ops.",
	Ops:         []*ir.OpDef{AllocDef, DeallocDef, LoadDef, StoreDef, DimDef, CheckIndexDef, CopyDef, ForDef, ParallelDef, IfDef, YieldDef, CallExternDef, KernelDef},
	// Folded loops.dim sizes become arith.constant ops.
	MaterializeConstant: arith.MaterializeConstant,
}
