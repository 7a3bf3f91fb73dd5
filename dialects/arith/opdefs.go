package arith

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// Attribute names (MLIR's).
const (
	ValueAttrName     = "value"
	PredicateAttrName = "predicate"
)

// Declarative formats of the op families (MLIR 16's assemblyFormat).
const (
	binaryFormat = "$lhs `,` $rhs attr-dict `:` type($result)"
	unaryFormat  = "$operand attr-dict `:` type($result)"
	castFormat   = "$in attr-dict `:` type($in) `to` type($out)"
)

// fres is what an op-specific folder produces: a constant, an existing
// value, an in-place update, or nothing.
type fres struct {
	attr    ir.Attribute
	value   ir.Value
	inPlace bool
}

func noFold() fres                { return fres{} }
func foldTo(a ir.Attribute) fres  { return fres{attr: a} }
func foldToValue(v ir.Value) fres { return fres{value: v} }
func foldedInPlace() fres         { return fres{inPlace: true} }

type folder func(op *ir.Operation, ops []ir.Attribute) fres

// operandConstants completes the constant operands given to a Fold hook:
// missing entries are looked up through the operands' defining ops.
func operandConstants(op *ir.Operation, given []ir.Attribute) []ir.Attribute {
	ops := make([]ir.Attribute, op.NumOperands())
	for i := range ops {
		if i < len(given) && given[i] != nil {
			ops[i] = given[i]
		} else {
			ops[i] = constantOf(op.Operand(i))
		}
	}
	return ops
}

// foldHook turns a folder into an OpDef.Fold hook for single-result ops
// with n operands. After the op's own folder fails, it applies the trait
// folders MLIR runs: Commutative ops get their constant operands moved to
// the right, Idempotent binary ops with equal operands fold to the operand.
func foldHook(n int, commutative, idempotent bool, fn folder) func(*ir.Operation, []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
		if !hasArity(op, n, 1) {
			return nil, false
		}
		for i := 0; i < n; i++ {
			if op.Operand(i) == nil {
				return nil, false
			}
		}
		ops := operandConstants(op, given)
		r := fn(op, ops)
		switch {
		case r.attr != nil:
			if ta, ok := r.attr.(ir.TypedAttr); !ok || ta.AttrType() != op.Result(0).Type() {
				return nil, false
			}
			return []ir.FoldResult{{Attr: r.attr}}, true
		case r.value != nil:
			if r.value.Type() != op.Result(0).Type() {
				return nil, false
			}
			return []ir.FoldResult{{Value: r.value}}, true
		case r.inPlace:
			return nil, true
		}
		if idempotent && n == 2 && op.Operand(0) == op.Operand(1) {
			return []ir.FoldResult{{Value: op.Operand(0)}}, true
		}
		if commutative && n == 2 && ops[0] != nil && ops[1] == nil {
			lhs, rhs := op.Operand(0), op.Operand(1)
			op.SetOperand(0, rhs)
			op.SetOperand(1, lhs)
			return nil, true
		}
		return nil, false
	}
}

// definingOp returns the op defining v when it has the given name.
func definingOp(v ir.Value, name string) *ir.Operation {
	if v == nil {
		return nil
	}
	if d := ir.DefiningOp(v); d != nil && d.Name() == name {
		return d
	}
	return nil
}

// sameAsFirstOperand infers a single result of the first operand's type.
func sameAsFirstOperand(_ *ir.Context, operands []ir.Value, _ []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
	if len(operands) == 0 || operands[0] == nil {
		return nil, fmt.Errorf("expected at least one operand to infer the result type")
	}
	return []ir.Type{operands[0].Type()}, nil
}

// noMemoryEffects is the Effects hook of ops that are side-effect free but
// not speculatable (integer divisions: MLIR's NoMemoryEffect without Pure).
func noMemoryEffects(*ir.Operation) []ir.MemoryEffect { return []ir.MemoryEffect{} }

// chain runs verifiers in order and returns the first error.
func chain(fs ...func(*ir.Operation) error) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		for _, f := range fs {
			if err := f(op); err != nil {
				return err
			}
		}
		return nil
	}
}

// ---- Op family constructors ----

type opSpec struct {
	name, goName, summary, description string
	customBuilder                      bool
	traits                             ir.Trait
	fold                               folder
	canonicalize                       []ir.RewritePattern
	notSpeculatable                    bool
	idempotent                         bool
}

func operand(name string, c ir.TypeConstraint, doc string) ir.ArgDef {
	return ir.ArgDef{Name: name, Type: c, Doc: doc}
}

func newOp(s opSpec, operands, results []ir.ArgDef) *ir.OpDef {
	d := &ir.OpDef{
		Name:          s.name,
		GoName:        s.goName,
		CustomBuilder: s.customBuilder,
		Summary:       s.summary,
		Description:   s.description,
		Traits:        s.traits | ir.Elementwise,
		Operands:      operands,
		Results:       results,
		Canonicalize:  s.canonicalize,
	}
	if !s.notSpeculatable {
		d.Traits |= ir.Pure
	} else {
		d.Effects = noMemoryEffects
	}
	if s.fold != nil {
		d.Fold = foldHook(len(operands), s.traits&ir.Commutative != 0, s.idempotent, s.fold)
	}
	return d
}

// intBinaryOp declares an integer binary op (Arith_IntBinaryOp).
func intBinaryOp(s opSpec) *ir.OpDef {
	d := newOp(s, []ir.ArgDef{
		operand("lhs", SignlessIntegerLike, "the left operand"),
		operand("rhs", SignlessIntegerLike, "the right operand"),
	}, []ir.ArgDef{operand("result", SignlessIntegerLike, "the result, of the operands' type")})
	d.Traits |= ir.SameOperandsAndResultType
	d.Format = binaryFormat
	d.InferResultTypes = sameAsFirstOperand
	d.Verify = verifyElementwise
	return d
}

// floatBinaryOp declares a float binary op with fast-math flags (Arith_FloatBinaryOp).
func floatBinaryOp(s opSpec, c ir.TypeConstraint) *ir.OpDef {
	d := newOp(s, []ir.ArgDef{
		operand("lhs", c, "the left operand"),
		operand("rhs", c, "the right operand"),
	}, []ir.ArgDef{operand("result", c, "the result, of the operands' type")})
	d.Traits |= ir.SameOperandsAndResultType
	d.Attrs = []ir.AttrDef{fastMathAttrDef}
	d.Print = printFloatOp
	d.Parse = parseFloatOp(2)
	d.InferResultTypes = sameAsFirstOperand
	d.Verify = verifyElementwise
	return d
}

// floatUnaryOp declares a float unary op with fast-math flags.
func floatUnaryOp(s opSpec, c ir.TypeConstraint) *ir.OpDef {
	d := newOp(s, []ir.ArgDef{operand("operand", c, "the operand")},
		[]ir.ArgDef{operand("result", c, "the result, of the operand's type")})
	d.Traits |= ir.SameOperandsAndResultType
	d.Attrs = []ir.AttrDef{fastMathAttrDef}
	d.Print = printFloatOp
	d.Parse = parseFloatOp(1)
	d.InferResultTypes = sameAsFirstOperand
	d.Verify = verifyElementwise
	return d
}

// intUnaryOp declares an integer unary op (math.absi, math.ctlz, ...).
func intUnaryOp(s opSpec, c ir.TypeConstraint) *ir.OpDef {
	d := newOp(s, []ir.ArgDef{operand("operand", c, "the operand")},
		[]ir.ArgDef{operand("result", c, "the result, of the operand's type")})
	d.Traits |= ir.SameOperandsAndResultType
	d.Format = unaryFormat
	d.InferResultTypes = sameAsFirstOperand
	d.Verify = verifyElementwise
	return d
}

// castOp declares a cast (Arith_CastOp): one operand, one result of the
// same shape, and a compatibility check between the two types.
func castOp(s opSpec, from, to ir.TypeConstraint, compatible func(in, out ir.Type) bool) *ir.OpDef {
	d := newOp(s, []ir.ArgDef{operand("in", from, "the value to convert")},
		[]ir.ArgDef{operand("out", to, "the converted value")})
	d.Traits |= ir.SameOperandsAndResultShape
	d.Format = castFormat
	d.Verify = chain(verifySameOperandsAndResultShape, verifyElementwise, func(op *ir.Operation) error {
		if !hasArity(op, 1, 1) {
			return nil
		}
		in, out := op.Operand(0).Type(), op.Result(0).Type()
		if !compatible(in, out) {
			return fmt.Errorf("operand type '%s' and result type '%s' are cast incompatible", in, out)
		}
		return nil
	})
	return d
}
