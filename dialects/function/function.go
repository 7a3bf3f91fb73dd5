// Package function defines MLIR's func dialect: func.func, func.return and
// func.call, with MLIR's operation and attribute names, custom forms and
// verifiers. (The package cannot be named func, a Go keyword.)
package function

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// Attribute names used by func.func and func.call (MLIR's names).
const (
	FunctionTypeAttr = "function_type"
	ArgAttrsAttr     = "arg_attrs"
	ResAttrsAttr     = "res_attrs"
	CalleeAttr       = "callee"
)

// FuncDef is func.func: a function with a name, a signature and a body (empty
// for external declarations).
var FuncDef = &ir.OpDef{
	Name:    "func.func",
	Summary: "An operation with a name containing a single `SSACFG` region",
	Description: "Defines a function. The entry block's arguments are the function's arguments and must " +
		"match `function_type`; a function without a body is an external declaration. " +
		"Custom form: `func.func [private] @name(%arg0: f32) -> f32 [attributes {...}] { ... }`.",
	Traits:     ir.IsolatedFromAbove | ir.Symbol | ir.AutomaticAllocationScope,
	Successors: 0,
	Regions:    []ir.RegionDef{{Name: "body", Doc: "the function body; empty for declarations"}},
	Attrs: []ir.AttrDef{
		{Name: ir.SymbolAttrName, Constraint: ir.StringAttrC, Doc: "the function name"},
		{Name: FunctionTypeAttr, Constraint: ir.FuncTypeAttrC, Doc: "the signature"},
		{Name: ir.VisibilityAttrName, Constraint: ir.StringAttrC, Optional: true, Doc: "public (default), private or nested"},
		{Name: ArgAttrsAttr, Constraint: ir.DictArrayC, Optional: true, Doc: "one dictionary per argument"},
		{Name: ResAttrsAttr, Constraint: ir.DictArrayC, Optional: true, Doc: "one dictionary per result"},
	},
	DefaultDialect: "func",
	Print:          printFunc,
	Parse:          parseFunc,
	Verify:         verifyFunc,
	Callable: &ir.CallableInterface{
		Body: func(op *ir.Operation) *ir.Region { return op.Region(0) },
		Type: FuncType,
	},
}

// FuncType returns the signature of a func.func.
func FuncType(op *ir.Operation) *ir.FunctionType {
	if t, ok := op.Attr(FunctionTypeAttr).(*ir.TypeAttr); ok {
		if ft, ok := t.Value.(*ir.FunctionType); ok {
			return ft
		}
	}
	return &ir.FunctionType{}
}

// IsExternal reports whether a func.func is a declaration without a body.
func IsExternal(op *ir.Operation) bool { return op.Region(0).Empty() }

// DictAt returns the entries of dictionary i of op's array attribute
// name (arg_attrs, res_attrs), or nil.
func DictAt(op *ir.Operation, name string, i int) []ir.NamedAttr {
	arr, ok := op.Attr(name).(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	if d, ok := arr.Elems[i].(*ir.DictionaryAttr); ok {
		return d.Entries
	}
	return nil
}

func printFunc(p ir.OpPrinter, op *ir.Operation) {
	ft := FuncType(op)
	p.Print(" ")
	if vis, ok := op.StringAttr(ir.VisibilityAttrName); ok && vis != "public" {
		p.Print(vis + " ")
	}
	name, _ := op.StringAttr(ir.SymbolAttrName)
	p.PrintSymbolName(name)
	p.Print("(")
	external := IsExternal(op)
	for i, t := range ft.Inputs {
		if i > 0 {
			p.Print(", ")
		}
		attrs := DictAt(op, ArgAttrsAttr, i)
		if external {
			p.PrintType(t)
			if len(attrs) > 0 {
				p.Print(" " + ir.Dict(attrs...).String())
			}
			continue
		}
		p.PrintArgument(op.Region(0).Front().Arg(i), attrs)
	}
	p.Print(")")
	if len(ft.Results) > 0 {
		p.Print(" -> ")
		PrintResults(p, op, ft.Results)
	}
	p.PrintOptionalAttrDictWithKeyword(op.Attrs(), ir.SymbolAttrName, FunctionTypeAttr, ir.VisibilityAttrName, ArgAttrsAttr, ResAttrsAttr)
	if !external {
		p.Print(" ")
		p.PrintRegion(op.Region(0), false, true)
	}
}

// PrintResults prints a function-like op's result list after "->": a
// lone type without attributes bare, else "(t {attrs}, ...)" with the
// op's res_attrs (func.func and gpu.func share it, as MLIR's
// function_interface_impl).
func PrintResults(p ir.OpPrinter, op *ir.Operation, results []ir.Type) {
	hasAttrs := false
	for i := range results {
		if len(DictAt(op, ResAttrsAttr, i)) > 0 {
			hasAttrs = true
		}
	}
	if len(results) == 1 && !hasAttrs {
		if _, fn := results[0].(*ir.FunctionType); !fn {
			p.PrintType(results[0])
			return
		}
	}
	p.Print("(")
	for i, t := range results {
		if i > 0 {
			p.Print(", ")
		}
		p.PrintType(t)
		if attrs := DictAt(op, ResAttrsAttr, i); len(attrs) > 0 {
			p.Print(" " + ir.Dict(attrs...).String())
		}
	}
	p.Print(")")
}

func parseFunc(p ir.OpParser, st *ir.OperationState) error {
	for _, vis := range []string{"private", "public", "nested"} {
		if p.ParseOptionalKeyword(vis) {
			st.AddAttr(ir.VisibilityAttrName, ir.String(vis))
			break
		}
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr(ir.SymbolAttrName, ir.String(name))
	args, argTypes, argAttrs, err := parseFuncArgs(p)
	if err != nil {
		return err
	}
	var resTypes []ir.Type
	var resAttrs []ir.Attribute
	if p.ParseOptionalPunct("->") {
		if resTypes, resAttrs, err = ParseResults(p); err != nil {
			return err
		}
	}
	ctx := p.Context()
	st.AddAttr(FunctionTypeAttr, &ir.TypeAttr{Value: ctx.Function(argTypes, resTypes)})
	if HasNonEmpty(argAttrs) {
		st.AddAttr(ArgAttrsAttr, ir.Array(argAttrs...))
	}
	if HasNonEmpty(resAttrs) {
		st.AddAttr(ResAttrsAttr, ir.Array(resAttrs...))
	}
	if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
		return err
	}
	body := st.AddRegion()
	bodyLoc := p.Loc()
	present, err := p.ParseOptionalRegion(body, args)
	if err != nil {
		return err
	}
	if present && body.Empty() {
		return ir.Errorf(bodyLoc, "custom op 'func.func' expected non-empty function body")
	}
	// A signature of types only may still have a body whose entry block
	// declares the arguments (^bb0(%a: f32):); the verifier checks them.
	return nil
}

// parseOptionalDict parses an optional attribute dictionary into a DictionaryAttr.
func parseOptionalDict(p ir.OpParser) (*ir.DictionaryAttr, error) {
	var tmp ir.OperationState
	if err := p.ParseOptionalAttrDict(&tmp); err != nil {
		return nil, err
	}
	return ir.Dict(tmp.Attrs...), nil
}

// HasNonEmpty reports whether any of attrs is a non-empty dictionary
// (whether arg_attrs/res_attrs are worth storing).
func HasNonEmpty(attrs []ir.Attribute) bool {
	for _, a := range attrs {
		if d, ok := a.(*ir.DictionaryAttr); ok && len(d.Entries) > 0 {
			return true
		}
	}
	return false
}

// parseFuncArgs parses "(%a: t {attrs}, ...)" or, for declarations, "(t {attrs}, ...)".
// args is nil when the list has no names.
func parseFuncArgs(p ir.OpParser) (args []ir.Argument, types []ir.Type, attrs []ir.Attribute, err error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, nil, nil, err
	}
	types = []ir.Type{}
	if p.ParseOptionalPunct(")") {
		return []ir.Argument{}, types, nil, nil
	}
	named := false
	for i := 0; ; i++ {
		var a ir.Argument
		u, isNamed, err := p.ParseOptionalOperand()
		if err != nil {
			return nil, nil, nil, err
		}
		if i == 0 {
			named = isNamed
		} else if named != isNamed {
			if isNamed {
				return nil, nil, nil, ir.Errorf(u.Loc, "expected type instead of SSA identifier")
			}
			return nil, nil, nil, p.Errorf("expected SSA identifier")
		}
		if isNamed {
			a.Name = u
			if a.Type, err = p.ParseColonType(); err != nil {
				return nil, nil, nil, err
			}
		} else if a.Type, err = p.ParseType(); err != nil {
			return nil, nil, nil, err
		}
		d, err := parseOptionalDict(p)
		if err != nil {
			return nil, nil, nil, err
		}
		if isNamed {
			if a.Loc, err = p.ParseOptionalLocation(); err != nil {
				return nil, nil, nil, err
			}
		}
		args = append(args, a)
		types = append(types, a.Type)
		attrs = append(attrs, d)
		if p.ParseOptionalPunct(")") {
			break
		}
		if err := p.ParsePunct(","); err != nil {
			return nil, nil, nil, err
		}
	}
	if !named {
		args = nil
	}
	return args, types, attrs, nil
}

// ParseResults parses a function-like op's result list after "->": "t"
// or "(t {attrs}, ...)", returning the types and one dictionary per
// result.
func ParseResults(p ir.OpParser) ([]ir.Type, []ir.Attribute, error) {
	if !p.ParseOptionalPunct("(") {
		t, err := p.ParseType()
		if err != nil {
			return nil, nil, err
		}
		return []ir.Type{t}, []ir.Attribute{&ir.DictionaryAttr{}}, nil
	}
	var types []ir.Type
	var attrs []ir.Attribute
	if p.ParseOptionalPunct(")") {
		return []ir.Type{}, nil, nil
	}
	for {
		t, err := p.ParseType()
		if err != nil {
			return nil, nil, err
		}
		d, err := parseOptionalDict(p)
		if err != nil {
			return nil, nil, err
		}
		types = append(types, t)
		attrs = append(attrs, d)
		if p.ParseOptionalPunct(")") {
			return types, attrs, nil
		}
		if err := p.ParsePunct(","); err != nil {
			return nil, nil, err
		}
	}
}

func verifyFunc(op *ir.Operation) error {
	ft := FuncType(op)
	for _, name := range []string{ArgAttrsAttr, ResAttrsAttr} {
		arr, ok := op.Attr(name).(*ir.ArrayAttr)
		if !ok {
			continue
		}
		want, what := len(ft.Inputs), "arguments"
		if name == ResAttrsAttr {
			want, what = len(ft.Results), "results"
		}
		if len(arr.Elems) != want {
			kind := "argument"
			if name == ResAttrsAttr {
				kind = "result"
			}
			return fmt.Errorf("expects %s attribute array to have the same number of elements as the number of function %s, got %d, but expected %d", kind, what, len(arr.Elems), want)
		}
	}
	for _, name := range []string{ArgAttrsAttr, ResAttrsAttr} {
		arr, _ := op.Attr(name).(*ir.ArrayAttr)
		if arr == nil {
			continue
		}
		for _, e := range arr.Elems {
			d, _ := e.(*ir.DictionaryAttr)
			if d == nil {
				continue
			}
			for _, a := range d.Entries {
				if !strings.Contains(a.Name, ".") {
					what := map[string]string{ArgAttrsAttr: "arguments", ResAttrsAttr: "results"}[name]
					return fmt.Errorf("%s may only have dialect attributes", what)
				}
			}
		}
	}
	if IsExternal(op) {
		if vis, _ := op.StringAttr(ir.VisibilityAttrName); vis == "" || vis == "public" {
			return fmt.Errorf("symbol declaration cannot have public visibility")
		}
		return nil
	}
	entry := op.Region(0).Front()
	if entry.NumArgs() != len(ft.Inputs) {
		return fmt.Errorf("entry block must have %d arguments to match function signature", len(ft.Inputs))
	}
	for i, a := range entry.Args() {
		if a.Type() != ft.Inputs[i] {
			return fmt.Errorf("type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')", i, a.Type(), ft.Inputs[i])
		}
	}
	return nil
}

// quotedTypes writes types as MLIR's diagnostics stream a type range:
// 'f32', 'i32'.
func quotedTypes(ts []ir.Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = "'" + t.String() + "'"
	}
	return strings.Join(parts, ", ")
}

// ReturnDef is func.return: returns values from a function.
var ReturnDef = &ir.OpDef{
	Name:        "func.return",
	Summary:     "Function return operation",
	Description: "Terminates a func.func body, returning its operands as the function's results; their types must match the signature.",
	Traits:      ir.Pure | ir.Terminator | ir.ReturnLike,
	Parents:     []string{"func.func"},
	Operands:    []ir.ArgDef{{Name: "operands", Type: ir.AnyType, Variadic: true}},
	Format:      "attr-dict ($operands^ `:` type($operands))?",
	Verify: func(op *ir.Operation) error {
		fn := op.ParentOp()
		ft := FuncType(fn)
		name, _ := fn.StringAttr(ir.SymbolAttrName)
		if op.NumOperands() != len(ft.Results) {
			return ir.OpError(op, "has %d operands, but enclosing function (@%s) returns %d", op.NumOperands(), name, len(ft.Results))
		}
		for i, t := range op.OperandTypes() {
			if t != ft.Results[i] {
				// MLIR 16 emits this one without the "'func.return' op" prefix.
				return ir.Errorf(op.Loc(), "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, t, ft.Results[i], name)
			}
		}
		return nil
	},
}

// CallDef is func.call: a direct call to a function symbol.
var CallDef = &ir.OpDef{
	Name:        "func.call",
	Summary:     "Call operation",
	Description: "Calls the function named by `callee` with the operands; operand and result types must match the callee's signature.",
	Successors:  0,
	Operands:    []ir.ArgDef{{Name: "operands", Type: ir.AnyType, Variadic: true}},
	Results:     []ir.ArgDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Attrs:       []ir.AttrDef{{Name: CalleeAttr, Constraint: ir.FlatSymbolRefC, Doc: "the called function"}},
	Format:      "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)",
	Call: &ir.CallInterface{
		Callee: func(op *ir.Operation) *ir.SymbolRefAttr {
			ref, _ := op.Attr(CalleeAttr).(*ir.SymbolRefAttr)
			return ref
		},
		Args: (*ir.Operation).Operands,
	},
	VerifySymbolUses: func(op *ir.Operation, tables *ir.SymbolTableCollection) error {
		ref, _ := op.Attr(CalleeAttr).(*ir.SymbolRefAttr)
		fn := tables.LookupNearest(op, ref)
		if fn == nil || fn.Name() != FuncDef.Name {
			return ir.OpError(op, "'%s' does not reference a valid function", ref.Root)
		}
		ft := FuncType(fn)
		if len(ft.Inputs) != op.NumOperands() {
			return ir.OpError(op, "incorrect number of operands for callee")
		}
		for i, t := range op.OperandTypes() {
			if t != ft.Inputs[i] {
				return ir.OpError(op, "operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", ft.Inputs[i], t, i)
			}
		}
		if len(ft.Results) != op.NumResults() {
			return ir.OpError(op, "incorrect number of results for callee")
		}
		for i, t := range op.ResultTypes() {
			if t != ft.Results[i] {
				return ir.OpError(op, "result type mismatch at index %d", i).
					AttachNote(op.Loc(), "      op result types: %s", quotedTypes(op.ResultTypes())).
					AttachNote(op.Loc(), "function result types: %s", quotedTypes(ft.Results))
			}
		}
		return nil
	},
}

// ValueAttr is the attribute of func.constant naming the function.
const ValueAttr = "value"

// ConstantDef is func.constant: a function as an SSA value.
var ConstantDef = &ir.OpDef{
	Name:    "func.constant",
	Summary: "constant",
	Description: "Produces a value of function type referring to the func.func named by `value`; the result type " +
		"must be the function's type. Such values are called with func.call_indirect.\n\n" +
		"Example: `%f = func.constant @add : (i32, i32) -> i32`",
	Traits:      ir.Pure | ir.ConstantLike,
	Results:     []ir.ArgDef{{Name: "result", Type: ir.AnyType, Doc: "the function value"}},
	Attrs:       []ir.AttrDef{{Name: ValueAttr, Constraint: ir.FlatSymbolRefC, Doc: "the function"}},
	Format:      "attr-dict $value `:` type(results)",
	ResultNames: constantResultNames,
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if a := op.Attr(ValueAttr); a != nil {
			return []ir.FoldResult{{Attr: a}}, true
		}
		return nil, false
	},
	VerifySymbolUses: func(op *ir.Operation, tables *ir.SymbolTableCollection) error {
		ref, ok := op.Attr(ValueAttr).(*ir.SymbolRefAttr)
		if !ok || op.NumResults() != 1 {
			return nil
		}
		fn := tables.LookupNearest(op, ref)
		if fn == nil || fn.Name() != FuncDef.Name {
			return ir.OpError(op, "reference to undefined function '%s'", ref.Root)
		}
		if FuncType(fn) != op.Result(0).Type() {
			return ir.OpError(op, "reference to function with mismatched type")
		}
		return nil
	},
}

// constantResultNames names a func.constant's result %f, as MLIR does.
func constantResultNames(*ir.Operation) []string { return []string{"f"} }

// CallIndirectDef is func.call_indirect: a call through a function value.
var CallIndirectDef = &ir.OpDef{
	Name:    "func.call_indirect",
	Summary: "indirect call operation",
	Description: "Calls the function value `callee` (of function type) with the other operands; their types and the " +
		"result types are the callee type's. A call of a func.constant canonicalizes to func.call.\n\n" +
		"Example: `%r = func.call_indirect %f(%a, %b) : (i32, i32) -> i32`",
	Operands: []ir.ArgDef{
		{Name: "callee", Type: ir.TypeConstraint{Desc: "function type", Check: func(t ir.Type) bool { _, ok := t.(*ir.FunctionType); return ok }}, Doc: "the function value"},
		{Name: "callee_operands", Type: ir.AnyType, Variadic: true, Doc: "the arguments"},
	},
	Results: []ir.ArgDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Print:   printCallIndirect,
	Parse:   parseCallIndirect,
	Verify:  verifyCallIndirect,
	Call: &ir.CallInterface{
		Callee: func(*ir.Operation) *ir.SymbolRefAttr { return nil },
		Args:   func(op *ir.Operation) []ir.Value { return op.Operands()[1:] },
	},
	Canonicalize: []ir.RewritePattern{&ir.Pattern{Root: "func.call_indirect", Label: "SimplifyIndirectCallWithKnownCallee", Priority: 1,
		Rewrite: simplifyIndirectCall}},
}

func printCallIndirect(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperand(op.Operand(0))
	p.Print("(")
	p.PrintOperands(op.Operands()[1:])
	p.Print(")")
	p.PrintOptionalAttrDict(op.Attrs())
	p.Print(" : ")
	p.PrintType(op.Operand(0).Type())
}

func parseCallIndirect(p ir.OpParser, st *ir.OperationState) error {
	callee, err := p.ParseOperand()
	if err != nil {
		return err
	}
	args, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	loc := p.Loc()
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return ir.Errorf(loc, "'callee' must be function type, but got '%s'", t)
	}
	if len(args) != len(ft.Inputs) {
		return ir.Errorf(loc, "%d operands present, but expected %d", len(args), len(ft.Inputs))
	}
	v, err := p.ResolveOperand(callee, ft)
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, v)
	for i, u := range args {
		v, err := p.ResolveOperand(u, ft.Inputs[i])
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	st.ResultTypes = append([]ir.Type{}, ft.Results...)
	return nil
}

// verifyCallIndirect checks MLIR's TypesMatchWith constraints between the
// callee type and the arguments and results.
func verifyCallIndirect(op *ir.Operation) error {
	if op.NumOperands() == 0 {
		return nil
	}
	ft, ok := op.Operand(0).Type().(*ir.FunctionType)
	if !ok {
		return nil // the operand constraint reports it
	}
	if !sameTypes(ft.Inputs, op.OperandTypes()[1:]) {
		return fmt.Errorf("failed to verify that callee input types match argument types")
	}
	if !sameTypes(ft.Results, op.ResultTypes()) {
		return fmt.Errorf("failed to verify that callee result types match result types")
	}
	return nil
}

func sameTypes(a, b []ir.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// simplifyIndirectCall turns call_indirect of a func.constant into func.call.
func simplifyIndirectCall(op *ir.Operation, rw *ir.PatternRewriter) bool {
	if op.NumOperands() == 0 {
		return false
	}
	c := ir.DefiningOp(op.Operand(0))
	if c == nil || c.Name() != ConstantDef.Name {
		return false
	}
	ref, ok := c.Attr(ValueAttr).(*ir.SymbolRefAttr)
	if !ok {
		return false
	}
	_, err := rw.ReplaceOpWithNew(op, &ir.OperationState{Name: CallDef.Name, Operands: op.Operands()[1:],
		ResultTypes: op.ResultTypes(), Attrs: []ir.NamedAttr{{Name: CalleeAttr, Value: ref}}})
	return err == nil
}

// MaterializeConstant creates func.constant for a symbol reference of
// function type (what folding a func.constant gives back), else nil.
func MaterializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	ref, ok := value.(*ir.SymbolRefAttr)
	if _, fn := t.(*ir.FunctionType); !ok || !fn || len(ref.Nested) > 0 {
		return nil
	}
	op, err := b.Create(&ir.OperationState{Name: ConstantDef.Name, Loc: loc, ResultTypes: []ir.Type{t},
		Attrs: []ir.NamedAttr{{Name: ValueAttr, Value: ref}}})
	if err != nil {
		return nil
	}
	return op
}

// Dialect is the func dialect.
var Dialect = &ir.Dialect{
	Name:    "func",
	Summary: "Functions: definition, return, direct and indirect calls, function values",
	Description: "The func dialect of MLIR: `func.func`, `func.return`, `func.call`, `func.call_indirect` and " +
		"`func.constant` with MLIR's attribute names and custom forms.",
	Ops:                 []*ir.OpDef{FuncDef, ReturnDef, CallDef, CallIndirectDef, ConstantDef},
	MaterializeConstant: MaterializeConstant,
}
