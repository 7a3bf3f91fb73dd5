package asm

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/tt-compiler/tt/ir"
)

// A format is an op's declarative assembly format (MLIR's assemblyFormat),
// compiled once into elements that both print and parse.
//
// Supported directives: `literal` (keywords and punctuation), $name (an
// operand group, attribute, region or successor), type($x), type(operands),
// type(results), functional-type(a, b), operands, results, regions,
// successors, attr-dict, attr-dict-with-keyword, and optional groups
// ( ... )? whose anchor is marked with ^.
type format struct {
	def   *ir.OpDef
	elems []fmtElem
	// used lists the attributes printed by the format (elided from attr-dict).
	used []string
}

type refKind uint8

const (
	refOperand refKind = iota
	refResult
	refAllOperands
	refAllResults
)

// fmtRef names what a type directive refers to.
type fmtRef struct {
	kind  refKind
	group int
}

type fmtElem interface{}

type (
	fmtLiteral   struct{ text string }
	fmtOperand   struct{ group int }
	fmtOperands  struct{}
	fmtAttr      struct{ def *ir.AttrDef }
	fmtRegion    struct{ index int }
	fmtRegions   struct{}
	fmtSuccessor struct{ index int }
	fmtType      struct{ ref fmtRef }
	fmtFuncType  struct{ ins, outs fmtRef }
	fmtAttrDict  struct{ keyword bool }
	fmtOptional  struct {
		elems  []fmtElem
		anchor fmtElem
	}
)

var formatCache sync.Map // *ir.OpDef -> *format (or error); a pure memo

// formatFor returns the compiled format of def.
func formatFor(def *ir.OpDef) (*format, error) {
	if v, ok := formatCache.Load(def); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*format), nil
	}
	f, err := compileFormat(def)
	if err != nil {
		formatCache.Store(def, err)
		return nil, err
	}
	formatCache.Store(def, f)
	return f, nil
}

// CheckFormat compiles def's assembly format and reports errors in it; dialect
// tests call it so a broken format fails at test time, not at print time.
func CheckFormat(def *ir.OpDef) error {
	if def.Format == "" {
		return nil
	}
	_, err := compileFormat(def)
	return err
}

// ---- Compilation ----

type formatLexer struct {
	s   string
	pos int
}

func (l *formatLexer) next() string {
	for l.pos < len(l.s) && (l.s[l.pos] == ' ' || l.s[l.pos] == '\n' || l.s[l.pos] == '\t') {
		l.pos++
	}
	if l.pos >= len(l.s) {
		return ""
	}
	start := l.pos
	c := l.s[l.pos]
	switch {
	case c == '`':
		end := strings.IndexByte(l.s[start+1:], '`')
		if end < 0 {
			l.pos = len(l.s)
			return l.s[start:]
		}
		l.pos = start + end + 2
	case c == '$':
		l.pos++
		for l.pos < len(l.s) && (isIdentChar(l.s[l.pos]) && l.s[l.pos] != '.') {
			l.pos++
		}
	case isLetter(c):
		for l.pos < len(l.s) && (isIdentChar(l.s[l.pos]) || l.s[l.pos] == '-') {
			l.pos++
		}
	default:
		l.pos++
	}
	return l.s[start:l.pos]
}

func (l *formatLexer) peek() string {
	save := l.pos
	t := l.next()
	l.pos = save
	return t
}

func compileFormat(def *ir.OpDef) (*format, error) {
	f := &format{def: def}
	l := &formatLexer{s: def.Format}
	elems, err := f.compileSeq(l, false)
	if err != nil {
		return nil, fmt.Errorf("%s: invalid assembly format %q: %w", def.Name, def.Format, err)
	}
	f.elems = elems
	return f, nil
}

func (f *format) compileSeq(l *formatLexer, inGroup bool) ([]fmtElem, error) {
	var out []fmtElem
	for {
		t := l.peek()
		if t == "" {
			if inGroup {
				return nil, fmt.Errorf("unterminated optional group")
			}
			return out, nil
		}
		if t == ")" && inGroup {
			return out, nil
		}
		l.next()
		e, err := f.compileElem(t, l)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
}

func (f *format) compileElem(t string, l *formatLexer) (fmtElem, error) {
	switch {
	case strings.HasPrefix(t, "`"):
		if len(t) < 2 || !strings.HasSuffix(t, "`") {
			return nil, fmt.Errorf("unterminated literal %s", t)
		}
		return fmtLiteral{t[1 : len(t)-1]}, nil
	case strings.HasPrefix(t, "$"):
		return f.resolveVar(t[1:])
	case t == "attr-dict":
		return fmtAttrDict{}, nil
	case t == "attr-dict-with-keyword":
		return fmtAttrDict{keyword: true}, nil
	case t == "operands":
		return fmtOperands{}, nil
	case t == "regions":
		return fmtRegions{}, nil
	case t == "type":
		if l.next() != "(" {
			return nil, fmt.Errorf("expected '(' after type")
		}
		r, err := f.compileRef(l.next())
		if err != nil {
			return nil, err
		}
		if l.next() != ")" {
			return nil, fmt.Errorf("expected ')' after type argument")
		}
		return fmtType{r}, nil
	case t == "functional-type":
		if l.next() != "(" {
			return nil, fmt.Errorf("expected '(' after functional-type")
		}
		ins, err := f.compileRef(l.next())
		if err != nil {
			return nil, err
		}
		if l.next() != "," {
			return nil, fmt.Errorf("expected ',' in functional-type")
		}
		outs, err := f.compileRef(l.next())
		if err != nil {
			return nil, err
		}
		if l.next() != ")" {
			return nil, fmt.Errorf("expected ')' after functional-type")
		}
		return fmtFuncType{ins, outs}, nil
	case t == "(":
		return f.compileOptional(l)
	}
	return nil, fmt.Errorf("unknown directive %q", t)
}

func (f *format) compileOptional(l *formatLexer) (fmtElem, error) {
	var g fmtOptional
	for {
		t := l.peek()
		if t == ")" {
			l.next()
			break
		}
		if t == "" {
			return nil, fmt.Errorf("unterminated optional group")
		}
		l.next()
		e, err := f.compileElem(t, l)
		if err != nil {
			return nil, err
		}
		if l.peek() == "^" {
			l.next()
			g.anchor = e
		}
		g.elems = append(g.elems, e)
	}
	if l.next() != "?" {
		return nil, fmt.Errorf("expected '?' after optional group")
	}
	if len(g.elems) == 0 {
		return nil, fmt.Errorf("empty optional group")
	}
	if g.anchor == nil {
		return nil, fmt.Errorf("optional group has no anchor ('^')")
	}
	return g, nil
}

func (f *format) resolveVar(name string) (fmtElem, error) {
	for i, d := range f.def.Operands {
		if d.Name == name {
			return fmtOperand{i}, nil
		}
	}
	for i := range f.def.Attrs {
		if f.def.Attrs[i].Name == name {
			f.used = append(f.used, name)
			return fmtAttr{&f.def.Attrs[i]}, nil
		}
	}
	for i, d := range f.def.Regions {
		if d.Name == name {
			return fmtRegion{i}, nil
		}
	}
	return nil, fmt.Errorf("unknown variable $%s", name)
}

func (f *format) compileRef(t string) (fmtRef, error) {
	switch t {
	case "operands":
		return fmtRef{kind: refAllOperands}, nil
	case "results":
		return fmtRef{kind: refAllResults}, nil
	}
	if !strings.HasPrefix(t, "$") {
		return fmtRef{}, fmt.Errorf("expected $name, operands or results, got %q", t)
	}
	for i, d := range f.def.Operands {
		if d.Name == t[1:] {
			return fmtRef{kind: refOperand, group: i}, nil
		}
	}
	for i, d := range f.def.Results {
		if d.Name == t[1:] {
			return fmtRef{kind: refResult, group: i}, nil
		}
	}
	return fmtRef{}, fmt.Errorf("unknown operand or result %s", t)
}

// ---- Printing ----

type formatPrinter struct {
	o                 *opPrinter
	op                *ir.Operation
	shouldEmitSpace   bool
	lastWasPunctation bool
}

func (f *format) print(o *opPrinter, op *ir.Operation) {
	fp := &formatPrinter{o: o, op: op, shouldEmitSpace: true}
	for _, e := range f.elems {
		fp.printElem(f, e)
	}
}

// spaceBefore mirrors MLIR's spacing between format elements.
func spaceBefore(value string, lastWasPunct bool) bool {
	if len(value) != 1 && value != "->" {
		return true
	}
	if lastWasPunct {
		return !strings.ContainsRune(">)}],", rune(value[0]))
	}
	return !strings.ContainsRune("<>(){}[],", rune(value[0]))
}

func (fp *formatPrinter) space() {
	if fp.shouldEmitSpace {
		fp.o.Print(" ")
	}
	fp.shouldEmitSpace, fp.lastWasPunctation = true, false
}

func (fp *formatPrinter) printElem(f *format, e fmtElem) {
	op := fp.op
	switch e := e.(type) {
	case fmtLiteral:
		if fp.shouldEmitSpace && spaceBefore(e.text, fp.lastWasPunctation) {
			fp.o.Print(" ")
		}
		fp.o.Print(e.text)
		fp.shouldEmitSpace = len(e.text) != 1 || !strings.ContainsRune("<({[", rune(e.text[0]))
		fp.lastWasPunctation = e.text[0] != '_' && !isLetter(e.text[0])
	case fmtOperand:
		vs := op.OperandGroup(e.group)
		if len(vs) == 0 {
			return
		}
		fp.space()
		fp.o.PrintOperands(vs)
	case fmtOperands:
		if op.NumOperands() == 0 {
			return
		}
		fp.space()
		fp.o.PrintOperands(op.Operands())
	case fmtAttr:
		a := op.Attr(e.def.Name)
		if a == nil || e.def.Constraint.Storage == ir.StoreUnit {
			return
		}
		fp.space()
		fp.printAttr(e.def, a)
	case fmtRegion:
		fp.space()
		fp.o.PrintRegion(op.Region(e.index), true, true)
	case fmtRegions:
		for i, r := range op.Regions() {
			if i > 0 {
				fp.o.Print(",")
			}
			fp.space()
			fp.o.PrintRegion(r, true, true)
		}
	case fmtType:
		ts := refTypes(op, e.ref)
		if len(ts) == 0 {
			return
		}
		fp.space()
		fp.o.PrintTypes(ts)
	case fmtFuncType:
		fp.space()
		fp.o.PrintFunctionalType(refTypes(op, e.ins), refTypes(op, e.outs))
	case fmtAttrDict:
		elided := append([]string(nil), f.used...)
		if op.HasTrait(ir.AttrSizedOperandSegments) {
			elided = append(elided, ir.OperandSegmentSizesAttr)
		}
		if e.keyword {
			fp.o.PrintOptionalAttrDictWithKeyword(op.Attrs(), elided...)
		} else {
			fp.o.PrintOptionalAttrDict(op.Attrs(), elided...)
		}
		fp.shouldEmitSpace, fp.lastWasPunctation = true, false
	case fmtOptional:
		if anchorPresent(op, e.anchor) {
			for _, c := range e.elems {
				fp.printElem(f, c)
			}
		}
	}
}

func (fp *formatPrinter) printAttr(d *ir.AttrDef, a ir.Attribute) {
	switch d.Constraint.Storage {
	case ir.StoreEnum:
		if s, ok := a.(*ir.StringAttr); ok && ir.IsBareIdentifier(s.Value) {
			fp.o.Print(s.Value)
			return
		}
	case ir.StoreI64, ir.StoreF32, ir.StoreF64, ir.StoreBool:
		fp.o.PrintAttributeWithoutType(a)
		return
	case ir.StoreI64Array:
		if arr, ok := a.(*ir.DenseArrayAttr); ok {
			var sb strings.Builder
			sb.WriteByte('[')
			for i, v := range arr.Ints {
				if i > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString(strconv.FormatInt(v, 10))
			}
			sb.WriteByte(']')
			fp.o.Print(sb.String())
			return
		}
	}
	fp.o.PrintAttribute(a)
}

func anchorPresent(op *ir.Operation, anchor fmtElem) bool {
	switch a := anchor.(type) {
	case fmtOperand:
		return len(op.OperandGroup(a.group)) > 0
	case fmtAttr:
		return op.Attr(a.def.Name) != nil
	case fmtRegion:
		return !op.Region(a.index).Empty()
	case fmtType:
		return len(refTypes(op, a.ref)) > 0
	case fmtOperands:
		return op.NumOperands() > 0
	}
	return true
}

func refTypes(op *ir.Operation, r fmtRef) []ir.Type {
	switch r.kind {
	case refOperand:
		vs := op.OperandGroup(r.group)
		ts := make([]ir.Type, len(vs))
		for i, v := range vs {
			ts[i] = v.Type()
		}
		return ts
	case refResult:
		start, n := resultGroupRange(op.Def(), r.group, op.NumResults())
		return op.ResultTypes()[start : start+n]
	case refAllOperands:
		return op.OperandTypes()
	}
	return op.ResultTypes()
}

// resultGroupRange locates result group i (at most one variadic group).
func resultGroupRange(def *ir.OpDef, i, total int) (start, n int) {
	fixed := 0
	for _, d := range def.Results {
		if !d.Variadic && !d.Optional {
			fixed++
		}
	}
	dyn := total - fixed
	for k := 0; k < i; k++ {
		if def.Results[k].Variadic || def.Results[k].Optional {
			start += dyn
		} else {
			start++
		}
	}
	if def.Results[i].Variadic || def.Results[i].Optional {
		return start, dyn
	}
	return start, 1
}

// ---- Parsing ----

// formatSource is what a declarative format parses from: an ir.OpParser
// with the one-token lookahead its optional groups need. The hand-written
// parser and the participle engine both implement it, so both read custom
// forms with this one implementation of the format.
type formatSource interface {
	ir.OpParser
	// isKeyword and isPunct report whether the next token is the bare
	// identifier kw or the punctuation s.
	isKeyword(kw string) bool
	isPunct(s string) bool
	// atOperand reports whether an SSA operand comes next.
	atOperand() bool
	// atEOF reports whether the input is exhausted.
	atEOF() bool
	// isString reports whether a string literal comes next.
	isString() bool
	// startsType reports whether the next token can start a type.
	startsType() bool
	// parseCommaList reads open, a possibly empty comma-separated list of
	// elem, and close; context completes its error messages.
	parseCommaList(open, close, context string, elem func() error) error
	// parseAttrDict reads an attribute dictionary "{...}".
	parseAttrDict() ([]ir.NamedAttr, error)
}

// formatParse collects what the format reads before operands are resolved.
type formatParse struct {
	f            *format
	p            formatSource
	st           *ir.OperationState
	operands     [][]ir.UnresolvedOperand // per operand group
	allOperands  []ir.UnresolvedOperand   // from the operands directive
	operandTypes [][]ir.Type              // per operand group (nil: not given)
	allOperandTs []ir.Type
	resultTypes  [][]ir.Type // per result group
	allResultTs  []ir.Type
	regions      []*ir.Region
}

func (f *format) parse(p formatSource, st *ir.OperationState) error {
	fp := &formatParse{
		f: f, p: p, st: st,
		operands:     make([][]ir.UnresolvedOperand, len(f.def.Operands)),
		operandTypes: make([][]ir.Type, len(f.def.Operands)),
		resultTypes:  make([][]ir.Type, len(f.def.Results)),
		regions:      make([]*ir.Region, len(f.def.Regions)),
	}
	for i := range fp.regions {
		fp.regions[i] = &ir.Region{}
	}
	for _, e := range f.elems {
		if err := fp.parseElem(e); err != nil {
			return err
		}
	}
	st.Regions = append(st.Regions, fp.regions...)
	return fp.finish()
}

func (fp *formatParse) parseElem(e fmtElem) error {
	p := fp.p
	switch e := e.(type) {
	case fmtLiteral:
		if isLetter(e.text[0]) || e.text[0] == '_' {
			return p.ParseKeyword(e.text)
		}
		return p.ParsePunct(e.text)
	case fmtOperand:
		d := fp.f.def.Operands[e.group]
		switch {
		case d.Variadic:
			us, err := p.ParseOperandList(ir.DelimNone)
			fp.operands[e.group] = us
			return err
		case d.Optional:
			u, ok, err := p.ParseOptionalOperand()
			if ok {
				fp.operands[e.group] = []ir.UnresolvedOperand{u}
			}
			return err
		}
		u, err := p.ParseOperand()
		fp.operands[e.group] = []ir.UnresolvedOperand{u}
		return err
	case fmtOperands:
		us, err := p.ParseOperandList(ir.DelimNone)
		fp.allOperands = us
		return err
	case fmtAttr:
		return fp.parseAttr(e.def)
	case fmtRegion:
		return p.ParseRegion(fp.regions[e.index], nil)
	case fmtRegions:
		return fmt.Errorf("the regions directive is not supported in parsing; name regions with $")
	case fmtType:
		ts, err := fp.parseTypes(e.ref)
		if err != nil {
			return err
		}
		fp.setTypes(e.ref, ts)
	case fmtFuncType:
		ft, err := p.ParseFunctionType()
		if err != nil {
			return err
		}
		fp.setTypes(e.ins, ft.Inputs)
		fp.setTypes(e.outs, ft.Results)
	case fmtAttrDict:
		if e.keyword {
			return p.ParseOptionalAttrDictWithKeyword(fp.st)
		}
		return p.ParseOptionalAttrDict(fp.st)
	case fmtOptional:
		if !fp.groupPresent(e.elems[0]) {
			return nil
		}
		for _, c := range e.elems {
			if err := fp.parseElem(c); err != nil {
				return err
			}
		}
	}
	return nil
}

// groupPresent decides whether an optional group was written, from its first element.
func (fp *formatParse) groupPresent(first fmtElem) bool {
	p := fp.p
	switch e := first.(type) {
	case fmtLiteral:
		if isLetter(e.text[0]) || e.text[0] == '_' {
			return p.isKeyword(e.text)
		}
		return p.isPunct(e.text)
	case fmtOperand, fmtOperands:
		return p.atOperand()
	case fmtRegion:
		return p.isPunct("{")
	case fmtType:
		return p.startsType()
	case fmtAttr:
		return !p.atEOF() && !p.isPunct("}") && !p.isPunct(":")
	}
	return false
}

func (fp *formatParse) parseAttr(d *ir.AttrDef) error {
	p := fp.p
	ctx := p.Context()
	var a ir.Attribute
	var err error
	switch d.Constraint.Storage {
	case ir.StoreUnit:
		a = ir.UnitAttr{}
	case ir.StoreEnum:
		loc := p.Loc()
		var s string
		if p.isString() {
			s, err = p.ParseString()
		} else {
			s, err = p.ParseIdentifier()
		}
		if err != nil {
			return ir.Errorf(loc, "expected %s for attribute '%s'", d.Constraint.Desc, d.Name)
		}
		a = ir.String(s)
	case ir.StoreI64:
		a, err = p.ParseAttribute(ctx.I64())
	case ir.StoreF32:
		a, err = p.ParseAttribute(ctx.F32())
	case ir.StoreF64:
		a, err = p.ParseAttribute(ctx.F64())
	case ir.StoreI64Array:
		var vs []int64
		err = p.parseCommaList("[", "]", "in integer array", func() error {
			v, err := p.ParseInteger()
			vs = append(vs, v)
			return err
		})
		a = ir.I64Array(ctx, vs...)
	case ir.StoreSymbol:
		loc := p.Loc()
		a, err = p.ParseAttribute(nil)
		if _, ok := a.(*ir.SymbolRefAttr); err == nil && !ok {
			// MLIR's parseAttribute<FlatSymbolRefAttr>.
			return ir.Errorf(loc, "invalid kind of attribute specified")
		}
	default:
		a, err = p.ParseAttribute(nil)
	}
	if err != nil {
		return err
	}
	fp.st.AddAttr(d.Name, a)
	return nil
}

func (fp *formatParse) parseTypes(r fmtRef) ([]ir.Type, error) {
	variadic := r.kind == refAllOperands || r.kind == refAllResults
	if r.kind == refOperand {
		d := fp.f.def.Operands[r.group]
		variadic = d.Variadic || d.Optional
	}
	if r.kind == refResult {
		d := fp.f.def.Results[r.group]
		variadic = d.Variadic || d.Optional
	}
	if variadic {
		return fp.p.ParseTypeList()
	}
	t, err := fp.p.ParseType()
	return []ir.Type{t}, err
}

func (fp *formatParse) setTypes(r fmtRef, ts []ir.Type) {
	switch r.kind {
	case refOperand:
		fp.operandTypes[r.group] = ts
	case refResult:
		fp.resultTypes[r.group] = ts
	case refAllOperands:
		fp.allOperandTs = ts
	case refAllResults:
		fp.allResultTs = ts
	}
}

// finish resolves operands and settles result types.
func (fp *formatParse) finish() error {
	def := fp.f.def
	p := fp.p
	var uses []ir.UnresolvedOperand
	var types []ir.Type
	if fp.allOperands != nil {
		uses, types = fp.allOperands, fp.allOperandTs
	} else {
		for g, us := range fp.operands {
			ts := fp.operandTypes[g]
			if ts != nil && len(ts) != len(us) {
				return p.Errorf("%d operands present, but expected %d", len(us), len(ts))
			}
			for i, u := range us {
				uses = append(uses, u)
				if ts != nil {
					types = append(types, ts[i])
				} else {
					types = append(types, nil)
				}
			}
		}
		if def.Traits&ir.AttrSizedOperandSegments != 0 {
			sizes := make([]int64, len(fp.operands))
			for g, us := range fp.operands {
				sizes[g] = int64(len(us))
			}
			fp.st.AddAttr(ir.OperandSegmentSizesAttr, &ir.DenseArrayAttr{Elem: p.Context().I32(), Ints: sizes})
		}
	}
	var results []ir.Type
	if fp.allResultTs != nil {
		results = fp.allResultTs
	} else {
		for g := range def.Results {
			if fp.resultTypes[g] == nil {
				results = nil
				break
			}
			results = append(results, fp.resultTypes[g]...)
		}
		if len(def.Results) == 0 {
			results = []ir.Type{}
		}
	}
	// Operands without a type directive take the shared type when the op
	// says all types are equal.
	var shared ir.Type
	if def.Traits&(ir.SameOperandsAndResultType|ir.SameTypeOperands) != 0 {
		for _, t := range types {
			if t != nil {
				shared = t
			}
		}
		if shared == nil && def.Traits&ir.SameOperandsAndResultType != 0 && len(results) > 0 {
			shared = results[0]
		}
	}
	for i, u := range uses {
		t := types[i]
		if t == nil {
			t = shared
		}
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return err
		}
		fp.st.Operands = append(fp.st.Operands, v)
	}
	if results == nil && def.Traits&ir.SameOperandsAndResultType != 0 && len(fp.st.Operands) > 0 {
		results = make([]ir.Type, len(def.Results))
		for i := range results {
			results[i] = fp.st.Operands[0].Type()
		}
	}
	fp.st.ResultTypes = results
	return nil
}
