package ir

import (
	"fmt"
	"strings"
	"sync"
)

// Trait is a set of structural properties of an operation, checked by the
// verifier and used by passes.
type Trait uint64

// Operation traits. They mirror MLIR's traits and interfaces of the same names.
const (
	// Terminator ops end a block.
	Terminator Trait = 1 << iota
	// IsolatedFromAbove ops do not use values defined outside their regions.
	IsolatedFromAbove
	// SingleBlock ops have at most one block per region.
	SingleBlock
	// NoTerminator ops have region blocks that need no terminator.
	NoTerminator
	// IsSymbolTable ops hold symbols that must have unique names.
	IsSymbolTable
	// Symbol ops define a symbol through their sym_name attribute (which
	// may be declared optional, as for builtin.module).
	Symbol
	// Pure ops have no side effects and may be speculated, folded, CSE'd and erased when unused.
	Pure
	// Commutative ops may reorder their operands.
	Commutative
	// ConstantLike ops materialize a constant from an attribute; they are Pure.
	ConstantLike
	// SameOperandsAndResultType ops have one type shared by every operand and result.
	SameOperandsAndResultType
	// SameTypeOperands ops have operands of one type.
	SameTypeOperands
	// SameOperandsAndResultShape ops have operands and results of one shape.
	SameOperandsAndResultShape
	// SameOperandsAndResultElementType ops share the element type of operands and results.
	SameOperandsAndResultElementType
	// ReturnLike terminators return control (and values) to the parent op.
	ReturnLike
	// RecursiveMemoryEffects ops have exactly the effects of the ops nested in them.
	RecursiveMemoryEffects
	// GraphRegions ops have graph regions: no dominance requirement, one block.
	GraphRegions
	// AttrSizedOperandSegments ops carry operand group sizes in operand_segment_sizes.
	AttrSizedOperandSegments
	// Elementwise ops apply the same scalar function to every element.
	Elementwise
	// AutomaticAllocationScope ops free stack allocations made in their regions on exit.
	AutomaticAllocationScope
)

var traitNames = []string{"Terminator", "IsolatedFromAbove", "SingleBlock", "NoTerminator", "SymbolTable", "Symbol", "Pure", "Commutative", "ConstantLike", "SameOperandsAndResultType", "SameTypeOperands", "SameOperandsAndResultShape", "SameOperandsAndResultElementType", "ReturnLike", "RecursiveMemoryEffects", "GraphRegions", "AttrSizedOperandSegments", "Elementwise", "AutomaticAllocationScope"}

// Names returns the names of the traits in the set.
func (t Trait) Names() []string {
	var out []string
	for i, n := range traitNames {
		if t&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// TypeConstraint restricts the type of an operand or result.
type TypeConstraint struct {
	// Desc reads naturally after "must be", e.g. "floating-point-like".
	Desc  string
	Check func(Type) bool
}

// AttrConstraint restricts the value of an attribute.
type AttrConstraint struct {
	Desc  string
	Check func(Attribute) bool
	// Storage tells declarative assembly formats how to print the value
	// compactly (a bare keyword for enums, no type for i64 integers, ...).
	Storage AttrStorage
	// Enum lists the allowed values of an enum (string) attribute.
	Enum []string
}

// OperandSegmentSizesAttr is the attribute that holds the operand group
// sizes of ops with the AttrSizedOperandSegments trait (MLIR 16's name).
const OperandSegmentSizesAttr = "operand_segment_sizes"

// AttrStorage is the shape of an attribute's value as far as custom
// assembly formats are concerned.
type AttrStorage uint8

// Attribute storage kinds.
const (
	StoreAny      AttrStorage = iota // printed with its type
	StoreI64                         // integer of type i64, printed bare
	StoreF32                         // float of type f32, printed bare
	StoreF64                         // float of type f64, printed bare
	StoreBool                        // i1, printed true/false
	StoreEnum                        // string from a fixed set, printed as a keyword
	StoreI64Array                    // array<i64: ...>, printed [1, 2]
	StoreString                      // string, printed quoted
	StoreUnit                        // unit, printed as nothing (presence is the value)
	StoreSymbol                      // flat symbol reference, printed @name
)

// ArgDef declares an operand or a result.
type ArgDef struct {
	Name     string
	Type     TypeConstraint
	Variadic bool // zero or more values
	Optional bool // zero or one value
	Doc      string
}

// AttrDef declares an attribute.
type AttrDef struct {
	Name       string
	Constraint AttrConstraint
	Optional   bool
	Doc        string
	// Default, for an optional attribute, makes the value an absent
	// attribute stands for (MLIR's DefaultValuedAttr): generated builders
	// set it when the caller gives none, and generated accessors return it
	// when the attribute is absent.
	Default func(ctx *Context) Attribute
}

// RegionDef declares a region.
type RegionDef struct {
	Name string
	Doc  string
}

// OpDef describes an operation: its structure as data, its behaviour as
// small optional hooks. Dialects declare OpDefs and load them into a Context.
type OpDef struct {
	Name string // full name, "dialect.op"
	// GoName is the Go identifier stem of the op in generated code (the
	// op-name constant <GoName>Name, the typed view <GoName>Op and the
	// builder <GoName>; see internal/odsgen), like the C++ class name of an
	// ODS definition. Empty means the short name in CamelCase
	// ("reduce_sum" gives ReduceSum).
	GoName string
	// CustomBuilder tells the generator that the dialect writes the builder
	// function <GoName> by hand (ODS's skipDefaultBuilders), because a
	// different signature serves its users better.
	CustomBuilder bool
	Summary       string
	Description   string
	Traits        Trait
	Operands      []ArgDef
	Results       []ArgDef
	Attrs         []AttrDef
	Regions       []RegionDef
	// Successors is the number of successor blocks, or -1 for any number.
	Successors int
	// Parents, when set, lists the ops this op must be directly nested in.
	Parents []string
	// DefaultDialect lets ops nested in this op's regions omit that dialect
	// prefix in the custom form (func.func sets "func" so "return" works).
	DefaultDialect string
	// ImplicitTerminator names the terminator that ends the blocks of the
	// op's regions without being written (MLIR's
	// SingleBlockImplicitTerminator: gpu.module and gpu.module_end): custom
	// forms leave it out when it has no operands or attributes, and the
	// op's custom parser adds it.
	ImplicitTerminator string

	// Format is the declarative custom assembly format, e.g.
	// "$lhs `,` $rhs attr-dict `:` type($result)". Print and Parse, when set,
	// take precedence. With neither, the op is printed in generic form.
	Format string
	// Print writes the custom form after the op name.
	Print func(p OpPrinter, op *Operation)
	// Parse reads the custom form after the op name into st.
	Parse func(p OpParser, st *OperationState) error

	// Verify checks invariants beyond what the declarations express. It runs
	// after the declarative checks and before nested ops are verified.
	Verify func(op *Operation) error
	// VerifyRegions runs after the nested ops have been verified.
	VerifyRegions func(op *Operation) error
	// VerifySymbolUses checks symbol references against the symbol tables.
	VerifySymbolUses func(op *Operation, tables *SymbolTableCollection) error
	// InferResultTypes computes result types from operands and attributes,
	// so builders and custom forms need not spell them out.
	InferResultTypes func(ctx *Context, operands []Value, attrs []NamedAttr, regions []*Region) ([]Type, error)
	// Fold tries to fold the op given the constant values of its operands
	// (nil where not constant). It returns ok=false when it cannot fold;
	// ok=true with no results means the op was updated in place.
	Fold func(op *Operation, operands []Attribute) (results []FoldResult, ok bool)
	// Canonicalize lists the op's canonicalization patterns.
	Canonicalize []RewritePattern
	// ResultNames suggests names for the results in printed IR, like MLIR's
	// getAsmResultNames: one name for the whole group ("c0", "cst"), or one
	// per result of a multi-result op ("shuffleResult", "valid"), which
	// then prints as "%shuffleResult, %valid = ...".
	ResultNames func(op *Operation) []string
	// Effects lists the op's memory effects (MLIR's MemoryEffectOpInterface;
	// read them with Effects); nil means "decide from traits".
	Effects func(op *Operation) []MemoryEffect

	// Interfaces (interfaces.go); nil when the op does not have them.

	// Call is declared by call-like ops.
	Call *CallInterface
	// Callable is declared by ops call-like ops call.
	Callable *CallableInterface
	// RegionBranch is declared by ops whose regions' control flow they define.
	RegionBranch *RegionBranchInterface
	// Loop is declared by loops.
	Loop *LoopInterface
	// Branch is declared by terminators that pass values to successors.
	Branch *BranchInterface

	// dialect is set once, when the op is first loaded, under
	// opDialectMu: OpDefs are shared package-level values and contexts may
	// load them concurrently. Every reader loaded the op itself first, so
	// the mutex orders the write before the read.
	dialect *Dialect
}

// opDialectMu guards the first write of OpDef.dialect.
var opDialectMu sync.Mutex

// Dialect returns the dialect the op was loaded with.
func (d *OpDef) Dialect() *Dialect { return d.dialect }

// GoIdent returns GoName, or the short name in CamelCase when GoName is
// empty: the stem of the op's identifiers in generated Go code.
func (d *OpDef) GoIdent() string {
	if d.GoName != "" {
		return d.GoName
	}
	return CamelCase(d.ShortName())
}

// CamelCase turns a snake_case (or lowerCamel) name into an exported Go
// identifier: "reduce_sum" → "ReduceSum", "lowerBound" → "LowerBound".
func CamelCase(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		switch {
		case r == '_' || r == '.' || r == '-':
			up = true
		case up && r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
			up = false
		default:
			b.WriteRune(r)
			up = false
		}
	}
	return b.String()
}

// ShortName returns the name without the dialect prefix.
func (d *OpDef) ShortName() string {
	_, s, _ := strings.Cut(d.Name, ".")
	return s
}

// AttrDef returns the declaration of a named attribute, or nil.
func (d *OpDef) AttrDef(name string) *AttrDef {
	for i := range d.Attrs {
		if d.Attrs[i].Name == name {
			return &d.Attrs[i]
		}
	}
	return nil
}

// Dialect is a named group of operations, loaded into a Context.
type Dialect struct {
	Name        string
	Summary     string
	Description string
	Ops         []*OpDef
	// Attrs lists the attributes the dialect defines (#dialect.mnemonic<...>).
	Attrs []AttrDefinition
	// Types lists the types the dialect defines (!dialect.mnemonic<...>).
	Types []TypeDefinition
	// MaterializeConstant creates an op producing value of type t, used by
	// the folder to turn folded attributes back into IR. Nil when the
	// dialect has no constants.
	MaterializeConstant func(b *Builder, value Attribute, t Type, loc Location) *Operation
}

// FoldResult is one result of folding: a constant attribute or an existing value.
type FoldResult struct {
	Attr  Attribute
	Value Value
}

// EffectKind is the kind of a memory effect.
type EffectKind uint8

// Memory effect kinds.
const (
	EffectRead EffectKind = iota
	EffectWrite
	EffectAlloc
	EffectFree
)

// MemoryEffect is one effect of an op on a value (nil Value: unknown memory).
type MemoryEffect struct {
	Kind  EffectKind
	Value Value
}

// Effects returns the op's memory effects and whether they are known. An op
// with unknown effects must be assumed to read and write any memory.
func Effects(op *Operation) ([]MemoryEffect, bool) {
	if op.def == nil {
		return nil, false
	}
	if op.HasTrait(Pure) || op.HasTrait(ConstantLike) {
		if !op.HasTrait(RecursiveMemoryEffects) {
			return nil, true
		}
	}
	var out []MemoryEffect
	if op.def.Effects != nil {
		out = op.def.Effects(op)
	} else if !op.HasTrait(Pure) && !op.HasTrait(RecursiveMemoryEffects) {
		return nil, false
	}
	if op.HasTrait(RecursiveMemoryEffects) {
		for nested := range op.NestedOps() {
			var known = true
			nested.WalkPreOrder(func(o *Operation) WalkResult {
				effs, ok := Effects(o)
				if !ok {
					known = false
					return WalkInterrupt
				}
				out = append(out, effs...)
				if o.HasTrait(RecursiveMemoryEffects) {
					return WalkSkip // already included by the recursive call
				}
				return WalkAdvance
			})
			if !known {
				return nil, false
			}
		}
	}
	return out, true
}

// IsMemoryEffectFree reports whether op (with its regions) has no memory effects.
func IsMemoryEffectFree(op *Operation) bool {
	effs, known := Effects(op)
	return known && len(effs) == 0
}

// IsTriviallyDead reports whether op can be erased: no result is used, it is
// not a terminator, and its only effects are reads and allocations of its
// own results (MLIR's wouldOpBeTriviallyDead).
func IsTriviallyDead(op *Operation) bool {
	if !op.ResultsUnused() || op.HasTrait(Terminator) || op.def == nil {
		return false
	}
	effs, known := Effects(op)
	if !known {
		return false
	}
	for _, e := range effs {
		switch e.Kind {
		case EffectRead:
		case EffectAlloc:
			if r, ok := e.Value.(*OpResult); !ok || r.owner != op {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// OperandGroup returns the operands of the i-th declared operand (a slice of
// one value for plain operands, any number for variadic or optional ones).
func (op *Operation) OperandGroup(i int) []Value {
	start, n := op.groupRange(i)
	vs := make([]Value, n)
	for k := range vs {
		vs[k] = op.operands[start+k].value
	}
	return vs
}

// ResultGroup returns the results of the i-th declared result (one value
// for plain results, any number for a variadic one; a definition has at
// most one variadic result).
func (op *Operation) ResultGroup(i int) []Value {
	if op.def == nil || i >= len(op.def.Results) {
		return nil
	}
	start, n := 0, len(op.results)-(len(op.def.Results)-1)
	for k := 0; k < i; k++ {
		if op.def.Results[k].Variadic || op.def.Results[k].Optional {
			start += n
		} else {
			start++
		}
	}
	if !op.def.Results[i].Variadic && !op.def.Results[i].Optional {
		n = 1
	}
	if n < 0 || start+n > len(op.results) {
		return nil
	}
	vs := make([]Value, n)
	for k := range vs {
		vs[k] = &op.results[start+k]
	}
	return vs
}

// groupRange locates the i-th operand group.
func (op *Operation) groupRange(i int) (start, n int) {
	defs := op.def.Operands
	if op.HasTrait(AttrSizedOperandSegments) {
		sizes, _ := op.Attr(OperandSegmentSizesAttr).(*DenseArrayAttr)
		if sizes == nil || len(sizes.Ints) != len(defs) {
			return 0, 0
		}
		for k := 0; k < i; k++ {
			start += int(sizes.Ints[k])
		}
		return start, int(sizes.Ints[i])
	}
	fixed, variadic := 0, 0
	for _, d := range defs {
		if d.Variadic || d.Optional {
			variadic++
		} else {
			fixed++
		}
	}
	dyn := len(op.operands) - fixed
	if variadic > 1 {
		dyn = 0 // ambiguous without segment sizes; verifier reports it
	}
	for k := 0; k < i; k++ {
		if defs[k].Variadic || defs[k].Optional {
			start += dyn
		} else {
			start++
		}
	}
	if defs[i].Variadic || defs[i].Optional {
		return start, dyn
	}
	return start, 1
}

// ConformsToDef reports whether op has a definition and the numbers of
// operands, results, regions and successors it declares, so that typed
// accessors (generated by internal/odsgen) can read them without checks.
// It does not verify types or attributes.
func (op *Operation) ConformsToDef() bool {
	d := op.def
	if d == nil || len(op.regions) != len(d.Regions) {
		return false
	}
	if d.Successors >= 0 && len(op.successors) != d.Successors {
		return false
	}
	return countConforms(d.Operands, len(op.operands), op.HasTrait(AttrSizedOperandSegments)) &&
		countConforms(d.Results, len(op.results), false)
}

// countConforms reports whether n values can fill the declared groups:
// exactly the fixed ones without variadic or optional groups, at least
// them otherwise (segment sizes, when used, are checked by the verifier).
func countConforms(defs []ArgDef, n int, segmented bool) bool {
	fixed, flexible := 0, 0
	for _, d := range defs {
		if d.Variadic || d.Optional {
			flexible++
		} else {
			fixed++
		}
	}
	if flexible == 0 && !segmented {
		return n == fixed
	}
	return n >= fixed
}

// NamedOperand returns the operand group declared under name.
func (op *Operation) NamedOperand(name string) []Value {
	if op.def == nil {
		return nil
	}
	for i, d := range op.def.Operands {
		if d.Name == name {
			return op.OperandGroup(i)
		}
	}
	return nil
}

// ---- Common type constraints ----

// Common type constraints, named like MLIR's ODS constraints.
var (
	AnyType     = TypeConstraint{"any type", func(Type) bool { return true }}
	AnyFloat    = TypeConstraint{"floating-point", IsFloat}
	AnyInteger  = TypeConstraint{"integer", IsInteger}
	SignlessInt = TypeConstraint{"signless integer", IsSignlessInteger}
	IndexOnly   = TypeConstraint{"index", IsIndex}
	IntOrIndex  = TypeConstraint{"signless integer or index", IsIntegerOrIndex}
	I1          = TypeConstraint{"1-bit signless integer", func(t Type) bool { return IsSignlessInteger(t) && IntWidth(t) == 1 }}
	AnyTensor   = TypeConstraint{"tensor of any type values", func(t Type) bool { return isTensor(t) }}
	AnyMemRef   = TypeConstraint{"memref of any type values", func(t Type) bool { _, ok := t.(*MemRefType); return ok }}
	AnyVector   = TypeConstraint{"vector of any type values", func(t Type) bool { _, ok := t.(*VectorType); return ok }}
	FloatLike   = TypeConstraint{"floating-point-like", func(t Type) bool { return scalarLike(t, IsFloat) }}
	IntLike     = TypeConstraint{"signless-integer-like", func(t Type) bool { return scalarLike(t, IsIntegerOrIndex) }}
	BoolLike    = TypeConstraint{"bool-like", func(t Type) bool {
		return scalarLike(t, func(e Type) bool { return IsSignlessInteger(e) && IntWidth(e) == 1 })
	}}
	FunctionTyp = TypeConstraint{"function type", func(t Type) bool { _, ok := t.(*FunctionType); return ok }}
)

func isTensor(t Type) bool {
	switch t.(type) {
	case *RankedTensorType, *UnrankedTensorType:
		return true
	}
	return false
}

// IsTensor reports whether t is a ranked or unranked tensor type.
func IsTensor(t Type) bool { return isTensor(t) }

// scalarLike accepts a scalar satisfying pred, or a vector or tensor of them.
func scalarLike(t Type, pred func(Type) bool) bool {
	switch t := t.(type) {
	case *VectorType:
		return pred(t.Elem)
	case *RankedTensorType:
		return pred(t.Elem)
	case *UnrankedTensorType:
		return pred(t.Elem)
	}
	return pred(t)
}

// ---- Common attribute constraints ----

// Common attribute constraints.
var (
	AnyAttr     = AttrConstraint{Desc: "any attribute", Check: func(Attribute) bool { return true }}
	StringAttrC = AttrConstraint{Desc: "string attribute", Check: func(a Attribute) bool { _, ok := a.(*StringAttr); return ok }, Storage: StoreString}
	UnitAttrC   = AttrConstraint{Desc: "unit attribute", Check: func(a Attribute) bool { _, ok := a.(UnitAttr); return ok }, Storage: StoreUnit}
	BoolAttrC   = AttrConstraint{Desc: "bool attribute", Check: func(a Attribute) bool { i, ok := a.(*IntegerAttr); return ok && i.IsBool() }, Storage: StoreBool}
	I64AttrC    = AttrConstraint{Desc: "64-bit signless integer attribute", Check: func(a Attribute) bool {
		i, ok := a.(*IntegerAttr)
		return ok && IsSignlessInteger(i.Type) && IntWidth(i.Type) == 64
	}, Storage: StoreI64}
	IntAttrC = AttrConstraint{Desc: "integer attribute", Check: func(a Attribute) bool {
		i, ok := a.(*IntegerAttr)
		return ok && !i.IsBool()
	}}
	F32AttrC = AttrConstraint{Desc: "32-bit float attribute", Check: func(a Attribute) bool {
		f, ok := a.(*FloatAttr)
		return ok && f.Type.String() == "f32"
	}, Storage: StoreF32}
	FloatAttrC    = AttrConstraint{Desc: "float attribute", Check: func(a Attribute) bool { _, ok := a.(*FloatAttr); return ok }}
	TypeAttrC     = AttrConstraint{Desc: "any type attribute", Check: func(a Attribute) bool { _, ok := a.(*TypeAttr); return ok }}
	FuncTypeAttrC = AttrConstraint{Desc: "type attribute of function type", Check: func(a Attribute) bool {
		t, ok := a.(*TypeAttr)
		if !ok {
			return false
		}
		_, ok = t.Value.(*FunctionType)
		return ok
	}}
	FlatSymbolRefC = AttrConstraint{Desc: "flat symbol reference attribute", Check: func(a Attribute) bool {
		s, ok := a.(*SymbolRefAttr)
		return ok && len(s.Nested) == 0
	}, Storage: StoreSymbol}
	SymbolRefC = AttrConstraint{Desc: "symbol reference attribute", Check: func(a Attribute) bool { _, ok := a.(*SymbolRefAttr); return ok }}
	ArrayAttrC = AttrConstraint{Desc: "array attribute", Check: func(a Attribute) bool { _, ok := a.(*ArrayAttr); return ok }}
	DictArrayC = AttrConstraint{Desc: "Array of dictionary attributes", Check: func(a Attribute) bool {
		arr, ok := a.(*ArrayAttr)
		if !ok {
			return false
		}
		for _, e := range arr.Elems {
			if _, ok := e.(*DictionaryAttr); !ok {
				return false
			}
		}
		return true
	}}
	DenseAttrC = AttrConstraint{Desc: "dense elements attribute", Check: func(a Attribute) bool { _, ok := a.(*DenseElementsAttr); return ok }}
	I64ArrayC  = AttrConstraint{Desc: "i64 dense array attribute", Check: func(a Attribute) bool {
		d, ok := a.(*DenseArrayAttr)
		return ok && IsSignlessInteger(d.Elem) && IntWidth(d.Elem) == 64
	}}
	TypedAttrC = AttrConstraint{Desc: "typed attribute", Check: func(a Attribute) bool { _, ok := a.(TypedAttr); return ok }}
)

// EnumAttr accepts a string attribute with one of the given values.
func EnumAttr(values ...string) AttrConstraint {
	return AttrConstraint{
		Storage: StoreEnum,
		Enum:    values,
		Desc:    fmt.Sprintf("string attribute, one of %s", strings.Join(quoteAll(values), ", ")),
		Check: func(a Attribute) bool {
			s, ok := a.(*StringAttr)
			if !ok {
				return false
			}
			for _, v := range values {
				if s.Value == v {
					return true
				}
			}
			return false
		},
	}
}

func quoteAll(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = fmt.Sprintf("%q", v)
	}
	return out
}

// ModuleOpName is the name of the top-level container op, builtin.module,
// the one op the core knows by name: the parser wraps top-level ops in an
// implicit module, as MLIR's does. Package builtin defines the op.
const ModuleOpName = "builtin.module"
