package ptx

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// Print writes m as PTX text. Parsing the output gives back the same
// module (parse → print → parse is a fixed point). Modifiers are printed
// before the type suffixes (prmt's mode after them), integer immediates
// in the radix they were written in, floating-point immediates as 0f/0d
// hex literals, one declaration per name.
func Print(w io.Writer, m *Module) error {
	var b bytes.Buffer
	p := printer{b: &b}
	p.module(m)
	_, err := w.Write(b.Bytes())
	return err
}

// String returns the module as PTX text (see Print).
func (m *Module) String() string {
	var b bytes.Buffer
	p := printer{b: &b}
	p.module(m)
	return b.String()
}

// String returns the instruction as one line of PTX, without indentation.
func (in *Instruction) String() string {
	var b bytes.Buffer
	p := printer{b: &b}
	p.instruction(in)
	return b.String()
}

// String returns the operand in PTX syntax.
func (o *Operand) String() string {
	var b bytes.Buffer
	p := printer{b: &b}
	p.operand(o)
	return b.String()
}

type printer struct {
	b *bytes.Buffer
}

func (p *printer) printf(format string, args ...any) { fmt.Fprintf(p.b, format, args...) }

func (p *printer) indent(n int) {
	for i := 0; i < n; i++ {
		p.b.WriteByte('\t')
	}
}

func (p *printer) module(m *Module) {
	p.printf(".version %d.%d\n", m.Version.Major, m.Version.Minor)
	p.printf(".target sm_%d%s", m.Target, m.ArchSuffix)
	for _, o := range m.TargetOptions {
		p.printf(", %s", o)
	}
	p.b.WriteByte('\n')
	if m.AddressSize != 0 {
		p.printf(".address_size %d\n", m.AddressSize)
	}
	for _, d := range m.Decls {
		switch d := d.(type) {
		case *Function:
			p.b.WriteByte('\n')
			p.function(d)
		case *Var:
			p.variable(d)
			p.b.WriteString(";\n")
		case *Directive:
			p.directive(d)
			p.b.WriteByte('\n')
		}
	}
}

func (p *printer) directive(d *Directive) {
	p.b.WriteString(d.Name)
	if d.Args != "" {
		p.b.WriteByte(' ')
		p.b.WriteString(d.Args)
	}
	if d.Name == ".pragma" {
		p.b.WriteByte(';')
	}
}

func (p *printer) function(f *Function) {
	if f.Linkage != LinkNone {
		p.b.WriteString(f.Linkage.String())
		p.b.WriteByte(' ')
	}
	if f.Entry {
		p.b.WriteString(".entry ")
	} else {
		p.b.WriteString(".func ")
		if len(f.Returns) > 0 {
			p.params(f.Returns, false)
			p.b.WriteByte(' ')
		}
	}
	p.b.WriteString(f.Name)
	if !f.NoParamList || len(f.Params) > 0 {
		p.params(f.Params, true)
	}
	p.b.WriteByte('\n')
	for _, a := range f.Attrs {
		p.b.WriteString(a.Name)
		for i, n := range a.Ints {
			if i > 0 {
				p.b.WriteByte(',')
			}
			p.printf(" %d", n)
		}
		for i, s := range a.Strings {
			if i > 0 {
				p.b.WriteByte(',')
			}
			p.printf(" \"%s\"", s)
		}
		if a.Name == ".pragma" {
			p.b.WriteByte(';')
		}
		p.b.WriteByte('\n')
	}
	if f.Body == nil {
		p.b.WriteString(";\n")
		return
	}
	p.block(f.Body, 0)
	p.b.WriteByte('\n')
}

// params prints a parameter list; multiline puts one per line.
func (p *printer) params(ps []*Var, multiline bool) {
	if len(ps) == 0 {
		p.b.WriteString("()")
		return
	}
	p.b.WriteByte('(')
	for i, v := range ps {
		if i > 0 {
			p.b.WriteByte(',')
			if !multiline {
				p.b.WriteByte(' ')
			}
		}
		if multiline {
			p.b.WriteString("\n\t")
		}
		p.variable(v)
	}
	if multiline {
		p.b.WriteByte('\n')
	}
	p.b.WriteByte(')')
}

func (p *printer) variable(v *Var) {
	if v.Linkage != LinkNone {
		p.b.WriteString(v.Linkage.String())
		p.b.WriteByte(' ')
	}
	p.b.WriteString(v.Space.String())
	if v.Align != 0 {
		p.printf(" .align %d", v.Align)
	}
	if v.Vec != 0 {
		p.printf(" .v%d", v.Vec)
	}
	p.printf(" .%s", v.Type)
	if v.Ptr {
		p.b.WriteString(" .ptr")
		if v.PtrSpace != SpaceGeneric {
			p.printf(" %s", v.PtrSpace)
		}
		if v.PtrAlign != 0 {
			p.printf(" .align %d", v.PtrAlign)
		}
	}
	p.b.WriteByte(' ')
	p.b.WriteString(v.Name)
	if v.Count > 0 {
		p.printf("<%d>", v.Count)
	}
	for _, d := range v.Dims {
		if d < 0 {
			p.b.WriteString("[]")
		} else {
			p.printf("[%d]", d)
		}
	}
	if v.Init != nil {
		p.b.WriteString(" = ")
		p.init(v.Init)
	}
}

func (p *printer) init(in *Init) {
	switch in.Kind {
	case InitInt:
		p.b.WriteString(strconv.FormatInt(in.Int, 10))
	case InitFloat:
		p.float(in.Bits, in.Float64)
	case InitSymbol:
		if in.Generic {
			p.printf("generic(%s)", in.Symbol)
		} else {
			p.b.WriteString(in.Symbol)
		}
		if in.Int != 0 {
			p.printf("+%d", in.Int)
		}
	case InitList:
		p.b.WriteByte('{')
		for i, e := range in.Elems {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.init(e)
		}
		p.b.WriteByte('}')
	}
}

func (p *printer) float(bits uint64, f64 bool) {
	if f64 {
		p.printf("0d%016X", bits)
	} else {
		p.printf("0f%08X", uint32(bits))
	}
}

func (p *printer) block(b *Block, depth int) {
	p.indent(depth)
	p.b.WriteString("{\n")
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *Label:
			p.b.WriteString(s.Name)
			p.b.WriteString(":\n")
		case *Instruction:
			p.indent(depth + 1)
			p.instruction(s)
			p.b.WriteByte('\n')
		case *Var:
			p.indent(depth + 1)
			p.variable(s)
			p.b.WriteString(";\n")
		case *Block:
			p.block(s, depth+1)
			p.b.WriteByte('\n')
		case *Directive:
			p.indent(depth + 1)
			p.directive(s)
			p.b.WriteByte('\n')
		case *CallPrototype:
			p.indent(depth + 1)
			p.printf("%s: .callprototype ", s.Name)
			if len(s.Returns) > 0 {
				p.params(s.Returns, false)
				p.b.WriteByte(' ')
			}
			p.b.WriteString("_ ")
			p.params(s.Params, false)
			p.b.WriteString(";\n")
		}
	}
	p.indent(depth)
	p.b.WriteByte('}')
}

func (p *printer) instruction(in *Instruction) {
	if in.Guard != nil {
		p.b.WriteByte('@')
		p.operand(in.Guard)
		p.b.WriteByte(' ')
	}
	p.b.WriteString(in.Op.String())
	modsAfter := in.Op == OpPrmt
	if !modsAfter {
		for _, m := range in.Mods {
			p.b.WriteByte('.')
			p.b.WriteString(m.String())
		}
	}
	for _, t := range in.Types {
		p.b.WriteByte('.')
		p.b.WriteString(t.String())
	}
	if modsAfter {
		for _, m := range in.Mods {
			p.b.WriteByte('.')
			p.b.WriteString(m.String())
		}
	}
	for i := range in.Operands {
		if i == 0 {
			p.b.WriteByte('\t')
		} else {
			p.b.WriteString(", ")
		}
		p.operand(&in.Operands[i])
	}
	p.b.WriteByte(';')
}

func (p *printer) operand(o *Operand) {
	if o.Neg {
		p.b.WriteByte('!')
	}
	switch o.Kind {
	case OpdReg:
		p.b.WriteString(o.Name)
		p.comp(o.Comp)
	case OpdSpecial:
		p.b.WriteString(o.Special.String())
		p.comp(o.Comp)
	case OpdInt:
		if o.Hex {
			p.printf("0x%X", uint64(o.Int))
		} else {
			p.b.WriteString(strconv.FormatInt(o.Int, 10))
		}
		if o.Unsigned {
			p.b.WriteByte('U')
		}
	case OpdFloat:
		p.float(o.Bits, o.Float64)
	case OpdSymbol:
		p.b.WriteString(o.Name)
		if o.Int != 0 {
			p.printf("+%d", o.Int)
		}
	case OpdAddr:
		p.b.WriteByte('[')
		if len(o.Elems) > 0 {
			p.operand(&o.Elems[0])
			if o.Int != 0 {
				p.printf("+%d", o.Int)
			}
		} else {
			p.b.WriteString(strconv.FormatInt(o.Int, 10))
		}
		p.b.WriteByte(']')
	case OpdVector:
		p.list('{', '}', o.Elems)
	case OpdList:
		p.list('(', ')', o.Elems)
	case OpdSink:
		p.b.WriteByte('_')
	case OpdPredPair:
		for i := range o.Elems {
			if i > 0 {
				p.b.WriteByte('|')
			}
			p.operand(&o.Elems[i])
		}
	}
}

func (p *printer) comp(c uint8) {
	if c > 0 && int(c) < len(compNames) {
		p.b.WriteByte('.')
		p.b.WriteString(compNames[c])
	}
}

func (p *printer) list(open, close byte, elems []Operand) {
	p.b.WriteByte(open)
	for i := range elems {
		if i > 0 {
			p.b.WriteString(", ")
		}
		p.operand(&elems[i])
	}
	p.b.WriteByte(close)
}
