package ptx

// Options configure Verify. The zero value checks against what ptxas of
// CUDA 11.8 accepts.
type Options struct {
	// MaxVersion is the newest PTX ISA version accepted; zero means 7.8.
	MaxVersion Version
	// MaxSM is the newest SM architecture accepted; zero means 90.
	MaxSM int
	// MaxStaticShared is the limit of statically allocated .shared
	// memory per kernel in bytes; zero means 48 KiB.
	MaxStaticShared int64
}

// DefaultMaxVersion is the newest PTX ISA version Verify accepts by
// default, the one ptxas of CUDA 11.8 implements.
var DefaultMaxVersion = Version{7, 8}

// DefaultMaxSM is the newest SM architecture Verify accepts by default.
const DefaultMaxSM = 90

// DefaultMaxStaticShared is the default static .shared limit per kernel.
const DefaultMaxStaticShared = 48 << 10

// maxConstBank is the size of the user constant bank.
const maxConstBank = 64 << 10

// targets maps each SM architecture to the first PTX ISA version that
// supports it.
var targets = map[int]Version{
	10: {1, 0}, 11: {1, 0}, 12: {1, 2}, 13: {1, 2},
	20: {2, 0}, 21: {2, 0}, 30: {3, 0}, 32: {4, 0}, 35: {3, 1}, 37: {4, 1},
	50: {4, 0}, 52: {4, 1}, 53: {4, 2}, 60: {5, 0}, 61: {5, 0}, 62: {5, 0},
	70: {6, 0}, 72: {6, 1}, 75: {6, 3}, 80: {7, 0}, 86: {7, 1}, 87: {7, 4},
	89: {7, 8}, 90: {7, 8},
}

// versions are the PTX ISA versions that exist, by major version: the
// highest minor of each.
var versions = map[int]int{1: 4, 2: 3, 3: 2, 4: 3, 5: 0, 6: 5, 7: 8, 8: 8}

// TargetMinVersion returns the first PTX ISA version supporting sm_<sm>
// and whether the architecture is known.
func TargetMinVersion(sm int) (Version, bool) {
	v, ok := targets[sm]
	return v, ok
}

// Verify resolves names (Resolve) and checks the module against the ISA
// table. opts may be nil. The error is an ErrorList in source order.
func Verify(m *Module, opts *Options) error {
	o := Options{}
	if opts != nil {
		o = *opts
	}
	if o.MaxVersion == (Version{}) {
		o.MaxVersion = DefaultMaxVersion
	}
	if o.MaxSM == 0 {
		o.MaxSM = DefaultMaxSM
	}
	if o.MaxStaticShared == 0 {
		o.MaxStaticShared = DefaultMaxStaticShared
	}
	v := &verifier{m: m, opts: o}
	v.errs.file = m.File
	if err := Resolve(m); err != nil {
		v.errs.list = append(v.errs.list, err.(ErrorList)...)
	}
	v.header()
	v.decls()
	return v.errs.sorted()
}

type verifier struct {
	m    *Module
	opts Options
	errs errSink
}

func (v *verifier) header() {
	m := v.m
	if maxMinor, ok := versions[m.Version.Major]; !ok || m.Version.Minor > maxMinor {
		v.errs.add(m.VersionPos, "unknown PTX ISA version %d.%d", m.Version.Major, m.Version.Minor)
	} else if v.opts.MaxVersion.Less(m.Version) {
		v.errs.add(m.VersionPos, "PTX ISA version %d.%d is newer than the supported %d.%d",
			m.Version.Major, m.Version.Minor, v.opts.MaxVersion.Major, v.opts.MaxVersion.Minor)
	}
	min, ok := targets[m.Target]
	switch {
	case !ok:
		v.errs.add(m.TargetPos, "unknown target sm_%d%s", m.Target, m.ArchSuffix)
	case m.ArchSuffix != "" && m.ArchSuffix != "a":
		v.errs.add(m.TargetPos, "unknown target sm_%d%s", m.Target, m.ArchSuffix)
	case m.ArchSuffix == "a" && m.Target < 90:
		v.errs.add(m.TargetPos, "unknown target sm_%da", m.Target)
	case m.Target > v.opts.MaxSM:
		v.errs.add(m.TargetPos, "target sm_%d is newer than the supported sm_%d", m.Target, v.opts.MaxSM)
	default:
		if m.ArchSuffix == "a" {
			min = Version{8, 0}
		}
		if m.Version.Less(min) {
			v.errs.add(m.TargetPos, "target sm_%d%s requires PTX ISA version %d.%d or later (module has %d.%d)",
				m.Target, m.ArchSuffix, min.Major, min.Minor, m.Version.Major, m.Version.Minor)
		}
	}
	for _, opt := range m.TargetOptions {
		switch opt {
		case "texmode_unified", "texmode_independent", "debug", "map_f64_to_f32":
		default:
			v.errs.add(m.TargetPos, "unknown .target option %s", opt)
		}
	}
}

func (v *verifier) decls() {
	var constBytes int64
	for _, d := range v.m.Decls {
		switch d := d.(type) {
		case *Var:
			v.variable(d, true)
			if d.Space == SpaceConst {
				if n, ok := d.Size(); ok {
					constBytes += n
				}
			}
		case *Function:
			v.function(d)
		}
	}
	if constBytes > maxConstBank {
		for _, d := range v.m.Decls {
			if x, ok := d.(*Var); ok && x.Space == SpaceConst {
				v.errs.add(x.Pos, ".const variables take %d bytes, more than the %d of the constant bank", constBytes, maxConstBank)
				break
			}
		}
	}
	for _, d := range v.m.Decls {
		if f, ok := d.(*Function); ok && f.Entry && f.Body != nil {
			v.sharedLimit(f)
		}
	}
}

// variable checks one declaration; module says it is at module level.
func (v *verifier) variable(x *Var, module bool) {
	switch {
	case module && (x.Space == SpaceReg || x.Space == SpaceParam || x.Space == SpaceSreg || x.Space == SpaceLocal):
		v.errs.add(x.Pos, "%s variables cannot be declared at module level", x.Space)
	case !module && x.Linkage != LinkNone:
		v.errs.add(x.Pos, "%s is not allowed inside a function", x.Linkage)
	case x.Space == SpaceSreg || x.Space == SpaceTex:
		v.errs.add(x.Pos, "cannot declare %s variables", x.Space)
	}
	if x.Type == Pred && x.Space != SpaceReg {
		v.errs.add(x.Pos, ".pred is only allowed for registers")
	}
	if x.Type == B128 && !v.hasVersion(Version{8, 3}) {
		v.errs.add(x.Pos, ".b128 requires PTX ISA 8.3")
	}
	if x.Count > 0 && x.Space != SpaceReg {
		v.errs.add(x.NamePos, "a parameterized name <N> is only allowed for registers")
	}
	if x.Space == SpaceReg && len(x.Dims) > 0 {
		v.errs.add(x.NamePos, "registers cannot be arrays")
	}
	if x.Init != nil && x.Space != SpaceGlobal && x.Space != SpaceConst {
		v.errs.add(x.Init.Pos, "%s variables cannot have initializers", x.Space)
	}
	if x.Vec != 0 {
		if x.Vec == 8 || x.Type.Bits()*x.Vec > 128 {
			v.errs.add(x.Pos, "vector .v%d.%s exceeds 128 bits", x.Vec, x.Type)
		}
	}
	for i, d := range x.Dims {
		if d < 0 {
			extern := x.Linkage == LinkExtern && (x.Space == SpaceShared || x.Space == SpaceGlobal)
			if i != 0 || !(extern || x.Init != nil) {
				v.errs.add(x.NamePos, "unsized array '%s' must be an .extern .shared variable or have an initializer", x.Name)
			}
		}
	}
	if x.Ptr && x.Space != SpaceParam {
		v.errs.add(x.Pos, ".ptr is only allowed on kernel parameters")
	}
	if x.Init != nil {
		v.initializer(x, x.Init, 0)
	}
}

// initializer checks that an initializer's shape and values fit x.
func (v *verifier) initializer(x *Var, in *Init, dim int) {
	switch in.Kind {
	case InitList:
		if dim >= len(x.Dims) && !(dim == len(x.Dims) && x.Vec > 0) {
			v.errs.add(in.Pos, "braced initializer for the scalar '%s'", x.Name)
			return
		}
		limit := x.Vec
		if dim < len(x.Dims) {
			limit = x.Dims[dim]
		}
		if limit >= 0 && len(in.Elems) > limit {
			v.errs.add(in.Pos, "too many initializers for '%s' (%d, room for %d)", x.Name, len(in.Elems), limit)
		}
		for _, e := range in.Elems {
			v.initializer(x, e, dim+1)
		}
	case InitFloat:
		if !x.Type.IsFloat() && x.Type.Class() != ClassBits {
			v.errs.add(in.Pos, "floating-point initializer for .%s variable '%s'", x.Type, x.Name)
		}
	case InitInt:
		if x.Type.IsFloat() {
			v.errs.add(in.Pos, "integer initializer for .%s variable '%s'", x.Type, x.Name)
		}
	case InitSymbol:
		d, ok := v.lookupGlobal(in.Symbol)
		if !ok {
			v.errs.add(in.Pos, "undefined symbol '%s' in initializer", in.Symbol)
			return
		}
		if x.Type.Bits() != 32 && x.Type.Bits() != 64 || x.Type.IsFloat() {
			v.errs.add(in.Pos, "the address of '%s' needs a .u32/.u64/.b32/.b64 variable", in.Symbol)
		}
		_ = d
	}
}

func (v *verifier) lookupGlobal(name string) (Decl, bool) {
	for _, d := range v.m.Decls {
		switch d := d.(type) {
		case *Var:
			if d.Name == name {
				return d, true
			}
		case *Function:
			if d.Name == name {
				return d, true
			}
		}
	}
	return nil, false
}

// hasVersion reports whether the module's .version is at least w.
func (v *verifier) hasVersion(w Version) bool { return !v.m.Version.Less(w) }

func (v *verifier) function(f *Function) {
	if f.Entry && len(f.Returns) > 0 {
		v.errs.add(f.Pos, "an .entry function cannot return values")
	}
	for _, p := range append(append([]*Var(nil), f.Returns...), f.Params...) {
		switch {
		case f.Entry && p.Space != SpaceParam:
			v.errs.add(p.Pos, "kernel parameters must be in .param space")
		case !f.Entry && p.Ptr:
			v.errs.add(p.Pos, ".ptr is only allowed on kernel parameters")
		}
		if p.Init != nil {
			v.errs.add(p.Init.Pos, "parameters cannot have initializers")
		}
		if p.Count > 0 {
			v.errs.add(p.NamePos, "a parameter cannot be a parameterized name")
		}
	}
	for _, a := range f.Attrs {
		v.funcAttr(f, a)
	}
	if f.Body == nil {
		if f.Linkage != LinkExtern && f.Linkage != LinkWeak {
			// A prototype declared ahead of its definition is fine; one
			// that is never defined is only legal when .extern.
			if d, ok := v.lookupGlobalFunc(f.Name); !ok || d.Body == nil {
				v.errs.add(f.NamePos, "function '%s' is declared but never defined (missing .extern?)", f.Name)
			}
		}
		return
	}
	if f.Linkage == LinkExtern {
		v.errs.add(f.Pos, ".extern function '%s' cannot have a body", f.Name)
	}
	v.body(f, f.Body)
}

func (v *verifier) lookupGlobalFunc(name string) (*Function, bool) {
	f := v.m.Function(name)
	return f, f != nil
}

func (v *verifier) funcAttr(f *Function, a *FuncAttr) {
	want := -1
	switch a.Name {
	case ".maxntid", ".reqntid", ".reqnctapercluster":
		if len(a.Ints) < 1 || len(a.Ints) > 3 {
			v.errs.add(a.Pos, "%s takes one to three dimensions", a.Name)
		}
	case ".minnctapersm", ".maxnctapersm", ".maxnreg", ".maxclusterrank":
		want = 1
	case ".noreturn", ".explicitcluster", ".blocksareclusters":
		want = 0
	}
	if want >= 0 && len(a.Ints) != want {
		v.errs.add(a.Pos, "%s takes %d value(s)", a.Name, want)
	}
	for _, n := range a.Ints {
		if n <= 0 || n > 1<<31-1 {
			v.errs.add(a.Pos, "%s values must be positive", a.Name)
			break
		}
	}
	switch a.Name {
	case ".maxntid", ".reqntid", ".minnctapersm", ".maxnctapersm", ".reqnctapercluster", ".maxclusterrank", ".explicitcluster":
		if !f.Entry {
			v.errs.add(a.Pos, "%s is only allowed on .entry functions", a.Name)
		}
	case ".noreturn":
		if f.Entry {
			v.errs.add(a.Pos, ".noreturn is only allowed on .func functions")
		}
	}
}

func (v *verifier) body(f *Function, b *Block) {
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *Var:
			v.variable(s, false)
		case *Block:
			v.body(f, s)
		case *Instruction:
			c := instChecker{v: v, f: f, in: s, row: &ISA[s.Op]}
			c.check()
		case *CallPrototype:
			for _, p := range append(append([]*Var(nil), s.Returns...), s.Params...) {
				if p.Space != SpaceParam && p.Space != SpaceReg {
					v.errs.add(p.Pos, "prototype parameters must be .param or .reg")
				}
			}
		}
	}
}

// sharedLimit checks that the static .shared memory a kernel uses (the
// variables its body and the functions it calls name, plus those
// declared in them) fits the limit.
func (v *verifier) sharedLimit(entry *Function) {
	seenVar := map[*Var]bool{}
	seenFunc := map[*Function]bool{}
	var total int64
	var walkFunc func(f *Function)
	addVar := func(x *Var) {
		if x == nil || x.Space != SpaceShared || seenVar[x] || x.Linkage == LinkExtern {
			return
		}
		seenVar[x] = true
		if n, ok := x.Size(); ok {
			total += n
		}
	}
	var walkOperand func(o *Operand)
	walkOperand = func(o *Operand) {
		addVar(o.Var)
		if o.Func != nil {
			walkFunc(o.Func)
		}
		for i := range o.Elems {
			walkOperand(&o.Elems[i])
		}
	}
	var walkBlock func(b *Block)
	walkBlock = func(b *Block) {
		for _, s := range b.Stmts {
			switch s := s.(type) {
			case *Var:
				addVar(s)
			case *Block:
				walkBlock(s)
			}
		}
	}
	walkFunc = func(f *Function) {
		if seenFunc[f] {
			return
		}
		seenFunc[f] = true
		if f.Body == nil {
			if d, ok := v.lookupGlobalFunc(f.Name); ok && d.Body != nil {
				f = d
				if seenFunc[f] {
					return
				}
				seenFunc[f] = true
			} else {
				return
			}
		}
		walkBlock(f.Body)
		for _, in := range f.Insts {
			for i := range in.Operands {
				walkOperand(&in.Operands[i])
			}
		}
	}
	walkFunc(entry)
	if total > v.opts.MaxStaticShared {
		v.errs.add(entry.NamePos, "kernel '%s' uses %d bytes of static .shared memory, more than the %d allowed",
			entry.Name, total, v.opts.MaxStaticShared)
	}
}

// instChecker checks one instruction against its table row.
type instChecker struct {
	v    *verifier
	f    *Function
	in   *Instruction
	row  *OpInfo
	form *Form
}

func (c *instChecker) errorf(pos Pos, format string, args ...any) {
	if !pos.IsValid() {
		pos = c.in.OpPos
	}
	c.v.errs.add(pos, format, args...)
}

// modPos returns the position of modifier m in the source, or the
// opcode's.
func (c *instChecker) modPos(m Mod) Pos {
	for i, x := range c.in.Mods {
		if x == m && i < len(c.in.ModPos) {
			return c.in.ModPos[i]
		}
	}
	return c.in.OpPos
}

// typePos returns the position of type suffix i, or the opcode's.
func (c *instChecker) typePos(i int) Pos {
	if i < len(c.in.TypePos) {
		return c.in.TypePos[i]
	}
	return c.in.OpPos
}

// name returns the instruction's opcode with its suffixes, for messages.
func (c *instChecker) name() string {
	s := c.in.Op.String()
	for _, m := range c.in.Mods {
		s += "." + m.String()
	}
	for _, t := range c.in.Types {
		s += "." + t.String()
	}
	return s
}

func (c *instChecker) check() {
	in, row := c.in, c.row
	if in.Op == OpInvalid || in.Op >= numOps {
		c.errorf(in.OpPos, "invalid opcode")
		return
	}
	if in.Guard != nil {
		c.predicate(in.Guard, "guard")
	}
	c.requirement(row.MinPTX, row.MinSM, in.Op.String())
	for _, r := range row.Reqs {
		if r.Types != 0 && !c.hasTypeIn(r.Types) {
			continue
		}
		if r.Mods != (ModGroup{}) && in.ModIn(r.Mods) == ModNone {
			continue
		}
		c.requirement(r.MinPTX, r.MinSM, c.name())
	}
	c.form = row.FormOf(in)
	if c.form == nil {
		c.errorf(c.typePos(0), "%s does not take type .%s", in.Op, in.Type(0))
		return
	}
	if !c.mods() || !c.types() {
		return
	}
	if !c.operands() {
		return
	}
	if row.Check != nil {
		row.Check(c)
	}
}

func (c *instChecker) hasTypeIn(s TypeSet) bool {
	for _, t := range c.in.Types {
		if s.Contains(t) {
			return true
		}
	}
	return false
}

// requirement reports when the module's version or target is below what
// the instruction needs.
func (c *instChecker) requirement(minPTX Version, minSM int, what string) {
	m := c.v.m
	if m.Version.Less(minPTX) {
		c.errorf(c.in.OpPos, "%s requires PTX ISA version %d.%d or later (module has %d.%d)",
			what, minPTX.Major, minPTX.Minor, m.Version.Major, m.Version.Minor)
	}
	if m.Target < minSM {
		c.errorf(c.in.OpPos, "%s requires sm_%d or later (target is sm_%d)", what, minSM, m.Target)
	}
}

// mods checks the modifiers against the form: allowed, required ones
// present, no two from one group.
func (c *instChecker) mods() bool {
	ok := true
	for _, m := range c.in.Mods {
		if !c.form.Mods.Contains(m) {
			c.errorf(c.modPos(m), "modifier .%s is not allowed on %s", m, c.name())
			ok = false
		}
	}
	for _, r := range c.form.Restrict {
		if !c.in.Has(r.Mod) {
			continue
		}
		if r.Types != 0 && !r.Types.Contains(c.in.Type(0)) {
			c.errorf(c.modPos(r.Mod), "modifier .%s does not apply to .%s (only %s)", r.Mod, c.in.Type(0), typeList(r.Types))
			ok = false
		}
		if r.With != ModNone && !c.in.Has(r.With) {
			c.errorf(c.modPos(r.Mod), "modifier .%s needs .%s on %s", r.Mod, r.With, c.in.Op)
			ok = false
		}
	}
	for _, grp := range []ModGroup{GroupFloatRounding.Union(GroupIntRounding), GroupCmp, GroupSpace, GroupVec, GroupCache, GroupScope, GroupShfl, GroupVote, GroupTestp, GroupPrmt, GroupShape, GroupMulMode} {
		n, last := 0, ModNone
		for _, m := range c.in.Mods {
			if grp.Contains(m) && c.form.Mods.Contains(m) {
				n++
				last = m
			}
		}
		if n > 1 && !(grp == GroupSpace && c.in.Op == OpCpAsync) {
			c.errorf(c.modPos(last), "conflicting modifiers on %s", c.name())
			ok = false
		}
	}
	for _, grp := range c.form.Need {
		if c.in.ModIn(grp) == ModNone {
			c.errorf(c.in.OpPos, "%s needs one of %s", c.name(), modList(grp))
			ok = false
		}
	}
	return ok
}

func typeList(s TypeSet) string {
	out := ""
	for i, t := range s.Types() {
		if i > 0 {
			out += ", "
		}
		out += "." + t.String()
	}
	return out
}

func modList(g ModGroup) string {
	s := ""
	for i, m := range g.Mods() {
		if i > 0 {
			s += ", "
		}
		s += "." + m.String()
	}
	return s
}

func (c *instChecker) types() bool {
	want := c.form.Types
	if len(c.in.Types) != len(want) {
		switch {
		case len(want) == 0:
			c.errorf(c.in.OpPos, "%s takes no type suffix", c.in.Op)
		case len(c.in.Types) < len(want):
			c.errorf(c.in.OpPos, "%s needs %d type suffix(es), found %d", c.name(), len(want), len(c.in.Types))
		default:
			c.errorf(c.in.OpPos, "too many type suffixes on %s", c.name())
		}
		return false
	}
	for i, t := range c.in.Types {
		if !want[i].Contains(t) {
			c.errorf(c.typePos(i), "%s does not take type .%s", c.name(), t)
			return false
		}
	}
	return true
}

// operands checks the operand count and each operand's form and type.
func (c *instChecker) operands() bool {
	if c.in.Op == OpCall {
		return true // checkCall reads the operand lists itself
	}
	rules := c.form.Operands
	minN := 0
	for i, r := range rules {
		if !r.Optional {
			minN = i + 1
		}
	}
	n := len(c.in.Operands)
	if n < minN || n > len(rules) {
		if minN == len(rules) {
			c.errorf(c.in.OpPos, "%s takes %d operand(s), found %d", c.name(), minN, n)
		} else {
			c.errorf(c.in.OpPos, "%s takes %d to %d operands, found %d", c.name(), minN, len(rules), n)
		}
		return false
	}
	ok := true
	for i := range c.in.Operands {
		if !c.operand(&c.in.Operands[i], rules[i]) {
			ok = false
		}
	}
	return ok
}

// kindOf returns the KindSet bit an operand is.
func kindOf(o *Operand) KindSet {
	switch o.Kind {
	case OpdReg:
		return KReg
	case OpdSpecial:
		return KSpecial
	case OpdInt, OpdFloat:
		return KImm
	case OpdSymbol:
		if o.Target >= 0 {
			return KLabel
		}
		return KSymbol
	case OpdAddr:
		return KAddr
	case OpdVector:
		return KVector
	case OpdList:
		return KList
	case OpdSink:
		return KSink
	case OpdPredPair:
		return KPair
	}
	return 0
}

var kindNames = map[KindSet]string{
	KReg: "a register", KImm: "an immediate", KSpecial: "a special register", KSymbol: "a symbol",
	KAddr: "an address", KVector: "a vector", KLabel: "a label", KList: "a list", KSink: "'_'",
	KPair: "a register pair",
}

// operand checks one operand against its rule.
func (c *instChecker) operand(o *Operand, r OperandRule) bool {
	k := kindOf(o)
	if o.Kind == OpdSymbol && o.Var == nil && o.Func == nil && o.Target < 0 {
		return false // undefined (reported by Resolve) or a prototype
	}
	if r.Kinds&k == 0 {
		if r.Kinds == KLabel && o.Kind == OpdSymbol {
			c.errorf(o.Pos, "'%s' is not a label", o.Name)
			return false
		}
		c.errorf(o.Pos, "operand of %s cannot be %s", c.name(), kindNames[k])
		return false
	}
	if o.Neg && r.Kinds&KNeg == 0 {
		c.errorf(o.Pos, "operand of %s cannot be negated", c.name())
		return false
	}
	switch {
	case o.Kind == OpdSymbol && k == KSymbol, o.Kind == OpdVector && r.Ref != RefData:
		// Symbols and vectors outside ld/st data: the row's Check
		// knows what they must be (mov packs, cvta's variable, mma
		// fragments).
		return c.resolved(o)
	}
	if o.Kind == OpdPredPair && len(o.Elems) == 2 && o.Elems[0].Kind == OpdSink && r.Kinds&KSink == 0 {
		c.errorf(o.Elems[0].Pos, "'_' is not allowed as the first destination of %s", c.in.Op)
		return false
	}
	switch r.Ref {
	case RefAny:
		return c.resolved(o)
	case RefAddr:
		return c.address(o, c.in.Type(r.N))
	case RefData:
		return c.data(o, c.in.Type(r.N), r.Dst)
	}
	want := c.ruleType(r)
	if want == TypeNone {
		return true
	}
	return c.typed(o, want, r.Dst, false)
}

// ruleType returns the type an operand of rule r must have.
func (c *instChecker) ruleType(r OperandRule) Type {
	switch r.Ref {
	case RefSuffix:
		return c.in.Type(r.N)
	case RefWide:
		return widen(c.in.Type(r.N))
	case RefFixed:
		return r.Fixed
	}
	return TypeNone
}

// widen returns the type twice as wide: u32→u64, s16→s32.
func widen(t Type) Type {
	switch t {
	case U16:
		return U32
	case U32:
		return U64
	case S16:
		return S32
	case S32:
		return S64
	case B16:
		return B32
	case B32:
		return B64
	case F32:
		return F64
	}
	return TypeNone
}

// resolved reports whether an operand's names resolved (Resolve has
// reported those that did not).
func (c *instChecker) resolved(o *Operand) bool {
	switch o.Kind {
	case OpdReg:
		return o.Reg >= 0
	case OpdAddr, OpdVector, OpdList, OpdPredPair:
		for i := range o.Elems {
			if !c.resolved(&o.Elems[i]) {
				return false
			}
		}
	}
	return true
}

// regType returns the type of a resolved register operand.
func (c *instChecker) regType(o *Operand) (Type, bool) {
	if o.Kind != OpdReg || o.Reg < 0 || o.Reg >= len(c.f.Regs) {
		return TypeNone, false
	}
	return c.f.Regs[o.Reg].Type, true
}

// typed checks that o (a register, immediate, special register, pair or
// sink) fits type want; relaxed applies ld/st/cvt's size rule.
func (c *instChecker) typed(o *Operand, want Type, dst, relaxed bool) bool {
	switch o.Kind {
	case OpdSink:
		if !dst {
			c.errorf(o.Pos, "'_' can only be a destination")
			return false
		}
		return true
	case OpdReg:
		rt, ok := c.regType(o)
		if !ok {
			return false
		}
		if c.f.Regs[o.Reg].Vec != 0 && o.Comp == 0 {
			c.errorf(o.Pos, "vector register '%s' needs a component (.x, .y, .z, .w)", o.Name)
			return false
		}
		if o.Neg && rt != Pred {
			c.errorf(o.Pos, "only predicates can be negated")
			return false
		}
		if !Compatible(want, rt, relaxed) {
			c.errorf(o.Pos, "register '%s' of type .%s does not match the .%s operand of %s", o.Name, rt, want, c.name())
			return false
		}
		return true
	case OpdInt:
		if want.IsFloat() {
			c.errorf(o.Pos, "integer immediate for the .%s operand of %s (write a 0f/0d floating-point literal)", want, c.name())
			return false
		}
		return true
	case OpdFloat:
		switch {
		case want == F32 || want == F64:
		case want.Class() == ClassBits && (want.Bits() == 32 && !o.Float64 || want.Bits() == 64 && o.Float64):
		default:
			c.errorf(o.Pos, "floating-point immediate for the .%s operand of %s", want, c.name())
			return false
		}
		return true
	case OpdSpecial:
		return c.special(o, want)
	case OpdPredPair:
		if len(o.Elems) != 2 {
			c.errorf(o.Pos, "malformed register pair")
			return false
		}
		ok := c.typed(&o.Elems[0], want, dst, false)
		return c.typed(&o.Elems[1], Pred, dst, false) && ok
	}
	c.errorf(o.Pos, "operand of %s cannot be %s", c.name(), kindNames[kindOf(o)])
	return false
}

// special checks a special register operand.
func (c *instChecker) special(o *Operand, want Type) bool {
	s := o.Special
	if s.IsVector() != (o.Comp != 0) {
		if s.IsVector() {
			c.errorf(o.Pos, "%s needs a component (.x, .y or .z)", s)
		} else {
			c.errorf(o.Pos, "%s has no components", s)
		}
		return false
	}
	info := sregInfo[s]
	if c.v.m.Version.Less(info.minPTX) || c.v.m.Target < info.minSM {
		c.errorf(o.Pos, "%s requires PTX ISA %d.%d and sm_%d", s, info.minPTX.Major, info.minPTX.Minor, info.minSM)
		return false
	}
	st := s.Type()
	if Compatible(want, st, false) || s.IsVector() && want.Bits() == 16 && want.Class() != ClassFloat {
		return true
	}
	c.errorf(o.Pos, "special register %s is .%s, not .%s", s, st, want)
	return false
}

// Compatible reports whether a register of type reg can be an operand of
// instruction type inst. PTX's rules: .bN accepts any type of N bits;
// .uN and .sN accept .bN, .uN and .sN; .fN accepts .fN and .bN; .pred
// only .pred. relaxed is the rule of ld, st and cvt, whose data registers
// may be wider than an integer or bit type.
func Compatible(inst, reg Type, relaxed bool) bool {
	if inst == reg {
		return true
	}
	if inst == Pred || reg == Pred || inst == TypeNone {
		return false
	}
	ic, rc := inst.Class(), reg.Class()
	sameSize := inst.Bits() == reg.Bits()
	wider := relaxed && reg.Bits() > inst.Bits()
	switch ic {
	case ClassBits:
		return sameSize || wider
	case ClassUnsigned, ClassSigned:
		return (sameSize || wider) && rc != ClassFloat
	case ClassFloat:
		return sameSize && rc == ClassBits || wider && rc == ClassBits && inst != F64
	}
	return false
}

// predicate checks a guard or predicate source.
func (c *instChecker) predicate(o *Operand, what string) {
	if o.Kind != OpdReg {
		c.errorf(o.Pos, "%s must be a predicate register", what)
		return
	}
	if rt, ok := c.regType(o); ok && rt != Pred {
		c.errorf(o.Pos, "%s '%s' is .%s, not .pred", what, o.Name, rt)
	}
}

// data checks a data operand of ld, st, ldu or cvt: a register (or
// immediate for sources) of type t under the relaxed size rule, or a
// vector of .vN of them.
func (c *instChecker) data(o *Operand, t Type, dst bool) bool {
	n := c.in.Vec()
	if o.Kind == OpdVector {
		if c.in.Op == OpCvt {
			c.errorf(o.Pos, "cvt takes no vector operand")
			return false
		}
		if n == 1 {
			c.errorf(o.Pos, "vector operand needs a .v2 or .v4 instruction")
			return false
		}
		if len(o.Elems) != n {
			c.errorf(o.Pos, "vector operand has %d elements, .v%d needs %d", len(o.Elems), n, n)
			return false
		}
		ok, sinks := true, 0
		for i := range o.Elems {
			e := &o.Elems[i]
			if e.Kind == OpdSink {
				sinks++
			}
			if e.Kind == OpdVector || e.Kind == OpdAddr {
				c.errorf(e.Pos, "vector elements must be registers")
				ok = false
				continue
			}
			if !c.typed(e, t, dst, true) {
				ok = false
			}
		}
		if sinks == n {
			c.errorf(o.Pos, "a vector of only '_' leaves nothing to load")
			return false
		}
		return ok
	}
	if n > 1 {
		c.errorf(o.Pos, ".v%d needs a vector operand {…} of %d elements", n, n)
		return false
	}
	if o.Kind == OpdSink && c.in.Op == OpLd {
		c.errorf(o.Pos, "'_' is only allowed inside a vector")
		return false
	}
	return c.typed(o, t, dst, true)
}

// address checks an address operand: the base register is a 32- or
// 64-bit integer, a symbol is a variable of the instruction's state
// space.
func (c *instChecker) address(o *Operand, t Type) bool {
	if o.Kind != OpdAddr {
		c.errorf(o.Pos, "expected an address [...]")
		return false
	}
	if len(o.Elems) == 0 {
		return true
	}
	b := &o.Elems[0]
	space := c.in.Space()
	switch b.Kind {
	case OpdReg:
		rt, ok := c.regType(b)
		if !ok {
			return false
		}
		if rt == Pred || rt.IsFloat() || rt.Bits() != 32 && rt.Bits() != 64 {
			c.errorf(b.Pos, "address register '%s' is .%s, not a 32- or 64-bit integer", b.Name, rt)
			return false
		}
		return true
	case OpdSymbol:
		x := b.Var
		if x == nil {
			if b.Func != nil || b.Target >= 0 {
				c.errorf(b.Pos, "'%s' is not a variable", b.Name)
				return false
			}
			return true // an unresolved name was reported by Resolve
		}
		if space != SpaceGeneric && x.Space != space {
			c.errorf(b.Pos, "'%s' is a %s variable, not %s", b.Name, x.Space, space)
			return false
		}
		if x.Space == SpaceParam && space == SpaceGeneric && c.in.Op != OpLd {
			c.errorf(b.Pos, "parameter '%s' needs a .param access", b.Name)
			return false
		}
		return true
	}
	c.errorf(b.Pos, "address base must be a register or a variable")
	return false
}

func spaceWord(s StateSpace) string {
	if s == SpaceGeneric {
		return "generic"
	}
	return s.String()
}
