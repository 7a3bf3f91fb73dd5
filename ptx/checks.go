package ptx

// This file holds the Check hooks of the ISA table: the rules of a few
// opcodes that depend on combinations of types and modifiers.

// checkCompare: the comparisons each operand type allows (setp, set).
// Bit types compare for equality only; the unsigned forms lo/ls/hi/hs
// are for integers; the unordered forms and num/nan for floats; .ftz for
// .f32 (and the half types).
func checkCompare(c *instChecker) {
	in := c.in
	t := in.Type(0)
	if in.Op == OpSet {
		t = in.Type(1)
	}
	cmp := in.ModIn(GroupCmp)
	ok := true
	switch t.Class() {
	case ClassBits:
		ok = cmp == ModEq || cmp == ModNe
	case ClassSigned, ClassUnsigned:
		ok = Groups(ModEq, ModNe, ModLt, ModLe, ModGt, ModGe, ModLo2, ModLs, ModHiCmp, ModHs).Contains(cmp)
		if t.Class() == ClassSigned && Groups(ModLo2, ModLs, ModHiCmp, ModHs).Contains(cmp) {
			ok = false
		}
	case ClassFloat:
		ok = !Groups(ModLo2, ModLs, ModHiCmp, ModHs).Contains(cmp)
	}
	if !ok {
		c.errorf(in.OpPos, "comparison .%s is not defined for .%s", cmp, t)
	}
	if in.Has(ModFTZ) && t != F32 && t != F16 && t != F16x2 {
		c.errorf(in.OpPos, ".ftz applies to .f32 comparisons only")
	}
}

// checkMov: mov's vector forms pack or unpack registers whose widths add
// up to the type ("mov.b64 {%r1, %r2}, %rd1"); a symbol source is the
// address of a variable or function, read into a 32- or 64-bit integer.
func checkMov(c *instChecker) {
	in := c.in
	t := in.Type(0)
	d, a := &in.Operands[0], &in.Operands[1]
	if d.Kind == OpdVector && a.Kind == OpdVector {
		c.errorf(a.Pos, "mov cannot copy a vector to a vector")
		return
	}
	for _, o := range []*Operand{d, a} {
		if o.Kind != OpdVector {
			continue
		}
		if t.Class() != ClassBits {
			c.errorf(o.Pos, "mov with a vector operand needs a .b16, .b32, .b64 or .b128 type")
			return
		}
		n := len(o.Elems)
		if n != 2 && n != 4 {
			c.errorf(o.Pos, "mov packs 2 or 4 elements, found %d", n)
			return
		}
		part := t.Bits() / n
		var et Type
		switch part {
		case 8:
			et = B8
		case 16:
			et = B16
		case 32:
			et = B32
		case 64:
			et = B64
		default:
			c.errorf(o.Pos, "mov.%s cannot be split into %d elements", t, n)
			return
		}
		for i := range o.Elems {
			e := &o.Elems[i]
			if e.Kind != OpdReg && !(o == d && e.Kind == OpdSink) && !(o == a && e.Kind == OpdInt) {
				c.errorf(e.Pos, "vector elements of mov must be registers")
				continue
			}
			c.typed(e, et, o == d, false)
		}
	}
	if a.Kind == OpdSymbol {
		if a.Var == nil && a.Func == nil {
			if a.Target >= 0 {
				c.errorf(a.Pos, "mov cannot take the address of label '%s'", a.Name)
			}
			return
		}
		if t.Class() == ClassFloat || t == Pred || t.Bits() != 32 && t.Bits() != 64 {
			c.errorf(a.Pos, "the address of '%s' needs a 32- or 64-bit integer type, not .%s", a.Name, t)
		}
	}
}

// checkCvt: rounding modifiers as the PTX ISA requires them. Float to
// integer needs an integer rounding (.rzi …); integer to float and
// narrowing float to float need a float rounding (.rn …); widening float
// conversions and integer conversions take none; a float to a float of
// the same width may round to an integral value (.rni …). The packed
// destinations (f16x2, bf16x2) take two sources.
func checkCvt(c *instChecker) {
	in := c.in
	d, a := in.Type(0), in.Type(1)
	frnd := in.ModIn(GroupFloatRounding)
	irnd := in.ModIn(GroupIntRounding)
	packed := d == F16x2 || d == BF16x2
	if a == F16x2 || a == BF16x2 || a == TF32 && d != F32 {
		c.errorf(in.OpPos, "cvt cannot convert from .%s", a)
		return
	}
	switch {
	case packed:
		if a != F32 {
			c.errorf(in.OpPos, "cvt to .%s converts from two .f32 values", d)
		}
		if len(in.Operands) != 3 {
			c.errorf(in.OpPos, "cvt.%s.f32 takes two sources", d)
		}
		if frnd != ModRN && frnd != ModRZ {
			c.errorf(in.OpPos, "cvt to .%s needs .rn or .rz", d)
		}
		c.requirement(Version{7, 0}, 80, "cvt."+d.String())
		return
	case len(in.Operands) == 3:
		c.errorf(in.Operands[2].Pos, "cvt takes one source unless it packs two values into .f16x2/.bf16x2")
		return
	}
	if in.Has(ModRelu) {
		if !((d == F16 || d == BF16) && a == F32) {
			c.errorf(in.OpPos, ".relu applies to conversions from .f32 to .f16 and .bf16 only")
		}
		c.requirement(Version{7, 0}, 80, "cvt.relu")
	}
	if in.Has(ModSatFinite) && d != TF32 {
		c.errorf(in.OpPos, ".satfinite applies to conversions to .tf32 only")
	}
	switch {
	case d == TF32:
		if a != F32 || frnd != ModRNA {
			c.errorf(in.OpPos, "cvt to .tf32 is cvt.rna.tf32.f32")
		}
		c.requirement(Version{7, 0}, 80, "cvt.tf32")
		return
	case frnd == ModRNA:
		c.errorf(in.OpPos, ".rna applies to cvt.rna.tf32.f32 only")
		return
	}
	if d == BF16 || a == BF16 {
		if d == BF16 && a == F32 || d == F32 && a == BF16 {
			c.requirement(Version{7, 0}, 80, "cvt."+d.String()+"."+a.String())
		} else {
			c.requirement(Version{7, 8}, 90, "cvt."+d.String()+"."+a.String())
		}
	}
	switch {
	case d.IsInt() && a.IsFloat():
		if irnd == ModNone {
			c.errorf(in.OpPos, "cvt from .%s to .%s needs an integer rounding (.rni, .rzi, .rmi, .rpi)", a, d)
		}
		if frnd != ModNone {
			c.errorf(in.OpPos, "cvt to an integer takes .rni/.rzi/.rmi/.rpi, not .%s", frnd)
		}
	case d.IsFloat() && a.IsInt():
		if frnd == ModNone {
			c.errorf(in.OpPos, "cvt from .%s to .%s needs a rounding (.rn, .rz, .rm, .rp)", a, d)
		}
		if irnd != ModNone {
			c.errorf(in.OpPos, "cvt to a float takes .rn/.rz/.rm/.rp, not .%s", irnd)
		}
	case d.IsFloat() && a.IsFloat():
		switch {
		case d.Bits() < a.Bits():
			if frnd == ModNone {
				c.errorf(in.OpPos, "narrowing cvt from .%s to .%s needs a rounding (.rn, .rz, .rm, .rp)", a, d)
			}
			if irnd != ModNone {
				c.errorf(in.OpPos, "narrowing cvt takes .rn/.rz/.rm/.rp, not .%s", irnd)
			}
		case d.Bits() > a.Bits():
			if frnd != ModNone || irnd != ModNone {
				c.errorf(in.OpPos, "widening cvt from .%s to .%s takes no rounding", a, d)
			}
		default:
			if frnd != ModNone {
				c.errorf(in.OpPos, "cvt between .%s values rounds to an integral value: use .rni, .rzi, .rmi or .rpi", d)
			}
		}
	default:
		if frnd != ModNone || irnd != ModNone {
			c.errorf(in.OpPos, "integer cvt takes no rounding")
		}
		// .sat clamps to the destination's range: only where the value
		// can fall outside it.
		widening := d.Bits() > a.Bits() && (d.Class() == a.Class() || d.Class() == ClassSigned)
		if in.Has(ModSat) && (d == a || d.Bits() == a.Bits() && d.Class() == a.Class() || widening) {
			c.errorf(in.OpPos, ".sat does not apply to cvt.%s.%s, whose result always fits", d, a)
		}
	}
	if in.Has(ModFTZ) && d != F32 && a != F32 {
		c.errorf(in.OpPos, ".ftz applies to conversions from or to .f32 only")
	}
}

// checkMemory: ld/st/ldu: cache operators per instruction, .nc only on
// global loads, semantics with scopes, vector sizes.
func checkMemory(c *instChecker) {
	in := c.in
	t := in.Type(0)
	space := in.Space()
	if n := in.Vec(); n > 1 {
		if n == 8 || n*t.Bits() > 128 {
			c.errorf(in.OpPos, ".v%d.%s exceeds 128 bits", n, t)
		}
	}
	cache := in.ModIn(GroupCache)
	if cache != ModNone {
		allowed := Groups(ModCA, ModCG, ModCS, ModLU, ModCV)
		if in.Op == OpSt {
			allowed = Groups(ModWB, ModCG, ModCS, ModWT)
		}
		if !allowed.Contains(cache) {
			c.errorf(in.OpPos, "cache operator .%s is not allowed on %s", cache, in.Op)
		}
	}
	if in.Has(ModNC) && space != SpaceGlobal {
		c.errorf(in.OpPos, ".nc applies to ld.global only")
	}
	sem := in.ModIn(GroupSem)
	scope := in.ModIn(GroupScope)
	switch sem {
	case ModRelaxed, ModAcquire, ModRelease:
		if scope == ModNone {
			c.errorf(in.OpPos, ".%s needs a scope (.cta, .gpu, .sys)", sem)
		}
	default:
		if scope != ModNone {
			c.errorf(in.OpPos, "scope .%s needs .relaxed, .acquire or .release", scope)
		}
	}
	if sem != ModNone && sem != ModWeak {
		if space == SpaceConst || space == SpaceParam || space == SpaceLocal {
			c.errorf(in.OpPos, ".%s does not apply to %s", sem, spaceWord(space))
		}
		if in.Has(ModNC) {
			c.errorf(in.OpPos, ".%s and .nc cannot be combined", sem)
		}
		if cache != ModNone {
			c.errorf(in.OpPos, ".%s and a cache operator cannot be combined", sem)
		}
	}
	if ev := in.ModIn(GroupEviction); ev != ModNone && ev != ModL2CacheHint && space != SpaceGlobal && space != SpaceGeneric {
		c.errorf(in.OpPos, ".%s applies to global and generic addresses only", ev)
	}
	if in.Op == OpLd || in.Op == OpSt {
		if len(in.Operands) == 3 && !in.Has(ModL2CacheHint) {
			c.errorf(in.Operands[2].Pos, "a cache policy operand needs .L2::cache_hint")
		}
		if in.Has(ModL2CacheHint) && len(in.Operands) != 3 {
			c.errorf(in.OpPos, ".L2::cache_hint needs a cache policy operand")
		}
	}
	if in.Op == OpSt && space == SpaceParam && c.f.Entry && isKernelParam(c.f, in.Operands[0]) {
		c.errorf(in.Operands[0].Pos, "kernel parameters are read-only")
	}
}

func isKernelParam(f *Function, a Operand) bool {
	if len(a.Elems) == 0 || a.Elems[0].Var == nil {
		return false
	}
	for _, p := range f.Params {
		if p == a.Elems[0].Var {
			return true
		}
	}
	return false
}

// checkAtom: the types each atomic operation takes; .noftz for the half
// types; semantics with scopes.
func checkAtom(c *instChecker) {
	in := c.in
	t := in.Type(0)
	op := in.ModIn(GroupAtomOp)
	var ok TypeSet
	switch op {
	case ModAnd, ModOr, ModXor:
		ok = TypesOf(B32, B64)
	case ModCas:
		ok = TypesOf(B16, B32, B64)
	case ModExch:
		ok = TypesOf(B32, B64)
	case ModAdd:
		ok = TypesOf(U32, S32, U64, F32, F64, F16, F16x2, BF16, BF16x2)
	case ModInc, ModDec:
		ok = TypesOf(U32)
	case ModMin, ModMax:
		ok = TypesOf(U32, S32, U64, S64)
	}
	if !ok.Contains(t) {
		c.errorf(in.OpPos, "%s.%s does not take .%s", in.Op, op, t)
	}
	half := t == F16 || t == F16x2 || t == BF16 || t == BF16x2
	if half != in.Has(ModNoFTZ) {
		if half {
			c.errorf(in.OpPos, "%s.add.%s needs .noftz", in.Op, t)
		} else {
			c.errorf(in.OpPos, ".noftz applies to the half-precision types only")
		}
	}
	if in.Op == OpRed && op == ModCas || in.Op == OpRed && op == ModExch {
		c.errorf(in.OpPos, "red has no .%s (use atom)", op)
	}
	if in.Has(ModL2CacheHint) != (len(in.Operands) == len(c.form.Operands)) {
		c.errorf(in.OpPos, "a cache policy operand goes with .L2::cache_hint")
	}
}

// checkCall checks "call{.uni} (rets), callee, (args)[, prototype]":
// the callee is a function (or a register with a prototype), and the
// lists match its parameters in number.
func checkCall(c *instChecker) {
	in := c.in
	ops := in.Operands
	i := 0
	var rets, args *Operand
	if i < len(ops) && ops[i].Kind == OpdList {
		rets = &ops[i]
		i++
	}
	if i >= len(ops) {
		c.errorf(in.OpPos, "call needs a callee")
		return
	}
	callee := &ops[i]
	i++
	if i < len(ops) && ops[i].Kind == OpdList {
		args = &ops[i]
		i++
	}
	var proto *Operand
	if i < len(ops) {
		proto = &ops[i]
		i++
	}
	if i < len(ops) {
		c.errorf(ops[i].Pos, "too many operands for call")
		return
	}
	var wantRets, wantArgs []*Var
	switch {
	case callee.Kind == OpdSymbol && callee.Func != nil:
		f := callee.Func
		if f.Entry {
			c.errorf(callee.Pos, "cannot call the kernel '%s'", f.Name)
			return
		}
		if proto != nil {
			c.errorf(proto.Pos, "a direct call takes no prototype")
		}
		wantRets, wantArgs = f.Returns, f.Params
		if def, ok := c.v.lookupGlobalFunc(f.Name); ok {
			wantRets, wantArgs = def.Returns, def.Params
		}
	case callee.Kind == OpdReg:
		if rt, ok := c.regType(callee); ok && (rt.Bits() != 64 && rt.Bits() != 32 || rt.IsFloat()) {
			c.errorf(callee.Pos, "indirect call target '%s' must be a 32- or 64-bit integer register", callee.Name)
		}
		if proto == nil || proto.Kind != OpdSymbol {
			c.errorf(callee.Pos, "indirect call needs a prototype or a list of targets")
			return
		}
		p := c.f.lookupProto(proto.Name)
		if p == nil {
			if proto.Var != nil || proto.Func != nil {
				return // a function table or a single target: arity unchecked
			}
			c.errorf(proto.Pos, "'%s' is not a call prototype", proto.Name)
			return
		}
		wantRets, wantArgs = p.Returns, p.Params
	case callee.Kind == OpdSymbol:
		if callee.Var != nil || callee.Target >= 0 {
			c.errorf(callee.Pos, "'%s' is not a function", callee.Name)
		}
		return
	default:
		c.errorf(callee.Pos, "call target must be a function or a register")
		return
	}
	nr, na := 0, 0
	if rets != nil {
		nr = len(rets.Elems)
	}
	if args != nil {
		na = len(args.Elems)
	}
	if nr != len(wantRets) {
		c.errorf(callee.Pos, "call of '%s' has %d result(s), the function returns %d", callee.Name, nr, len(wantRets))
	}
	if na != len(wantArgs) {
		c.errorf(callee.Pos, "call of '%s' passes %d argument(s), the function takes %d", callee.Name, na, len(wantArgs))
	}
	for _, l := range []*Operand{rets, args} {
		if l == nil {
			continue
		}
		for j := range l.Elems {
			e := &l.Elems[j]
			switch e.Kind {
			case OpdSymbol:
				if e.Var == nil && e.Func == nil && e.Target < 0 {
					continue // reported by Resolve
				}
				if e.Var == nil || e.Var.Space != SpaceParam {
					c.errorf(e.Pos, "call argument '%s' must be a .param variable or a register", e.Name)
				}
			case OpdReg, OpdInt, OpdFloat:
				if l == rets && e.Kind != OpdReg {
					c.errorf(e.Pos, "call results must be .param variables or registers")
				}
			default:
				c.errorf(e.Pos, "call arguments must be .param variables, registers or immediates")
			}
		}
	}
}

// checkLdmatrix: the destination vector holds one b32 register per
// matrix (.x1, .x2, .x4).
func checkLdmatrix(c *instChecker) {
	in := c.in
	n := map[Mod]int{ModX1: 1, ModX2: 2, ModX4: 4}[in.ModIn(Groups(ModX1, ModX2, ModX4))]
	d := &in.Operands[0]
	if len(d.Elems) != n {
		c.errorf(d.Pos, "ldmatrix .x%d writes %d registers, found %d", n, n, len(d.Elems))
		return
	}
	for i := range d.Elems {
		c.typed(&d.Elems[i], B32, true, false)
	}
	if s := in.Space(); s != SpaceGeneric && s != SpaceShared {
		c.errorf(in.OpPos, "ldmatrix reads .shared memory")
	}
	c.address(&in.Operands[1], B16)
}

// mmaShape is one supported mma.sync configuration: the number of
// registers of the A, B and C/D fragments per thread.
type mmaShape struct {
	shape      Mod
	ab         Type // A and B element type
	a, b       int  // registers of A and B (.b32 each)
	cdF32      int  // registers of C/D when they are .f32
	cdF16      int  // registers of C/D when they are .f16 (f16x2 in .b32), 0: not allowed
	minPTX     Version
	minSM      int
	anyLayouts bool // m8n8k4 accepts all four layouts; the others row.col only
}

// mmaShapes lists the mma.sync configurations the table supports.
var mmaShapes = []mmaShape{
	{ModM16N8K16, F16, 4, 2, 4, 2, Version{7, 0}, 80, false},
	{ModM16N8K8, F16, 2, 1, 4, 2, Version{6, 5}, 75, false},
	{ModM16N8K16, BF16, 4, 2, 4, 0, Version{7, 0}, 80, false},
	{ModM16N8K8, BF16, 2, 1, 4, 0, Version{7, 0}, 80, false},
	{ModM16N8K8, TF32, 4, 2, 4, 0, Version{7, 0}, 80, false},
	{ModM16N8K4, TF32, 2, 1, 4, 0, Version{7, 0}, 80, false},
	{ModM8N8K4, F16, 2, 2, 8, 4, Version{6, 4}, 70, true},
}

// checkMma: shape, element types, layouts and fragment sizes of mma.sync.
func checkMma(c *instChecker) {
	in := c.in
	dt, at, bt, ct := in.Type(0), in.Type(1), in.Type(2), in.Type(3)
	if at != bt {
		c.errorf(in.OpPos, "mma needs A and B of one type, found .%s and .%s", at, bt)
		return
	}
	shape := in.ModIn(GroupShape)
	var cfg *mmaShape
	for i := range mmaShapes {
		if mmaShapes[i].shape == shape && mmaShapes[i].ab == at {
			cfg = &mmaShapes[i]
		}
	}
	if cfg == nil {
		c.errorf(in.OpPos, "mma.sync.aligned.%s does not take .%s inputs", shape, at)
		return
	}
	c.requirement(cfg.minPTX, cfg.minSM, "mma."+shape.String()+"."+at.String())
	var layouts []Mod
	for _, m := range in.Mods {
		if m == ModRow || m == ModCol {
			layouts = append(layouts, m)
		}
	}
	if len(layouts) != 2 || !cfg.anyLayouts && (layouts[0] != ModRow || layouts[1] != ModCol) {
		if cfg.anyLayouts {
			c.errorf(in.OpPos, "mma.%s needs two layouts (.row/.col for A, then for B)", shape)
		} else {
			c.errorf(in.OpPos, "mma.%s needs the layouts .row.col", shape)
		}
		return
	}
	cd := func(t Type) (int, Type) {
		if t == F32 {
			return cfg.cdF32, F32
		}
		return cfg.cdF16, F16x2
	}
	if (dt == F16 || ct == F16) && cfg.cdF16 == 0 {
		c.errorf(in.OpPos, "mma.%s with .%s inputs accumulates in .f32 only", shape, at)
		return
	}
	if dt != ct && !cfg.anyLayouts {
		c.errorf(in.OpPos, "mma.%s needs D and C of one type, found .%s and .%s", shape, dt, ct)
		return
	}
	dn, dty := cd(dt)
	cn, cty := cd(ct)
	frags := []struct {
		name string
		n    int
		t    Type
		dst  bool
	}{{"D", dn, dty, true}, {"A", cfg.a, U32, false}, {"B", cfg.b, U32, false}, {"C", cn, cty, false}}
	for i, fr := range frags {
		o := &in.Operands[i]
		if len(o.Elems) != fr.n {
			c.errorf(o.Pos, "mma.%s fragment %s has %d registers, needs %d", shape, fr.name, len(o.Elems), fr.n)
			continue
		}
		for j := range o.Elems {
			e := &o.Elems[j]
			if e.Kind != OpdReg {
				c.errorf(e.Pos, "mma fragments hold registers")
				continue
			}
			c.typed(e, fr.t, fr.dst, false)
		}
	}
}

// checkCvta: "cvta.space.size d, a" converts a space's address (a
// register or a variable of that space) to generic; "cvta.to.space.size"
// converts a generic address in a register.
func checkCvta(c *instChecker) {
	in := c.in
	a := &in.Operands[1]
	if a.Kind == OpdSymbol {
		switch {
		case in.Has(ModTo):
			c.errorf(a.Pos, "cvta.to converts a generic address in a register, not a variable")
		case a.Var == nil:
			c.errorf(a.Pos, "'%s' is not a variable", a.Name)
		case a.Var.Space != in.Space():
			c.errorf(a.Pos, "'%s' is a %s variable, not %s", a.Name, a.Var.Space, in.Space())
		}
	}
}

// checkBarRed: "bar.red.op.type d, a{, b}, {!}c": with three sources the
// middle one is the thread count, with two it is the predicate.
func checkBarRed(c *instChecker) {
	in := c.in
	ops := in.Operands
	if len(ops) == 3 {
		c.predicate(&ops[2], "bar.red predicate")
		return
	}
	b := &ops[2]
	if b.Neg {
		c.errorf(b.Pos, "the thread count of bar.red cannot be negated")
		return
	}
	c.typed(b, B32, false, false)
}

// checkCpAsync: cp.async copies 4, 8 or 16 bytes; .cg only 16.
func checkCpAsync(c *instChecker) {
	in := c.in
	size := &in.Operands[2]
	switch {
	case size.Int != 4 && size.Int != 8 && size.Int != 16:
		c.errorf(size.Pos, "cp.async copies 4, 8 or 16 bytes, not %d", size.Int)
	case in.Has(ModCG) && size.Int != 16:
		c.errorf(size.Pos, "cp.async.cg copies 16 bytes, not %d", size.Int)
	}
}
