package tensor

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// args is what the verifiers and type inference read: the operands and the
// attributes of an existing op, or of an op about to be built. Every
// accessor copes with missing or ill-typed entries by returning an error.
type args struct {
	ctx      *ir.Context
	operands []ir.Value
	attrs    []ir.NamedAttr
}

// opArgs returns the args of an existing op.
func opArgs(op *ir.Operation) args { return args{op.Context(), op.Operands(), op.Attrs()} }

// attr returns a named attribute, or nil.
func (a args) attr(name string) ir.Attribute {
	for _, na := range a.attrs {
		if na.Name == name {
			return na.Value
		}
	}
	return nil
}

// operand returns operand i, or an error when it is missing.
func (a args) operand(i int, name string) (ir.Value, error) {
	if i >= len(a.operands) || a.operands[i] == nil {
		return nil, fmt.Errorf("expected operand #%d ('%s')", i, name)
	}
	return a.operands[i], nil
}

// tensor returns the ranked tensor type of operand i.
func (a args) tensor(i int, name string) (*ir.RankedTensorType, error) {
	v, err := a.operand(i, name)
	if err != nil {
		return nil, err
	}
	t, ok := asTensor(v.Type())
	if !ok {
		return nil, fmt.Errorf("operand #%d ('%s') must be a ranked tensor, but got '%s'", i, name, v.Type())
	}
	return t, nil
}

// i64 returns a required integer attribute.
func (a args) i64(name string) (int64, error) {
	v := a.attr(name)
	if v == nil {
		return 0, fmt.Errorf("requires attribute '%s'", name)
	}
	return intValue(v, name)
}

// optI64 returns an optional integer attribute, or def when it is absent.
func (a args) optI64(name string, def int64) (int64, error) {
	v := a.attr(name)
	if v == nil {
		return def, nil
	}
	return intValue(v, name)
}

func intValue(v ir.Attribute, name string) (int64, error) {
	i, ok := v.(*ir.IntegerAttr)
	if !ok || i.IsBool() {
		return 0, fmt.Errorf("attribute '%s' must be an i64 integer, but got %s", name, v)
	}
	return i.Int64(), nil
}

// ints returns a required array<i64> attribute.
func (a args) ints(name string) ([]int64, error) {
	v := a.attr(name)
	if v == nil {
		return nil, fmt.Errorf("requires attribute '%s'", name)
	}
	return intsValue(v, name)
}

// optInts returns an optional array<i64> attribute, or def when absent.
func (a args) optInts(name string, def []int64) ([]int64, error) {
	v := a.attr(name)
	if v == nil {
		return def, nil
	}
	return intsValue(v, name)
}

func intsValue(v ir.Attribute, name string) ([]int64, error) {
	d, ok := v.(*ir.DenseArrayAttr)
	if !ok || !ir.IsSignlessInteger(d.Elem) || ir.IntWidth(d.Elem) != 64 {
		return nil, fmt.Errorf("attribute '%s' must be an array<i64: ...>, but got %s", name, v)
	}
	return d.Ints, nil
}

// boolean returns an optional bool attribute, or def when absent.
func (a args) boolean(name string, def bool) (bool, error) {
	v := a.attr(name)
	if v == nil {
		return def, nil
	}
	i, ok := v.(*ir.IntegerAttr)
	if !ok || !i.IsBool() {
		return false, fmt.Errorf("attribute '%s' must be a bool, but got %s", name, v)
	}
	return i.Val != 0, nil
}

// str returns an optional string attribute, or def when absent.
func (a args) str(name, def string) (string, error) {
	v := a.attr(name)
	if v == nil {
		return def, nil
	}
	s, ok := v.(*ir.StringAttr)
	if !ok {
		return "", fmt.Errorf("attribute '%s' must be a string, but got %s", name, v)
	}
	return s.Value, nil
}

// inferFunc computes the result type of an op whose result is determined
// by its operands and attributes, checking them on the way.
type inferFunc func(a args) (ir.Type, error)

// inferHook turns an inferFunc into an OpDef.InferResultTypes hook.
func inferHook(f inferFunc) func(*ir.Context, []ir.Value, []ir.NamedAttr, []*ir.Region) ([]ir.Type, error) {
	return func(ctx *ir.Context, operands []ir.Value, attrs []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
		t, err := f(args{ctx, operands, attrs})
		if err != nil {
			return nil, err
		}
		return []ir.Type{t}, nil
	}
}

// verifyInferred is the Verify hook of an op with an inferred result type:
// it runs the checks of f and compares the result type with f's.
func verifyInferred(f inferFunc) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		t, err := f(opArgs(op))
		if err != nil {
			return err
		}
		if op.NumResults() != 1 {
			return fmt.Errorf("expected 1 result, but found %d", op.NumResults())
		}
		if got := op.Result(0).Type(); got != t {
			return fmt.Errorf("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'", t, got)
		}
		return nil
	}
}

// checkFunc verifies an op whose result type is given, not inferred.
type checkFunc func(a args, result *ir.RankedTensorType) error

// verifyGiven is the Verify hook of an op with a given result tensor type.
func verifyGiven(f checkFunc) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if op.NumResults() != 1 {
			return fmt.Errorf("expected 1 result, but found %d", op.NumResults())
		}
		rt, ok := asTensor(op.Result(0).Type())
		if !ok {
			return fmt.Errorf("result must be a ranked tensor, but got '%s'", op.Result(0).Type())
		}
		for _, d := range rt.Shape() {
			if d < 0 && d != ir.Dynamic {
				return fmt.Errorf("result type '%s' has an invalid dimension size %d", rt, d)
			}
		}
		return f(opArgs(op), rt)
	}
}

// checkSizes checks the index operands from position first that give the
// dynamic dimensions of result: exactly one per dynamic dimension.
func checkSizes(a args, first int, result *ir.RankedTensorType) error {
	n := len(a.operands) - first
	if want := countDynamic(result.Shape()); n != want {
		return fmt.Errorf("expected %d size operand(s), one per dynamic dimension of the result type '%s', but got %d", want, result, n)
	}
	for i := first; i < len(a.operands); i++ {
		if a.operands[i] == nil || !ir.IsIndex(a.operands[i].Type()) {
			return fmt.Errorf("size operand #%d must be of type index", i)
		}
	}
	return nil
}
