package gpu

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// dimensionAttrC accepts a #gpu<dim ...> attribute.
var dimensionAttrC = ir.AttrConstraint{Desc: "a dimension, either 'x', 'y', or 'z'", Check: func(a ir.Attribute) bool {
	_, ok := DimensionAttrDef.Value(a)
	return ok
}}

// idOp defines one of the ops that return an index of the thread
// hierarchy along a dimension: `%0 = gpu.thread_id x`.
func idOp(name, goName, summary, desc string) *ir.OpDef {
	return &ir.OpDef{
		Name:          name,
		GoName:        goName,
		CustomBuilder: true,
		Summary:       summary,
		Description:   desc + " Custom form: `%0 = " + name + " x` (or y, z).",
		Traits:        ir.Pure,
		Results:       []ir.ArgDef{{Name: "result", Type: ir.IndexOnly}},
		Attrs:         []ir.AttrDef{{Name: "dimension", Constraint: dimensionAttrC, Doc: "x, y or z"}},
		InferResultTypes: func(ctx *ir.Context, _ []ir.Value, _ []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
			return []ir.Type{ctx.Index()}, nil
		},
		Print: func(p ir.OpPrinter, op *ir.Operation) {
			d, _ := DimensionAttrDef.Value(op.Attr("dimension"))
			// MLIR 16 writes two spaces: one before the attribute, one
			// from the attribute's own printer.
			p.Print(" ")
			DimensionAttrDef.Print(p, d)
			p.PrintOptionalAttrDict(op.Attrs(), "dimension")
		},
		Parse: func(p ir.OpParser, st *ir.OperationState) error {
			d, err := DimensionEnum.Parse(p)
			if err != nil {
				return err
			}
			st.AddAttr("dimension", DimensionAttrDef.Get(d))
			if err := p.ParseOptionalAttrDict(st); err != nil {
				return err
			}
			st.ResultTypes = []ir.Type{p.Context().Index()}
			return nil
		},
	}
}

// The ids and sizes of the thread hierarchy.
var (
	// ThreadIDDef is gpu.thread_id.
	ThreadIDDef = idOp("gpu.thread_id", "ThreadID", "Thread index within its block",
		"Returns the index of the running thread within its block along the dimension, in [0, gpu.block_dim).")
	// BlockIDDef is gpu.block_id.
	BlockIDDef = idOp("gpu.block_id", "BlockID", "Block index within the grid",
		"Returns the index of the running thread's block within the grid along the dimension, in [0, gpu.grid_dim).")
	// BlockDimDef is gpu.block_dim.
	BlockDimDef = idOp("gpu.block_dim", "BlockDim", "Number of threads of a block along a dimension",
		"Returns the block size of the launch along the dimension.")
	// GridDimDef is gpu.grid_dim.
	GridDimDef = idOp("gpu.grid_dim", "GridDim", "Number of blocks of the grid along a dimension",
		"Returns the grid size of the launch along the dimension.")
)

// Dim returns the dimension of a gpu.thread_id, block_id, block_dim or
// grid_dim op.
func Dim(op *ir.Operation) (Dimension, bool) {
	return DimensionAttrDef.Value(op.Attr("dimension"))
}

// LaneIDDef is gpu.lane_id.
var LaneIDDef = &ir.OpDef{
	Name:    "gpu.lane_id",
	GoName:  "LaneID",
	Summary: "Lane index within the warp",
	Description: "Returns the index of the running thread within its warp (subgroup), in [0, 32): the " +
		"linear thread index of the block (x fastest, then y, then z) modulo the warp size.",
	Traits:  ir.Pure,
	Results: []ir.ArgDef{{Name: "result", Type: ir.IndexOnly}},
	Format:  "attr-dict",
	InferResultTypes: func(ctx *ir.Context, _ []ir.Value, _ []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
		return []ir.Type{ctx.Index()}, nil
	},
}

// BarrierDef is gpu.barrier.
var BarrierDef = &ir.OpDef{
	Name:    "gpu.barrier",
	Summary: "Synchronizes all work items of a workgroup.",
	Description: "Waits until every thread of the block has reached this barrier; the memory accesses of " +
		"the threads before it are then visible to all of them. Every thread of the block must reach the same " +
		"barrier (a barrier in divergent control flow is undefined behaviour; tt's interpreter reports it as " +
		"an error).",
	Format: "attr-dict",
	// No memory effects are declared: unknown effects keep passes from
	// moving loads and stores across a barrier.
}

// i32OrF32 is the type of gpu.shuffle's value in MLIR 16.
var i32OrF32 = ir.TypeConstraint{Desc: "i32 or f32", Check: func(t ir.Type) bool {
	return ir.IsSignlessInteger(t) && ir.IntWidth(t) == 32 || ir.IsFloat(t) && t.String() == "f32"
}}

var i32 = ir.TypeConstraint{Desc: "32-bit signless integer", Check: func(t ir.Type) bool {
	return ir.IsSignlessInteger(t) && ir.IntWidth(t) == 32
}}

// shuffleModeAttrC accepts a #gpu<shuffle_mode ...> attribute.
var shuffleModeAttrC = ir.AttrConstraint{Desc: "Indexing modes supported by gpu.shuffle.", Check: func(a ir.Attribute) bool {
	_, ok := ShuffleModeAttrDef.Value(a)
	return ok
}}

// ShuffleDef is gpu.shuffle.
//
//	%shuffleResult, %valid = gpu.shuffle  xor %value, %offset, %width : f32
var ShuffleDef = &ir.OpDef{
	Name:          "gpu.shuffle",
	CustomBuilder: true,
	Summary:       "Shuffles values within a subgroup.",
	Description: "Every thread of the warp (the lanes [0, width) take part) reads `value` from another lane: " +
		"`xor` from lane ^ offset, `down` from lane + offset, `up` from lane - offset, `idx` from lane offset. " +
		"`valid` is false when that lane is outside [0, width); the result is then the thread's own value. " +
		"Every lane of the warp must execute the shuffle together; a lane at or above `width` executing it is " +
		"undefined behaviour (an error in tt's interpreter).",
	Traits: ir.Pure,
	Operands: []ir.ArgDef{
		{Name: "value", Type: i32OrF32}, {Name: "offset", Type: i32, Doc: "the lane offset, or the lane for idx"},
		{Name: "width", Type: i32, Doc: "the number of lanes taking part"},
	},
	Results: []ir.ArgDef{
		{Name: "shuffleResult", Type: i32OrF32}, {Name: "valid", Type: ir.I1, Doc: "whether the source lane was in range"},
	},
	Attrs:       []ir.AttrDef{{Name: "mode", Constraint: shuffleModeAttrC, Doc: "xor, up, down or idx"}},
	ResultNames: func(*ir.Operation) []string { return []string{"shuffleResult", "valid"} },
	InferResultTypes: func(ctx *ir.Context, operands []ir.Value, _ []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
		if len(operands) == 0 {
			return nil, fmt.Errorf("expects a value operand")
		}
		return []ir.Type{operands[0].Type(), ctx.I1()}, nil
	},
	Verify: func(op *ir.Operation) error {
		if op.Operand(0).Type() != op.Result(0).Type() {
			return fmt.Errorf("failed to verify that all of {value, shuffleResult} have same type")
		}
		return nil
	},
	Print: func(p ir.OpPrinter, op *ir.Operation) {
		m, _ := ShuffleModeAttrDef.Value(op.Attr("mode"))
		p.Print(" ")
		ShuffleModeAttrDef.Print(p, m)
		p.Print(" ")
		p.PrintOperands(op.Operands())
		p.PrintOptionalAttrDict(op.Attrs(), "mode")
		p.Print(" : ")
		p.PrintType(op.Operand(0).Type())
	},
	Parse: parseShuffle,
}

// Mode returns the mode of a gpu.shuffle.
func Mode(op *ir.Operation) (ShuffleMode, bool) { return ShuffleModeAttrDef.Value(op.Attr("mode")) }

func parseShuffle(p ir.OpParser, st *ir.OperationState) error {
	m, err := ShuffleModeEnum.Parse(p)
	if err != nil {
		return err
	}
	st.AddAttr("mode", ShuffleModeAttrDef.Get(m))
	var us []ir.UnresolvedOperand
	for i := 0; i < 3; i++ {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		us = append(us, u)
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	ctx := p.Context()
	for i, u := range us {
		want := ctx.I32()
		if i == 0 {
			want = t
		}
		v, err := p.ResolveOperand(u, want)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	st.ResultTypes = []ir.Type{t, ctx.I1()}
	return nil
}
