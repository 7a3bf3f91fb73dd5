package asm

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// ParseOptions configures parsing.
type ParseOptions struct {
	// Filename is used in locations and diagnostics.
	Filename string
	// FirstLine is the line number of the first line of src in the original
	// file (1 when 0), so that --split-input-file chunks keep their line
	// numbers.
	FirstLine int
	// MaxNesting bounds region nesting (DefaultMaxNesting when 0), so that
	// hostile input cannot exhaust the stack.
	MaxNesting int
}

// DefaultMaxNesting is the deepest region nesting the parser accepts.
const DefaultMaxNesting = 10000

// Parse parses MLIR text (generic and custom forms) into a builtin.module.
// As in MLIR, top-level operations are wrapped in an implicit module unless
// the text holds exactly one builtin.module. The builtin dialect must be
// loaded in ctx. Errors are *ir.Diagnostic values located in the text.
func Parse(ctx *ir.Context, src []byte, opts ParseOptions) (*ir.Operation, error) {
	p := newParser(ctx, src, opts)
	return p.parseFile()
}

// ParseString is Parse for a string.
func ParseString(ctx *ir.Context, src string, opts ParseOptions) (*ir.Operation, error) {
	return Parse(ctx, []byte(src), opts)
}

// ParseOp parses a single operation (no implicit module) and verifies
// nothing; handy in tests and for building IR snippets from text.
func ParseOp(ctx *ir.Context, src string) (*ir.Operation, error) {
	m, err := ParseString(ctx, src, ParseOptions{Filename: "<snippet>"})
	if err != nil {
		return nil, err
	}
	body := m.Region(0).Front()
	op := body.First()
	if op == nil || op.Next() != nil {
		return nil, fmt.Errorf("ParseOp: expected exactly one operation")
	}
	op.Remove()
	return op, nil
}

type parser struct {
	ctx   *ir.Context
	file  string
	src   []byte
	lines *lineTable
	lex   *lexer
	tok   token
	// prevEnd is where the previous token ended (to see that "#1" in
	// "%0#1" is glued to its value name).
	prevEnd int32

	attrAliases  map[string]ir.Attribute
	typeAliases  map[string]ir.Type
	deferredLocs []*deferredLoc
	typeCache    map[string]ir.Type

	// customOp is the op whose custom form is being parsed ("" in a
	// generic op): errors a custom parser emits are prefixed with it.
	customOp string

	scopes     []*isolatedScope
	opStack    []*ir.OpDef // ops whose custom form or regions are being parsed
	depth      int
	maxNesting int
}

func newParser(ctx *ir.Context, src []byte, opts ParseOptions) *parser {
	first := opts.FirstLine
	if first <= 0 {
		first = 1
	}
	file := opts.Filename
	if file == "" {
		file = "<stdin>"
	}
	maxNest := opts.MaxNesting
	if maxNest <= 0 {
		maxNest = DefaultMaxNesting
	}
	lines := newLineTable(src, file, first)
	p := &parser{
		ctx: ctx, file: file, src: src, lines: lines, lex: newLexer(src, lines),
		attrAliases: map[string]ir.Attribute{}, typeAliases: map[string]ir.Type{},
		typeCache: map[string]ir.Type{}, maxNesting: maxNest,
	}
	p.tok = p.lex.next()
	return p
}

// ---- Token helpers ----

func (p *parser) text(t token) string { return string(p.src[t.start:t.end]) }

func (p *parser) advance() {
	p.prevEnd = p.tok.end
	p.tok = p.lex.next()
}

func (p *parser) locOf(off int32) *ir.FileLineColLoc {
	line, col := p.lines.position(int(off))
	return ir.FileLineCol(p.file, line, col)
}

func (p *parser) errorAt(off int32, format string, args ...any) error {
	return ir.Errorf(p.locOf(off), format, args...)
}

// errorf reports an error about the current token (for invalid tokens, the
// lexer's message). An "expected ..." error is located like MLIR's
// emitWrongTokenError: just past the text before the token, since it is
// about what is missing there.
func (p *parser) errorf(format string, args ...any) error {
	if p.tok.kind == tokError {
		if u := p.lex.unbalanced; int(p.tok.start) == u.open {
			if err := p.unbalancedBodyError(u); err != nil {
				return err
			}
		}
		return p.errorAt(p.tok.start, "%s", p.lex.err)
	}
	return p.errorNear(p.tok.start, p.tok.kind == tokEOF, p.prevEnd, fmt.Sprintf(format, args...))
}

// errorNear locates msg, an error about the token at start (the end of the
// input when eof; prevEnd is where the token before it ends), as errorf
// does. Both parser engines locate their errors with it.
func (p *parser) errorNear(start int32, eof bool, prevEnd int32, msg string) error {
	if !strings.HasPrefix(msg, "expected") {
		// About the token itself ("undefined symbol alias id"): at it,
		// or just past the last token at the end of the input.
		if eof {
			return p.errorAt(prevEnd, "%s", msg)
		}
		return p.errorAt(start, "%s", msg)
	}
	off := int(start)
	if eof && off == len(p.src) && off > 0 {
		off-- // MLIR backs up one character from the end of the buffer
	}
	return p.errorAt(int32(wrongTokenOffset(p.src, off)), "%s", msg)
}

// unbalancedBodyError explains an array<...> whose body does not close the
// way MLIR, which reads it token by token, does: by parsing the body up to
// the offending character ("expected ':' after dense array type"). It
// returns nil for other identifiers.
func (p *parser) unbalancedBodyError(u unbalancedAngle) error {
	if u.bad > len(p.src) {
		return nil
	}
	switch u.kw {
	case "tensor", "vector", "memref", "complex", "tuple":
		// MLIR reads the type's body token by token and stops at the
		// first token that is not '>': take the end of the line.
		end := u.bad
		if i := bytes.IndexByte(p.src[u.open:u.bad], '\n'); i >= 0 {
			end = u.open + i
		}
		return p.errorAt(int32(wrongTokenOffset(p.src, end)), "expected '>' in %s type", u.kw)
	case "array":
	default:
		return nil
	}
	if _, err := p.parseDenseArray(u.open+1, u.bad); err != nil {
		return err
	}
	if bytes.IndexByte(p.src[u.open:u.bad], ':') < 0 {
		return p.errorAt(int32(wrongTokenOffset(p.src, u.bad)), "expected ':' after dense array type")
	}
	return p.errorAt(int32(wrongTokenOffset(p.src, u.bad)), "expected '>' to close an array attribute")
}

// wrongTokenOffset is where MLIR reports an unexpected token at off: after
// the last non-blank character before it, skipping blank lines and "//"
// comments on the lines before (but at off when nothing precedes it).
func wrongTokenOffset(src []byte, off int) int {
	end := off
	for {
		for end > 0 && (src[end-1] == ' ' || src[end-1] == '\t') {
			end--
		}
		if end == 0 {
			return off
		}
		if c := src[end-1]; c != '\n' && c != '\r' {
			return end
		}
		end--
		lineStart := bytes.LastIndexAny(src[:end], "\n\r")
		if lineStart < 0 {
			lineStart = 0
		}
		if i := bytes.Index(src[lineStart:end], []byte("//")); i >= 0 {
			end = lineStart + i
		}
	}
}

// enter counts one level of nesting in a recursive construct (attributes,
// types, locations) and fails past the limit, so hostile input cannot
// overflow the stack; every successful enter is paired with a leave.
func (p *parser) enter() error {
	p.depth++
	if p.depth > p.maxNesting {
		p.depth--
		return p.errorf("nesting is deeper than %d levels", p.maxNesting)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

func (p *parser) isPunct(s string) bool {
	return p.tok.kind == tokPunct && int(p.tok.end-p.tok.start) == len(s) && string(p.src[p.tok.start:p.tok.end]) == s
}

func (p *parser) isKeyword(s string) bool {
	return p.tok.kind == tokBareIdent && int(p.tok.end-p.tok.start) == len(s) && string(p.src[p.tok.start:p.tok.end]) == s
}

func (p *parser) consumeIf(s string) bool {
	if p.isPunct(s) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) expect(s, context string) error {
	if p.consumeIf(s) {
		return nil
	}
	if context == "" {
		return p.errorf("expected '%s'", s)
	}
	return p.errorf("expected '%s' %s", s, context)
}

// parseCommaList calls elem for each element of a comma-separated list
// delimited by open and close; an empty list is allowed.
func (p *parser) parseCommaList(open, close, context string, elem func() error) error {
	if err := p.expect(open, context); err != nil {
		return err
	}
	if p.consumeIf(close) {
		return nil
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		if p.consumeIf(close) {
			return nil
		}
		if !p.consumeIf(",") {
			return p.errorf("expected ',' or '%s' %s", close, context)
		}
	}
}

// ---- Top level ----

func (p *parser) parseFile() (*ir.Operation, error) {
	if p.ctx.LookupOp(ir.ModuleOpName) == nil {
		return nil, fmt.Errorf("asm: the builtin dialect is not loaded in the context")
	}
	region := &ir.Region{}
	body := ir.NewBlock(nil, nil)
	region.PushBack(body)
	module := p.ctx.NewOp(&ir.OperationState{Name: ir.ModuleOpName, Loc: ir.FileLineCol(p.file, 0, 0), Regions: []*ir.Region{region}})
	p.pushIsolated()
	p.opStack = append(p.opStack, module.Def())
	for p.tok.kind != tokEOF {
		var err error
		switch {
		case p.tok.kind == tokHash:
			// At the top level, '#' and '!' start alias definitions.
			err = p.parseAttrAliasDef()
		case p.tok.kind == tokBang:
			err = p.parseTypeAliasDef()
		default:
			err = p.parseOperation(body)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := p.popIsolated(); err != nil {
		return nil, err
	}
	if err := p.resolveDeferredLocs(module); err != nil {
		return nil, err
	}
	if first := body.First(); first != nil && first == body.Last() && first.Name() == ir.ModuleOpName {
		first.Remove()
		module.Erase()
		return first, nil
	}
	return module, nil
}

func (p *parser) parseAttrAliasDef() error {
	nameTok := p.tok
	name := p.text(nameTok)[1:]
	if strings.Contains(name, ".") {
		return p.errorf("attribute names with a '.' are reserved for dialect-defined names")
	}
	p.advance()
	if !p.consumeIf("=") {
		return p.errorf("expected '=' in attribute alias definition")
	}
	if _, dup := p.attrAliases[name]; dup {
		return p.errorAt(nameTok.start, "redefinition of attribute alias id '%s'", name)
	}
	a, err := p.parseAttribute(nil)
	if err != nil {
		return err
	}
	p.attrAliases[name] = a
	return nil
}

func (p *parser) parseTypeAliasDef() error {
	nameTok := p.tok
	name := p.text(nameTok)[1:]
	if strings.Contains(name, ".") {
		return p.errorf("type names with a '.' are reserved for dialect-defined names")
	}
	p.advance()
	if !p.consumeIf("=") {
		return p.errorf("expected '=' in type alias definition")
	}
	if _, dup := p.typeAliases[name]; dup {
		return p.errorAt(nameTok.start, "redefinition of type alias id '%s'", name)
	}
	t, err := p.parseType()
	if err != nil {
		return err
	}
	p.typeAliases[name] = t
	return nil
}

// ---- SSA value scopes ----

// isolatedScope holds the SSA names of an isolated-from-above region tree.
type isolatedScope struct {
	values  map[string]*valueEntry
	regions []*regionScope
	// forward lists names used before their definition, in use order.
	forward []string
}

type valueEntry struct {
	vals       []ir.Value
	defOff     int32
	defined    bool
	fwdOff     int32 // first forward use
	placeholds []*ir.Operation
}

type regionScope struct {
	defined []string
	blocks  map[string]*blockEntry
	order   []string
}

type blockEntry struct {
	block   *ir.Block
	defined bool
	off     int32
}

func (p *parser) pushIsolated() {
	p.scopes = append(p.scopes, &isolatedScope{values: map[string]*valueEntry{}})
}

func (p *parser) popIsolated() error {
	s := p.scopes[len(p.scopes)-1]
	p.scopes = p.scopes[:len(p.scopes)-1]
	for _, name := range s.forward {
		// A nil entry was defined in a nested region (resolving the
		// forward references) and went out of scope since.
		if e := s.values[name]; e != nil && !e.defined {
			return p.errorAt(e.fwdOff, "use of undeclared SSA value name")
		}
	}
	return nil
}

func (p *parser) scope() *isolatedScope { return p.scopes[len(p.scopes)-1] }

func (p *parser) pushRegion() *regionScope {
	r := &regionScope{blocks: map[string]*blockEntry{}}
	s := p.scope()
	s.regions = append(s.regions, r)
	return r
}

func (p *parser) popRegion() error {
	s := p.scope()
	r := s.regions[len(s.regions)-1]
	s.regions = s.regions[:len(s.regions)-1]
	for _, name := range r.order {
		if b := r.blocks[name]; !b.defined {
			return p.errorAt(b.off, "reference to an undefined block")
		}
	}
	for _, name := range r.defined {
		delete(s.values, name)
	}
	return nil
}

// defineValue binds name to vals (a result group or one block argument).
func (p *parser) defineValue(name string, vals []ir.Value, off int32) error {
	s := p.scope()
	e, ok := s.values[name]
	if ok && e.defined {
		return ir.Errorf(p.locOf(off), "redefinition of SSA value '%%%s'", name).
			AttachNote(p.locOf(e.defOff), "previously defined here")
	}
	if ok {
		// Resolve forward references.
		for i, ph := range e.placeholds {
			if ph == nil {
				continue
			}
			if i >= len(vals) {
				return p.errorAt(e.fwdOff, "reference to invalid result number")
			}
			if ph.Result(0).Type() != vals[i].Type() {
				return ir.Errorf(p.locOf(off), "definition of SSA value '%%%s#%d' has type '%s'", name, i, vals[i].Type()).
					AttachNote(ph.Loc(), "previously used here with type '%s'", ph.Result(0).Type())
			}
			ph.Result(0).ReplaceAllUsesWith(vals[i])
			ph.Erase()
		}
	} else {
		e = &valueEntry{}
		s.values[name] = e
	}
	e.vals, e.defined, e.defOff, e.placeholds = vals, true, off, nil
	if n := len(s.regions); n > 0 {
		s.regions[n-1].defined = append(s.regions[n-1].defined, name)
	}
	return nil
}

// resolveValue returns the value %name#num of type t (nil t: the defined
// value's own type), creating a forward-reference placeholder when the
// value is not defined yet and t is known.
func (p *parser) resolveValue(name string, num int, t ir.Type, off int32) (ir.Value, error) {
	s := p.scope()
	e, ok := s.values[name]
	if ok && e.defined {
		if num >= len(e.vals) {
			return nil, p.errorAt(off, "reference to invalid result number")
		}
		v := e.vals[num]
		if t != nil && v.Type() != t {
			return nil, ir.Errorf(p.locOf(off), "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", name, t, v.Type()).
				AttachNote(p.locOf(e.defOff), "prior use here")
		}
		return v, nil
	}
	if t == nil {
		return nil, p.errorAt(off, "use of undeclared SSA value name")
	}
	if !ok {
		e = &valueEntry{fwdOff: off}
		s.values[name] = e
		s.forward = append(s.forward, name)
	}
	if num > 1<<16 {
		return nil, p.errorAt(off, "result number %d is too large", num)
	}
	for len(e.placeholds) <= num {
		e.placeholds = append(e.placeholds, nil)
	}
	if ph := e.placeholds[num]; ph != nil {
		if ph.Result(0).Type() != t {
			return nil, ir.Errorf(p.locOf(off), "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", name, t, ph.Result(0).Type()).
				AttachNote(ph.Loc(), "prior use here")
		}
		return ph.Result(0), nil
	}
	ph := p.ctx.NewOp(&ir.OperationState{Name: forwardRefOpName, ResultTypes: []ir.Type{t}, Loc: p.locOf(off)})
	e.placeholds[num] = ph
	return ph.Result(0), nil
}

// blockRef returns the block named name in the current region, creating it
// on first reference.
func (p *parser) blockRef(name string, off int32) *ir.Block {
	s := p.scope()
	r := s.regions[len(s.regions)-1]
	if b, ok := r.blocks[name]; ok {
		return b.block
	}
	b := &blockEntry{block: ir.NewBlock(nil, nil), off: off}
	r.blocks[name] = b
	r.order = append(r.order, name)
	return b.block
}

// ---- Operations ----

type resultGroup struct {
	name  string
	count int
	off   int32
}

func (p *parser) parseOperation(block *ir.Block) error {
	start := p.tok.start
	var groups []resultGroup
	if p.tok.kind == tokPercent {
		for {
			if p.tok.kind != tokPercent {
				return p.errorf("expected valid ssa identifier")
			}
			g := resultGroup{name: p.text(p.tok)[1:], count: 1, off: p.tok.start}
			p.advance()
			if p.isPunct(":") {
				p.advance()
				n, err := p.parseCount()
				if err != nil {
					return err
				}
				g.count = n
			}
			groups = append(groups, g)
			if !p.consumeIf(",") {
				break
			}
		}
		if err := p.expect("=", "after SSA name"); err != nil {
			return err
		}
	}
	var op *ir.Operation
	var err error
	// Like MLIR, an op is located at its name, not at its results.
	loc := p.locOf(p.tok.start)
	if u := p.lex.unbalanced; p.tok.kind == tokError && int(p.tok.start) == u.open {
		if err := p.unbalancedOpError(u); err != nil {
			return err
		}
	}
	switch p.tok.kind {
	case tokString:
		op, err = p.parseGenericOp(loc)
	case tokBareIdent:
		if isIntegerTypeName(p.text(p.tok)) {
			// MLIR lexes i32 as a type, which cannot start an operation.
			return p.errorf("expected operation name in quotes")
		}
		op, err = p.parseCustomOp(loc)
	default:
		return p.errorf("expected operation name in quotes")
	}
	if err != nil {
		return err
	}
	if p.isKeyword("loc") {
		l, err := p.parseLocation()
		if err != nil {
			return err
		}
		op.SetLoc(l)
	}
	total := 0
	for _, g := range groups {
		total += g.count
	}
	if err := p.checkResultBinding(len(groups), total, op, start); err != nil {
		return err
	}
	idx := 0
	for _, g := range groups {
		vals := make([]ir.Value, g.count)
		for i := range vals {
			vals[i] = op.Result(idx)
			idx++
		}
		if err := p.defineValue(g.name, vals, g.off); err != nil {
			return err
		}
	}
	block.Append(op)
	return nil
}

func (p *parser) parseCount() (int, error) {
	if p.tok.kind != tokInteger {
		return 0, p.errorf("expected integer number of results")
	}
	n, err := strconv.Atoi(p.text(p.tok))
	if err != nil || n > 1<<20 {
		return 0, p.errorf("too many results in a result group (at most %d)", 1<<20)
	}
	if n < 1 {
		return 0, p.errorf("expected named operation to have at least 1 result")
	}
	p.advance()
	return n, nil
}

type unresolved struct {
	name string
	num  int
	off  int32
}

func (p *parser) parseValueUse() (unresolved, error) {
	if p.tok.kind != tokPercent {
		return unresolved{}, p.errorf("expected SSA operand")
	}
	u := unresolved{name: p.text(p.tok)[1:], off: p.tok.start}
	p.advance()
	if p.tok.kind == tokHash && p.tok.start == p.prevEnd {
		numText := p.text(p.tok)[1:]
		n, err := strconv.Atoi(numText)
		if err != nil || n < 0 {
			return u, p.errorf("invalid SSA value result number")
		}
		u.num = n
		p.advance()
	}
	return u, nil
}

func (p *parser) checkOpRegistered(name string, off int32) (*ir.OpDef, error) {
	def := p.ctx.LookupOp(name)
	if def != nil || p.ctx.AllowUnregistered {
		return def, nil
	}
	if p.ctx.IsDialectLoaded(name) {
		d, _, _ := strings.Cut(name, ".")
		return nil, p.errorAt(off, "operation '%s' is not registered in the '%s' dialect (use --allow-unregistered-dialect to keep unknown operations)", name, d)
	}
	return nil, p.errorAt(off, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
}

func (p *parser) parseGenericOp(loc ir.Location) (*ir.Operation, error) {
	savedCustom := p.customOp
	p.customOp = ""
	defer func() { p.customOp = savedCustom }()
	nameTok := p.tok
	name, err := p.unquote(nameTok)
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, p.errorf("empty operation name is invalid")
	}
	def, err := p.checkOpRegistered(name, nameTok.start)
	if err != nil {
		return nil, err
	}
	p.advance()
	uses, err := p.parseGenericOperands()
	if err != nil {
		return nil, err
	}
	st := &ir.OperationState{Name: name, Loc: loc}
	if p.isPunct("[") {
		if err := p.checkSuccessorsAllowed(def, p.tok.start); err != nil {
			return nil, err
		}
	}
	if p.isPunct("[") {
		err := p.parseCommaList("[", "]", "in successor list", func() error {
			b, err := p.parseSuccessorRef()
			st.Successors = append(st.Successors, b)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	if p.isPunct("<") {
		return nil, p.errorf("operation properties ('<{...}>') are not supported; MLIR 16 syntax has none")
	}
	if p.isPunct("(") {
		p.opStack = append(p.opStack, def)
		err := p.parseRegionList(st)
		p.opStack = p.opStack[:len(p.opStack)-1]
		if err != nil {
			return nil, err
		}
	}
	if p.isPunct("{") {
		if err := p.parseAttrDictInto(st); err != nil {
			return nil, err
		}
	}
	if err := p.expect(":", "followed by operation type"); err != nil {
		return nil, err
	}
	typeOff := p.tok.start
	fnType, err := p.parseFunctionTypeOnly()
	if err != nil {
		return nil, err
	}
	if len(fnType.Inputs) != len(uses) {
		return nil, p.errorAt(typeOff, "expected %d operand type%s but had %d", len(uses), pluralS(len(uses)), len(fnType.Inputs))
	}
	for i, u := range uses {
		v, err := p.resolveValue(u.name, u.num, fnType.Inputs[i], u.off)
		if err != nil {
			return nil, err
		}
		st.Operands = append(st.Operands, v)
	}
	st.ResultTypes = fnType.Results
	if st.ResultTypes == nil {
		st.ResultTypes = []ir.Type{}
	}
	return p.ctx.NewOp(st), nil
}

// pluralS completes "operand type". (MLIR 16's message for one operand
// has a NUL byte where the "s" would be; tt writes nothing there.)
// parseGenericOperands reads "(%a, %b#1)" as MLIR does: an optional list
// of uses, then ')'.
func (p *parser) parseGenericOperands() ([]unresolved, error) {
	if err := p.expect("(", "to start operand list"); err != nil {
		return nil, err
	}
	var uses []unresolved
	for p.tok.kind == tokPercent {
		u, err := p.parseValueUse()
		if err != nil {
			return nil, err
		}
		uses = append(uses, u)
		if !p.consumeIf(",") {
			break
		}
		if p.tok.kind != tokPercent {
			return nil, p.errorf("expected SSA operand")
		}
	}
	return uses, p.expect(")", "to end operand list")
}

// parseRegionList reads "({...}, {...})": at least one region, then ')'.
func (p *parser) parseRegionList(st *ir.OperationState) error {
	if err := p.expect("(", ""); err != nil {
		return err
	}
	for {
		if !p.isPunct("{") {
			return p.errorf("expected '{' to begin a region")
		}
		if err := p.parseRegion(st.AddRegion(), nil); err != nil {
			return err
		}
		if !p.consumeIf(",") {
			break
		}
	}
	return p.expect(")", "to end region list")
}

// isOpNameLike reports whether s could be a custom op name (letters,
// digits, '_', '.', '$').
func isOpNameLike(s string) bool {
	if s == "" || !isLetter(s[0]) && s[0] != '_' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return true
}

// isIntegerTypeName reports whether s spells an integer type (i32, si8,
// ui64), which MLIR's lexer reads as a type rather than an identifier.
func isIntegerTypeName(s string) bool {
	for _, prefix := range []string{"si", "ui", "i"} {
		if rest, ok := strings.CutPrefix(s, prefix); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return true
		}
	}
	return false
}

// dialectNames lists the loaded dialects, sorted.
func (p *parser) dialectNames() []string {
	var names []string
	for _, d := range p.ctx.Dialects() {
		names = append(names, d.Name)
	}
	return names
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (p *parser) parseSuccessorRef() (*ir.Block, error) {
	if p.tok.kind != tokCaret {
		return nil, p.errorf("expected block name")
	}
	if len(p.scope().regions) == 0 {
		return nil, p.errorf("successors are only allowed inside a region")
	}
	b := p.blockRef(p.text(p.tok)[1:], p.tok.start)
	p.advance()
	return b, nil
}

// resolveOpName applies the default dialects of the enclosing ops to a
// custom op name written without a dialect prefix.
func (p *parser) resolveOpName(name string) string {
	if strings.Contains(name, ".") {
		return name
	}
	for i := len(p.opStack) - 1; i >= 0; i-- {
		if d := p.opStack[i]; d != nil && d.DefaultDialect != "" {
			if full := d.DefaultDialect + "." + name; p.ctx.LookupOp(full) != nil {
				return full
			}
		}
	}
	if full := "builtin." + name; p.ctx.LookupOp(full) != nil {
		return full
	}
	return name
}

// defaultDialect is the dialect whose ops may be written without prefix
// where the parser is: the innermost enclosing op's, else builtin.
func (p *parser) defaultDialect() string {
	for i := len(p.opStack) - 1; i >= 0; i-- {
		if d := p.opStack[i]; d != nil && d.DefaultDialect != "" {
			return d.DefaultDialect
		}
	}
	return "builtin"
}

func (p *parser) parseCustomOp(loc ir.Location) (*ir.Operation, error) {
	nameTok := p.tok
	name := p.resolveOpName(p.text(nameTok))
	def := p.ctx.LookupOp(name)
	if def == nil {
		return nil, p.unknownCustomOpError(name, nameTok.start)
	}
	if def.Parse == nil && def.Format == "" {
		return nil, p.errorf("custom op '%s' has no custom assembly form; write it in generic form", name)
	}
	p.advance()
	st := &ir.OperationState{Name: name, Loc: loc}
	if err := p.readCustomForm(def, p, st, nil); err != nil {
		return nil, err
	}
	return p.newCustomOp(def, st)
}

// readCustomForm reads the rest of a custom-form op through src (either
// engine's op parser) with the op's parse hook or declarative format, the
// op on the stack of enclosing ops (for default dialects) and named in
// errors ("custom op 'x' ..."); finish, when set, runs before the name is
// dropped.
func (p *parser) readCustomForm(def *ir.OpDef, src formatSource, st *ir.OperationState, finish func() error) error {
	p.opStack = append(p.opStack, def)
	savedCustom := p.customOp
	p.customOp = st.Name
	defer func() { p.customOp = savedCustom }()
	var err error
	if def.Parse != nil {
		err = def.Parse(src, st)
	} else {
		var f *format
		if f, err = formatFor(def); err == nil {
			err = f.parse(src, st)
		}
	}
	p.opStack = p.opStack[:len(p.opStack)-1]
	if err == nil && finish != nil {
		err = finish()
	}
	return err
}

// newCustomOp creates a custom-form op, inferring its result types when
// the form did not give them.
func (p *parser) newCustomOp(def *ir.OpDef, st *ir.OperationState) (*ir.Operation, error) {
	if st.ResultTypes == nil {
		if def.InferResultTypes == nil {
			st.ResultTypes = []ir.Type{}
		} else {
			ts, err := def.InferResultTypes(p.ctx, st.Operands, st.Attrs, st.Regions)
			if err != nil {
				return nil, ir.Errorf(st.Loc, "'%s' op %v", st.Name, err)
			}
			st.ResultTypes = ts
		}
	}
	return p.ctx.NewOp(st), nil
}

// ---- Regions and blocks ----

// parseRegion parses "{ ... }" into r. entryArgs, when non-nil, are the
// arguments of the entry block declared by a custom form.
func (p *parser) parseRegion(r *ir.Region, entryArgs []ir.Argument) error {
	openOff := p.tok.start
	if err := p.expect("{", "to begin a region"); err != nil {
		return err
	}
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > p.maxNesting {
		return p.errorAt(openOff, "regions are nested more than %d deep", p.maxNesting)
	}
	var cur *ir.OpDef
	if n := len(p.opStack); n > 0 {
		cur = p.opStack[n-1]
	}
	isolated := cur != nil && cur.Traits&ir.IsolatedFromAbove != 0
	if isolated {
		p.pushIsolated()
	}
	p.pushRegion()
	err := p.parseRegionBody(r, entryArgs)
	if err == nil {
		err = p.popRegion()
	}
	if err == nil && isolated {
		err = p.popIsolated()
	}
	return err
}

func (p *parser) parseRegionBody(r *ir.Region, entryArgs []ir.Argument) error {
	if p.consumeIf("}") {
		if entryArgs != nil && len(entryArgs) > 0 {
			return p.errorf("expected region body with arguments")
		}
		return nil
	}
	if p.tok.kind != tokCaret || len(entryArgs) > 0 {
		if p.tok.kind == tokCaret {
			return p.errorf("invalid block name in region with named arguments")
		}
		entry := ir.NewBlock(nil, nil)
		r.PushBack(entry)
		for _, a := range entryArgs {
			if err := p.addArgument(entry, a); err != nil {
				return err
			}
		}
		if err := p.parseBlockOps(entry); err != nil {
			return err
		}
	}
	for p.tok.kind == tokCaret {
		if err := p.parseBlock(r); err != nil {
			return err
		}
	}
	return p.expect("}", "to end region")
}

func (p *parser) addArgument(b *ir.Block, a ir.Argument) error {
	loc := a.Loc
	if loc == nil {
		loc = a.Name.Loc
	}
	arg := b.AddArgument(a.Type, loc)
	off := p.offsetOf(a.Name.Loc)
	return p.defineValue(a.Name.Name, []ir.Value{arg}, off)
}

// offsetOf recovers a byte offset from a location made by this parser.
func (p *parser) offsetOf(l ir.Location) int32 {
	fl, ok := l.(*ir.FileLineColLoc)
	if !ok {
		return p.tok.start
	}
	i := fl.Line - p.lines.firstLine
	if i < 0 || i >= len(p.lines.starts) {
		return p.tok.start
	}
	return int32(p.lines.starts[i] + fl.Col - 1)
}

func (p *parser) parseBlock(r *ir.Region) error {
	nameTok := p.tok
	name := p.text(nameTok)[1:]
	p.advance()
	block := p.blockRef(name, nameTok.start)
	rs := p.scope().regions[len(p.scope().regions)-1]
	e := rs.blocks[name]
	if e.defined {
		return p.errorAt(nameTok.start, "redefinition of block '^%s'", name)
	}
	e.defined = true
	r.PushBack(block)
	if p.isPunct("(") {
		err := p.parseBlockArgs(block)
		if err != nil {
			return err
		}
	}
	if err := p.expect(":", "after block name"); err != nil {
		return err
	}
	return p.parseBlockOps(block)
}

// parseBlockArgs reads "(%a: t, %b: u)" after a block name, with MLIR's
// messages.
func (p *parser) parseBlockArgs(block *ir.Block) error {
	p.advance() // '('
	if p.consumeIf(")") {
		return nil
	}
	for {
		if p.tok.kind != tokPercent {
			return p.errorf("expected SSA operand")
		}
		name, err := p.parseValueUse()
		if err != nil {
			return err
		}
		if name.num != 0 {
			return p.errorAt(name.off, "expected argument name without result number")
		}
		if !p.isPunct(":") {
			return p.errorf("expected ':' and type for SSA operand")
		}
		p.advance()
		t, err := p.parseType()
		if err != nil {
			return err
		}
		a := ir.Argument{Name: ir.UnresolvedOperand{Name: name.name, Number: name.num, Loc: p.locOf(name.off)}, Type: t}
		if a.Loc, err = p.ParseOptionalLocation(); err != nil {
			return err
		}
		if err := p.addArgument(block, a); err != nil {
			return err
		}
		if !p.consumeIf(",") {
			return p.expect(")", "")
		}
	}
}

func (p *parser) parseBlockOps(b *ir.Block) error {
	for p.tok.kind != tokCaret && !p.isPunct("}") {
		// At the end of the input, parseOperation says what MLIR says:
		// "expected operation name in quotes".
		if err := p.parseOperation(b); err != nil {
			return err
		}
	}
	return nil
}

// ---- Strings ----

// unquote decodes a string token: \n, \t, \", \\ and \XX hex escapes.
func (p *parser) unquote(t token) (string, error) {
	raw := p.src[t.start+1 : t.end-1]
	if !containsByte(raw, '\\') {
		return string(raw), nil
	}
	var sb strings.Builder
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			sb.WriteByte(c)
			continue
		}
		i++
		if i >= len(raw) {
			return "", p.errorAt(t.start+1+int32(i), "unknown escape in string literal")
		}
		switch raw[i] {
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case '"', '\\':
			sb.WriteByte(raw[i])
		default:
			if i+1 < len(raw) && isHex(raw[i]) && isHex(raw[i+1]) {
				v, _ := strconv.ParseUint(string(raw[i:i+2]), 16, 8)
				sb.WriteByte(byte(v))
				i++
				continue
			}
			return "", p.errorAt(t.start+1+int32(i)-1, "unknown escape in string literal")
		}
	}
	return sb.String(), nil
}

func containsByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}

// forwardRefOpName names the placeholder ops that stand for SSA values used
// before their definition while parsing (MLIR's parser does the same); no
// dialect defines it and none survives a successful parse.
const forwardRefOpName = "builtin.unrealized_forward_reference"

// unknownCustomOpError is MLIR's error for a custom op name (at off) no
// loaded dialect defines.
func (p *parser) unknownCustomOpError(name string, off int32) error {
	d, _, hasDot := strings.Cut(name, ".")
	if hasDot && !p.ctx.IsDialectLoaded(name) {
		return ir.Errorf(p.locOf(off), "Dialect `%s' not found for custom op '%s' ", d, name).
			AttachNote(p.locOf(off), "Registered dialects: %s ; for more info on dialect registration see "+
				"https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management",
				strings.Join(p.dialectNames(), ", "))
	}
	if !hasDot {
		return p.errorAt(off, "custom op '%s' is unknown (tried '%s.%s' as well)", name, p.defaultDialect(), name)
	}
	return p.errorAt(off, "custom op '%s' is unknown", name)
}

// unbalancedOpError explains an unbalanced kw<... where an operation is
// expected: MLIR reads the keyword as a custom op name ("tensor<42 x
// index"). It returns nil when kw cannot be an op name.
func (p *parser) unbalancedOpError(u unbalancedAngle) error {
	if u.kw == "" || !isOpNameLike(u.kw) {
		return nil
	}
	return p.unknownCustomOpError(u.kw, int32(u.open-len(u.kw)))
}

// checkSuccessorsAllowed rejects a successor list (its '[' at off) on a
// generic op that is registered and not a terminator.
func (p *parser) checkSuccessorsAllowed(def *ir.OpDef, off int32) error {
	if def != nil && def.Traits&ir.Terminator == 0 {
		return p.errorAt(off, "successors in non-terminator")
	}
	return nil
}

// checkResultBinding checks that the result names (groups of them, total
// values, the first at start) match op's results.
func (p *parser) checkResultBinding(groups, total int, op *ir.Operation, start int32) error {
	if groups > 0 && op.NumResults() == 0 {
		return p.errorAt(start, "cannot name an operation with no results")
	}
	if groups > 0 && total != op.NumResults() {
		return p.errorAt(start, "operation defines %d results but was provided %d to bind", op.NumResults(), total)
	}
	return nil
}
