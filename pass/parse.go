package pass

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// PipelineErrorSource is the buffer name MLIR gives pipeline strings in its
// error messages; PipelineError uses it too.
const PipelineErrorSource = "MLIR Textual PassPipeline Parser"

// PipelineError is a mistake in a textual pipeline, located at a byte offset
// of the pipeline string. Its Error method formats it as MLIR does: the
// location, the message, the pipeline line and a caret under the offending
// character.
type PipelineError struct {
	// Pipeline is the pipeline string.
	Pipeline string
	// Offset is the byte offset of the mistake in Pipeline.
	Offset int
	// Msg is the message, without location.
	Msg string
}

// Position returns the 1-based line and column of the mistake.
func (e *PipelineError) Position() (line, col int) {
	off := min(max(e.Offset, 0), len(e.Pipeline))
	line = 1 + strings.Count(e.Pipeline[:off], "\n")
	start := strings.LastIndexByte(e.Pipeline[:off], '\n') + 1
	return line, off - start + 1
}

// Error formats the mistake as MLIR does: location, message, the line of
// the pipeline and a caret under the offending character.
func (e *PipelineError) Error() string {
	line, col := e.Position()
	off := min(max(e.Offset, 0), len(e.Pipeline))
	start := strings.LastIndexByte(e.Pipeline[:off], '\n') + 1
	end := strings.IndexByte(e.Pipeline[off:], '\n')
	if end < 0 {
		end = len(e.Pipeline)
	} else {
		end += off
	}
	text := e.Pipeline[start:end]
	var caret strings.Builder
	for i := 0; i < col-1; i++ {
		if i < len(text) && text[i] == '\t' {
			caret.WriteByte('\t')
		} else {
			caret.WriteByte(' ')
		}
	}
	caret.WriteByte('^')
	return fmt.Sprintf("%s:%d:%d: error: %s\n%s\n%s", PipelineErrorSource, line, col, e.Msg, text, caret.String())
}

// element is one entry of a textual pipeline: a pass or pipeline name with
// optional {options}, or an operation anchor with a nested (list).
type element struct {
	name     string
	nameOff  int
	opts     string
	optsOff  int // offset of the first character after '{'
	braceOff int
	hasOpts  bool
	inner    []*element
	parenOff int
	hasInner bool
}

// syntaxError is a located parse error inside one pipeline string.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

// parseElements parses a comma list of pipeline elements:
//
//	list    := element (',' element)*
//	element := name ('{' options '}')? ('(' list? ')')?
//
// Spaces around names and punctuation are ignored. An empty string is an
// empty list.
func parseElements(text string) ([]*element, error) {
	p := &pipelineParser{text: text}
	p.skipSpace()
	if p.pos == len(text) {
		return nil, nil
	}
	elems, err := p.parseList(-1)
	if err != nil {
		return nil, err
	}
	return elems, nil
}

type pipelineParser struct {
	text string
	pos  int
}

func (p *pipelineParser) skipSpace() {
	for p.pos < len(p.text) && isSpace(p.text[p.pos]) {
		p.pos++
	}
}

func (p *pipelineParser) errorf(off int, format string, args ...any) error {
	return &syntaxError{off: off, msg: fmt.Sprintf(format, args...)}
}

// parseList parses elements up to the end of the text (openParen < 0) or
// up to the ')' that closes the '(' at openParen, which it consumes.
func (p *pipelineParser) parseList(openParen int) ([]*element, error) {
	var out []*element
	for {
		e, err := p.parseElement()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
		p.skipSpace()
		if p.pos == len(p.text) {
			if openParen >= 0 {
				return nil, p.errorf(openParen, "encountered unbalanced parentheses while parsing pipeline")
			}
			return out, nil
		}
		switch p.text[p.pos] {
		case ',':
			p.pos++
		case ')':
			if openParen < 0 {
				return nil, p.errorf(p.pos, "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline")
			}
			p.pos++
			return out, nil
		case '}':
			return nil, p.errorf(p.pos, "unexpected '}' without a matching '{'")
		default:
			return nil, p.errorf(p.pos, "expected ',' after parsing pipeline")
		}
	}
}

func (p *pipelineParser) parseElement() (*element, error) {
	p.skipSpace()
	e := &element{nameOff: p.pos}
	start := p.pos
	for p.pos < len(p.text) && !strings.ContainsRune(",(){}", rune(p.text[p.pos])) {
		p.pos++
	}
	e.name = strings.TrimRight(p.text[start:p.pos], " \t\r\n")
	p.skipSpace()
	if p.pos < len(p.text) && p.text[p.pos] == '{' {
		e.hasOpts, e.braceOff = true, p.pos
		end, err := p.matchBrace(p.pos)
		if err != nil {
			return nil, err
		}
		e.optsOff = p.pos + 1
		e.opts = p.text[p.pos+1 : end]
		p.pos = end + 1
		p.skipSpace()
	}
	if p.pos < len(p.text) && p.text[p.pos] == '(' {
		e.hasInner, e.parenOff = true, p.pos
		p.pos++
		p.skipSpace()
		if p.pos < len(p.text) && p.text[p.pos] == ')' {
			p.pos++ // empty nested pipeline
			return e, nil
		}
		inner, err := p.parseList(e.parenOff)
		if err != nil {
			return nil, err
		}
		e.inner = inner
	}
	return e, nil
}

// matchBrace returns the offset of the '}' closing the '{' at open, skipping
// quoted strings and nested braces.
func (p *pipelineParser) matchBrace(open int) (int, error) {
	depth := 0
	for i := open; i < len(p.text); i++ {
		switch c := p.text[i]; c {
		case '\'', '"':
			if j := strings.IndexByte(p.text[i+1:], c); j >= 0 {
				i += j + 1
			}
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i, nil
			}
		}
	}
	return 0, p.errorf(open, "missing closing '}' while processing pass options")
}

// Parse builds a pass manager from a textual pipeline in MLIR's syntax:
//
//	builtin.module(func.func(canonicalize,cse),symbol-dce{opt=1 list=a,b})
//
// A pipeline that is a single "anchor(...)" element is anchored on that
// operation name ("any" for any operation); any other comma list of passes,
// named pipelines and nested "anchor(...)" pipelines is anchored on any
// operation, so it runs on whatever top-level operation it is given.
// Mistakes are reported as *PipelineError, located in text.
func (r *Registry) Parse(text string) (*PassManager, error) {
	return r.ParseAnchored(text, AnyOp)
}

// ParseAnchored is Parse, except that a plain comma list is anchored on
// defaultAnchor (tt-opt anchors such lists on "builtin.module", the
// operation it runs pipelines on).
func (r *Registry) ParseAnchored(text, defaultAnchor string) (*PassManager, error) {
	elems, err := parseElements(text)
	if err != nil {
		return nil, r.locate(text, err)
	}
	if len(elems) == 1 && elems[0].hasInner && !elems[0].hasOpts {
		root := elems[0]
		if err := r.checkAnchor(root); err != nil {
			return nil, r.locate(text, err)
		}
		pm := NewPassManager(root.name)
		if err := r.addElements(pm, root.inner, nil); err != nil {
			return nil, r.locate(text, err)
		}
		return pm, nil
	}
	pm := NewPassManager(defaultAnchor)
	if err := r.addElements(pm, elems, nil); err != nil {
		return nil, r.locate(text, err)
	}
	return pm, nil
}

// AddToPipeline parses text as a comma list of pipeline elements (what goes
// inside an anchor's parentheses) and appends them to pm.
func (r *Registry) AddToPipeline(pm *PassManager, text string) error {
	elems, err := parseElements(text)
	if err == nil {
		err = r.addElements(pm, elems, nil)
	}
	if err != nil {
		return r.locate(text, err)
	}
	return nil
}

// locate turns a syntaxError into a PipelineError of text.
func (r *Registry) locate(text string, err error) error {
	var se *syntaxError
	if errors.As(err, &se) {
		return &PipelineError{Pipeline: text, Offset: se.off, Msg: se.msg}
	}
	return err
}

func (r *Registry) checkAnchor(e *element) error {
	if e.hasOpts {
		return &syntaxError{off: e.braceOff, msg: fmt.Sprintf("options are not allowed on the operation anchor '%s'", e.name)}
	}
	switch {
	case e.name == "":
		return &syntaxError{off: e.parenOff, msg: "expected an operation name or 'any' before '('"}
	case e.name == "any":
		return nil
	case r.passes[e.name] != nil || r.pipelines[e.name] != nil:
		return &syntaxError{off: e.nameOff, msg: fmt.Sprintf("'%s' is a pass, not an operation: only an operation name (like 'func.func') or 'any' can anchor a nested pipeline", e.name)}
	case !strings.Contains(e.name, ".") || strings.ContainsAny(e.name, " \t\n"):
		return &syntaxError{off: e.nameOff, msg: fmt.Sprintf("'%s' is not an operation name (expected 'dialect.op' or 'any' before '(')", e.name)}
	}
	return nil
}

// addElements resolves elements and adds them to pm. stack holds the named
// pipelines being expanded, to reject recursive definitions.
func (r *Registry) addElements(pm *PassManager, elems []*element, stack []string) error {
	for _, e := range elems {
		if e.hasInner {
			if err := r.checkAnchor(e); err != nil {
				return err
			}
			if err := r.addElements(pm.Nest(e.name), e.inner, stack); err != nil {
				return err
			}
			continue
		}
		if e.name == "" {
			return &syntaxError{off: e.nameOff, msg: "expected a pass or pipeline name"}
		}
		if pl := r.pipelines[e.name]; pl != nil {
			if err := r.expandPipeline(pm, e, pl, stack); err != nil {
				return err
			}
			continue
		}
		entry := r.passes[e.name]
		if entry == nil {
			return &syntaxError{off: e.nameOff, msg: fmt.Sprintf("'%s' does not refer to a registered pass or pass pipeline", e.name)}
		}
		p := entry.New()
		if err := p.Options().Parse(e.opts, e.name); err != nil {
			var oe *OptionError
			if errors.As(err, &oe) {
				return &syntaxError{off: e.optsOff + oe.Offset, msg: oe.Msg}
			}
			return &syntaxError{off: e.nameOff, msg: err.Error()}
		}
		if in, ok := p.(Initializer); ok {
			if err := in.Initialize(r); err != nil {
				return &syntaxError{off: e.nameOff, msg: fmt.Sprintf("pass '%s': %s", e.name, flatten(err))}
			}
		}
		if err := pm.AddPass(p); err != nil {
			return &syntaxError{off: e.nameOff, msg: err.Error()}
		}
	}
	return nil
}

func (r *Registry) expandPipeline(pm *PassManager, e *element, pl *PipelineEntry, stack []string) error {
	if e.hasOpts {
		return &syntaxError{off: e.braceOff, msg: fmt.Sprintf("pipeline '%s' does not take options", e.name)}
	}
	if slices.Contains(stack, e.name) {
		return &syntaxError{off: e.nameOff, msg: fmt.Sprintf("pipeline '%s' refers to itself (through %s)", e.name, strings.Join(append(stack, e.name), " -> "))}
	}
	inner, err := parseElements(pl.Pipeline)
	if err == nil {
		err = r.addElements(pm, inner, append(slices.Clone(stack), e.name))
	}
	if err == nil {
		return nil
	}
	var se *syntaxError
	if errors.As(err, &se) {
		pe := &PipelineError{Pipeline: pl.Pipeline, Offset: se.off, Msg: se.msg}
		_, col := pe.Position()
		return &syntaxError{off: e.nameOff, msg: fmt.Sprintf("in pipeline '%s' (%q), column %d: %s", e.name, pl.Pipeline, col, se.msg)}
	}
	return err
}

// flatten returns an error's message on one line.
func flatten(err error) string {
	return strings.ReplaceAll(err.Error(), "\n", " ")
}
