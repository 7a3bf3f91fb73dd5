package asm

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/tt-compiler/tt/ir"
)

// This file holds the grammar of the participle engine: MLIR's generic
// syntax as participle struct tags, with custom operation forms as a
// Parseable node that runs the op's declarative format (format.go) or
// custom parse hook through ptOpParser, an ir.OpParser over participle's
// token stream. Nested regions are parsed by the same grammar, one
// operation or block head at a time, so that every operation is built as
// soon as it is read, in source order, as custom forms need (their hooks
// resolve operands against the SSA values defined so far).
//
// Leaves (types, attribute values, locations) are delimited by the grammar
// and converted from their source range with the hand-written parser's
// contextual sub-parsers, which also serve the SSA, block and alias
// tables: both engines build the same IR and report the same semantic
// errors. docs/design/parser.md shows the grammar as participle prints it
// (GrammarEBNF).
//
// Parseable nodes (in the EBNF, the names of Go types):
//
//	pAttrAliasHead = Hash "=" .    (only when "=" follows, as in the fast parser)
//	pTypeAliasHead = Bang "=" .
//	pOpName        = String .      (a registered op name, or any with --allow-unregistered-dialect)
//	pCustomOp      = BareIdent ... (the op's declarative format or parse hook)
//	pUnknownOp     = .             (fails: expected operation name in quotes)
//	pRegionBody    = Op* (BlockHead Op*)* .
//	pUse           = Percent ResultNum? .
//	pSucc          = Caret .
//	pProps         = "<" .         (MLIR 17 properties, rejected as the fast parser does)
//	pSymbolRef     = At ("::" At)* .
//	pLeafAttr      = BareIdent - "loc" | Hash | HashAngle | Bang | BangAngle .
//	pLeafType      = BareIdent | AngleIdent | Bang | BangAngle .

// grammarOnly is the type of fields that carry grammar but capture
// nothing: the builder converts those parts from their source range.
type grammarOnly struct{}

// pFile is the grammar's root: a file is a sequence of items. The engine
// parses one item at a time (pTop) and builds it before reading the next.
type pFile struct {
	Items []pItem `parser:"@@*"`
}

// pTop is one top-level item.
type pTop struct {
	Item pItem `parser:"@@"`
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

// pOp is an operation: result names, then the generic or a custom form,
// then an optional location.
type pOp struct {
	Pos     plexer.Position
	Results []*pResult  `parser:"( @@ ( ',' @@ )* '=' )?"`
	Generic *pGenericOp `parser:"( @@"`
	Custom  *pCustomOp  `parser:"| @@"`
	Unknown *pUnknownOp `parser:"| @@ )"`
	Loc     *pLoc       `parser:"@@?"`
}

func (*pAttrAlias) item() {}
func (*pTypeAlias) item() {}
func (*pOp) item()        {}

type pResult struct {
	Name  plexer.Token `parser:"@Percent"`
	Count plexer.Token `parser:"( ':' @Integer )?"`
}

// pGenericOp is MLIR's generic operation form.
type pGenericOp struct {
	Name     pOpName    `parser:"@@"`
	Operands []pUse     `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Succs    []pSucc    `parser:"( '[' ( @@ ( ',' @@ )* )? ']' )?"`
	Props    *pProps    `parser:"@@?"`
	Regions  []*pRegion `parser:"( '(' ( @@ ( ',' @@ )* )? ')' )?"`
	Attrs    *pAttrDict `parser:"@@?"`
	Type     *pFnType   `parser:"':' @@"`
}

// pRegion is a region of a generic operation; its body is built as it is
// read.
type pRegion struct {
	Body pRegionBody `parser:"'{' @@ '}'"`
}

// pBlockHead starts a block: its label and arguments.
type pBlockHead struct {
	Label plexer.Token `parser:"@Caret"`
	Args  []*pArg      `parser:"( '(' ( @@ ( ',' @@ )* )? ')' )?"`
	Colon grammarOnly  `parser:"':'"`
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

// pOpName is the quoted name of a generic operation. It checks the name
// as it reads it and opens the op for its regions (builder.op closes it).
type pOpName struct {
	tokSpan
	name string
	def  *ir.OpDef
}

func (n *pOpName) Parse(lex *plexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != ptString {
		return participle.NextMatch
	}
	b := builderOf(lex)
	n.tokSpan = spanOf(t)
	p := b.p
	name, err := p.unquote(token{tokString, n.start, n.end})
	if err != nil {
		return b.fail(err)
	}
	if name == "" {
		return b.fail(p.errorAt(n.start, "empty operation name is invalid"))
	}
	if n.def, err = p.checkOpRegistered(name, n.start); err != nil {
		return b.fail(err)
	}
	n.name = name
	lex.Next()
	p.opStack = append(p.opStack, n.def)
	return nil
}

// pCustomOp is an operation in custom form: its name, then what the op's
// declarative format or parse hook reads. The op is built as it is read.
type pCustomOp struct {
	op *ir.Operation
}

func (c *pCustomOp) Parse(lex *plexer.PeekingLexer) error {
	if lex.Peek().Type != ptBareIdent {
		return participle.NextMatch
	}
	b := builderOf(lex)
	op, err := b.customOp(lex)
	if err != nil {
		return b.fail(err)
	}
	c.op = op
	return nil
}

// pUnknownOp matches where an operation name should be and is not, to
// report it as the fast parser does.
type pUnknownOp struct{}

func (*pUnknownOp) Parse(lex *plexer.PeekingLexer) error {
	b := builderOf(lex)
	o := b.opParser(lex)
	return b.fail(o.Errorf("expected operation name in quotes"))
}

// pRegionBody reads a region's operations and blocks, building them; the
// braces around it belong to the grammar.
type pRegionBody struct {
	r *ir.Region
}

func (rb *pRegionBody) Parse(lex *plexer.PeekingLexer) error {
	b := builderOf(lex)
	rb.r = &ir.Region{}
	if err := b.region(lex, rb.r, nil, b.prevTokenStart(lex)); err != nil {
		return b.fail(err)
	}
	return nil
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

// pSucc is a successor "^name", resolved in the enclosing region as it is
// read.
type pSucc struct {
	block *ir.Block
}

func (s *pSucc) Parse(lex *plexer.PeekingLexer) error {
	if lex.Peek().Type != ptCaret {
		return participle.NextMatch
	}
	b := builderOf(lex)
	blk, err := b.opParser(lex).ParseSuccessor()
	if err != nil {
		return b.fail(err)
	}
	s.block = blk
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
	b := builderOf(lex)
	return b.fail(b.p.errorAt(int32(t.Pos.Offset), "operation properties ('<{...}>') are not supported; MLIR 16 syntax has none"))
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

// ---- The grammar ----

// grammarOptions are the options of every production's parser.
var grammarOptions = []participle.Option{
	participle.Lexer(LexerDefinition),
	participle.Union[pItem](&pAttrAlias{}, &pTypeAlias{}, &pOp{}),
	participle.Union[pType](&pLeafType{}, &pFnType{}),
	// No backtracking once a branch has consumed a token: the grammar is
	// LL(1), Parseable nodes build IR as they read (a branch must never
	// be read twice), and errors are reported where the fast parser
	// reports them instead of at the start of an abandoned optional group.
	participle.UseLookahead(0),
}

// grammar holds the parsers of the productions the engine enters.
type grammar struct {
	file      *participle.Parser[pFile]
	top       *participle.Parser[pTop]
	op        *participle.Parser[pOp]
	blockHead *participle.Parser[pBlockHead]
	attrDict  *participle.Parser[pAttrDict]
}

var theGrammar = sync.OnceValues(func() (*grammar, error) {
	g := &grammar{}
	var err error
	if g.file, err = participle.Build[pFile](grammarOptions...); err != nil {
		return nil, err
	}
	if g.top, err = participle.Build[pTop](grammarOptions...); err != nil {
		return nil, err
	}
	if g.op, err = participle.ParserForProduction[pOp](g.top); err != nil {
		return nil, err
	}
	if g.attrDict, err = participle.ParserForProduction[pAttrDict](g.top); err != nil {
		return nil, err
	}
	if g.blockHead, err = participle.Build[pBlockHead](grammarOptions...); err != nil {
		return nil, err
	}
	return g, nil
})

// GrammarEBNF returns the participle engine's grammar in EBNF as
// participle prints it: the file's productions, then the block head's
// (read by region bodies). Names that start in lower case are Parseable
// nodes written in Go.
func GrammarEBNF() (string, error) {
	g, err := theGrammar()
	if err != nil {
		return "", err
	}
	return g.file.String() + "\n" + g.blockHead.String(), nil
}

// ---- Errors ----

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
	"PRegion": "region", "PBlockHead": "block", "PArg": "block argument", "PAttrDict": "attribute dictionary",
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

// ---- Entry point ----

// ParseParticiple parses MLIR text, generic and custom forms, with the
// participle grammar and builds the same IR as Parse (implicit module
// included).
func ParseParticiple(ctx *ir.Context, src []byte, opts ParseOptions) (op *ir.Operation, err error) {
	if ctx.LookupOp(ir.ModuleOpName) == nil {
		return nil, fmt.Errorf("asm: the builtin dialect is not loaded in the context")
	}
	g, err := theGrammar()
	if err != nil {
		return nil, fmt.Errorf("asm: building the participle grammar: %w", err)
	}
	p := newParser(ctx, src, opts)
	str := string(src)
	lx := newPartLexer(src, str, p.lines, nestingBudget(p.maxNesting))
	peek, err := plexer.Upgrade(lx)
	if err != nil {
		return nil, p.errorAt(0, "%v", err)
	}
	b := &builder{g: g, p: p, lx: lx, str: str}
	key := streamKey(peek)
	sessions.Store(key, b)
	defer sessions.Delete(key)
	defer func() {
		// participle panics on some grammar misuse; never let that escape.
		if r := recover(); r != nil {
			op, err = nil, p.errorAt(0, "internal error in the participle parser: %v", r)
		}
	}()
	return b.file(peek)
}
