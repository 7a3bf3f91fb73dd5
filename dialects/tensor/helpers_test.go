package tensor_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// newCtx returns a context with the builtin, func and tensor dialects.
func newCtx() *ir.Context {
	return ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, tensor.Dialect)
}

// parseAttrs parses an attribute dictionary such as "{dim = 1}".
func parseAttrs(t *testing.T, ctx *ir.Context, dict string) []ir.NamedAttr {
	t.Helper()
	if dict == "" {
		return nil
	}
	prev := ctx.AllowUnregistered
	ctx.AllowUnregistered = true
	defer func() { ctx.AllowUnregistered = prev }()
	m, err := asm.ParseString(ctx, `"test.attrs"() `+dict+` : () -> ()`, asm.ParseOptions{})
	if err != nil {
		t.Fatalf("parsing attributes %s: %v", dict, err)
	}
	return builtin.ModuleBody(m).First().Attrs()
}

// parseType parses a type.
func parseType(t *testing.T, ctx *ir.Context, s string) ir.Type {
	t.Helper()
	a := parseAttrs(t, ctx, "{t = "+s+"}")
	ta, ok := a[0].Value.(*ir.TypeAttr)
	if !ok {
		t.Fatalf("%s is not a type", s)
	}
	return ta.Value
}

// values returns block arguments of the given types.
func values(t *testing.T, ctx *ir.Context, types ...string) []ir.Value {
	t.Helper()
	ts := make([]ir.Type, len(types))
	for i, s := range types {
		ts[i] = parseType(t, ctx, s)
	}
	blk := ir.NewBlock(ts, nil)
	(&ir.Region{}).PushBack(blk)
	return blk.ArgValues()
}

// insert appends op to the block of its operands (or a new block) so
// that the verifier sees the operands dominate it.
func insert(op *ir.Operation) *ir.Operation {
	if op.NumOperands() > 0 {
		if a, ok := op.Operand(0).(*ir.BlockArgument); ok {
			a.Owner().Append(op)
			return op
		}
	}
	blk := ir.NewBlock(nil, nil)
	(&ir.Region{}).PushBack(blk)
	blk.Append(op)
	return op
}

// parseModule parses and verifies src.
func parseModule(t *testing.T, ctx *ir.Context, src string) *ir.Operation {
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

// print prints op in custom (or generic) form.
func print(op *ir.Operation, generic bool) string {
	return asm.String(op, asm.PrintOptions{Generic: generic})
}

// wantErr checks that err is non-nil and contains want.
func wantErr(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %q", want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q does not contain %q", err, want)
	}
}
