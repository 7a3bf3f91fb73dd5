package asm

import (
	"bufio"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// PrintOptions configures printing.
type PrintOptions struct {
	// Generic prints every op in generic form ("name"(operands) ... : type).
	Generic bool
	// DebugInfo prints locations (loc(...)) after ops and block arguments.
	DebugInfo bool
}

// Print writes op (usually a builtin.module) as MLIR text followed by a newline.
func Print(w io.Writer, op *ir.Operation, opts PrintOptions) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	p := newPrinter(bw, opts)
	p.names.numberOp(op)
	p.printTopLevel(op)
	p.buf.WriteByte('\n')
	return bw.Flush()
}

// String returns op printed with the given options (no trailing newline).
func String(op *ir.Operation, opts PrintOptions) string {
	var sb strings.Builder
	_ = Print(&sb, op, opts)
	return strings.TrimSuffix(sb.String(), "\n")
}

type printer struct {
	buf      *bufio.Writer
	opts     PrintOptions
	indent   int
	names    *nameState
	defaults []string // default dialect stack
	// attrBuf is a scratch buffer for formatting attributes and types.
	attrBuf strings.Builder
}

func newPrinter(w *bufio.Writer, opts PrintOptions) *printer {
	names := newNameState()
	names.noHints = opts.Generic
	return &printer{buf: w, opts: opts, names: names, defaults: []string{"builtin"}}
}

func (p *printer) printTopLevel(op *ir.Operation) {
	// The top-level op's own results have no scope to be named in.
	for i := 0; i < op.NumResults(); i++ {
		p.names.setResult(op, i, "%"+strconv.Itoa(i), op.NumResults())
	}
	p.printOp(op)
}

func (p *printer) newline() {
	p.buf.WriteByte('\n')
	for i := 0; i < p.indent; i++ {
		p.buf.WriteString("  ")
	}
}

// printOp prints an op (results, name, body, location) without a newline.
func (p *printer) printOp(op *ir.Operation) {
	p.printResults(op)
	def := op.Def()
	custom := !p.opts.Generic && def != nil && (def.Print != nil || def.Format != "") && ir.VerifyLocal(op) == nil
	if custom {
		p.printCustom(op, def)
	} else {
		p.printGeneric(op)
	}
	p.printTrailingLoc(op.Loc())
}

func (p *printer) printResults(op *ir.Operation) {
	n := op.NumResults()
	if n == 0 {
		return
	}
	if n > 1 && p.names.groupIdx[op.Result(0)] < 0 {
		// Each result named on its own.
		for i := 0; i < n; i++ {
			if i > 0 {
				p.buf.WriteString(", ")
			}
			p.buf.WriteString(p.names.values[op.Result(i)])
		}
		p.buf.WriteString(" = ")
		return
	}
	p.buf.WriteString(p.names.values[op.Result(0)])
	if n > 1 {
		p.buf.WriteByte(':')
		p.buf.WriteString(strconv.Itoa(n))
	}
	p.buf.WriteString(" = ")
}

func (p *printer) printTrailingLoc(l ir.Location) {
	if p.opts.DebugInfo && l != nil {
		p.buf.WriteByte(' ')
		p.buf.WriteString(l.String())
	}
}

func (p *printer) printGeneric(op *ir.Operation) {
	p.buf.WriteString(ir.Quote(op.Name()))
	p.buf.WriteByte('(')
	for i := 0; i < op.NumOperands(); i++ {
		if i > 0 {
			p.buf.WriteString(", ")
		}
		p.buf.WriteString(p.names.use(op.Operand(i)))
	}
	p.buf.WriteByte(')')
	if n := op.NumSuccessors(); n > 0 {
		p.buf.WriteByte('[')
		for i := 0; i < n; i++ {
			if i > 0 {
				p.buf.WriteString(", ")
			}
			p.buf.WriteString(p.names.blocks[op.Successor(i)])
		}
		p.buf.WriteByte(']')
	}
	if op.NumRegions() > 0 {
		p.buf.WriteString(" (")
		p.pushDefault(op)
		for i, r := range op.Regions() {
			if i > 0 {
				p.buf.WriteString(", ")
			}
			p.printRegion(r, true, true)
		}
		p.popDefault(op)
		p.buf.WriteByte(')')
	}
	p.printAttrDict(op.Attrs(), nil, false)
	p.buf.WriteString(" : ")
	p.writeFunctionType(op.OperandTypes(), op.ResultTypes())
}

func (p *printer) writeFunctionType(ins, outs []ir.Type) {
	p.buf.WriteByte('(')
	p.writeTypes(ins)
	p.buf.WriteString(") -> ")
	if len(outs) == 1 {
		if _, fn := outs[0].(*ir.FunctionType); !fn {
			p.writeType(outs[0])
			return
		}
	}
	p.buf.WriteByte('(')
	p.writeTypes(outs)
	p.buf.WriteByte(')')
}

func (p *printer) writeTypes(ts []ir.Type) {
	for i, t := range ts {
		if i > 0 {
			p.buf.WriteString(", ")
		}
		p.writeType(t)
	}
}

func (p *printer) writeType(t ir.Type) { p.buf.WriteString(t.String()) }

// printAttrDict writes " {k = v, ...}" skipping elided names; with keyword,
// " attributes {...}". Nothing is written when no attribute remains.
func (p *printer) printAttrDict(attrs []ir.NamedAttr, elided []string, keyword bool) {
	kept := attrs[:0:0]
	for _, a := range attrs {
		if !containsStr(elided, a.Name) {
			kept = append(kept, a)
		}
	}
	if len(kept) == 0 {
		return
	}
	if keyword {
		p.buf.WriteString(" attributes")
	}
	p.buf.WriteString(" {")
	p.attrBuf.Reset()
	ir.WriteNamedAttrs(&p.attrBuf, kept)
	p.buf.WriteString(p.attrBuf.String())
	p.buf.WriteByte('}')
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// pushDefault enters the default dialect of op's regions.
func (p *printer) pushDefault(op *ir.Operation) {
	d := p.defaults[len(p.defaults)-1]
	if def := op.Def(); def != nil && def.DefaultDialect != "" {
		d = def.DefaultDialect
	}
	p.defaults = append(p.defaults, d)
}

func (p *printer) popDefault(*ir.Operation) { p.defaults = p.defaults[:len(p.defaults)-1] }

func (p *printer) printCustom(op *ir.Operation, def *ir.OpDef) {
	name := op.Name()
	if d := p.defaults[len(p.defaults)-1]; strings.HasPrefix(name, d+".") {
		name = name[len(d)+1:]
	}
	p.buf.WriteString(name)
	p.pushDefault(op)
	defer p.popDefault(op)
	if def.Print != nil {
		def.Print(&opPrinter{p}, op)
		return
	}
	f, err := formatFor(def)
	if err != nil {
		// An invalid format is a bug in the dialect; fall back to generic
		// so output stays parseable.
		p.buf.WriteString(" <<invalid assembly format>>")
		return
	}
	f.print(&opPrinter{p}, op)
}

// printRegion prints "{", the blocks, and "}" (at the current indentation).
func (p *printer) printRegion(r *ir.Region, printEntryArgs, printEmpty bool) {
	p.printRegionEliding(r, printEntryArgs, printEmpty, "")
}

// printRegionEliding is printRegion leaving out a block's last op when it
// is the implicit terminator named elide without operands or attributes
// (custom forms of ops with ir.OpDef.ImplicitTerminator).
func (p *printer) printRegionEliding(r *ir.Region, printEntryArgs, printEmpty bool, elide string) {
	p.buf.WriteByte('{')
	p.indent++
	blocks := r.Blocks()
	for i, b := range blocks {
		showHeader := i > 0 || (printEntryArgs && b.NumArgs() > 0) || (printEmpty && b.Empty())
		if showHeader {
			p.printBlockHeader(b)
		}
		for op := b.First(); op != nil; op = op.Next() {
			if op == b.Last() && elide != "" && op.Name() == elide && op.NumOperands() == 0 && len(op.Attrs()) == 0 {
				break
			}
			p.newline()
			p.printOp(op)
		}
	}
	p.indent--
	p.newline()
	p.buf.WriteByte('}')
}

func (p *printer) printBlockHeader(b *ir.Block) {
	p.indent--
	p.newline()
	p.indent++
	p.buf.WriteString(p.names.blocks[b])
	if b.NumArgs() > 0 {
		p.buf.WriteByte('(')
		for i, a := range b.Args() {
			if i > 0 {
				p.buf.WriteString(", ")
			}
			p.buf.WriteString(p.names.values[a])
			p.buf.WriteString(": ")
			p.writeType(a.Type())
			p.printTrailingLoc(a.Loc())
		}
		p.buf.WriteByte(')')
	}
	p.buf.WriteByte(':')
	if !b.IsEntry() {
		p.printPredComment(b)
	}
}

// printPredComment writes MLIR's "// pred: ^bb0" annotation.
func (p *printer) printPredComment(b *ir.Block) {
	preds := b.Predecessors()
	if len(preds) == 0 {
		p.buf.WriteString("  // no predecessors")
		return
	}
	// One name per edge, as MLIR prints them: a block reached twice from
	// one cond_br lists it twice.
	var names []string
	for _, t := range preds {
		names = append(names, p.names.blocks[t.Block()])
	}
	sort.Slice(names, func(i, j int) bool { return blockNum(names[i]) < blockNum(names[j]) })
	if len(names) == 1 {
		p.buf.WriteString("  // pred: " + names[0])
		return
	}
	p.buf.WriteString("  // " + strconv.Itoa(len(names)) + " preds: " + strings.Join(names, ", "))
}

func blockNum(name string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(name, "^bb"))
	return n
}

// ---- ir.OpPrinter ----

// opPrinter adapts the printer to ir.OpPrinter for custom printers.
type opPrinter struct{ p *printer }

var _ ir.OpPrinter = (*opPrinter)(nil)

func (o *opPrinter) Print(s string)          { o.p.buf.WriteString(s) }
func (o *opPrinter) PrintOperand(v ir.Value) { o.p.buf.WriteString(o.p.names.use(v)) }
func (o *opPrinter) PrintOperands(vs []ir.Value) {
	for i, v := range vs {
		if i > 0 {
			o.p.buf.WriteString(", ")
		}
		o.PrintOperand(v)
	}
}
func (o *opPrinter) PrintType(t ir.Type)     { o.p.writeType(t) }
func (o *opPrinter) PrintTypes(ts []ir.Type) { o.p.writeTypes(ts) }
func (o *opPrinter) PrintArrowTypeList(ts []ir.Type) {
	if len(ts) == 0 {
		return
	}
	o.p.buf.WriteString("-> ")
	if len(ts) == 1 {
		if _, fn := ts[0].(*ir.FunctionType); !fn {
			o.p.writeType(ts[0])
			return
		}
	}
	o.p.buf.WriteByte('(')
	o.p.writeTypes(ts)
	o.p.buf.WriteByte(')')
}
func (o *opPrinter) PrintFunctionalType(ins, outs []ir.Type) { o.p.writeFunctionType(ins, outs) }
func (o *opPrinter) PrintAttribute(a ir.Attribute)           { o.p.buf.WriteString(a.String()) }
func (o *opPrinter) PrintAttributeWithoutType(a ir.Attribute) {
	o.p.buf.WriteString(ir.AttrStringWithoutType(a))
}
func (o *opPrinter) PrintOptionalAttrDict(attrs []ir.NamedAttr, elided ...string) {
	o.p.printAttrDict(attrs, elided, false)
}
func (o *opPrinter) PrintOptionalAttrDictWithKeyword(attrs []ir.NamedAttr, elided ...string) {
	o.p.printAttrDict(attrs, elided, true)
}
func (o *opPrinter) PrintSymbolName(name string) {
	o.p.buf.WriteString(ir.SymbolRef(name).String())
}
func (o *opPrinter) PrintSuccessor(b *ir.Block) { o.p.buf.WriteString(o.p.names.blocks[b]) }
func (o *opPrinter) PrintRegion(r *ir.Region, printEntryArgs, printEmpty bool) {
	elide := ""
	if op := r.ParentOp(); op != nil && op.Def() != nil {
		elide = op.Def().ImplicitTerminator
	}
	o.p.printRegionEliding(r, printEntryArgs, printEmpty, elide)
}
func (o *opPrinter) PrintArgument(a *ir.BlockArgument, attrs []ir.NamedAttr) {
	o.p.buf.WriteString(o.p.names.values[a])
	o.p.buf.WriteString(": ")
	o.p.writeType(a.Type())
	if len(attrs) > 0 {
		o.p.buf.WriteByte(' ')
		o.p.buf.WriteString(ir.Dict(attrs...).String())
	}
	o.p.printTrailingLoc(a.Loc())
}
func (o *opPrinter) PrintNewline() { o.p.newline() }
