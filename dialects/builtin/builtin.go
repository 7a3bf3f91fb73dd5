// Package builtin defines the builtin dialect: builtin.module and
// builtin.unrealized_conversion_cast, with MLIR's operation and attribute
// names, custom forms and verifiers. The func dialect is in package
// function (dialects/function).
package builtin

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/ir"
)

// ModuleDef is builtin.module: the top-level container, a symbol table whose
// single block holds any operations.
var ModuleDef = &ir.OpDef{
	Name:    ir.ModuleOpName,
	Summary: "A top level container operation",
	Description: "A module holds a single graph region with a single block, which may contain any operations " +
		"and needs no terminator. Symbols defined in it (such as functions) have unique names. " +
		"Text whose top level is not a single module is wrapped in an implicit one.",
	Traits:         ir.IsolatedFromAbove | ir.NoTerminator | ir.SingleBlock | ir.IsSymbolTable | ir.Symbol | ir.GraphRegions,
	Successors:     0,
	Regions:        []ir.RegionDef{{Name: "bodyRegion", Doc: "the module body"}},
	Attrs:          []ir.AttrDef{{Name: "sym_name", Constraint: ir.StringAttrC, Optional: true, Doc: "an optional name"}, {Name: "sym_visibility", Constraint: ir.StringAttrC, Optional: true}},
	DefaultDialect: "builtin",
	Print:          printModule,
	Parse:          parseModule,
	Verify: func(op *ir.Operation) error {
		if b := op.Region(0).Front(); b != nil && b.NumArgs() > 0 {
			return fmt.Errorf("expected body region to have no arguments")
		}
		return nil
	},
}

func printModule(p ir.OpPrinter, op *ir.Operation) {
	if name, ok := op.StringAttr("sym_name"); ok {
		p.Print(" ")
		p.PrintSymbolName(name)
	}
	p.PrintOptionalAttrDictWithKeyword(op.Attrs(), "sym_name")
	p.Print(" ")
	p.PrintRegion(op.Region(0), false, false)
}

func parseModule(p ir.OpParser, st *ir.OperationState) error {
	if name, ok := p.ParseOptionalSymbolName(); ok {
		st.AddAttr("sym_name", ir.String(name))
	}
	if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
		return err
	}
	r := st.AddRegion()
	if err := p.ParseRegion(r, nil); err != nil {
		return err
	}
	if r.Empty() {
		r.PushBack(ir.NewBlock(nil, nil))
	}
	return nil
}

// UnrealizedConversionCastDef is builtin.unrealized_conversion_cast: a
// placeholder conversion between type systems, left by partial lowerings.
var UnrealizedConversionCastDef = &ir.OpDef{
	Name:        "builtin.unrealized_conversion_cast",
	Summary:     "An unrealized conversion from one set of types to another",
	Description: "Stands for a conversion that a later pass must resolve; it has no semantics of its own.",
	Traits:      ir.Pure,
	Operands:    []ir.ArgDef{{Name: "inputs", Type: ir.AnyType, Variadic: true}},
	Results:     []ir.ArgDef{{Name: "outputs", Type: ir.AnyType, Variadic: true}},
	Format:      "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict",
	Verify: func(op *ir.Operation) error {
		if op.NumResults() == 0 {
			return fmt.Errorf("expected at least one result for cast operation")
		}
		return nil
	},
}

// Dialect is the builtin dialect.
var Dialect = &ir.Dialect{
	Name:        "builtin",
	Summary:     "The builtin dialect: modules and unrealized casts",
	Description: "Holds the operations every program needs regardless of the dialects it uses.",
	Ops:         []*ir.OpDef{ModuleDef, UnrealizedConversionCastDef},
}

// NewModule returns an empty builtin.module with one empty block.
func NewModule(ctx *ir.Context, loc ir.Location) *ir.Operation {
	st := &ir.OperationState{Name: ModuleDef.Name, Loc: loc}
	st.AddRegion().PushBack(ir.NewBlock(nil, nil))
	return ctx.NewOp(st)
}

// ModuleBody returns the block of a module.
func ModuleBody(m *ir.Operation) *ir.Block { return m.Region(0).Front() }

// NewContext returns a context with the builtin and func dialects loaded.
func NewContext() *ir.Context {
	return ir.NewContext().MustLoadDialect(Dialect, function.Dialect)
}
