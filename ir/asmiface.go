package ir

// AsmPrinter is what the print hooks of dialect types and attributes
// write with (MLIR's AsmPrinter): text, types and attributes. OpPrinter
// extends it for ops.
type AsmPrinter interface {
	// Print writes text as is.
	Print(s string)
	// PrintType writes a type.
	PrintType(t Type)
	// PrintAttribute writes an attribute with its type.
	PrintAttribute(a Attribute)
	// PrintAttributeWithoutType writes an attribute, leaving out the type of
	// integer, float and dense attributes.
	PrintAttributeWithoutType(a Attribute)
}

// OpPrinter is what an op's custom printer writes with. Package asm
// implements it; the interface lives here so dialects need not import asm.
type OpPrinter interface {
	AsmPrinter
	// PrintOperand writes the SSA name of v.
	PrintOperand(v Value)
	// PrintOperands writes SSA names separated by ", ".
	PrintOperands(vs []Value)
	// PrintTypes writes types separated by ", ".
	PrintTypes(ts []Type)
	// PrintArrowTypeList writes "-> t" or "-> (t1, t2)" (nothing for no types).
	PrintArrowTypeList(ts []Type)
	// PrintFunctionalType writes "(ins) -> outs".
	PrintFunctionalType(ins, outs []Type)
	// PrintOptionalAttrDict writes " {k = v, ...}" for attributes not in elided.
	PrintOptionalAttrDict(attrs []NamedAttr, elided ...string)
	// PrintOptionalAttrDictWithKeyword writes " attributes {k = v}" when non-empty.
	PrintOptionalAttrDictWithKeyword(attrs []NamedAttr, elided ...string)
	// PrintSymbolName writes @name, quoting when needed.
	PrintSymbolName(name string)
	// PrintSuccessor writes ^bbN.
	PrintSuccessor(b *Block)
	// PrintRegion writes a region in braces. Entry block arguments are
	// printed only when printEntryArgs is set (otherwise the custom form
	// shows them itself); an empty entry block is printed when printEmpty.
	PrintRegion(r *Region, printEntryArgs, printEmpty bool)
	// PrintArgument writes a block argument definition: "%arg0: f32", then its
	// attribute dictionary when attrs is non-empty, then its location when
	// printing debug info.
	PrintArgument(a *BlockArgument, attrs []NamedAttr)
	// PrintNewline starts a new line at the current indentation.
	PrintNewline()
}

// UnresolvedOperand is an SSA use read by a custom parser, resolved to a
// value with OpParser.ResolveOperand.
type UnresolvedOperand struct {
	Name   string // without '%'
	Number int    // result number for %name#N
	Loc    Location
}

// Argument is a region argument read by a custom parser (%arg0: f32 {attrs} loc(...)).
type Argument struct {
	Name  UnresolvedOperand
	Type  Type
	Attrs []NamedAttr
	Loc   Location // nil when not given
}

// Delimiter surrounds a list in a custom form.
type Delimiter uint8

// List delimiters.
const (
	DelimNone Delimiter = iota
	DelimParen
	DelimSquare
	DelimBraces
	DelimAngle
	DelimOptionalParen
	DelimOptionalSquare
)

// AsmParser is what the parse hooks of dialect types and attributes read
// with (MLIR's AsmParser): keywords, punctuation, numbers, strings, types
// and attributes. OpParser extends it for ops. Every error it returns is
// located at the offending token.
type AsmParser interface {
	// Context returns the context ops and types are created in.
	Context() *Context
	// Loc returns the location of the next token.
	Loc() Location
	// Errorf returns an error located at the next token.
	Errorf(format string, args ...any) error

	// ParseType reads a type.
	ParseType() (Type, error)
	// ParseColonType reads ": type".
	ParseColonType() (Type, error)
	// ParseAttribute reads an attribute; t, when not nil, is the type of an
	// untyped integer or float literal.
	ParseAttribute(t Type) (Attribute, error)

	// ParseKeyword reads the bare identifier kw. A keyword written directly
	// before an angle-bracketed body (fastmath<fast>) matches too; the
	// body is what comes next.
	ParseKeyword(kw string) error
	// ParseOptionalKeyword reads kw when it comes next (as ParseKeyword).
	ParseOptionalKeyword(kw string) bool
	// ParseIdentifier reads any bare identifier.
	ParseIdentifier() (string, error)
	// ParsePunct reads a punctuation token such as "(", ",", "->" or "=".
	ParsePunct(p string) error
	// ParseOptionalPunct reads a punctuation token when it comes next.
	ParseOptionalPunct(p string) bool
	// ParseInteger reads a (possibly negative) integer literal.
	ParseInteger() (int64, error)
	// ParseOptionalInteger reads an integer when one comes next.
	ParseOptionalInteger() (int64, bool, error)
	// ParseString reads a string literal.
	ParseString() (string, error)
}

// OpParser is what an op's custom parser reads with. Package asm implements
// it. Every error it returns is located at the offending token.
type OpParser interface {
	AsmParser

	// ParseOperand reads %name or %name#N.
	ParseOperand() (UnresolvedOperand, error)
	// ParseOptionalOperand reads an operand if the next token is one.
	ParseOptionalOperand() (UnresolvedOperand, bool, error)
	// ParseOperandList reads a comma-separated operand list with delimiters.
	ParseOperandList(d Delimiter) ([]UnresolvedOperand, error)
	// ResolveOperand turns an operand into a value of type t; t may be nil
	// when the value is already defined and its own type is wanted.
	ResolveOperand(u UnresolvedOperand, t Type) (Value, error)

	// ParseTypeList reads a comma-separated type list (possibly empty when
	// the next token cannot start a type).
	ParseTypeList() ([]Type, error)
	// ParseColonTypeList reads ": t1, t2".
	ParseColonTypeList() ([]Type, error)
	// ParseArrowTypeList reads "-> t" or "-> (t1, t2)".
	ParseArrowTypeList() ([]Type, error)
	// ParseOptionalArrowTypeList reads an arrow list when "->" comes next.
	ParseOptionalArrowTypeList() ([]Type, error)
	// ParseFunctionType reads "(ins) -> outs".
	ParseFunctionType() (*FunctionType, error)

	// ParseOptionalAttrDict reads "{...}" into st when present.
	ParseOptionalAttrDict(st *OperationState) error
	// ParseOptionalAttrDictWithKeyword reads "attributes {...}" when present.
	ParseOptionalAttrDictWithKeyword(st *OperationState) error
	// ParseSymbolName reads @name.
	ParseSymbolName() (string, error)
	// ParseOptionalSymbolName reads @name when present.
	ParseOptionalSymbolName() (string, bool)

	// ParseArgument reads "%name", then ": type" when withType, then an
	// attribute dictionary when withAttrs, then an optional location.
	ParseArgument(withType, withAttrs bool) (Argument, error)
	// ParseArgumentList reads a delimited, comma-separated argument list.
	ParseArgumentList(d Delimiter, withType, withAttrs bool) ([]Argument, error)
	// ParseRegion reads "{...}" into r; args, when given, become the entry
	// block's arguments (and must not be redeclared inside).
	ParseRegion(r *Region, args []Argument) error
	// ParseOptionalRegion reads a region when "{" comes next.
	ParseOptionalRegion(r *Region, args []Argument) (bool, error)
	// ParseSuccessor reads ^bb.
	ParseSuccessor() (*Block, error)
	// ParseOptionalLocation reads "loc(...)" when present.
	ParseOptionalLocation() (Location, error)
}
