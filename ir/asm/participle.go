package asm

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/tt-compiler/tt/ir"
)

// This file holds the participle-based reference parser for MLIR's generic
// syntax. The grammar below is the specification; the AST it produces is
// turned into IR by a builder that drives the fast parser's own SSA, block
// and alias machinery, and converts leaf types, attributes and locations
// (captured as source ranges) with the fast parser's contextual
// sub-parsers. Both parsers therefore build the same IR and report the same
// semantic errors.
//
// Grammar (EBNF; [Name] marks a Parseable leaf, written in Go below). It is
// LL(1) but for the alias heads, which look at the "=" after the name as
// the fast parser does; participle runs it without backtracking
// (UseLookahead(0)).
//
//	File      = (AttrAlias | TypeAlias | Op)* .
//	AttrAlias = [AttrAliasHead] Attr .
//	TypeAlias = [TypeAliasHead] Type .
//	Op        = (Result ("," Result)* "=")? [OpName] "(" ([Use] ("," [Use])*)? ")"
//	            ("[" ([Succ] ("," [Succ])*)? "]")? [Props]?
//	            ("(" (Region ("," Region)*)? ")")? AttrDict? ":" FnType Loc? .
//	Result    = Percent (":" Integer)? .
//	Region    = "{" Op* Block* "}" .
//	Block     = Caret ("(" (Arg ("," Arg)*)? ")")? ":" Op* .
//	Arg       = [Use] ":" Type Loc? .
//	AttrDict  = "{" (Entry ("," Entry)*)? "}" .
//	Entry     = (BareIdent | String) ("=" Attr)? .
//	Attr      = ("-"? (Integer | Float) | String | AngleIdent) (":" Type)?
//	          | [LeafAttr] | "[" (Attr ("," Attr)*)? "]" | [SymbolRef]
//	          | AttrDict | Loc | FnType .
//	Type      = [LeafType] | FnType .
//	FnType    = "(" (Type ("," Type)*)? ")" "->" ("(" (Type ("," Type)*)? ")" | Type) .
//	Loc       = "loc" "(" LocInner ")" .
//	LocInner  = "unknown" | "callsite" "(" LocInner "at" LocInner ")"
//	          | ("fused" | AngleIdent) "[" (LocInner ("," LocInner)*)? "]"
//	          | String (":" Integer ":" Integer | "(" LocInner ")")? | Hash .
//
//	[AttrAliasHead] = Hash "=" .    (only when "=" follows, as in the fast parser)
//	[TypeAliasHead] = Bang "=" .
//	[OpName]    = String            (a bare identifier: custom form, rejected)
//	[Use]       = Percent ResultNum?  (ResultNum: a "#N" glued to the name)
//	[Succ]      = Caret .
//	[Props]     = "<"               (MLIR 17 properties, rejected as the fast parser does)
//	[SymbolRef] = At ("::" At)* .
//	[LeafAttr]  = BareIdent - "loc" | Hash | HashAngle | Bang | BangAngle .
//	[LeafType]  = BareIdent | AngleIdent | Bang | BangAngle .

// grammarOnly is the type of fields that carry grammar but capture
// nothing: the builder converts those parts from their source range.
type grammarOnly struct{}

type pFile struct {
	Items []pItem `parser:"@@*"`
}

// pItem is a top-level item: an alias definition or an operation.
type pItem interface{ item() }

type pAttrAlias struct {
	Pos    plexer.Position
	Head   pAttrAliasHead `parser:"@@"`
	Value  *pAttr         `parser:"@@"`
	EndPos plexer.Position
}

type pTypeAlias struct {
	Pos    plexer.Position
	Head   pTypeAliasHead `parser:"@@"`
	Value  pType          `parser:"@@"`
	EndPos plexer.Position
}

type pOp struct {
	Pos      plexer.Position
	Results  []*pResult `parser:"( @@ ( ',' @@ )* '=' )?"`
	Name     pOpName    `parser:"@@"`
	Operands []pUse     `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Succs    []pSucc    `parser:"( '[' ( @@ ( ',' @@ )* )? ']' )?"`
	Props    *pProps    `parser:"@@?"`
	Regions  []*pRegion `parser:"( '(' ( @@ ( ',' @@ )* )? ')' )?"`
	Attrs    *pAttrDict `parser:"@@?"`
	Type     *pFnType   `parser:"':' @@"`
	Loc      *pLoc      `parser:"@@?"`
}

func (*pAttrAlias) item() {}
func (*pTypeAlias) item() {}
func (*pOp) item()        {}

type pResult struct {
	Name  plexer.Token `parser:"@Percent"`
	Count plexer.Token `parser:"( ':' @Integer )?"`
}

type pRegion struct {
	Pos    plexer.Position
	Entry  []*pOp    `parser:"'{' @@*"`
	Blocks []*pBlock `parser:"@@* '}'"`
}

type pBlock struct {
	Label plexer.Token `parser:"@Caret"`
	Args  []*pArg      `parser:"( '(' ( @@ ( ',' @@ )* )? ')' )?"`
	Ops   []*pOp       `parser:"':' @@*"`
}

type pArg struct {
	Name pUse  `parser:"@@"`
	Type pType `parser:"':' @@"`
	Loc  *pLoc `parser:"@@?"`
}

type pAttrDict struct {
	Entries []*pEntry `parser:"'{' ( @@ ( ',' @@ )* )? '}'"`
}

type pEntry struct {
	Key   plexer.Token `parser:"@( BareIdent | String )"`
	Value *pAttr       `parser:"( '=' @@ )?"`
}

// pAttr delimits an attribute; the builder converts its source range with
// the fast parser's parseAttribute, so the fields only hold what the
// grammar needs to capture. The alternatives start with distinct tokens
// (LeafAttr excludes "loc"), most frequent first.
type pAttr struct {
	Pos    plexer.Position
	Lit    grammarOnly `parser:"(   ( '-' ( Integer | Float ) | Integer | Float | String | AngleIdent )"`
	Type   pType       `parser:"    ( ':' @@ )?"`
	Leaf   *pLeafAttr  `parser:"  | @@"`
	List   []*pAttr    `parser:"  | '[' ( @@ ( ',' @@ )* )? ']'"`
	Sym    *pSymbolRef `parser:"  | @@"`
	Dict   *pAttrDict  `parser:"  | @@"`
	Loc    *pLoc       `parser:"  | @@"`
	Fn     *pFnType    `parser:"  | @@ )"`
	EndPos plexer.Position
}

// pType is a type: a leaf token or a function type.
type pType interface {
	// span returns the type's source range.
	span() (int32, int32)
}

type pFnType struct {
	Pos    plexer.Position
	Ins    []pType `parser:"'(' ( @@ ( ',' @@ )* )? ')' '->'"`
	Outs   []pType `parser:"( '(' ( @@ ( ',' @@ )* )? ')' | @@ )"`
	EndPos plexer.Position
}

func (f *pFnType) span() (int32, int32) { return int32(f.Pos.Offset), int32(f.EndPos.Offset) }

type pLoc struct {
	Pos    plexer.Position
	Inner  *pLocInner `parser:"'loc' '(' @@ ')'"`
	EndPos plexer.Position
}

type pLocInner struct {
	Unknown grammarOnly  `parser:"(   'unknown'"`
	Callee  *pLocInner   `parser:"  | 'callsite' '(' @@"`
	Caller  *pLocInner   `parser:"    'at' @@ ')'"`
	Fused   grammarOnly  `parser:"  | ( 'fused' | AngleIdent ) '['"`
	Locs    []*pLocInner `parser:"    ( @@ ( ',' @@ )* )? ']'"`
	Name    grammarOnly  `parser:"  | String"`
	Line    grammarOnly  `parser:"    ( ':' Integer"`
	Col     grammarOnly  `parser:"      ':' Integer"`
	Child   *pLocInner   `parser:"    | '(' @@ ')' )?"`
	Alias   grammarOnly  `parser:"  | Hash )"`
}

// ---- Parseable leaves ----

// tokSpan is the source range of a token or token sequence.
type tokSpan struct{ start, end int32 }

func spanOf(t *plexer.Token) tokSpan {
	return tokSpan{int32(t.Pos.Offset), int32(t.Pos.Offset + len(t.Value))}
}

// fatal reports msg at t after consuming it: participle abandons a branch
// that failed without progressing and tries the next alternative, so an
// error meant to stop the parse must come from a branch that consumed a
// token.
func fatal(lex *plexer.PeekingLexer, t *plexer.Token, msg string) error {
	pos := t.Pos
	lex.Next()
	return participle.Errorf(pos, "%s", msg)
}

// aliasHead consumes "#name =" or "!name =" (sigil typ) when the "="
// follows; otherwise it consumes nothing, so that "#a" alone is reported
// where an operation was expected, as the fast parser does.
func aliasHead(lex *plexer.PeekingLexer, typ plexer.TokenType) error {
	if lex.Peek().Type != typ {
		return participle.NextMatch
	}
	cp := lex.MakeCheckpoint()
	lex.Next()
	if t := lex.Peek(); t.Type != ptPunct || t.Value != "=" {
		lex.LoadCheckpoint(cp)
		return participle.NextMatch
	}
	lex.Next()
	return nil
}

// pAttrAliasHead is "#name =".
type pAttrAliasHead struct{}

func (*pAttrAliasHead) Parse(lex *plexer.PeekingLexer) error { return aliasHead(lex, ptHash) }

// pTypeAliasHead is "!name =".
type pTypeAliasHead struct{}

func (*pTypeAliasHead) Parse(lex *plexer.PeekingLexer) error { return aliasHead(lex, ptBang) }

// pOpName is the quoted name of a generic operation.
type pOpName struct{ tokSpan }

func (n *pOpName) Parse(lex *plexer.PeekingLexer) error {
	t := lex.Peek()
	switch t.Type {
	case ptString:
		n.tokSpan = spanOf(lex.Next())
		return nil
	case ptBareIdent:
		return fatal(lex, t, fmt.Sprintf("custom operation form '%s' is not supported by the participle parser; "+
			"convert the input to generic form first (tt-opt --print-op-generic)", t.Value))
	}
	return participle.NextMatch
}

// pUse is "%name" with an optional glued "#N".
type pUse struct {
	name tokSpan
	num  tokSpan // empty when absent
}

func (u *pUse) Parse(lex *plexer.PeekingLexer) error {
	if lex.Peek().Type != ptPercent {
		return participle.NextMatch
	}
	u.name = spanOf(lex.Next())
	if lex.Peek().Type == ptResultNum {
		u.num = spanOf(lex.Next())
	}
	return nil
}

// pSucc is a successor "^name".
type pSucc struct{ tokSpan }

func (s *pSucc) Parse(lex *plexer.PeekingLexer) error {
	if lex.Peek().Type != ptCaret {
		return participle.NextMatch
	}
	s.tokSpan = spanOf(lex.Next())
	return nil
}

// pProps matches the "<" of MLIR 17's "<{properties}>" to reject it with
// the fast parser's message.
type pProps struct{}

func (*pProps) Parse(lex *plexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != ptPunct || t.Value != "<" {
		return participle.NextMatch
	}
	return fatal(lex, t, "operation properties ('<{...}>') are not supported; MLIR 16 syntax has none")
}

// pSymbolRef is "@a" or "@a::@b::@c".
type pSymbolRef struct{}

func (*pSymbolRef) Parse(lex *plexer.PeekingLexer) error {
	if lex.Peek().Type != ptAt {
		return participle.NextMatch
	}
	lex.Next()
	for t := lex.Peek(); t.Type == ptPunct && t.Value == "::"; t = lex.Peek() {
		lex.Next()
		if lex.Peek().Type != ptAt {
			break // the builder reports the missing nested reference
		}
		lex.Next()
	}
	return nil
}

// pLeafAttr is a one-token attribute: a keyword (true, unit, i32, ...; not
// "loc", which starts a location), an alias or dialect attribute, or a type
// alias or dialect type.
type pLeafAttr struct{}

func (*pLeafAttr) Parse(lex *plexer.PeekingLexer) error {
	switch t := lex.Peek(); t.Type {
	case ptBareIdent:
		if t.Value == "loc" {
			return participle.NextMatch
		}
		fallthrough
	case ptHash, ptHashAngle, ptBang, ptBangAngle:
		lex.Next()
		return nil
	}
	return participle.NextMatch
}

// pLeafType is a one-token type: i32, tensor<...>, !alias, !d.t<...>.
type pLeafType struct{ tokSpan }

func (l *pLeafType) Parse(lex *plexer.PeekingLexer) error {
	switch lex.Peek().Type {
	case ptBareIdent, ptAngleIdent, ptBang, ptBangAngle:
		l.tokSpan = spanOf(lex.Next())
		return nil
	}
	return participle.NextMatch
}

func (l *pLeafType) span() (int32, int32) { return l.start, l.end }

// ---- The participle parser ----

var genericGrammar = sync.OnceValues(func() (*participle.Parser[pFile], error) {
	return participle.Build[pFile](
		participle.Lexer(LexerDefinition),
		participle.Union[pItem](&pAttrAlias{}, &pTypeAlias{}, &pOp{}),
		participle.Union[pType](&pLeafType{}, &pFnType{}),
		// No backtracking once a branch has consumed a token: the grammar
		// is LL(1), and errors are reported where the fast parser reports
		// them instead of at the start of an abandoned optional group.
		participle.UseLookahead(0),
	)
})

// GenericGrammar returns the EBNF of the participle grammar of MLIR's
// generic syntax.
func GenericGrammar() (string, error) {
	g, err := genericGrammar()
	if err != nil {
		return "", err
	}
	return g.String(), nil
}

// ParseParticiple parses MLIR text in generic form with the participle
// reference grammar and builds the same IR as Parse (implicit module
// included). Operations in custom form are rejected with a located error.
func ParseParticiple(ctx *ir.Context, src []byte, opts ParseOptions) (op *ir.Operation, err error) {
	if ctx.LookupOp(ir.ModuleOpName) == nil {
		return nil, fmt.Errorf("asm: the builtin dialect is not loaded in the context")
	}
	g, err := genericGrammar()
	if err != nil {
		return nil, fmt.Errorf("asm: building the participle grammar: %w", err)
	}
	p := newParser(ctx, src, opts)
	lx := newPartLexer(src, string(src), p.lines, nestingBudget(p.maxNesting))
	defer func() {
		// participle panics on some grammar misuse; never let that escape.
		if r := recover(); r != nil {
			op, err = nil, p.errorAt(0, "internal error in the participle parser: %v", r)
		}
	}()
	peek, err := plexer.Upgrade(lx)
	if err != nil {
		return nil, p.errorAt(0, "%v", err)
	}
	file, err := g.ParseFromLexer(peek)
	if err != nil {
		return nil, participleError(p, lx, err)
	}
	b := &builder{p: p, toks: peek.Range(0, peek.RawCursor())}
	return b.file(file)
}

// participleError turns a participle error into a located diagnostic; an
// error at an Error token reports the lexer's message, as the fast parser
// does.
func participleError(p *parser, lx *partLexer, err error) error {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return p.errorAt(0, "%v", err)
	}
	off := perr.Position().Offset
	if off < 0 || off > len(p.src) {
		off = 0
	}
	if msg, ok := lx.errs[off]; ok {
		return p.errorAt(int32(off), "%s", msg)
	}
	at := int32(off)
	if off == len(p.src) {
		// Like the fast parser, point just past the last token rather
		// than at the end of the file, which may be lines later.
		at = lx.lastEnd
	}
	msg := perr.Message()
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		msg = unexpectedMessage(ute)
	}
	return p.errorAt(at, "%s", msg)
}

// unexpectedMessage rewrites participle's "unexpected token "x" (expected
// <EBNF of the rest of the rule>)" as "unexpected 'x'; expected <what the
// failing element needed>".
func unexpectedMessage(u *participle.UnexpectedTokenError) string {
	what := "end of file"
	if !u.Unexpected.EOF() {
		v := u.Unexpected.Value
		if len(v) > 40 {
			v = v[:37] + "..."
		}
		what = "'" + v + "'"
	}
	msg := "unexpected " + what
	full := u.Message()
	i := strings.Index(full, " (expected ")
	if i < 0 {
		// Participle's check for tokens after the last item of the file.
		return msg + "; expected operation or alias definition"
	}
	if exp := firstExpected(full[i+len(" (expected "):]); exp != "" {
		msg += "; expected " + exp
	}
	return msg
}

// grammarNames describes the grammar's rules and token types in messages.
var grammarNames = map[string]string{
	"PItem": "operation or alias definition", "POp": "operation", "PResult": "SSA result name",
	"pOpName": "operation name in quotes", "pUse": "SSA operand", "pSucc": "block name",
	"PRegion": "region", "PBlock": "block", "PArg": "block argument", "PAttrDict": "attribute dictionary",
	"PEntry": "attribute name", "PAttr": "attribute value", "PType": "type", "pLeafType": "type",
	"PFnType": "function type", "PLoc": "location", "PLocInner": "location",
	"<integer>": "integer", "<float>": "float", "<string>": "string", "<bareident>": "identifier",
	"<percent>": "SSA value", "<caret>": "block name", "<hash>": "attribute alias", "<bang>": "type alias",
}

// firstExpected returns the first element of participle's EBNF expectation.
func firstExpected(ebnf string) string {
	ebnf = strings.TrimLeft(ebnf, "( ")
	if strings.HasPrefix(ebnf, `"`) {
		if end := strings.IndexByte(ebnf[1:], '"'); end >= 0 {
			return "'" + ebnf[1:1+end] + "'"
		}
		return ""
	}
	end := strings.IndexAny(ebnf, " ()?*+|")
	if end < 0 {
		end = len(ebnf)
	}
	return grammarNames[ebnf[:end]]
}

// ---- AST to IR ----

// builder walks the AST in source order, driving the fast parser's SSA
// scopes, block table, alias tables and leaf sub-parsers.
type builder struct {
	p    *parser
	toks []plexer.Token // the file's tokens, EOF excluded
	sub  lexer          // reused by convert
}

// prevEnd returns where the token before offset off ends (0 when none),
// which the fast parser uses to locate errors at the end of its input.
func (b *builder) prevEnd(off int32) int32 {
	i := sort.Search(len(b.toks), func(i int) bool { return int32(b.toks[i].Pos.Offset) >= off })
	if i == 0 {
		return 0
	}
	t := &b.toks[i-1]
	return int32(t.Pos.Offset + len(t.Value))
}

// convert runs fn with the parser's lexer over src[start:end) and requires
// fn to consume all of it.
func (b *builder) convert(start, end int32, what string, fn func() error) error {
	p := b.p
	saveLex, saveTok, savePrev := p.lex, p.tok, p.prevEnd
	b.sub = lexer{src: p.src, pos: int(start), limit: int(end), lines: p.lines}
	p.lex = &b.sub
	p.prevEnd = b.prevEnd(start)
	p.tok = p.lex.next()
	err := fn()
	if err == nil && p.tok.kind != tokEOF {
		err = p.errorf("unexpected '%s' after %s", p.text(p.tok), what)
	}
	p.lex, p.tok, p.prevEnd = saveLex, saveTok, savePrev
	return err
}

func (b *builder) typeOf(t pType) (ir.Type, error) {
	var out ir.Type
	start, end := t.span()
	err := b.convert(start, end, "type", func() error {
		var err error
		out, err = b.p.parseType()
		return err
	})
	return out, err
}

func (b *builder) attrOf(a *pAttr) (ir.Attribute, error) {
	var out ir.Attribute
	err := b.convert(int32(a.Pos.Offset), int32(a.EndPos.Offset), "attribute", func() error {
		var err error
		out, err = b.p.parseAttribute(nil)
		return err
	})
	return out, err
}

func (b *builder) locOf(l *pLoc) (ir.Location, error) {
	var out ir.Location
	err := b.convert(int32(l.Pos.Offset), int32(l.EndPos.Offset), "location", func() error {
		var err error
		out, err = b.p.parseLocation()
		return err
	})
	return out, err
}

// file mirrors parser.parseFile.
func (b *builder) file(f *pFile) (*ir.Operation, error) {
	p := b.p
	region := &ir.Region{}
	body := ir.NewBlock(nil, nil)
	region.PushBack(body)
	module := p.ctx.NewOp(&ir.OperationState{Name: ir.ModuleOpName, Loc: ir.FileLineCol(p.file, 0, 0), Regions: []*ir.Region{region}})
	p.pushIsolated()
	p.opStack = append(p.opStack, module.Def())
	for _, it := range f.Items {
		var err error
		switch it := it.(type) {
		case *pAttrAlias:
			err = b.convert(int32(it.Pos.Offset), int32(it.EndPos.Offset), "attribute alias", p.parseAttrAliasDef)
		case *pTypeAlias:
			err = b.convert(int32(it.Pos.Offset), int32(it.EndPos.Offset), "type alias", p.parseTypeAliasDef)
		case *pOp:
			err = b.op(it, body)
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

// use decodes an operand: its name, result number and offset.
func (b *builder) use(u *pUse) (unresolved, error) {
	p := b.p
	out := unresolved{name: string(p.src[u.name.start+1 : u.name.end]), off: u.name.start}
	if u.num.end > u.num.start {
		n, err := strconv.Atoi(string(p.src[u.num.start+1 : u.num.end]))
		if err != nil || n < 0 {
			return out, p.errorAt(u.num.start, "invalid SSA value result number")
		}
		out.num = n
	}
	return out, nil
}

// op mirrors parser.parseOperation and parser.parseGenericOp.
func (b *builder) op(o *pOp, block *ir.Block) error {
	p := b.p
	groups := make([]resultGroup, 0, len(o.Results))
	for _, r := range o.Results {
		g := resultGroup{name: r.Name.Value[1:], count: 1, off: int32(r.Name.Pos.Offset)}
		if r.Count.Type != 0 {
			n, err := strconv.Atoi(r.Count.Value)
			if err != nil || n < 1 || n > 1<<20 {
				return p.errorAt(int32(r.Count.Pos.Offset), "expected named operation to have at least 1 result")
			}
			g.count = n
		}
		groups = append(groups, g)
	}
	nameTok := token{tokString, o.Name.start, o.Name.end}
	loc := p.locOf(nameTok.start)
	name, err := p.unquote(nameTok)
	if err != nil {
		return err
	}
	if name == "" {
		return p.errorAt(nameTok.start, "empty operation name is invalid")
	}
	def, err := p.checkOpRegistered(name, nameTok.start)
	if err != nil {
		return err
	}
	uses := make([]unresolved, 0, len(o.Operands))
	for i := range o.Operands {
		u, err := b.use(&o.Operands[i])
		if err != nil {
			return err
		}
		uses = append(uses, u)
	}
	st := &ir.OperationState{Name: name, Loc: loc}
	for _, s := range o.Succs {
		if len(p.scope().regions) == 0 {
			return p.errorAt(s.start, "successors are only allowed inside a region")
		}
		st.Successors = append(st.Successors, p.blockRef(string(p.src[s.start+1:s.end]), s.start))
	}
	if len(o.Regions) > 0 {
		p.opStack = append(p.opStack, def)
		for _, reg := range o.Regions {
			if err := b.region(st.AddRegion(), reg); err != nil {
				p.opStack = p.opStack[:len(p.opStack)-1]
				return err
			}
		}
		p.opStack = p.opStack[:len(p.opStack)-1]
	}
	if o.Attrs != nil {
		entries, err := b.attrDict(o.Attrs)
		if err != nil {
			return err
		}
		st.Attrs = append(st.Attrs, entries...)
	}
	typeOff := int32(o.Type.Pos.Offset)
	ins, outs, err := b.fnTypes(o.Type)
	if err != nil {
		return err
	}
	if len(ins) != len(uses) {
		return p.errorAt(typeOff, "expected %d operand type%s but had %d", len(uses), pluralS(len(uses)), len(ins))
	}
	for i, u := range uses {
		v, err := p.resolveValue(u.name, u.num, ins[i], u.off)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	st.ResultTypes = outs
	op := p.ctx.NewOp(st)
	if o.Loc != nil {
		l, err := b.locOf(o.Loc)
		if err != nil {
			return err
		}
		op.SetLoc(l)
	}
	total := 0
	for _, g := range groups {
		total += g.count
	}
	if len(groups) > 0 && total != op.NumResults() {
		return p.errorAt(int32(o.Pos.Offset), "operation defines %d results but was provided %d to bind", op.NumResults(), total)
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

// fnTypes converts a function type's inputs and results one by one.
func (b *builder) fnTypes(f *pFnType) (ins, outs []ir.Type, err error) {
	ins = make([]ir.Type, 0, len(f.Ins))
	for _, t := range f.Ins {
		ty, err := b.typeOf(t)
		if err != nil {
			return nil, nil, err
		}
		ins = append(ins, ty)
	}
	outs = make([]ir.Type, 0, len(f.Outs))
	for _, t := range f.Outs {
		ty, err := b.typeOf(t)
		if err != nil {
			return nil, nil, err
		}
		outs = append(outs, ty)
	}
	return ins, outs, nil
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
		v, err := b.attrOf(e.Value)
		if err != nil {
			return nil, err
		}
		entries = append(entries, ir.NamedAttr{Name: key, Value: v})
	}
	return ir.Dict(entries...).Entries, nil
}

// region mirrors parser.parseRegion and parser.parseRegionBody.
func (b *builder) region(r *ir.Region, reg *pRegion) error {
	p := b.p
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > p.maxNesting {
		return p.errorAt(int32(reg.Pos.Offset), "regions are nested more than %d deep", p.maxNesting)
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
	err := b.regionBody(r, reg)
	if err == nil {
		err = p.popRegion()
	}
	if err == nil && isolated {
		err = p.popIsolated()
	}
	return err
}

func (b *builder) regionBody(r *ir.Region, reg *pRegion) error {
	if len(reg.Entry) > 0 {
		entry := ir.NewBlock(nil, nil)
		r.PushBack(entry)
		for _, o := range reg.Entry {
			if err := b.op(o, entry); err != nil {
				return err
			}
		}
	}
	for _, blk := range reg.Blocks {
		if err := b.block(r, blk); err != nil {
			return err
		}
	}
	return nil
}

// block mirrors parser.parseBlock.
func (b *builder) block(r *ir.Region, blk *pBlock) error {
	p := b.p
	off := int32(blk.Label.Pos.Offset)
	name := blk.Label.Value[1:]
	block := p.blockRef(name, off)
	rs := p.scope().regions[len(p.scope().regions)-1]
	e := rs.blocks[name]
	if e.defined {
		return p.errorAt(off, "redefinition of block '^%s'", name)
	}
	e.defined = true
	r.PushBack(block)
	for _, a := range blk.Args {
		u, err := b.use(&a.Name)
		if err != nil {
			return err
		}
		if u.num != 0 {
			return p.errorAt(u.off, "expected argument name without result number")
		}
		arg := ir.Argument{Name: ir.UnresolvedOperand{Name: u.name, Loc: p.locOf(u.off)}}
		if arg.Type, err = b.typeOf(a.Type); err != nil {
			return err
		}
		if a.Loc != nil {
			if arg.Loc, err = b.locOf(a.Loc); err != nil {
				return err
			}
		}
		if err := p.addArgument(block, arg); err != nil {
			return err
		}
	}
	for _, o := range blk.Ops {
		if err := b.op(o, block); err != nil {
			return err
		}
	}
	return nil
}
