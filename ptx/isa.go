package ptx

// TypeSet is a set of types.
type TypeSet uint32

// TypesOf builds a TypeSet from its members.
func TypesOf(ts ...Type) TypeSet {
	var s TypeSet
	for _, t := range ts {
		s |= 1 << t
	}
	return s
}

// Contains reports whether t is in the set.
func (s TypeSet) Contains(t Type) bool { return t < numTypes && s&(1<<t) != 0 }

// Types returns the members in enum order.
func (s TypeSet) Types() []Type {
	var out []Type
	for t := Pred; t < numTypes; t++ {
		if s.Contains(t) {
			out = append(out, t)
		}
	}
	return out
}

// Frequently used type sets.
var (
	tsU       = TypesOf(U16, U32, U64)
	tsS       = TypesOf(S16, S32, S64)
	tsInt     = tsU | tsS
	tsB       = TypesOf(B16, B32, B64)
	tsBP      = tsB | TypesOf(Pred)
	tsF       = TypesOf(F32, F64)
	tsH       = TypesOf(F16, F16x2)
	tsBH      = TypesOf(BF16, BF16x2)
	tsI32     = TypesOf(U32, S32)
	tsI3264   = TypesOf(U32, S32, U64, S64)
	tsB3264   = TypesOf(B32, B64)
	tsMemData = TypesOf(B8, B16, B32, B64, U8, U16, U32, U64, S8, S16, S32, S64, F32, F64)
	// tsCvt: the types cvt converts between.
	tsCvt = TypesOf(U8, U16, U32, U64, S8, S16, S32, S64, F16, F32, F64, BF16, F16x2, BF16x2, TF32)
)

// KindSet is a set of operand forms an operand position accepts.
type KindSet uint16

// Operand forms. KNeg allows a negated predicate (!%p).
const (
	KReg KindSet = 1 << iota
	KImm
	KSpecial
	KSymbol // the address of a variable or function (mov, cvta)
	KAddr
	KVector
	KLabel
	KList
	KSink
	KPair
	KNeg
	KProto // a call prototype or function name (indirect call)
)

// TypeRef says how an operand's type follows from the instruction.
type TypeRef uint8

// Type references.
const (
	// RefAny: the operand's type is not checked against the instruction.
	RefAny TypeRef = iota
	// RefSuffix: the type of type suffix N.
	RefSuffix
	// RefWide: twice the width of type suffix N (mul.wide, mad.wide).
	RefWide
	// RefFixed: the rule's Fixed type (.pred of setp's destination, .u32
	// shift amounts).
	RefFixed
	// RefData: type suffix N under the relaxed size rule of ld, st and
	// cvt (a register may be wider than the type); a braced vector of
	// .vN elements when the instruction has .vN.
	RefData
	// RefAddr: an address "[...]" of memory holding type suffix N.
	RefAddr
)

// OperandRule describes one operand position.
type OperandRule struct {
	Kinds KindSet
	Ref   TypeRef
	N     int
	Fixed Type
	// Dst marks a destination (written).
	Dst bool
	// Optional operands may be omitted (only trailing ones).
	Optional bool
}

// Form is one syntactic alternative of an opcode, such as integer add
// versus float add. A form applies when the instruction's first type
// suffix is in IfTypes (if set) and it has a modifier in If (if set);
// the first applicable form of the row is the one checked.
type Form struct {
	IfTypes TypeSet
	If      ModGroup
	// Mods are the modifiers the form allows.
	Mods ModGroup
	// Need lists groups of which exactly one modifier must be present
	// (the comparison of setp, the rounding of fma).
	Need []ModGroup
	// Types are the allowed type suffixes, one set per suffix position.
	Types []TypeSet
	// Operands are the operand positions.
	Operands []OperandRule
	// Restrict narrows where a modifier of Mods may appear.
	Restrict []Restriction
}

// Restriction allows modifier Mod only with a first type suffix in Types
// (when set) and together with modifier With (when set): add.sat is
// .s32 only, mad.hi.sat.s32 needs .hi.
type Restriction struct {
	Mod   Mod
	Types TypeSet
	With  Mod
}

// Req is a further requirement for instructions that use a type or
// modifier introduced later than the opcode (add.bf16 needs sm_90 and
// PTX 7.8). It applies when the instruction has a type in Types (or
// Types is empty) and a modifier in Mods (or Mods is empty).
type Req struct {
	Types  TypeSet
	Mods   ModGroup
	MinPTX Version
	MinSM  int
}

// OpFlags are properties of an opcode that checkers and simulators use.
type OpFlags uint16

// Opcode flags.
const (
	// FlagBranch: transfers control (bra, call, ret, exit, trap).
	FlagBranch OpFlags = 1 << iota
	// FlagTerminator: control does not fall through (bra without guard,
	// ret, exit, trap).
	FlagTerminator
	// FlagMemory: reads or writes memory through an address operand.
	FlagMemory
	// FlagBarrier: a CTA-wide barrier.
	FlagBarrier
	// FlagWarpSync: a warp-synchronous instruction with a member mask.
	FlagWarpSync
	// FlagRelaxedSize: data operands may be wider than the type (ld, st, cvt).
	FlagRelaxedSize
)

// OpInfo is the ISA table's row for one opcode.
type OpInfo struct {
	Op Op
	// MinPTX and MinSM are the earliest PTX ISA version and SM
	// architecture with the opcode.
	MinPTX Version
	MinSM  int
	Forms  []Form
	Reqs   []Req
	Flags  OpFlags
	// Check enforces rules that are not data (nil for most rows): the
	// comparisons a type allows, cvt's rounding rules, mma's fragments.
	Check func(c *instChecker)
}

func (r *OpInfo) allowsMod(m Mod) bool {
	for i := range r.Forms {
		if r.Forms[i].Mods.Contains(m) {
			return true
		}
	}
	return false
}

// AllowedMods returns every modifier some form of the opcode accepts.
func (r *OpInfo) AllowedMods() ModGroup {
	var g ModGroup
	for i := range r.Forms {
		g = g.Union(r.Forms[i].Mods)
	}
	return g
}

// FormOf returns the form of the row that applies to in, or nil.
func (r *OpInfo) FormOf(in *Instruction) *Form {
	for i := range r.Forms {
		f := &r.Forms[i]
		if f.IfTypes != 0 && !f.IfTypes.Contains(in.Type(0)) {
			continue
		}
		if f.If != (ModGroup{}) && in.ModIn(f.If) == ModNone {
			continue
		}
		return f
	}
	return nil
}

// Operand rule builders, to keep the table readable. Destinations are
// registers; the sink '_' only where ptxas takes it (dstSink).
func dst(n int) OperandRule { return OperandRule{Kinds: KReg, Ref: RefSuffix, N: n, Dst: true} }
func dstSink(n int) OperandRule {
	return OperandRule{Kinds: KReg | KSink, Ref: RefSuffix, N: n, Dst: true}
}
func dstWide(n int) OperandRule { return OperandRule{Kinds: KReg, Ref: RefWide, N: n, Dst: true} }
func dstFix(t Type) OperandRule { return OperandRule{Kinds: KReg, Ref: RefFixed, Fixed: t, Dst: true} }
func src(n int) OperandRule     { return OperandRule{Kinds: KReg | KImm, Ref: RefSuffix, N: n} }
func srcWide(n int) OperandRule { return OperandRule{Kinds: KReg | KImm, Ref: RefWide, N: n} }
func srcFix(t Type) OperandRule { return OperandRule{Kinds: KReg | KImm, Ref: RefFixed, Fixed: t} }
func reg(n int) OperandRule     { return OperandRule{Kinds: KReg, Ref: RefSuffix, N: n} }
func predSrc() OperandRule      { return OperandRule{Kinds: KReg | KImm | KNeg, Ref: RefFixed, Fixed: Pred} }
func predDst() OperandRule      { return OperandRule{Kinds: KReg, Ref: RefFixed, Fixed: Pred, Dst: true} }
func addr(n int) OperandRule    { return OperandRule{Kinds: KAddr, Ref: RefAddr, N: n} }
func label() OperandRule        { return OperandRule{Kinds: KLabel} }
func opt(r OperandRule) OperandRule {
	r.Optional = true
	return r
}

func forms(fs ...Form) []Form             { return fs }
func types(ts ...TypeSet) []TypeSet       { return ts }
func ops(rs ...OperandRule) []OperandRule { return rs }
func need(gs ...ModGroup) []ModGroup      { return gs }

// v is shorthand for a Version.
func v(major, minor int) Version { return Version{major, minor} }

var (
	mRnd   = GroupFloatRounding
	mRndRN = Groups(ModRN)
	mSem   = Groups(ModRelaxed, ModAcquire, ModRelease, ModAcqRel)
	// mLdSem are the qualifiers of ld: weak, volatile, relaxed/acquire with scope.
	mLdSem = Groups(ModWeak, ModVolatile, ModRelaxed, ModAcquire)
	mStSem = Groups(ModWeak, ModVolatile, ModRelaxed, ModRelease)
	// mLdSpace/mStSpace: the state spaces ld and st address.
	mLdSpace = Groups(ModGlobal, ModShared, ModSharedCTA, ModSharedCluster, ModLocal, ModConst, ModParam, ModParamEntry, ModParamFunc)
	mStSpace = Groups(ModGlobal, ModShared, ModSharedCTA, ModSharedCluster, ModLocal, ModParam, ModParamFunc)
	// mAtomSpace: atom and red work on global and shared memory.
	mAtomSpace = Groups(ModGlobal, ModShared, ModSharedCTA, ModSharedCluster)
)

// three is the usual "d, a, b" of a binary operation.
func three() []OperandRule { return ops(dst(0), src(0), src(0)) }

// two is "d, a".
func two() []OperandRule { return ops(dst(0), src(0)) }

func g(ms ...Mod) ModGroup { return Groups(ms...) }

// ISA is the table of opcodes, indexed by Op. Simulators keep their own
// table of semantics indexed the same way.
var ISA [numOps]OpInfo

func init() {
	for _, r := range isaRows {
		ISA[r.Op] = r
	}
}

// isaRows lists the rows; init places them at their Op.
var isaRows = []OpInfo{
	{Op: OpAbs, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{IfTypes: tsS, Types: types(tsS), Operands: two()},
		Form{IfTypes: TypesOf(F32), Mods: g(ModFTZ), Types: types(TypesOf(F32)), Operands: two()},
		Form{IfTypes: TypesOf(F64), Types: types(TypesOf(F64)), Operands: two()},
		Form{IfTypes: tsH, Mods: g(ModFTZ), Types: types(tsH), Operands: two()},
		Form{IfTypes: tsBH, Types: types(tsBH), Operands: two()},
	), Reqs: []Req{{Types: tsH, MinPTX: v(6, 5), MinSM: 53}, {Types: tsBH, MinPTX: v(7, 0), MinSM: 80}}},

	{Op: OpActivemask, MinPTX: v(6, 2), MinSM: 30, Forms: forms(
		Form{Types: types(TypesOf(B32)), Operands: ops(dst(0))},
	)},

	{Op: OpAdd, MinPTX: v(1, 0), MinSM: 10, Forms: addSubForms(),
		Reqs: []Req{{Types: tsH, MinPTX: v(4, 2), MinSM: 53}, {Types: tsBH, MinPTX: v(7, 8), MinSM: 90}}},
	{Op: OpSub, MinPTX: v(1, 0), MinSM: 10, Forms: addSubForms(),
		Reqs: []Req{{Types: tsH, MinPTX: v(4, 2), MinSM: 53}, {Types: tsBH, MinPTX: v(7, 8), MinSM: 90}}},
	{Op: OpAddc, MinPTX: v(1, 2), MinSM: 10, Forms: forms(
		Form{Mods: g(ModCC), Types: types(tsI3264), Operands: three()},
	), Reqs: []Req{{Types: TypesOf(U64, S64), MinPTX: v(4, 3), MinSM: 20}}},
	{Op: OpSubc, MinPTX: v(1, 2), MinSM: 10, Forms: forms(
		Form{Mods: g(ModCC), Types: types(tsI3264), Operands: three()},
	), Reqs: []Req{{Types: TypesOf(U64, S64), MinPTX: v(4, 3), MinSM: 20}}},

	{Op: OpMul, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{If: g(ModWide), Mods: g(ModWide), Types: types(TypesOf(U16, U32, S16, S32)), Operands: ops(dstWide(0), src(0), src(0))},
		Form{IfTypes: tsInt, Mods: g(ModHi, ModLo), Need: need(g(ModHi, ModLo)), Types: types(tsInt), Operands: three()},
		Form{IfTypes: TypesOf(F32), Mods: mRnd.Union(g(ModFTZ, ModSat)), Types: types(TypesOf(F32)), Operands: three()},
		Form{IfTypes: TypesOf(F64), Mods: mRnd, Types: types(TypesOf(F64)), Operands: three()},
		Form{IfTypes: tsH, Mods: g(ModRN, ModFTZ, ModSat), Types: types(tsH), Operands: three()},
		Form{IfTypes: tsBH, Mods: g(ModRN), Types: types(tsBH), Operands: three()},
	), Reqs: []Req{{Types: tsH, MinPTX: v(4, 2), MinSM: 53}, {Types: tsBH, MinPTX: v(7, 8), MinSM: 90}}},

	{Op: OpMad, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{If: g(ModWide), Mods: g(ModWide), Types: types(TypesOf(U16, U32, S16, S32)), Operands: ops(dstWide(0), src(0), src(0), srcWide(0))},
		Form{IfTypes: tsInt, Mods: g(ModHi, ModLo, ModSat, ModCC), Need: need(g(ModHi, ModLo)), Types: types(tsInt), Operands: ops(dst(0), src(0), src(0), src(0)),
			Restrict: []Restriction{{Mod: ModSat, Types: TypesOf(S32), With: ModHi}}},
		Form{IfTypes: TypesOf(F32), Mods: mRnd.Union(g(ModFTZ, ModSat)), Need: need(g(ModRN, ModRZ, ModRM, ModRP)), Types: types(TypesOf(F32)), Operands: ops(dst(0), src(0), src(0), src(0))},
		Form{IfTypes: TypesOf(F64), Mods: mRnd, Need: need(g(ModRN, ModRZ, ModRM, ModRP)), Types: types(TypesOf(F64)), Operands: ops(dst(0), src(0), src(0), src(0))},
	)},
	{Op: OpMadc, MinPTX: v(3, 0), MinSM: 20, Forms: forms(
		Form{Mods: g(ModHi, ModLo, ModCC), Need: need(g(ModHi, ModLo)), Types: types(tsI3264), Operands: ops(dst(0), src(0), src(0), src(0))},
	)},
	{Op: OpMul24, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{Mods: g(ModHi, ModLo), Need: need(g(ModHi, ModLo)), Types: types(tsI32), Operands: three()},
	)},
	{Op: OpMad24, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{Mods: g(ModHi, ModLo, ModSat), Need: need(g(ModHi, ModLo)), Types: types(tsI32), Operands: ops(dst(0), src(0), src(0), src(0)),
			Restrict: []Restriction{{Mod: ModSat, Types: TypesOf(S32), With: ModHi}}},
	)},
	{Op: OpSad, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{Types: types(tsInt), Operands: ops(dst(0), src(0), src(0), src(0))},
	)},

	{Op: OpDiv, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{IfTypes: tsInt, Types: types(tsInt), Operands: three()},
		Form{IfTypes: TypesOf(F32), Mods: mRnd.Union(g(ModApprox, ModFull, ModFTZ)), Need: need(g(ModApprox, ModFull, ModRN, ModRZ, ModRM, ModRP)), Types: types(TypesOf(F32)), Operands: three()},
		Form{IfTypes: TypesOf(F64), Mods: mRnd, Need: need(g(ModRN, ModRZ, ModRM, ModRP)), Types: types(TypesOf(F64)), Operands: three()},
	)},
	{Op: OpRem, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{Types: types(tsInt), Operands: three()},
	)},

	{Op: OpNeg, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{IfTypes: tsS, Types: types(tsS), Operands: two()},
		Form{IfTypes: TypesOf(F32), Mods: g(ModFTZ), Types: types(TypesOf(F32)), Operands: two()},
		Form{IfTypes: TypesOf(F64), Types: types(TypesOf(F64)), Operands: two()},
		Form{IfTypes: tsH, Mods: g(ModFTZ), Types: types(tsH), Operands: two()},
		Form{IfTypes: tsBH, Types: types(tsBH), Operands: two()},
	), Reqs: []Req{{Types: tsH, MinPTX: v(6, 0), MinSM: 53}, {Types: tsBH, MinPTX: v(7, 0), MinSM: 80}}},

	{Op: OpMin, MinPTX: v(1, 0), MinSM: 10, Forms: minMaxForms(),
		Reqs: minMaxReqs()},
	{Op: OpMax, MinPTX: v(1, 0), MinSM: 10, Forms: minMaxForms(),
		Reqs: minMaxReqs()},

	{Op: OpFma, MinPTX: v(1, 4), MinSM: 13, Forms: forms(
		Form{IfTypes: TypesOf(F32), Mods: mRnd.Union(g(ModFTZ, ModSat)), Need: need(g(ModRN, ModRZ, ModRM, ModRP)), Types: types(TypesOf(F32)), Operands: ops(dst(0), src(0), src(0), src(0))},
		Form{IfTypes: TypesOf(F64), Mods: mRnd, Need: need(g(ModRN, ModRZ, ModRM, ModRP)), Types: types(TypesOf(F64)), Operands: ops(dst(0), src(0), src(0), src(0))},
		Form{IfTypes: tsH, Mods: g(ModRN, ModFTZ, ModSat, ModRelu), Need: need(g(ModRN)), Types: types(tsH), Operands: ops(dst(0), src(0), src(0), src(0))},
		Form{IfTypes: tsBH, Mods: g(ModRN, ModRelu), Need: need(g(ModRN)), Types: types(tsBH), Operands: ops(dst(0), src(0), src(0), src(0))},
	), Reqs: []Req{
		{Types: TypesOf(F32), MinPTX: v(2, 0), MinSM: 20},
		{Types: tsH, MinPTX: v(4, 2), MinSM: 53},
		{Types: tsBH, MinPTX: v(7, 0), MinSM: 80},
		{Mods: g(ModRelu), MinPTX: v(7, 0), MinSM: 80},
	}},

	{Op: OpCopysign, MinPTX: v(2, 0), MinSM: 20, Forms: forms(
		Form{Types: types(tsF), Operands: ops(dst(0), src(0), src(0))},
	)},
	{Op: OpTestp, MinPTX: v(2, 0), MinSM: 20, Forms: forms(
		Form{Mods: GroupTestp, Need: need(GroupTestp), Types: types(tsF), Operands: ops(predDst(), src(0))},
	)},

	{Op: OpRcp, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{IfTypes: TypesOf(F32), Mods: mRnd.Union(g(ModApprox, ModFTZ)), Need: need(g(ModApprox, ModRN, ModRZ, ModRM, ModRP)), Types: types(TypesOf(F32)), Operands: two()},
		Form{IfTypes: TypesOf(F64), If: g(ModApprox), Mods: g(ModApprox, ModFTZ), Need: need(g(ModApprox), g(ModFTZ)), Types: types(TypesOf(F64)), Operands: two()},
		Form{IfTypes: TypesOf(F64), Mods: mRnd.Union(g(ModFTZ)), Need: need(g(ModRN, ModRZ, ModRM, ModRP)), Types: types(TypesOf(F64)), Operands: two()},
	)},
	{Op: OpSqrt, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{IfTypes: TypesOf(F32), Mods: mRnd.Union(g(ModApprox, ModFTZ)), Need: need(g(ModApprox, ModRN, ModRZ, ModRM, ModRP)), Types: types(TypesOf(F32)), Operands: two()},
		Form{IfTypes: TypesOf(F64), Mods: mRnd, Need: need(g(ModRN, ModRZ, ModRM, ModRP)), Types: types(TypesOf(F64)), Operands: two()},
	)},
	{Op: OpRsqrt, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{Mods: g(ModApprox, ModFTZ), Need: need(g(ModApprox)), Types: types(tsF), Operands: two()},
	)},
	{Op: OpSin, MinPTX: v(1, 0), MinSM: 10, Forms: approxF32()},
	{Op: OpCos, MinPTX: v(1, 0), MinSM: 10, Forms: approxF32()},
	{Op: OpLg2, MinPTX: v(1, 0), MinSM: 10, Forms: approxF32()},
	{Op: OpEx2, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{IfTypes: TypesOf(F32), Mods: g(ModApprox, ModFTZ), Need: need(g(ModApprox)), Types: types(TypesOf(F32)), Operands: two()},
		Form{IfTypes: tsH, Mods: g(ModApprox), Need: need(g(ModApprox)), Types: types(tsH), Operands: two()},
		Form{IfTypes: tsBH, Mods: g(ModApprox, ModFTZ), Need: need(g(ModApprox), g(ModFTZ)), Types: types(tsBH), Operands: two()},
	), Reqs: []Req{{Types: tsH, MinPTX: v(7, 0), MinSM: 75}, {Types: tsBH, MinPTX: v(7, 8), MinSM: 90}}},
	{Op: OpTanh, MinPTX: v(7, 0), MinSM: 75, Forms: forms(
		Form{Mods: g(ModApprox), Need: need(g(ModApprox)), Types: types(TypesOf(F32, F16, F16x2, BF16, BF16x2)), Operands: two()},
	), Reqs: []Req{{Types: tsBH, MinPTX: v(7, 8), MinSM: 90}}},

	{Op: OpAnd, MinPTX: v(1, 0), MinSM: 10, Forms: forms(Form{Types: types(tsBP), Operands: three()})},
	{Op: OpOr, MinPTX: v(1, 0), MinSM: 10, Forms: forms(Form{Types: types(tsBP), Operands: three()})},
	{Op: OpXor, MinPTX: v(1, 0), MinSM: 10, Forms: forms(Form{Types: types(tsBP), Operands: three()})},
	{Op: OpNot, MinPTX: v(1, 0), MinSM: 10, Forms: forms(Form{Types: types(tsBP), Operands: two()})},
	{Op: OpCnot, MinPTX: v(1, 0), MinSM: 10, Forms: forms(Form{Types: types(tsB), Operands: two()})},
	{Op: OpLop3, MinPTX: v(4, 3), MinSM: 50, Forms: forms(
		Form{Types: types(TypesOf(B32)), Operands: ops(dst(0), src(0), src(0), src(0), OperandRule{Kinds: KImm, Ref: RefFixed, Fixed: B32})},
	)},
	{Op: OpShl, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{Types: types(tsB), Operands: ops(dst(0), src(0), srcFix(U32))},
	)},
	{Op: OpShr, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{Types: types(tsB | tsInt), Operands: ops(dst(0), src(0), srcFix(U32))},
	)},
	{Op: OpShf, MinPTX: v(3, 1), MinSM: 32, Forms: forms(
		Form{Mods: g(ModL, ModR, ModClamp, ModWrap), Need: need(g(ModL, ModR), g(ModClamp, ModWrap)), Types: types(TypesOf(B32)), Operands: ops(dst(0), src(0), src(0), srcFix(U32))},
	)},
	{Op: OpPopc, MinPTX: v(2, 0), MinSM: 20, Forms: forms(
		Form{Types: types(tsB3264), Operands: ops(dstFix(U32), src(0))},
	)},
	{Op: OpClz, MinPTX: v(2, 0), MinSM: 20, Forms: forms(
		Form{Types: types(tsB3264), Operands: ops(dstFix(U32), src(0))},
	)},
	{Op: OpBrev, MinPTX: v(2, 0), MinSM: 20, Forms: forms(
		Form{Types: types(tsB3264), Operands: two()},
	)},
	{Op: OpBfind, MinPTX: v(2, 0), MinSM: 20, Forms: forms(
		Form{Mods: g(ModShiftAmt), Types: types(tsI3264), Operands: ops(dstFix(U32), src(0))},
	)},
	{Op: OpBfe, MinPTX: v(2, 0), MinSM: 20, Forms: forms(
		Form{Types: types(tsI3264), Operands: ops(dst(0), src(0), srcFix(U32), srcFix(U32))},
	)},
	{Op: OpBfi, MinPTX: v(2, 0), MinSM: 20, Forms: forms(
		Form{Types: types(tsB3264), Operands: ops(dst(0), src(0), src(0), srcFix(U32), srcFix(U32))},
	)},
	{Op: OpBmsk, MinPTX: v(7, 6), MinSM: 70, Forms: forms(
		Form{Mods: g(ModClamp, ModWrap), Need: need(g(ModClamp, ModWrap)), Types: types(TypesOf(B32)), Operands: ops(dst(0), srcFix(U32), srcFix(U32))},
	)},
	{Op: OpSzext, MinPTX: v(7, 6), MinSM: 70, Forms: forms(
		Form{Mods: g(ModClamp, ModWrap), Need: need(g(ModClamp, ModWrap)), Types: types(tsI32), Operands: ops(dst(0), src(0), srcFix(U32))},
	)},
	{Op: OpPrmt, MinPTX: v(2, 0), MinSM: 20, Forms: forms(
		Form{Mods: GroupPrmt, Types: types(TypesOf(B32)), Operands: ops(dst(0), src(0), src(0), src(0))},
	)},
	{Op: OpFns, MinPTX: v(6, 0), MinSM: 30, Forms: forms(
		Form{Types: types(TypesOf(B32)), Operands: ops(dst(0), src(0), srcFix(U32), srcFix(S32))},
	)},
	{Op: OpDp4a, MinPTX: v(5, 0), MinSM: 61, Forms: forms(
		Form{Types: types(tsI32, tsI32), Operands: ops(dstFix(S32), src(0), src(1), srcFix(S32))},
	)},
	{Op: OpDp2a, MinPTX: v(5, 0), MinSM: 61, Forms: forms(
		Form{Mods: g(ModHi, ModLo), Need: need(g(ModHi, ModLo)), Types: types(tsI32, tsI32), Operands: ops(dstFix(S32), src(0), src(1), srcFix(S32))},
	)},

	{Op: OpSetp, MinPTX: v(1, 0), MinSM: 10, Check: checkCompare, Forms: forms(
		Form{If: GroupBoolOp, Mods: GroupCmp.Union(GroupBoolOp).Union(g(ModFTZ)), Need: need(GroupCmp),
			Types:    types(tsB | tsInt | tsF | tsH | tsBH),
			Operands: ops(OperandRule{Kinds: KReg | KPair | KSink, Ref: RefFixed, Fixed: Pred, Dst: true}, src(0), src(0), predSrc())},
		Form{Mods: GroupCmp.Union(g(ModFTZ)), Need: need(GroupCmp),
			Types:    types(tsB | tsInt | tsF | tsH | tsBH),
			Operands: ops(OperandRule{Kinds: KReg | KPair | KSink, Ref: RefFixed, Fixed: Pred, Dst: true}, src(0), src(0))},
	), Reqs: []Req{{Types: tsH, MinPTX: v(4, 2), MinSM: 53}, {Types: tsBH, MinPTX: v(7, 8), MinSM: 90}}},
	{Op: OpSet, MinPTX: v(1, 0), MinSM: 10, Check: checkCompare, Forms: forms(
		Form{If: GroupBoolOp, Mods: GroupCmp.Union(GroupBoolOp).Union(g(ModFTZ)), Need: need(GroupCmp),
			Types:    types(TypesOf(U32, S32, F32)|tsH, tsB|tsInt|tsF|tsH|tsBH),
			Operands: ops(dst(0), src(1), src(1), predSrc())},
		Form{Mods: GroupCmp.Union(g(ModFTZ)), Need: need(GroupCmp),
			Types:    types(TypesOf(U32, S32, F32)|tsH, tsB|tsInt|tsF|tsH|tsBH),
			Operands: ops(dst(0), src(1), src(1))},
	), Reqs: []Req{{Types: tsH, MinPTX: v(4, 2), MinSM: 53}, {Types: tsBH, MinPTX: v(7, 8), MinSM: 90}}},
	{Op: OpSelp, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{Types: types(tsB | tsInt | tsF), Operands: ops(dst(0), src(0), src(0), predSrc())},
	)},
	{Op: OpSlct, MinPTX: v(1, 0), MinSM: 10, Forms: forms(
		Form{Mods: g(ModFTZ), Types: types(tsB|tsInt|tsF, TypesOf(S32, F32)), Operands: ops(dst(0), src(0), src(0), src(1))},
	)},

	{Op: OpMov, MinPTX: v(1, 0), MinSM: 10, Check: checkMov, Forms: forms(
		Form{Types: types(tsBP | tsInt | tsF | TypesOf(B128)),
			Operands: ops(
				OperandRule{Kinds: KReg | KVector, Ref: RefSuffix, Dst: true},
				OperandRule{Kinds: KReg | KImm | KSpecial | KSymbol | KVector, Ref: RefSuffix})},
	), Reqs: []Req{{Types: TypesOf(B128), MinPTX: v(8, 3), MinSM: 70}}},

	{Op: OpCvt, MinPTX: v(1, 0), MinSM: 10, Flags: FlagRelaxedSize, Check: checkCvt, Forms: forms(
		Form{Mods: mRnd.Union(GroupIntRounding).Union(g(ModFTZ, ModSat, ModRelu, ModSatFinite)),
			Types: types(tsCvt, tsCvt),
			Operands: ops(
				OperandRule{Kinds: KReg, Ref: RefData, N: 0, Dst: true},
				OperandRule{Kinds: KReg | KImm | KSpecial, Ref: RefData, N: 1},
				opt(OperandRule{Kinds: KReg | KImm, Ref: RefData, N: 1}))},
	)},
	{Op: OpCvta, MinPTX: v(2, 0), MinSM: 20, Check: checkCvta, Forms: forms(
		Form{Mods: g(ModTo, ModGlobal, ModShared, ModSharedCTA, ModSharedCluster, ModLocal, ModConst, ModParam),
			Need:     need(g(ModGlobal, ModShared, ModSharedCTA, ModSharedCluster, ModLocal, ModConst, ModParam)),
			Types:    types(TypesOf(U32, U64)),
			Operands: ops(dst(0), OperandRule{Kinds: KReg | KSymbol, Ref: RefSuffix})},
	), Reqs: []Req{{Mods: g(ModParam), MinPTX: v(7, 7), MinSM: 70}}},
	{Op: OpIsspacep, MinPTX: v(2, 0), MinSM: 20, Forms: forms(
		Form{Mods: g(ModGlobal, ModShared, ModSharedCTA, ModSharedCluster, ModLocal, ModConst, ModParam),
			Need:     need(g(ModGlobal, ModShared, ModSharedCTA, ModSharedCluster, ModLocal, ModConst, ModParam)),
			Operands: ops(predDst(), OperandRule{Kinds: KReg, Ref: RefAny})},
	)},

	{Op: OpLd, MinPTX: v(1, 0), MinSM: 10, Flags: FlagMemory | FlagRelaxedSize, Check: checkMemory, Forms: forms(
		Form{Mods: mLdSem.Union(GroupScope).Union(mLdSpace).Union(GroupCache).Union(GroupEviction).Union(GroupVec).Union(g(ModNC)),
			Types: types(tsMemData),
			Operands: ops(
				OperandRule{Kinds: KReg | KVector | KSink, Ref: RefData, Dst: true},
				addr(0),
				opt(OperandRule{Kinds: KReg | KImm, Ref: RefFixed, Fixed: B64}))},
	), Reqs: memReqs()},
	{Op: OpLdu, MinPTX: v(2, 0), MinSM: 20, Flags: FlagMemory | FlagRelaxedSize, Check: checkMemory, Forms: forms(
		Form{Mods: g(ModGlobal).Union(GroupVec),
			Types: types(tsMemData),
			Operands: ops(
				OperandRule{Kinds: KReg | KVector, Ref: RefData, Dst: true},
				addr(0))},
	)},
	{Op: OpSt, MinPTX: v(1, 0), MinSM: 10, Flags: FlagMemory | FlagRelaxedSize, Check: checkMemory, Forms: forms(
		Form{Mods: mStSem.Union(GroupScope).Union(mStSpace).Union(GroupCache).Union(GroupEviction).Union(GroupVec),
			Types: types(tsMemData),
			Operands: ops(
				addr(0),
				OperandRule{Kinds: KReg | KImm | KVector, Ref: RefData},
				opt(OperandRule{Kinds: KReg | KImm, Ref: RefFixed, Fixed: B64}))},
	), Reqs: memReqs()},
	{Op: OpPrefetch, MinPTX: v(2, 0), MinSM: 20, Flags: FlagMemory, Forms: forms(
		Form{Mods: g(ModGlobal, ModLocal, ModL1, ModL2, ModL2EvictLast, ModL2EvictNormal), Need: need(g(ModL1, ModL2, ModL2EvictLast, ModL2EvictNormal)),
			Operands: ops(OperandRule{Kinds: KAddr, Ref: RefAny})},
	)},

	{Op: OpAtom, MinPTX: v(1, 1), MinSM: 11, Flags: FlagMemory, Check: checkAtom, Forms: forms(
		Form{If: g(ModCas), Mods: mSem.Union(GroupScope).Union(mAtomSpace).Union(GroupAtomOp).Union(g(ModL2CacheHint)),
			Need:  need(GroupAtomOp),
			Types: types(TypesOf(B16, B32, B64)),
			Operands: ops(dstSink(0), addr(0), src(0), src(0),
				opt(OperandRule{Kinds: KReg | KImm, Ref: RefFixed, Fixed: B64}))},
		Form{Mods: mSem.Union(GroupScope).Union(mAtomSpace).Union(GroupAtomOp).Union(g(ModNoFTZ, ModL2CacheHint)),
			Need:  need(GroupAtomOp),
			Types: types(TypesOf(B32, B64, U32, U64, S32, S64, F32, F64, F16, F16x2, BF16, BF16x2)),
			Operands: ops(dstSink(0), addr(0), src(0),
				opt(OperandRule{Kinds: KReg | KImm, Ref: RefFixed, Fixed: B64}))},
	), Reqs: atomReqs()},
	{Op: OpRed, MinPTX: v(1, 2), MinSM: 11, Flags: FlagMemory, Check: checkAtom, Forms: forms(
		Form{Mods: mSem.Union(GroupScope).Union(mAtomSpace).Union(GroupAtomOp).Union(g(ModNoFTZ, ModL2CacheHint)),
			Need:  need(GroupAtomOp),
			Types: types(TypesOf(B32, B64, U32, U64, S32, S64, F32, F64, F16, F16x2, BF16, BF16x2)),
			Operands: ops(addr(0), src(0),
				opt(OperandRule{Kinds: KReg | KImm, Ref: RefFixed, Fixed: B64}))},
	), Reqs: atomReqs()},

	{Op: OpMembar, MinPTX: v(1, 4), MinSM: 20, Forms: forms(
		Form{Mods: g(ModCTA, ModGL, ModSys), Need: need(g(ModCTA, ModGL, ModSys))},
	), Reqs: []Req{{Mods: g(ModSys), MinPTX: v(2, 0), MinSM: 20}}},
	{Op: OpFence, MinPTX: v(6, 0), MinSM: 70, Forms: forms(
		Form{Mods: g(ModSC, ModAcqRel, ModCTA, ModGPU, ModSys, ModCluster), Need: need(g(ModCTA, ModGPU, ModSys, ModCluster))},
	), Reqs: []Req{{Mods: g(ModCluster), MinPTX: v(7, 8), MinSM: 90}}},

	{Op: OpBra, MinPTX: v(1, 0), MinSM: 10, Flags: FlagBranch | FlagTerminator, Forms: forms(
		Form{Mods: g(ModUni), Operands: ops(label())},
	)},
	{Op: OpCall, MinPTX: v(1, 0), MinSM: 10, Flags: FlagBranch, Check: checkCall, Forms: forms(
		Form{Mods: g(ModUni)},
	)},
	{Op: OpRet, MinPTX: v(1, 0), MinSM: 10, Flags: FlagBranch | FlagTerminator, Forms: forms(
		Form{Mods: g(ModUni)},
	)},
	{Op: OpExit, MinPTX: v(1, 0), MinSM: 10, Flags: FlagBranch | FlagTerminator, Forms: forms(Form{})},
	{Op: OpTrap, MinPTX: v(1, 0), MinSM: 10, Flags: FlagBranch | FlagTerminator, Forms: forms(Form{})},
	{Op: OpBrkpt, MinPTX: v(1, 1), MinSM: 11, Forms: forms(Form{})},
	{Op: OpNanosleep, MinPTX: v(6, 2), MinSM: 70, Forms: forms(
		Form{Types: types(TypesOf(U32)), Operands: ops(src(0))},
	)},

	{Op: OpBarSync, MinPTX: v(1, 0), MinSM: 10, Flags: FlagBarrier, Forms: forms(
		Form{Operands: ops(srcFix(B32), opt(srcFix(B32)))},
	)},
	{Op: OpBarArrive, MinPTX: v(2, 0), MinSM: 20, Flags: FlagBarrier, Forms: forms(
		Form{Operands: ops(srcFix(B32), srcFix(B32))},
	)},
	{Op: OpBarRed, MinPTX: v(2, 0), MinSM: 20, Flags: FlagBarrier, Check: checkBarRed, Forms: barRedForms()},
	{Op: OpBarrierSync, MinPTX: v(6, 0), MinSM: 30, Flags: FlagBarrier, Forms: forms(
		Form{Mods: g(ModAligned), Operands: ops(srcFix(B32), opt(srcFix(B32)))},
	)},
	{Op: OpBarrierArrive, MinPTX: v(6, 0), MinSM: 30, Flags: FlagBarrier, Forms: forms(
		Form{Mods: g(ModAligned), Operands: ops(srcFix(B32), srcFix(B32))},
	)},
	{Op: OpBarrierRed, MinPTX: v(6, 0), MinSM: 30, Flags: FlagBarrier, Check: checkBarRed, Forms: barRedForms()},
	{Op: OpBarWarpSync, MinPTX: v(6, 0), MinSM: 30, Flags: FlagWarpSync, Forms: forms(
		Form{Operands: ops(srcFix(B32))},
	)},

	{Op: OpShflSync, MinPTX: v(6, 0), MinSM: 30, Flags: FlagWarpSync, Forms: forms(
		Form{Mods: GroupShfl, Need: need(GroupShfl), Types: types(TypesOf(B32)),
			Operands: ops(
				OperandRule{Kinds: KReg | KPair, Ref: RefSuffix, Dst: true},
				src(0), srcFix(B32), srcFix(B32), srcFix(B32))},
	)},
	{Op: OpVoteSync, MinPTX: v(6, 0), MinSM: 30, Flags: FlagWarpSync, Forms: forms(
		Form{If: g(ModBallot), Mods: g(ModBallot), Types: types(TypesOf(B32)),
			Operands: ops(dst(0), predSrc(), srcFix(B32))},
		Form{Mods: g(ModAll, ModAny, ModUniMode), Need: need(g(ModAll, ModAny, ModUniMode)), Types: types(TypesOf(Pred)),
			Operands: ops(dst(0), predSrc(), srcFix(B32))},
	)},
	{Op: OpMatch, MinPTX: v(6, 0), MinSM: 70, Flags: FlagWarpSync, Forms: forms(
		Form{If: g(ModAll), Mods: g(ModAll, ModSync), Need: need(g(ModSync)), Types: types(tsB3264),
			Operands: ops(OperandRule{Kinds: KReg | KPair, Ref: RefFixed, Fixed: B32, Dst: true}, src(0), srcFix(B32))},
		Form{Mods: g(ModAny, ModSync), Need: need(g(ModAny), g(ModSync)), Types: types(tsB3264),
			Operands: ops(dstFix(B32), src(0), srcFix(B32))},
	)},
	{Op: OpReduxSync, MinPTX: v(7, 0), MinSM: 80, Flags: FlagWarpSync, Forms: forms(
		Form{If: g(ModAnd, ModOr, ModXor), Mods: g(ModAnd, ModOr, ModXor), Types: types(TypesOf(B32)),
			Operands: ops(dst(0), src(0), srcFix(B32))},
		Form{Mods: g(ModAdd, ModMin, ModMax), Need: need(g(ModAdd, ModMin, ModMax)), Types: types(tsI32),
			Operands: ops(dst(0), src(0), srcFix(B32))},
	)},

	{Op: OpCpAsync, MinPTX: v(7, 0), MinSM: 80, Flags: FlagMemory, Check: checkCpAsync, Forms: forms(
		Form{Mods: g(ModCA, ModCG, ModShared, ModSharedCTA, ModGlobal, ModL2CacheHint, ModL2_64B, ModL2_128B, ModL2_256B),
			Need: need(g(ModCA, ModCG)),
			Operands: ops(OperandRule{Kinds: KAddr, Ref: RefAny}, OperandRule{Kinds: KAddr, Ref: RefAny},
				OperandRule{Kinds: KImm, Ref: RefFixed, Fixed: U32},
				opt(srcFix(U32)), opt(OperandRule{Kinds: KReg | KImm, Ref: RefFixed, Fixed: B64}))},
	)},
	{Op: OpCpAsyncCommitGroup, MinPTX: v(7, 0), MinSM: 80, Forms: forms(Form{})},
	{Op: OpCpAsyncWaitGroup, MinPTX: v(7, 0), MinSM: 80, Forms: forms(
		Form{Operands: ops(OperandRule{Kinds: KImm, Ref: RefFixed, Fixed: U32})},
	)},
	{Op: OpCpAsyncWaitAll, MinPTX: v(7, 0), MinSM: 80, Forms: forms(Form{})},

	{Op: OpLdmatrix, MinPTX: v(6, 5), MinSM: 75, Flags: FlagMemory | FlagWarpSync, Check: checkLdmatrix, Forms: forms(
		Form{Mods: g(ModSync, ModAligned, ModM8N8, ModX1, ModX2, ModX4, ModTrans, ModShared, ModSharedCTA),
			Need:  need(g(ModSync), g(ModAligned), g(ModM8N8), g(ModX1, ModX2, ModX4)),
			Types: types(TypesOf(B16)),
			Operands: ops(OperandRule{Kinds: KVector, Ref: RefFixed, Fixed: B32, Dst: true},
				OperandRule{Kinds: KAddr, Ref: RefAny})},
	)},
	{Op: OpMma, MinPTX: v(6, 4), MinSM: 70, Flags: FlagWarpSync, Check: checkMma, Forms: forms(
		Form{Mods: g(ModSync, ModAligned, ModM16N8K8, ModM16N8K16, ModM16N8K4, ModM8N8K4, ModRow, ModCol),
			Need:  need(g(ModSync), g(ModAligned), g(ModM16N8K8, ModM16N8K16, ModM16N8K4, ModM8N8K4)),
			Types: types(TypesOf(F16, F32), TypesOf(F16, BF16, TF32), TypesOf(F16, BF16, TF32), TypesOf(F16, F32)),
			Operands: ops(
				OperandRule{Kinds: KVector, Ref: RefAny, Dst: true},
				OperandRule{Kinds: KVector, Ref: RefAny},
				OperandRule{Kinds: KVector, Ref: RefAny},
				OperandRule{Kinds: KVector, Ref: RefAny})},
	)},
}

func addSubForms() []Form {
	return forms(
		Form{If: g(ModCC), Mods: g(ModCC), Types: types(tsI3264), Operands: three()},
		Form{IfTypes: tsInt, Mods: g(ModSat), Types: types(tsInt), Operands: three(),
			Restrict: []Restriction{{Mod: ModSat, Types: TypesOf(S32)}}},
		Form{IfTypes: TypesOf(F32), Mods: mRnd.Union(g(ModFTZ, ModSat)), Types: types(TypesOf(F32)), Operands: three()},
		Form{IfTypes: TypesOf(F64), Mods: mRnd, Types: types(TypesOf(F64)), Operands: three()},
		Form{IfTypes: tsH, Mods: g(ModRN, ModFTZ, ModSat), Types: types(tsH), Operands: three()},
		Form{IfTypes: tsBH, Mods: g(ModRN), Types: types(tsBH), Operands: three()},
	)
}

func minMaxForms() []Form {
	return forms(
		Form{IfTypes: tsInt, Types: types(tsInt), Operands: three()},
		Form{IfTypes: TypesOf(F32), Mods: g(ModFTZ, ModNaN, ModXorSign, ModAbs), Types: types(TypesOf(F32)), Operands: three()},
		Form{IfTypes: TypesOf(F64), Types: types(TypesOf(F64)), Operands: three()},
		Form{IfTypes: tsH, Mods: g(ModFTZ, ModNaN, ModXorSign, ModAbs), Types: types(tsH), Operands: three()},
		Form{IfTypes: tsBH, Mods: g(ModNaN, ModXorSign, ModAbs), Types: types(tsBH), Operands: three()},
	)
}

func minMaxReqs() []Req {
	return []Req{
		{Mods: g(ModNaN), MinPTX: v(7, 0), MinSM: 80},
		{Mods: g(ModXorSign, ModAbs), MinPTX: v(7, 2), MinSM: 86},
		{Types: tsH | tsBH, MinPTX: v(7, 0), MinSM: 80},
	}
}

func approxF32() []Form {
	return forms(Form{Mods: g(ModApprox, ModFTZ), Need: need(g(ModApprox)), Types: types(TypesOf(F32)), Operands: two()})
}

func barRedForms() []Form {
	return forms(
		Form{If: g(ModPopc), Mods: g(ModPopc, ModAligned), Types: types(TypesOf(U32)),
			Operands: ops(dst(0), srcFix(B32), barRedMiddle(), opt(predSrc()))},
		Form{Mods: g(ModAnd, ModOr, ModAligned), Need: need(g(ModAnd, ModOr)), Types: types(TypesOf(Pred)),
			Operands: ops(dst(0), srcFix(B32), barRedMiddle(), opt(predSrc()))},
	)
}

// barRedMiddle is the third operand of bar.red: the thread count b, or
// the predicate c when b is omitted ("bar.red.popc.u32 d, a{, b}, {!}c").
func barRedMiddle() OperandRule { return OperandRule{Kinds: KReg | KImm | KNeg, Ref: RefAny} }

func memReqs() []Req {
	return []Req{
		{Mods: g(ModNC), MinPTX: v(3, 1), MinSM: 32},
		{Mods: g(ModRelaxed, ModAcquire, ModRelease, ModCTA, ModGPU, ModSys), MinPTX: v(6, 0), MinSM: 70},
		{Mods: g(ModL1EvictNormal, ModL1EvictUnchanged, ModL1EvictFirst, ModL1EvictLast, ModL1NoAllocate), MinPTX: v(7, 4), MinSM: 70},
		{Mods: g(ModL2_64B, ModL2_128B, ModL2_256B), MinPTX: v(7, 4), MinSM: 75},
		{Mods: g(ModL2CacheHint), MinPTX: v(7, 4), MinSM: 80},
		{Mods: g(ModSharedCTA, ModParamEntry, ModParamFunc), MinPTX: v(7, 8), MinSM: 10},
		{Mods: g(ModSharedCluster, ModCluster), MinPTX: v(7, 8), MinSM: 90},
	}
}

func atomReqs() []Req {
	return []Req{
		{Mods: g(ModShared, ModSharedCTA), MinPTX: v(1, 1), MinSM: 12},
		{Types: TypesOf(F32), Mods: g(ModAdd), MinPTX: v(2, 0), MinSM: 20},
		{Types: TypesOf(F64), Mods: g(ModAdd), MinPTX: v(5, 0), MinSM: 60},
		{Types: TypesOf(F16), MinPTX: v(6, 3), MinSM: 70},
		{Types: TypesOf(F16x2), MinPTX: v(6, 2), MinSM: 60},
		{Types: tsBH, MinPTX: v(7, 8), MinSM: 90},
		{Types: TypesOf(B16), MinPTX: v(6, 3), MinSM: 70},
		{Mods: g(ModCTA, ModGPU, ModSys), MinPTX: v(5, 0), MinSM: 60},
		{Mods: mSem, MinPTX: v(6, 0), MinSM: 70},
		{Mods: g(ModL2CacheHint), MinPTX: v(7, 4), MinSM: 80},
		{Mods: g(ModSharedCluster, ModCluster), MinPTX: v(7, 8), MinSM: 90},
	}
}
