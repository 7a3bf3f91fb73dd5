package arith_test

import (
	"strconv"
	"testing"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

func newContext() *ir.Context {
	return arith.Load(builtin.NewContext())
}

// parseModule parses and verifies src.
func parseModule(t testing.TB, ctx *ir.Context, src string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(ctx, src, asm.ParseOptions{Filename: "test.mlir"})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, src)
	}
	return m
}

// funcs returns the func.func ops of a module by name.
func funcs(m *ir.Operation) map[string]*ir.Operation {
	out := map[string]*ir.Operation{}
	for op := m.Region(0).Front().First(); op != nil; op = op.Next() {
		if name, ok := op.StringAttr(ir.SymbolAttrName); ok {
			out[name] = op
		}
	}
	return out
}

// returned returns the values returned by a function.
func returned(fn *ir.Operation) []ir.Value {
	ret := fn.Region(0).Front().Last()
	return ret.Operands()
}

// constantsOf returns the constant values of op's operands (nil where not constant).
func constantsOf(op *ir.Operation) []ir.Attribute {
	out := make([]ir.Attribute, op.NumOperands())
	for i, v := range op.Operands() {
		d := ir.DefiningOp(v)
		if d != nil && d.HasTrait(ir.ConstantLike) {
			if r, ok := d.Def().Fold(d, nil); ok && len(r) == 1 {
				out[i] = r[0].Attr
			}
		}
	}
	return out
}

// describe names a value for test expectations: "%argN" for arguments,
// "op-name#i" for results.
func describe(v ir.Value) string {
	switch v := v.(type) {
	case *ir.BlockArgument:
		return "%arg" + itoa(v.Index())
	case *ir.OpResult:
		return v.Owner().Name() + "#" + itoa(v.Index())
	}
	return "?"
}

func itoa(i int) string { return strconv.Itoa(i) }

// printOp prints a function in custom form.
func printOp(op *ir.Operation) string {
	return asm.String(op, asm.PrintOptions{})
}
