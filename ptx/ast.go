package ptx

// Pos is a position in a PTX source: 1-based line and column (in bytes).
// The zero Pos means "no position" (a node built by a program, not parsed).
type Pos struct {
	Line, Col int
}

// IsValid reports whether the position points into a source.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Version is a PTX ISA version, as in ".version 7.8".
type Version struct {
	Major, Minor int
}

// Less reports whether v is an earlier version than w.
func (v Version) Less(w Version) bool {
	return v.Major < w.Major || v.Major == w.Major && v.Minor < w.Minor
}

// Module is a parsed PTX file: the header directives and then the
// module-level declarations in source order.
type Module struct {
	// File is the name used in diagnostics.
	File string

	Version    Version
	VersionPos Pos
	// Target is the SM architecture (80 for sm_80); ArchSuffix holds an
	// architecture suffix such as "a" of sm_90a; TargetOptions the other
	// comma-separated .target entries (texmode_independent, debug, ...).
	Target        int
	ArchSuffix    string
	TargetOptions []string
	TargetPos     Pos
	// AddressSize is 32 or 64; 0 when the directive is absent (PTX's
	// default is then 32).
	AddressSize    int
	AddressSizePos Pos

	// Decls holds *Function, *Var and *Directive values in source order.
	Decls []Decl
}

// Decl is a module-level declaration: *Function, *Var or *Directive.
type Decl interface {
	DeclPos() Pos
	isDecl()
}

// Linkage is the visibility directive of a module-level symbol.
type Linkage uint8

// Linkages: none, .visible, .extern, .weak and .common.
const (
	LinkNone Linkage = iota
	LinkVisible
	LinkExtern
	LinkWeak
	LinkCommon
)

var linkageNames = [...]string{"", ".visible", ".extern", ".weak", ".common"}

// String returns the directive (".visible"), or "" for LinkNone.
func (l Linkage) String() string {
	if int(l) < len(linkageNames) {
		return linkageNames[l]
	}
	return "?"
}

// Function is an .entry (kernel) or .func (device function). A function
// without a body is a declaration (Body == nil), e.g. ".extern .func vprintf".
type Function struct {
	Pos     Pos // the position of the first token of the declaration
	Linkage Linkage
	// Entry is true for .entry, false for .func.
	Entry   bool
	Name    string
	NamePos Pos
	// Returns are the return parameters of a .func (empty for .entry).
	Returns []*Var
	// Params are the parameters (.param, or .reg for a .func).
	Params []*Var
	// NoParamList records that the declaration had no parentheses
	// after the name (".func foo" rather than ".func foo()").
	NoParamList bool
	// Attrs are the performance-tuning directives between the parameter
	// list and the body (.maxntid, .reqntid, .minnctapersm, .maxnreg,
	// .noreturn, .pragma).
	Attrs []*FuncAttr
	// Body holds the statements between the braces; nil for a declaration.
	Body *Block

	// Filled by Resolve (which Verify calls):

	// Regs is the function's register table: one entry per declared
	// register (a parameterized declaration "%r<4>" gives four), params
	// declared in .reg space included. Operand.Reg indexes it.
	Regs []Reg
	// Insts is the body's instructions in order, nested blocks flattened;
	// a label operand's Operand.Target indexes it.
	Insts []*Instruction
}

// DeclPos returns the position of the declaration.
func (f *Function) DeclPos() Pos { return f.Pos }
func (*Function) isDecl()        {}

// FuncAttr is a performance-tuning directive of a function, such as
// ".maxntid 256, 1, 1" (Name ".maxntid", Ints [256 1 1]) or
// `.pragma "nounroll"` (Name ".pragma", Strings ["nounroll"]).
type FuncAttr struct {
	Pos     Pos
	Name    string
	Ints    []int64
	Strings []string
}

// Reg is one register in a function's register table.
type Reg struct {
	Name string
	Type Type
	// Vec is 2 or 4 for a vector register (.reg .v4 .f32 %v), else 0.
	Vec int
	// Decl is the declaration the register comes from (for a
	// parameterized declaration, the one Var for all of them).
	Decl *Var
}

// maxRegs bounds the registers of one function, so that a declaration
// such as "%r<16777216>" cannot exhaust memory.
const maxRegs = 1 << 16

// Var is the declaration of one variable, register or parameter:
// ".reg .b32 %r<10>", ".shared .align 4 .b8 smem[1024]",
// ".param .u64 k_param_0", ".global .f32 g = 0f3F800000".
// A declaration of several names (".reg .f32 %a, %b;") is split into
// one Var per name by the parser.
type Var struct {
	Pos     Pos
	Linkage Linkage
	Space   StateSpace
	Align   int // 0 when absent
	// Vec is 2, 4 or 8 for .v2/.v4/.v8 variables, else 0.
	Vec  int
	Type Type
	// Ptr records the .ptr attribute of a kernel parameter with its
	// optional state space (PtrSpace) and alignment (PtrAlign).
	Ptr      bool
	PtrSpace StateSpace
	PtrAlign int

	Name    string
	NamePos Pos
	// Count is N of a parameterized register declaration "%r<N>"
	// (registers %r0 … %r(N-1)); 0 otherwise.
	Count int
	// Dims are the array dimensions, outermost first; -1 marks an
	// unsized dimension ("smem[]").
	Dims []int
	// Init is the initializer ("= ..."), or nil.
	Init *Init
}

// DeclPos returns the position of the declaration.
func (v *Var) DeclPos() Pos { return v.Pos }
func (*Var) isDecl()        {}
func (*Var) isStmt()        {}

// StmtPos returns the position of the declaration.
func (v *Var) StmtPos() Pos { return v.Pos }

// Size returns the variable's size in bytes (type size × vector width ×
// the product of the array dimensions), and false when a dimension is
// unsized or the size overflows.
func (v *Var) Size() (int64, bool) {
	n := int64(v.Type.Bits() / 8)
	if v.Type == Pred {
		n = 1
	}
	if v.Vec > 0 {
		n *= int64(v.Vec)
	}
	for _, d := range v.Dims {
		if d < 0 {
			return 0, false
		}
		n *= int64(d)
		if n > 1<<40 {
			return 0, false
		}
	}
	return n, true
}

// InitKind says what an Init holds.
type InitKind uint8

// Initializer kinds.
const (
	InitInt    InitKind = iota // an integer constant (Int)
	InitFloat                  // a floating-point constant (Bits, Float64)
	InitSymbol                 // the address of a symbol plus Int ("buf+4"), Generic for generic(buf)
	InitList                   // a braced list (Elems)
)

// Init is an initializer value: a constant, a symbol address or a braced
// list of initializers.
type Init struct {
	Pos  Pos
	Kind InitKind
	// Int is the value of an InitInt or the byte offset of an InitSymbol.
	Int int64
	// Bits holds the IEEE bits of an InitFloat; Float64 says whether it
	// was written as a 64-bit literal (0d…, decimal) or 32-bit (0f…).
	Bits    uint64
	Float64 bool
	Symbol  string
	Generic bool
	Elems   []*Init
}

// Block is a brace-delimited list of statements; function bodies are
// blocks and blocks nest (LLVM wraps each call sequence in one).
type Block struct {
	Pos   Pos // the "{"
	Stmts []Stmt
}

// StmtPos returns the position of the opening brace.
func (b *Block) StmtPos() Pos { return b.Pos }
func (*Block) isStmt()        {}

// Stmt is a statement of a function body: *Label, *Instruction, *Var,
// *Block, *Directive or *CallPrototype.
type Stmt interface {
	StmtPos() Pos
	isStmt()
}

// Label is "name:" before an instruction.
type Label struct {
	Pos  Pos
	Name string
}

// StmtPos returns the label's position.
func (l *Label) StmtPos() Pos { return l.Pos }
func (*Label) isStmt()        {}

// Directive is a directive kept as text, not interpreted: .file, .loc,
// .pragma (in a body), .section. Args is the text between the directive
// name and its end (";" or end of line), normalized to single spaces.
type Directive struct {
	Pos  Pos
	Name string // with the dot: ".loc"
	Args string
}

// DeclPos returns the directive's position.
func (d *Directive) DeclPos() Pos { return d.Pos }

// StmtPos returns the directive's position.
func (d *Directive) StmtPos() Pos { return d.Pos }
func (*Directive) isDecl()        {}
func (*Directive) isStmt()        {}

// CallPrototype is "name: .callprototype (ret) _ (params);", the signature
// an indirect call names.
type CallPrototype struct {
	Pos     Pos
	Name    string
	Returns []*Var
	Params  []*Var
}

// StmtPos returns the prototype's position.
func (c *CallPrototype) StmtPos() Pos { return c.Pos }
func (*CallPrototype) isStmt()        {}

// Instruction is one PTX instruction: an optional guard predicate, the
// opcode, its modifiers and type suffixes, and the operands.
//
// For "@!%p1 ld.global.nc.v2.f32 {%f1, %f2}, [%rd1+8];": Guard is %p1
// negated, Op is OpLd, Mods is [ModGlobal ModNC ModV2], Types is [F32],
// Operands are a vector of two registers and an address.
type Instruction struct {
	Pos   Pos // the first token (the guard's "@" if any)
	Guard *Operand
	// Op is the opcode; OpPos its position.
	Op    Op
	OpPos Pos
	// Mods are the modifiers in source order (types excluded).
	Mods []Mod
	// Types are the type suffixes in order: cvt.f32.s32 has [F32 S32].
	Types []Type
	// ModPos and TypePos are the positions of Mods and Types in the
	// source (nil for a built instruction), for diagnostics.
	ModPos, TypePos []Pos
	// Operands are the operands in order; for call, the return list, the
	// callee, the argument list and, for an indirect call, the prototype.
	Operands []Operand
}

// StmtPos returns the instruction's position.
func (i *Instruction) StmtPos() Pos { return i.Pos }
func (*Instruction) isStmt()        {}

// Has reports whether the instruction carries modifier m.
func (i *Instruction) Has(m Mod) bool {
	for _, x := range i.Mods {
		if x == m {
			return true
		}
	}
	return false
}

// ModIn returns the first modifier of the instruction that belongs to
// group g, or ModNone.
func (i *Instruction) ModIn(g ModGroup) Mod {
	for _, x := range i.Mods {
		if g.Contains(x) {
			return x
		}
	}
	return ModNone
}

// Type returns type suffix n, or TypeNone if there are fewer.
func (i *Instruction) Type(n int) Type {
	if n < len(i.Types) {
		return i.Types[n]
	}
	return TypeNone
}

// OperandKind says what an Operand is.
type OperandKind uint8

// Operand kinds.
const (
	// OpdReg is a register (%r1), possibly negated (!%p1) when it is a
	// predicate source, or with a vector component (%v.x: Comp).
	OpdReg OperandKind = iota + 1
	// OpdSpecial is a special register (%tid.x): Special and Comp.
	OpdSpecial
	// OpdInt is an integer immediate (Int; Unsigned when written with
	// the U suffix).
	OpdInt
	// OpdFloat is a floating-point immediate: Bits holds the IEEE bits,
	// Float64 says whether it is a 64-bit (0d…) or 32-bit (0f…) literal.
	OpdFloat
	// OpdSymbol names a variable, function, label or prototype (Name),
	// optionally plus a byte offset (Int) in a "sym+4" operand.
	OpdSymbol
	// OpdAddr is an address "[base+off]": Elems[0] is the base (a
	// register or symbol; absent for an absolute address), Int the offset.
	OpdAddr
	// OpdVector is a braced vector "{%f1, %f2}" (Elems).
	OpdVector
	// OpdList is a parenthesized list of a call's arguments or
	// results "(param0, param1)" (Elems).
	OpdList
	// OpdSink is "_", a destination whose value is dropped.
	OpdSink
	// OpdPredPair is "%p|%q", the two destinations of setp (Elems).
	OpdPredPair
)

// Operand is one operand of an instruction. It is a flat struct (no
// interface) so that a decoder can switch on Kind without allocation.
type Operand struct {
	Kind OperandKind
	Pos  Pos
	// Name is the register or symbol name ("%r1", "smem", "LBB0_2").
	Name string
	// Neg marks a negated predicate ("!%p1", "@!%p1").
	Neg bool
	// Comp is a vector component 1..4 for .x .y .z .w (%tid.x, %v.y),
	// 0 for none.
	Comp    uint8
	Special SpecialReg
	// Int is an integer immediate, or the offset of an address or symbol.
	Int      int64
	Unsigned bool
	// Hex records that an integer immediate was written in hexadecimal
	// (the printer keeps the radix).
	Hex     bool
	Bits    uint64
	Float64 bool
	Elems   []Operand

	// Filled by Resolve (which Verify calls):

	// Reg indexes Function.Regs for OpdReg operands; -1 when unresolved.
	Reg int
	// Target indexes Function.Insts for a label operand; -1 otherwise.
	Target int
	// Var is the variable a symbol names (global, shared, const, local
	// or param), or nil.
	Var *Var
	// Func is the function a symbol names (call targets), or nil.
	Func *Function
}

// Comp names the vector components.
var compNames = [...]string{"", "x", "y", "z", "w"}

// Function returns the definition of the function named name or, when
// the module only declares it, the declaration; nil when there is none.
func (m *Module) Function(name string) *Function {
	var found *Function
	for _, d := range m.Decls {
		if f, ok := d.(*Function); ok && f.Name == name && (found == nil || f.Body != nil) {
			found = f
		}
	}
	return found
}

// Kernels returns the .entry functions that have bodies, in source order.
func (m *Module) Kernels() []*Function {
	var out []*Function
	for _, d := range m.Decls {
		if f, ok := d.(*Function); ok && f.Entry && f.Body != nil {
			out = append(out, f)
		}
	}
	return out
}

// Vars returns the module-level variables in source order.
func (m *Module) Vars() []*Var {
	var out []*Var
	for _, d := range m.Decls {
		if v, ok := d.(*Var); ok {
			out = append(out, v)
		}
	}
	return out
}
