package ptx

import (
	"fmt"
	"sort"
	"strconv"
)

// Resolve binds names: it fills each function's register table (Regs)
// and flattened instruction list (Insts), and stores in every operand
// the register index, branch target, variable or function it names. A
// name that is not a register but resolves to one (PTX registers need not
// start with '%') becomes an OpdReg operand. Errors are undeclared or
// duplicate names; Verify calls Resolve before its own checks.
func Resolve(m *Module) error {
	r := &resolver{m: m, globals: map[string]Decl{}}
	r.run()
	return r.errs.sorted()
}

// errSink collects diagnostics.
type errSink struct {
	file string
	list ErrorList
}

const maxErrors = 100

func (e *errSink) add(pos Pos, format string, args ...any) {
	if len(e.list) < maxErrors {
		e.list = append(e.list, &Error{File: e.file, Pos: pos, Msg: fmt.Sprintf(format, args...)})
	}
}

// sorted returns the diagnostics in source order, or nil.
func (e *errSink) sorted() error {
	if len(e.list) == 0 {
		return nil
	}
	sort.SliceStable(e.list, func(i, j int) bool {
		a, b := e.list[i].Pos, e.list[j].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	return e.list
}

type resolver struct {
	m       *Module
	globals map[string]Decl
	errs    errSink
}

// scope is one level of a function's names: registers (by index into
// Regs), variables, parameterized register ranges, call prototypes.
type scope struct {
	labels map[string]int
	regs   map[string]int
	vars   map[string]*Var
	ranges map[string]regRange
	protos map[string]*CallPrototype
	parent *scope
}

type regRange struct{ base, count int }

func newScope(parent *scope) *scope {
	return &scope{labels: map[string]int{}, regs: map[string]int{}, vars: map[string]*Var{}, ranges: map[string]regRange{},
		protos: map[string]*CallPrototype{}, parent: parent}
}

// lookupReg finds register name, through parameterized ranges ("%r12"
// in "%r<20>") too.
func (s *scope) lookupReg(name string) (int, bool) {
	prefix, n, hasNum := splitRegNum(name)
	for sc := s; sc != nil; sc = sc.parent {
		if i, ok := sc.regs[name]; ok {
			return i, true
		}
		if hasNum {
			if rr, ok := sc.ranges[prefix]; ok && n < rr.count {
				return rr.base + n, true
			}
		}
	}
	return 0, false
}

// lookupLabel finds a label of this block or an enclosing one: as in
// ptxas, a branch cannot enter a nested block.
func (s *scope) lookupLabel(name string) (int, bool) {
	for sc := s; sc != nil; sc = sc.parent {
		if i, ok := sc.labels[name]; ok {
			return i, true
		}
	}
	return 0, false
}

func (s *scope) lookupVar(name string) *Var {
	for sc := s; sc != nil; sc = sc.parent {
		if v, ok := sc.vars[name]; ok {
			return v
		}
	}
	return nil
}

func (s *scope) lookupProto(name string) *CallPrototype {
	for sc := s; sc != nil; sc = sc.parent {
		if p, ok := sc.protos[name]; ok {
			return p
		}
	}
	return nil
}

// declared reports whether name is declared in this very scope, as a
// name or as one of the registers of a parameterized declaration.
func (s *scope) declared(name string) bool {
	if _, ok := s.regs[name]; ok {
		return true
	}
	if prefix, n, ok := splitRegNum(name); ok {
		if rr, ok := s.ranges[prefix]; ok && n < rr.count {
			return true
		}
	}
	if _, ok := s.vars[name]; ok {
		return true
	}
	if _, ok := s.ranges[name]; ok {
		return true
	}
	_, ok := s.protos[name]
	return ok
}

// splitRegNum splits "%r12" into ("%r", 12). A number with a leading zero
// ("%r012") is not one that "%r<N>" declares.
func splitRegNum(name string) (string, int, bool) {
	j := len(name)
	for j > 0 && isDigit(name[j-1]) {
		j--
	}
	if j == len(name) || j == 0 || len(name)-j > 9 || (name[j] == '0' && len(name)-j > 1) {
		return "", 0, false
	}
	n, err := strconv.Atoi(name[j:])
	if err != nil {
		return "", 0, false
	}
	return name[:j], n, true
}

func (r *resolver) run() {
	r.errs.file = r.m.File
	for _, d := range r.m.Decls {
		var name string
		var pos Pos
		switch d := d.(type) {
		case *Function:
			name, pos = d.Name, d.NamePos
		case *Var:
			name, pos = d.Name, d.NamePos
		default:
			continue
		}
		if prev, ok := r.globals[name]; ok {
			// A declaration followed by the definition of the same
			// function is legal.
			pf, ok1 := prev.(*Function)
			nf, ok2 := d.(*Function)
			if ok1 && ok2 && (pf.Body == nil || nf.Body == nil) {
				if nf.Body != nil {
					r.globals[name] = nf
				}
				continue
			}
			r.errs.add(pos, "duplicate definition of '%s'", name)
			continue
		}
		r.globals[name] = d
	}
	for _, d := range r.m.Decls {
		if f, ok := d.(*Function); ok && f.Body != nil {
			r.function(f)
		}
	}
}

// function builds the register table and instruction list of f and
// resolves its operands.
func (r *resolver) function(f *Function) {
	f.Regs = f.Regs[:0]
	f.Insts = f.Insts[:0]
	labels := map[string]int{}
	r.collectLabels(f, f.Body, labels)
	top := newScope(nil)
	for _, p := range append(append([]*Var(nil), f.Returns...), f.Params...) {
		r.declare(f, top, p)
	}
	r.block(f, f.Body, newScope(top), labels)
}

// collectLabels numbers the instructions and maps each label to the
// index of the instruction after it (len(Insts) at the end of the body).
func (r *resolver) collectLabels(f *Function, b *Block, labels map[string]int) {
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *Label:
			if _, dup := labels[s.Name]; dup {
				r.errs.add(s.Pos, "duplicate label '%s'", s.Name)
				continue
			}
			labels[s.Name] = len(f.Insts)
		case *Instruction:
			f.Insts = append(f.Insts, s)
		case *Block:
			r.collectLabels(f, s, labels)
		}
	}
}

// declare adds a variable or register declaration to sc.
func (r *resolver) declare(f *Function, sc *scope, v *Var) {
	if v.Name == "_" {
		return // an unnamed parameter of a prototype
	}
	if sc.declared(v.Name) {
		r.errs.add(v.NamePos, "duplicate declaration of '%s'", v.Name)
		return
	}
	if v.Space != SpaceReg {
		sc.vars[v.Name] = v
		return
	}
	if v.Count > 0 {
		for name := range sc.regs {
			if prefix, n, ok := splitRegNum(name); ok && prefix == v.Name && n < v.Count {
				r.errs.add(v.NamePos, "duplicate declaration of '%s' (in %s<%d>)", name, v.Name, v.Count)
				return
			}
		}
		if len(f.Regs)+v.Count > maxRegs {
			r.errs.add(v.NamePos, "too many registers in %s (more than %d)", f.Name, maxRegs)
			return
		}
		sc.ranges[v.Name] = regRange{len(f.Regs), v.Count}
		for i := 0; i < v.Count; i++ {
			f.Regs = append(f.Regs, Reg{Name: v.Name + strconv.Itoa(i), Type: v.Type, Vec: v.Vec, Decl: v})
		}
		return
	}
	if len(f.Regs) >= maxRegs {
		r.errs.add(v.NamePos, "too many registers in %s (more than %d)", f.Name, maxRegs)
		return
	}
	sc.regs[v.Name] = len(f.Regs)
	f.Regs = append(f.Regs, Reg{Name: v.Name, Type: v.Type, Vec: v.Vec, Decl: v})
}

func (r *resolver) block(f *Function, b *Block, sc *scope, labels map[string]int) {
	for _, s := range b.Stmts {
		if l, ok := s.(*Label); ok {
			if i, ok := labels[l.Name]; ok {
				sc.labels[l.Name] = i
			}
		}
	}
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *Var:
			r.declare(f, sc, s)
		case *CallPrototype:
			if sc.declared(s.Name) {
				r.errs.add(s.Pos, "duplicate declaration of '%s'", s.Name)
				continue
			}
			sc.protos[s.Name] = s
		case *Block:
			r.block(f, s, newScope(sc), labels)
		case *Instruction:
			if s.Guard != nil {
				r.operand(sc, s.Guard)
			}
			for i := range s.Operands {
				r.operand(sc, &s.Operands[i])
			}
		}
	}
}

// operand resolves the names in o.
func (r *resolver) operand(sc *scope, o *Operand) {
	o.Reg, o.Target, o.Var, o.Func = -1, -1, nil, nil
	switch o.Kind {
	case OpdReg:
		if i, ok := sc.lookupReg(o.Name); ok {
			o.Reg = i
			return
		}
		if sc.lookupVar(o.Name) != nil {
			r.errs.add(o.Pos, "'%s' is not a register", o.Name)
			return
		}
		r.errs.add(o.Pos, "undeclared register '%s'", o.Name)
	case OpdSymbol:
		if i, ok := sc.lookupReg(o.Name); ok {
			o.Kind, o.Reg = OpdReg, i
			return
		}
		if v := sc.lookupVar(o.Name); v != nil {
			o.Var = v
			return
		}
		if t, ok := sc.lookupLabel(o.Name); ok {
			o.Target = t
			return
		}
		if sc.lookupProto(o.Name) != nil {
			return
		}
		switch d := r.globals[o.Name].(type) {
		case *Var:
			o.Var = d
			return
		case *Function:
			o.Func = d
			return
		}
		r.errs.add(o.Pos, "undefined symbol '%s'", o.Name)
	case OpdAddr, OpdVector, OpdList, OpdPredPair:
		for i := range o.Elems {
			r.operand(sc, &o.Elems[i])
		}
	}
}

// lookupProto returns the call prototype named name declared anywhere in
// f's body, or nil.
func (f *Function) lookupProto(name string) *CallPrototype {
	var find func(b *Block) *CallPrototype
	find = func(b *Block) *CallPrototype {
		for _, s := range b.Stmts {
			switch s := s.(type) {
			case *CallPrototype:
				if s.Name == name {
					return s
				}
			case *Block:
				if p := find(s); p != nil {
					return p
				}
			}
		}
		return nil
	}
	if f.Body == nil {
		return nil
	}
	return find(f.Body)
}
