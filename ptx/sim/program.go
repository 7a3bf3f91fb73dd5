package sim

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"

	"github.com/tt-compiler/tt/ptx"
)

// Program is a PTX module loaded for simulation: every function decoded
// once, module variables laid out (.global ones allocated in Mem, .const
// ones in a constant bank). A Program may launch kernels from several
// goroutines, one launch at a time per buffer set.
type Program struct {
	// Mem is the device memory the program's .global variables live in
	// and that kernels' pointer arguments point into.
	Mem *Memory

	file    string
	mod     *ptx.Module
	funcs   map[string]*function
	byDecl  map[*ptx.Function]*function
	vars    map[*ptx.Var]varLoc
	consts  []byte
	shared  int // bytes of static shared memory (every .shared variable)
	extern  int // offset of dynamic (.extern, unsized) shared memory
	local   int // bytes of .local memory per thread
	specs   []specKey
	specIdx map[specKey]int32
	// sharedVars are the static .shared variables by address, with
	// unmapped gaps between them so that overruns are caught.
	sharedVars []sharedVar
}

// sharedVar is a static shared variable's place.
type sharedVar struct {
	off, size uint64
	name      string
	v         *ptx.Var
}

// sharedGap separates shared variables (bytes no variable owns).
const sharedGap = 256

// varLoc is where a variable lives: its address in its state space (the
// device address for .global).
type varLoc struct {
	space Space
	addr  uint64
	size  int64
	// kernelParam marks a kernel's formal parameter, read from the
	// launch's argument buffer rather than the per-thread param frame.
	kernelParam bool
}

// specKey is a special register and component (%tid.x).
type specKey struct {
	reg  ptx.SpecialReg
	comp uint8
}

// function is a decoded .entry or .func.
type function struct {
	name          string
	decl          *ptx.Function
	entry         bool
	code          []inst
	nregs         int
	npreds        int
	regSlot       []int32 // ptx register index → slot
	regPred       []bool
	regBits       []uint8
	paramSize     int               // per-thread param frame bytes
	formals       []formal          // .func parameters (and .entry ones, in the launch buffer)
	results       []formal          // .func return parameters
	regsPerThread int               // 32-bit registers the declarations need
	argSize       int               // bytes of a kernel's formal parameters
	sharedRefs    map[*ptx.Var]bool // static shared variables the code names
	callees       []*function
	unsupported   ptx.ErrorList // why the simulator cannot run it
}

// formal is a declared parameter: in param space at off, or a register.
type formal struct {
	v    *ptx.Var
	off  uint64
	size int
	reg  int32 // register slot for .reg parameters, else -1
	pred bool
	typ  Type
}

// Load decodes a parsed module for simulation with a fresh Memory. The
// module is resolved (registers, labels and symbols bound) if it was not.
// A function with instructions the simulator does not implement is still
// loaded: launching a kernel that runs it reports them with their
// positions (Unsupported lists them all).
func Load(mod *ptx.Module) (*Program, error) { return LoadWith(mod, NewMemory()) }

// LoadWith is Load with the device memory to use.
func LoadWith(mod *ptx.Module, mem *Memory) (*Program, error) {
	if err := ptx.Resolve(mod); err != nil {
		return nil, err
	}
	p := &Program{Mem: mem, file: mod.File, mod: mod, funcs: map[string]*function{},
		byDecl: map[*ptx.Function]*function{}, vars: map[*ptx.Var]varLoc{}, specIdx: map[specKey]int32{}}
	if err := p.layoutModuleVars(); err != nil {
		return nil, err
	}
	for _, d := range mod.Decls {
		if f, ok := d.(*ptx.Function); ok && f.Body != nil {
			fn := &function{name: f.Name, decl: f, entry: f.Entry}
			p.funcs[f.Name] = fn
			p.byDecl[f] = fn
		}
	}
	for _, d := range mod.Decls {
		f, ok := d.(*ptx.Function)
		if !ok || f.Body == nil {
			continue
		}
		fn := p.byDecl[f]
		if err := p.decodeFunction(fn); err != nil {
			l, ok := err.(ptx.ErrorList)
			if !ok {
				return nil, err
			}
			// A function the simulator cannot run does not stop the
			// module's other kernels: launching it reports these.
			fn.unsupported = l
		}
	}
	if err := p.initGlobals(); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Program) errf(pos ptx.Pos, format string, args ...any) *ptx.Error {
	return &ptx.Error{File: p.file, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// Kernels returns the names of the module's .entry functions in order.
func (p *Program) Kernels() []string {
	var out []string
	for _, d := range p.mod.Decls {
		if f, ok := d.(*ptx.Function); ok && f.Entry && f.Body != nil {
			out = append(out, f.Name)
		}
	}
	return out
}

// KernelParams returns the types of a kernel's parameters in order.
func (p *Program) KernelParams(kernel string) ([]Type, error) {
	fn := p.funcs[kernel]
	if fn == nil || !fn.entry {
		return nil, fmt.Errorf("%s: error: no kernel named %q", p.file, kernel)
	}
	out := make([]Type, len(fn.formals))
	for i, f := range fn.formals {
		out[i] = f.typ
	}
	return out, nil
}

func alignUp(x, a int64) int64 {
	if a <= 1 {
		return x
	}
	return (x + a - 1) / a * a
}

func varAlign(v *ptx.Var) int64 {
	if v.Align > 0 {
		return int64(v.Align)
	}
	n := int64(v.Type.Bits() / 8)
	if v.Vec > 0 {
		n *= int64(v.Vec)
	}
	return max(n, 1)
}

// layoutModuleVars gives every .shared, .local, .const and .global
// variable of the module (module scope and function bodies) its address.
func (p *Program) layoutModuleVars() error {
	var shared, local, consts []*ptx.Var
	var globals []*ptx.Var
	var externShared []*ptx.Var
	add := func(v *ptx.Var) {
		switch v.Space {
		case ptx.SpaceShared:
			if _, ok := v.Size(); !ok || v.Linkage == ptx.LinkExtern {
				externShared = append(externShared, v)
			} else {
				shared = append(shared, v)
			}
		case ptx.SpaceLocal:
			local = append(local, v)
		case ptx.SpaceConst:
			consts = append(consts, v)
		case ptx.SpaceGlobal:
			globals = append(globals, v)
		}
	}
	var walk func(b *ptx.Block)
	walk = func(b *ptx.Block) {
		for _, s := range b.Stmts {
			switch s := s.(type) {
			case *ptx.Var:
				add(s)
			case *ptx.Block:
				walk(s)
			}
		}
	}
	for _, d := range p.mod.Decls {
		switch d := d.(type) {
		case *ptx.Var:
			add(d)
		case *ptx.Function:
			if d.Body != nil {
				walk(d.Body)
			}
		}
	}
	place := func(vs []*ptx.Var, sp Space) (int64, error) {
		var off int64
		for i, v := range vs {
			n, ok := v.Size()
			if !ok {
				return 0, p.errf(v.Pos, "variable %s has no size", v.Name)
			}
			if sp == SpaceShared && i > 0 {
				off += sharedGap
			}
			off = alignUp(off, varAlign(v))
			p.vars[v] = varLoc{space: sp, addr: uint64(off), size: n}
			if sp == SpaceShared {
				p.sharedVars = append(p.sharedVars, sharedVar{off: uint64(off), size: uint64(n), name: v.Name, v: v})
			}
			off += n
		}
		return off, nil
	}
	n, err := place(shared, SpaceShared)
	if err != nil {
		return err
	}
	ext := alignUp(n, 16)
	if len(shared) > 0 {
		ext = alignUp(n+sharedGap, 16)
	}
	for _, v := range externShared {
		p.vars[v] = varLoc{space: SpaceShared, addr: uint64(ext)}
	}
	p.shared, p.extern = int(n), int(ext)
	if n, err = place(local, SpaceLocal); err != nil {
		return err
	}
	p.local = int(alignUp(n, 16))
	if n, err = place(consts, SpaceConst); err != nil {
		return err
	}
	p.consts = make([]byte, n)
	for _, v := range globals {
		n, ok := v.Size()
		if !ok {
			return p.errf(v.Pos, "variable %s has no size", v.Name)
		}
		b := p.Mem.alloc(int(n), v.Name)
		p.vars[v] = varLoc{space: SpaceGlobal, addr: b.addr, size: n}
	}
	return nil
}

// initGlobals writes the initializers of .const and .global variables.
func (p *Program) initGlobals() error {
	byName := map[string]*ptx.Var{}
	for v := range p.vars {
		byName[v.Name] = v
	}
	for v, loc := range p.vars {
		if v.Init == nil || (loc.space != SpaceConst && loc.space != SpaceGlobal) {
			continue
		}
		var mem []byte
		if loc.space == SpaceConst {
			mem = p.consts[loc.addr : loc.addr+uint64(loc.size)]
		} else {
			b := findBuffer(p.Mem.snapshot(), loc.addr, int(loc.size))
			mem = b.data
		}
		elem := v.Type.Bits() / 8
		if elem == 0 {
			elem = 1
		}
		t := typeOf(v.Type)
		off := 0
		var put func(in *ptx.Init) error
		put = func(in *ptx.Init) error {
			if in.Kind == ptx.InitList {
				for _, e := range in.Elems {
					if err := put(e); err != nil {
						return err
					}
				}
				return nil
			}
			if off+elem > len(mem) {
				return p.errf(in.Pos, "initializer of %s has more elements than the variable", v.Name)
			}
			var x uint64
			switch in.Kind {
			case ptx.InitInt:
				x = uint64(in.Int)
			case ptx.InitFloat:
				x = floatImm(t, in.Bits, in.Float64)
			case ptx.InitSymbol:
				sv := byName[in.Symbol]
				if sv == nil {
					return p.errf(in.Pos, "initializer names unknown symbol %s", in.Symbol)
				}
				sl := p.vars[sv]
				x = sl.addr + uint64(in.Int)
				if in.Generic {
					x = toGeneric(sl.space, x)
				}
			}
			putLE(mem[off:], elem, x)
			off += elem
			return nil
		}
		if err := put(v.Init); err != nil {
			return err
		}
	}
	return nil
}

// floatImm converts a float literal's bits to type t's encoding.
func floatImm(t Type, bits uint64, is64 bool) uint64 {
	var f float64
	if is64 {
		f = math.Float64frombits(bits)
	} else {
		f = float64(math.Float32frombits(uint32(bits)))
	}
	switch t {
	case TF64:
		return math.Float64bits(f)
	case TF32:
		if !is64 {
			return bits & 0xffffffff
		}
		return uint64(math.Float32bits(float32(f)))
	case TF16, TBF16, TF16x2, TBF16x2:
		if !is64 && bits>>16 == 0 { // a 16-bit pattern written as 0fXXXX? keep it
			return bits
		}
		tt := t
		if t == TF16x2 {
			tt = TF16
		} else if t == TBF16x2 {
			tt = TBF16
		}
		return fromF64(tt, f, RN)
	}
	// A float literal used with an integer type keeps its bit pattern.
	return bits
}

// typeOf maps ptx's type to the simulator's.
func typeOf(t ptx.Type) Type { return typeByName(t.String()) }

func putLE(b []byte, n int, x uint64) {
	switch n {
	case 1:
		b[0] = byte(x)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(x))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(x))
	case 8:
		binary.LittleEndian.PutUint64(b, x)
	}
}

func getLE(b []byte, n int) uint64 {
	switch n {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	case 8:
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// toGeneric converts an address in space sp to a generic address.
func toGeneric(sp Space, a uint64) uint64 {
	switch sp {
	case SpaceShared:
		return sharedWin + a
	case SpaceLocal:
		return localWin + a
	case SpaceConst:
		return constWin + a
	case SpaceParam:
		return paramWin + a
	}
	return a
}

// fromGeneric classifies a generic address.
func fromGeneric(a uint64) (Space, uint64) {
	switch {
	case a >= sharedWin && a < localWin:
		return SpaceShared, a - sharedWin
	case a >= localWin && a < constWin:
		return SpaceLocal, a - localWin
	case a >= constWin && a < paramWin:
		return SpaceConst, a - constWin
	case a >= paramWin && a < windowLimit:
		return SpaceParam, a - paramWin
	}
	return SpaceGlobal, a
}

// specialSlot returns the dense index of a special register the program reads.
func (p *Program) specialSlot(k specKey) int32 {
	if i, ok := p.specIdx[k]; ok {
		return i
	}
	i := int32(len(p.specs))
	p.specs = append(p.specs, k)
	p.specIdx[k] = i
	return i
}

// sortedKernelNames is used by stats printing.
func sortedKeys[M ~map[string]V, V any](m M) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// kernelShared returns the static shared bytes a kernel's code (with its
// callees) names, laid out without the simulator's gaps.
func (p *Program) kernelShared(fn *function) int {
	used := map[*ptx.Var]bool{}
	seen := map[*function]bool{}
	var walk func(f *function)
	walk = func(f *function) {
		if seen[f] {
			return
		}
		seen[f] = true
		for v := range f.sharedRefs {
			used[v] = true
		}
		for _, c := range f.callees {
			walk(c)
		}
	}
	walk(fn)
	var off int64
	for _, sv := range p.sharedVars {
		if used[sv.v] {
			off = alignUp(off, varAlign(sv.v)) + int64(sv.size)
		}
	}
	return int(off)
}

// checkShared reports an access of n bytes at shared address a that is
// not inside one static shared variable or the dynamic region.
func (w *warp) checkShared(in *inst, l int, sp Space, orig, a uint64, n int) error {
	c := w.cta
	p := c.prog
	end := a + uint64(n)
	if a >= uint64(p.extern) {
		if end > uint64(len(c.shared)) {
			return w.errAddr(in, l, ErrOutOfBounds, sp, orig, "%d-byte access beyond the %d bytes of dynamic shared memory",
				n, len(c.shared)-p.extern)
		}
		return nil
	}
	vs := p.sharedVars
	if i := w.lastShared; i < len(vs) && a >= vs[i].off && end <= vs[i].off+vs[i].size {
		return nil
	}
	i := sort.Search(len(vs), func(i int) bool { return vs[i].off > a }) - 1
	switch {
	case i >= 0 && a < vs[i].off+vs[i].size:
		if end <= vs[i].off+vs[i].size {
			w.lastShared = i
			return nil
		}
		return w.errAddr(in, l, ErrOutOfBounds, sp, orig, "%d-byte access crosses the end of %s (%d bytes)", n, vs[i].name, vs[i].size)
	case i >= 0:
		return w.errAddr(in, l, ErrOutOfBounds, sp, orig, "%d-byte access %d bytes past the end of %s (%d bytes)",
			n, a-(vs[i].off+vs[i].size), vs[i].name, vs[i].size)
	}
	return w.errAddr(in, l, ErrOutOfBounds, sp, orig, "%d-byte access outside every .shared variable", n)
}

// Global returns the buffer of a module-level .global variable.
func (p *Program) Global(name string) (*Buffer, bool) {
	for v, loc := range p.vars {
		if v.Name == name && loc.space == SpaceGlobal {
			if b := findBuffer(p.Mem.snapshot(), loc.addr, int(loc.size)); b != nil {
				return b, true
			}
		}
	}
	return nil, false
}

// Unsupported returns the instructions of the module the simulator cannot
// execute, as located errors (nil when it can run everything).
func (p *Program) Unsupported() error {
	var all ptx.ErrorList
	for _, d := range p.mod.Decls {
		if f, ok := d.(*ptx.Function); ok {
			if fn := p.byDecl[f]; fn != nil {
				all = append(all, fn.unsupported...)
			}
		}
	}
	if len(all) == 0 {
		return nil
	}
	return all
}

// unsupportedIn returns the first unsupported instruction of fn or of a
// function it calls.
func (p *Program) unsupportedIn(fn *function) *ptx.Error {
	seen := map[*function]bool{}
	var walk func(f *function) *ptx.Error
	walk = func(f *function) *ptx.Error {
		if seen[f] {
			return nil
		}
		seen[f] = true
		if len(f.unsupported) > 0 {
			return f.unsupported[0]
		}
		for _, c := range f.callees {
			if e := walk(c); e != nil {
				return e
			}
		}
		return nil
	}
	return walk(fn)
}
