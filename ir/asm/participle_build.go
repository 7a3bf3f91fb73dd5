package asm

import (
	"strconv"
	"sync"

	"github.com/alecthomas/participle/v2"
	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/tt-compiler/tt/ir"
)

// builder turns what the participle grammar reads into IR, driving the
// fast parser's SSA scopes, block table, alias tables and leaf
// sub-parsers. Operations are built one at a time, in source order: the
// builder asks participle for the next item, operation or block head, and
// Parseable nodes call back into the builder for custom forms and region
// bodies.
type builder struct {
	g  *grammar
	p  *parser
	lx *partLexer
	// toks are the file's tokens, EOF included.
	toks []plexer.Token
	str  string // the source as a string (participle token values are substrings)
	sub  lexer  // the fast parser's lexer in leaf reads
	// leafReader reads the leaves of the grammar (pAttrValue, ...).
	leafReader ptOpParser
	// err is the first error a Parseable node reported: participle keeps
	// only its text, this keeps the diagnostic.
	err error
}

// sessions maps a parse's token stream (its first token, which every copy
// of participle's PeekingLexer shares) to the parse's builder, so that
// Parseable nodes, which participle allocates, find the parse they belong
// to. An entry lives for one ParseParticiple call.
var sessions sync.Map // *plexer.Token -> *builder

func streamKey(lex *plexer.PeekingLexer) *plexer.Token { return &lex.Range(0, 1)[0] }

func builderOf(lex *plexer.PeekingLexer) *builder {
	v, _ := sessions.Load(streamKey(lex))
	return v.(*builder)
}

// fail records err as the parse's error (the first one wins) and returns it.
func (b *builder) fail(err error) error {
	if b.err == nil {
		b.err = err
	}
	return err
}

// parseError returns the diagnostic for a failed participle call: the one
// a Parseable node recorded, else participle's own error located.
func (b *builder) parseError(err error) error {
	if b.err != nil {
		return b.err
	}
	return b.fail(b.participleError(err))
}

// tokenError is the error for the lexer's Error token at off, explained
// as the fast parser explains it.
func (b *builder) tokenError(off int) error {
	if u, ok := b.lx.unbalanced[off]; ok {
		if err := b.p.unbalancedBodyError(u); err != nil {
			return err
		}
	}
	return b.p.errorAt(int32(off), "%s", b.lx.errs[off])
}

// prevTokenStart returns where the token before lex's cursor starts.
func (b *builder) prevTokenStart(lex *plexer.PeekingLexer) int32 {
	rc := lex.RawCursor()
	if rc == 0 {
		return 0
	}
	return int32(lex.Range(rc-1, rc)[0].Pos.Offset)
}

// prevTokenEnd returns where the token before lex's cursor ends.
func (b *builder) prevTokenEnd(lex *plexer.PeekingLexer) int32 {
	rc := lex.RawCursor()
	if rc == 0 {
		return 0
	}
	t := &lex.Range(rc-1, rc)[0]
	return int32(t.Pos.Offset + len(t.Value))
}

// leaf runs fn, a reader of the fast parser, from lex's next token on,
// then moves lex past what fn consumed; errors are recorded (fail).
func (b *builder) leaf(lex *plexer.PeekingLexer, fn func(p *parser) error) error {
	o := &b.leafReader
	*o = ptOpParser{b: b, lex: lex, prevEnd: b.prevTokenEnd(lex), pending: o.pending[:0]}
	err := o.leaf(fn)
	if err == nil {
		err = o.finish()
	}
	if err != nil {
		return b.fail(err)
	}
	return nil
}

// file mirrors parser.parseFile: items are read and built one at a time.
func (b *builder) file(lex *plexer.PeekingLexer) (*ir.Operation, error) {
	p := b.p
	region := &ir.Region{}
	body := ir.NewBlock(nil, nil)
	region.PushBack(body)
	module := p.ctx.NewOp(&ir.OperationState{Name: ir.ModuleOpName, Loc: ir.FileLineCol(p.file, 0, 0), Regions: []*ir.Region{region}})
	p.pushIsolated()
	p.opStack = append(p.opStack, module.Def())
	for !lex.Peek().EOF() {
		top, err := b.g.top.ParseFromLexer(lex, participle.AllowTrailing(true))
		if err != nil || b.err != nil {
			return nil, b.parseError(err)
		}
		switch it := top.Item.(type) {
		case *pAttrAlias:
			p.attrAliases[it.Head.name] = it.Value.a
		case *pTypeAlias:
			p.typeAliases[it.Head.name] = it.Value.t
		case *pOp:
			err = b.op(lex, it, body)
		}
		if err != nil {
			return nil, b.fail(err)
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

// use decodes an operand: its name, result number and offset.
func (b *builder) use(u *pUse) (unresolved, error) {
	p := b.p
	out := unresolved{name: b.str[u.name.start+1 : u.name.end], off: u.name.start}
	if u.num.end > u.num.start {
		n, err := strconv.Atoi(b.str[u.num.start+1 : u.num.end])
		if err != nil || n < 0 {
			return out, p.errorAt(u.num.start, "invalid SSA value result number")
		}
		out.num = n
	}
	return out, nil
}

// parseOp reads the next operation with the grammar and appends it to block.
func (b *builder) parseOp(lex *plexer.PeekingLexer, block *ir.Block) error {
	o, err := b.g.op.ParseFromLexer(lex, participle.AllowTrailing(true))
	if err != nil || b.err != nil {
		return b.parseError(err)
	}
	return b.op(lex, o, block)
}

// op mirrors parser.parseOperation: it finishes a generic op (a custom one
// is built by its Parseable node), sets the location and binds the
// results.
func (b *builder) op(lex *plexer.PeekingLexer, o *pOp, block *ir.Block) error {
	p := b.p
	groups := make([]resultGroup, 0, len(o.Results))
	for _, r := range o.Results {
		g := resultGroup{name: r.Name.Value[1:], count: 1, off: int32(r.Name.Pos.Offset)}
		if r.Count.Type != 0 {
			n, err := strconv.Atoi(r.Count.Value)
			if err != nil || n > 1<<20 {
				return p.errorAt(int32(r.Count.Pos.Offset), "too many results in a result group (at most %d)", 1<<20)
			}
			if n < 1 {
				return p.errorAt(int32(r.Count.Pos.Offset), "expected named operation to have at least 1 result")
			}
			g.count = n
		}
		groups = append(groups, g)
	}
	var op *ir.Operation
	if g := o.Generic; g != nil {
		p.opStack = p.opStack[:len(p.opStack)-1] // opened by pOpName
		p.customOp = g.Name.savedCustom
		var err error
		if op, err = b.genericOp(lex, g); err != nil {
			return err
		}
	} else {
		op = o.Custom.op
	}
	if o.Loc != nil {
		op.SetLoc(o.Loc.l)
	}
	total := 0
	for _, g := range groups {
		total += g.count
	}
	if err := p.checkResultBinding(len(groups), total, op, int32(o.Pos.Offset)); err != nil {
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

// genericOp mirrors parser.parseGenericOp after the regions, which
// pRegionBody built as they were read.
func (b *builder) genericOp(lex *plexer.PeekingLexer, g *pGenericOp) (*ir.Operation, error) {
	p := b.p
	uses := make([]unresolved, 0, len(g.Operands))
	for i := range g.Operands {
		u, err := b.use(&g.Operands[i])
		if err != nil {
			return nil, err
		}
		uses = append(uses, u)
	}
	st := &ir.OperationState{Name: g.Name.name, Loc: p.locOf(g.Name.start)}
	for _, s := range g.Succs {
		st.Successors = append(st.Successors, s.block)
	}
	for _, r := range g.Regions {
		st.Regions = append(st.Regions, r.Body.r)
	}
	if g.Attrs != nil {
		entries, err := b.attrDict(g.Attrs)
		if err != nil {
			return nil, err
		}
		st.Attrs = append(st.Attrs, entries...)
	}
	typeOff := int32(g.Type.Pos.Offset)
	ins, outs := types(g.Type.Ins), types(g.Type.Outs)
	if len(ins) != len(uses) {
		return nil, p.errorAt(typeOff, "expected %d operand type%s but had %d", len(uses), pluralS(len(uses)), len(ins))
	}
	for i, u := range uses {
		v, err := p.resolveValue(u.name, u.num, ins[i], u.off)
		if err != nil {
			return nil, err
		}
		st.Operands = append(st.Operands, v)
	}
	st.ResultTypes = outs
	return p.ctx.NewOp(st), nil
}

// types returns the types of a list of type leaves.
func types(vs []pTypeValue) []ir.Type {
	out := make([]ir.Type, len(vs))
	for i := range vs {
		out[i] = vs[i].t
	}
	return out
}

// attrDict mirrors parser.parseAttrDict.
func (b *builder) attrDict(d *pAttrDict) ([]ir.NamedAttr, error) {
	p := b.p
	entries := make([]ir.NamedAttr, 0, len(d.Entries))
	seen := make(map[string]bool, len(d.Entries))
	for _, e := range d.Entries {
		keyOff := int32(e.Key.Pos.Offset)
		key := e.Key.Value
		if e.Key.Type == ptString {
			var err error
			if key, err = p.unquote(token{tokString, keyOff, keyOff + int32(len(e.Key.Value))}); err != nil {
				return nil, err
			}
			if key == "" {
				return nil, p.errorAt(keyOff, "expected valid attribute name")
			}
		}
		if seen[key] {
			return nil, p.errorAt(keyOff, "duplicate key '%s' in dictionary attribute", key)
		}
		seen[key] = true
		if e.Value == nil {
			entries = append(entries, ir.NamedAttr{Name: key, Value: ir.UnitAttr{}})
			continue
		}
		entries = append(entries, ir.NamedAttr{Name: key, Value: e.Value.a})
	}
	return ir.Dict(entries...).Entries, nil
}

// region mirrors parser.parseRegion after its "{" (at openOff) and before
// its "}": entryArgs, when given, are the entry block's arguments declared
// by a custom form.
func (b *builder) region(lex *plexer.PeekingLexer, r *ir.Region, entryArgs []ir.Argument, openOff int32) error {
	p := b.p
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
	err := b.regionBody(lex, r, entryArgs)
	if err == nil {
		err = p.popRegion()
	}
	if err == nil && isolated {
		err = p.popIsolated()
	}
	return err
}

// isPunct reports whether t is the punctuation s.
func isPunctTok(t *plexer.Token, s string) bool { return t.Type == ptPunct && t.Value == s }

// regionBody mirrors parser.parseRegionBody, up to the closing brace.
func (b *builder) regionBody(lex *plexer.PeekingLexer, r *ir.Region, entryArgs []ir.Argument) error {
	p := b.p
	if isPunctTok(lex.Peek(), "}") {
		if len(entryArgs) > 0 {
			return b.opParser(lex).errorf("expected region body with arguments")
		}
		return nil
	}
	if t := lex.Peek(); t.Type != ptCaret || len(entryArgs) > 0 {
		if t.Type == ptCaret {
			return b.opParser(lex).errorf("invalid block name in region with named arguments")
		}
		entry := ir.NewBlock(nil, nil)
		r.PushBack(entry)
		for _, a := range entryArgs {
			if err := p.addArgument(entry, a); err != nil {
				return err
			}
		}
		if err := b.blockOps(lex, entry); err != nil {
			return err
		}
	}
	for lex.Peek().Type == ptCaret {
		if err := b.block(lex, r); err != nil {
			return err
		}
	}
	return nil
}

// blockOps mirrors parser.parseBlockOps.
func (b *builder) blockOps(lex *plexer.PeekingLexer, block *ir.Block) error {
	for t := lex.Peek(); t.Type != ptCaret && !isPunctTok(t, "}"); t = lex.Peek() {
		if err := b.parseOp(lex, block); err != nil {
			return err
		}
	}
	return nil
}

// block mirrors parser.parseBlock: the head through the grammar, then the
// operations.
func (b *builder) block(lex *plexer.PeekingLexer, r *ir.Region) error {
	p := b.p
	h, err := b.g.blockHead.ParseFromLexer(lex, participle.AllowTrailing(true))
	if err != nil || b.err != nil {
		return b.parseError(err)
	}
	off := int32(h.Label.Pos.Offset)
	name := h.Label.Value[1:]
	block := p.blockRef(name, off)
	rs := p.scope().regions[len(p.scope().regions)-1]
	e := rs.blocks[name]
	if e.defined {
		return p.errorAt(off, "redefinition of block '^%s'", name)
	}
	e.defined = true
	r.PushBack(block)
	for _, a := range h.Args {
		u, err := b.use(&a.Name)
		if err != nil {
			return err
		}
		if u.num != 0 {
			return p.errorAt(u.off, "expected argument name without result number")
		}
		arg := ir.Argument{Name: ir.UnresolvedOperand{Name: u.name, Loc: p.locOf(u.off)}, Type: a.Type.t}
		if a.Loc != nil {
			arg.Loc = a.Loc.l
		}
		if err := p.addArgument(block, arg); err != nil {
			return err
		}
	}
	return b.blockOps(lex, block)
}

// customOp mirrors parser.parseCustomOp: the op's format or parse hook
// reads the rest of the op through a ptOpParser.
func (b *builder) customOp(lex *plexer.PeekingLexer) (*ir.Operation, error) {
	p := b.p
	o := b.opParser(lex)
	nameTok := lex.Peek()
	off := int32(nameTok.Pos.Offset)
	loc := p.locOf(off)
	name := p.resolveOpName(nameTok.Value)
	def := p.ctx.LookupOp(name)
	if def == nil {
		return nil, p.unknownCustomOpError(name, off)
	}
	if def.Parse == nil && def.Format == "" {
		return nil, o.errorf("custom op '%s' has no custom assembly form; write it in generic form", name)
	}
	o.next()
	st := &ir.OperationState{Name: name, Loc: loc}
	if err := p.readCustomForm(def, o, st, o.finish); err != nil {
		return nil, err
	}
	return p.newCustomOp(def, st)
}
