package asm

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/tt-compiler/tt/ir"
)

// This file holds the grammar of the participle engine: the structure of
// MLIR's textual form (operations in generic form, regions, blocks,
// attribute dictionaries, function types) as participle struct tags, with
// custom operation forms as a Parseable node that runs the op's declarative
// format (format.go) or custom parse hook through ptOpParser, an
// ir.OpParser over participle's token stream. Nested regions are parsed by
// the same grammar, one operation or block head at a time, so that every
// operation is built as soon as it is read, in source order, as custom
// forms need (their hooks resolve operands against the SSA values defined
// so far).
//
// Leaves (types, attribute values, locations) are Parseable nodes read by
// the hand-written parser's contextual sub-parsers, which also serve the
// SSA, block and alias tables: both engines build the same IR and report
// the same semantic errors. docs/design/parser.md shows the grammar as
// participle prints it (GrammarEBNF).
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
//	pAttrValue, pTypeValue, pLocValue: an attribute, a type, "loc(...)" (leaves)

// grammarOnly is the type of fields that carry grammar but capture
// nothing.
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
	Head  pAttrAliasHead `parser:"@@"`
	Value pAttrValue     `parser:"@@"`
}

type pTypeAlias struct {
	Head  pTypeAliasHead `parser:"@@"`
	Value pTypeValue     `parser:"@@"`
}

// pOp is an operation: result names, then the generic or a custom form,
// then an optional location.
type pOp struct {
	Pos     plexer.Position
	Results []*pResult  `parser:"( @@ ( ',' @@ )* '=' )?"`
	Generic *pGenericOp `parser:"( @@"`
	Custom  *pCustomOp  `parser:"| @@"`
	Unknown *pUnknownOp `parser:"| @@ )"`
	Loc     *pLocValue  `parser:"@@?"`
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
	SuccOpen *pSuccOpen `parser:"( @@"`
	Succs    []pSucc    `parser:"  ( @@ ( ',' @@ )* )? ']' )?"`
	Props    *pProps    `parser:"@@?"`
	Regions  []*pRegion `parser:"( '(' @@ ( ',' @@ )* ')' )?"`
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
	Name pUse       `parser:"@@"`
	Type pTypeValue `parser:"':' @@"`
	Loc  *pLocValue `parser:"@@?"`
}

type pAttrDict struct {
	Entries []*pEntry `parser:"'{' ( @@ ( ',' @@ )* )? '}'"`
}

type pEntry struct {
	Key   plexer.Token `parser:"@( BareIdent | String )"`
	Value *pAttrValue  `parser:"( '=' @@ )?"`
}

// pFnType is a function type, the type of a generic operation.
type pFnType struct {
	Pos  plexer.Position
	Ins  []pTypeValue `parser:"'(' ( @@ ( ',' @@ )* )? ')' '->'"`
	Outs []pTypeValue `parser:"( '(' ( @@ ( ',' @@ )* )? ')' | @@ )"`
}

// ---- Parseable leaves ----

// tokSpan is the source range of a token or token sequence.
type tokSpan struct{ start, end int32 }

func spanOf(t *plexer.Token) tokSpan {
	return tokSpan{int32(t.Pos.Offset), int32(t.Pos.Offset + len(t.Value))}
}

// pAttrAliasHead is "#name =" (only when the "=" follows, as in the fast
// parser: "#a" alone is reported where an operation was expected). It
// checks the name before the value is read, as the fast parser does.
type pAttrAliasHead struct{ name string }

func (h *pAttrAliasHead) Parse(lex *plexer.PeekingLexer) error {
	name, err := aliasHead(lex, ptHash, "attribute", func(b *builder, n string) bool { _, dup := b.p.attrAliases[n]; return dup })
	h.name = name
	return err
}

// pTypeAliasHead is "!name =".
type pTypeAliasHead struct{ name string }

func (h *pTypeAliasHead) Parse(lex *plexer.PeekingLexer) error {
	name, err := aliasHead(lex, ptBang, "type", func(b *builder, n string) bool { _, dup := b.p.typeAliases[n]; return dup })
	h.name = name
	return err
}

// aliasHead reads "#name =" or "!name =" (sigil typ) when the "=" follows;
// otherwise it consumes nothing.
func aliasHead(lex *plexer.PeekingLexer, typ plexer.TokenType, what string, defined func(*builder, string) bool) (string, error) {
	t := lex.Peek()
	if t.Type != typ {
		return "", participle.NextMatch
	}
	// At the top level, '#' and '!' start alias definitions, checked in
	// the fast parser's order.
	b := builderOf(lex)
	off := int32(t.Pos.Offset)
	name := t.Value[1:]
	if strings.Contains(name, ".") {
		return "", b.fail(b.p.errorAt(off, "%s names with a '.' are reserved for dialect-defined names", what))
	}
	lex.Next()
	if eq := lex.Peek(); eq.Type != ptPunct || eq.Value != "=" {
		return "", b.fail(b.opParser(lex).errorf("expected '=' in %s alias definition", what))
	}
	if defined(b, name) {
		return "", b.fail(b.p.errorAt(off, "redefinition of %s alias id '%s'", what, name))
	}
	lex.Next()
	return name, nil
}

// pOpName is the quoted name of a generic operation. It checks the name
// as it reads it and opens the op for its regions (builder.op closes it).
type pOpName struct {
	tokSpan
	name string
	def  *ir.OpDef
	// savedCustom is the custom op being parsed around this generic op,
	// restored once the op is built.
	savedCustom string
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
	n.savedCustom, p.customOp = p.customOp, "" // as parser.parseGenericOp
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
	if isIntegerTypeName(lex.Peek().Value) {
		// As the fast parser: MLIR lexes i32 as a type.
		return b.fail(b.opParser(lex).errorf("expected operation name in quotes"))
	}
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
	if t := lex.Peek(); t.Type == ptError {
		if u, ok := b.lx.unbalanced[t.Pos.Offset]; ok {
			if err := b.p.unbalancedOpError(u); err != nil {
				return b.fail(err)
			}
		}
	}
	return b.fail(b.opParser(lex).errorf("expected operation name in quotes"))
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

// pSuccOpen is the '[' of a generic op's successor list, which only
// terminators may have (the fast parser's check).
type pSuccOpen struct{}

func (*pSuccOpen) Parse(lex *plexer.PeekingLexer) error {
	t := lex.Peek()
	if !isPunctTok(t, "[") {
		return participle.NextMatch
	}
	b := builderOf(lex)
	p := b.p
	if err := p.checkSuccessorsAllowed(p.opStack[len(p.opStack)-1], int32(t.Pos.Offset)); err != nil {
		return b.fail(err)
	}
	lex.Next()
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

// pAttrValue is an attribute value: a leaf, read as participle reaches it
// by the fast parser's attribute reader (which reports its errors).
type pAttrValue struct{ a ir.Attribute }

func (v *pAttrValue) Parse(lex *plexer.PeekingLexer) error {
	b := builderOf(lex)
	return b.leaf(lex, func(p *parser) (err error) {
		v.a, err = p.parseAttribute(nil)
		return err
	})
}

// pTypeValue is a type, a leaf read by the fast parser's type reader.
type pTypeValue struct{ t ir.Type }

func (v *pTypeValue) Parse(lex *plexer.PeekingLexer) error {
	if t := lex.Peek(); t.Type == ptPunct && t.Value == ")" {
		return participle.NextMatch // an empty type list
	}
	b := builderOf(lex)
	return b.leaf(lex, func(p *parser) (err error) {
		v.t, err = p.parseType()
		return err
	})
}

// pLocValue is a location "loc(...)", a leaf read by the fast parser's
// location reader.
type pLocValue struct{ l ir.Location }

func (v *pLocValue) Parse(lex *plexer.PeekingLexer) error {
	if t := lex.Peek(); t.Type != ptBareIdent || t.Value != "loc" {
		return participle.NextMatch
	}
	b := builderOf(lex)
	return b.leaf(lex, func(p *parser) (err error) {
		v.l, err = p.parseLocation()
		return err
	})
}

// ---- The grammar ----

// grammarOptions are the options of every production's parser.
var grammarOptions = []participle.Option{
	participle.Lexer(LexerDefinition),
	participle.Union[pItem](&pAttrAlias{}, &pTypeAlias{}, &pOp{}),
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

// participleError turns a participle error into a located diagnostic: at
// an Error token, the lexer's message; for an unexpected token, the fast
// parser's message for what the grammar expected there.
func (b *builder) participleError(err error) error {
	p, lx, toks := b.p, b.lx, b.toks
	var perr participle.Error
	if !errors.As(err, &perr) {
		return p.errorAt(0, "%v", err)
	}
	off := perr.Position().Offset
	if off < 0 || off > len(p.src) {
		off = 0
	}
	if _, ok := lx.errs[off]; ok {
		return b.tokenError(off)
	}
	var ute *participle.UnexpectedTokenError
	eof := errors.As(err, &ute) && ute.Unexpected.EOF()
	msg := perr.Message()
	if ute != nil {
		msg = syntaxMessage(ute, prevToken(toks, off), parenOpener(toks, off))
	}
	// Located as the fast parser locates the same error.
	return p.errorNear(int32(off), eof, lx.lastEnd, msg)
}

// parenOpener returns the value of the token before the innermost "(" still
// open at offset off ("" when none): "->" opens a function type's results,
// a block name a block's arguments, ")" or "]" an op's region list.
func parenOpener(toks []plexer.Token, off int) string {
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Pos.Offset >= off })
	depth := 0
	for i--; i >= 0; i-- {
		t := &toks[i]
		if t.Type != ptPunct {
			continue
		}
		switch t.Value {
		case ")":
			depth++
		case "(":
			if depth == 0 {
				if i == 0 {
					return ""
				}
				return toks[i-1].Value
			}
			depth--
		}
	}
	return ""
}

// prevToken returns the value of the token before offset off ("" when none).
func prevToken(toks []plexer.Token, off int) string {
	i := sort.Search(len(toks), func(i int) bool { return toks[i].Pos.Offset >= off })
	if i == 0 {
		return ""
	}
	return toks[i-1].Value
}

// syntaxMessage words an unexpected token as the fast parser does. Participle
// reports the rest of the failing rule in EBNF ("unexpected token "x"
// (expected <rest>)"); the rest and the token before the unexpected one
// tell where in the syntax the parse stopped.
func syntaxMessage(u *participle.UnexpectedTokenError, prev, opener string) string {
	full := u.Message()
	i := strings.Index(full, " (expected ")
	if i < 0 {
		return "expected operation name in quotes" // a token after the last item
	}
	rest := strings.TrimSuffix(full[i+len(" (expected "):], ")")
	if rest == `")"` {
		// The close of an optional list, whose rule ends there.
		switch {
		case opener == "->":
			return "expected ',' or ')' in type list"
		case strings.HasPrefix(opener, "^"):
			if prev == "(" {
				return "expected SSA operand"
			}
			return "expected ')'"
		case prev == "(":
			return "expected '{' to begin a region"
		}
		return "expected ')' to end region list"
	}
	for _, r := range syntaxRules {
		if r.exact && rest != r.rest || !r.exact && !strings.HasPrefix(rest, r.rest) {
			continue
		}
		if r.afterOpen != "" && prev == r.open {
			return r.afterOpen
		}
		return r.msg
	}
	what := "end of file"
	if !u.Unexpected.EOF() {
		what = "'" + u.Unexpected.Value + "'"
	}
	return "unexpected " + what + " (expected " + rest + ")"
}

// syntaxRules map the rest of a failing rule to the fast parser's message;
// afterOpen replaces it right after the token open (an empty list where
// an element was needed).
var syntaxRules = []struct {
	rest            string
	exact           bool
	msg             string
	open, afterOpen string
}{
	{rest: `"(" (pUse`, msg: "expected '(' to start operand list"},
	{rest: `")" (pSuccOpen`, msg: "expected ')' to end operand list"},
	{rest: `"]" pProps?`, msg: "expected ',' or ']' in successor list", open: "[", afterOpen: "expected block name"},
	{rest: `":" PFnType`, msg: "expected ':' followed by operation type"},
	{rest: `"="`, exact: true, msg: "expected '=' after SSA name"},
	{rest: `<integer>`, exact: true, msg: "expected integer number of results"},
	{rest: `PResult`, msg: "expected valid ssa identifier"},
	{rest: `pUse`, msg: "expected SSA operand"},
	{rest: `pSucc`, msg: "expected block name"},
	{rest: `PRegion`, msg: "expected '{' to begin a region"},
	{rest: `"{" pRegionBody`, msg: "expected '{' to begin a region"},
	{rest: `"}"`, msg: "expected ',' or '}' in attribute dictionary", open: "{", afterOpen: "expected attribute name"},
	{rest: `PEntry`, msg: "expected attribute name"},
	{rest: `"(" (pTypeValue`, msg: "expected '(' in function type"},
	{rest: `")" "->"`, msg: "expected ',' or ')' in type list"},
	{rest: `"->"`, msg: "expected '->' in function type"},
	{rest: `":" pTypeValue`, msg: "expected ':' and type for SSA operand"},
	{rest: `pTypeValue`, msg: "expected non-function type"},
	{rest: `PFnType`, exact: true, msg: "expected function type"},
	{rest: `":"`, exact: true, msg: "expected ':' after block name"},
	{rest: `PArg`, msg: "expected SSA operand"},
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
	b := &builder{g: g, p: p, lx: lx, str: str, toks: peek.Range(0, plexer.RawCursor(lx.count))}
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
