package filecheck

import (
	"fmt"
	"io"
	"math/big"
	"strings"
)

func bigInt(v int64) *big.Int { return big.NewInt(v) }

// defineCmdlineVariables applies the -D definitions. Like LLVM, it lays
// them out in a "Global defines" buffer so diagnostics can point into
// them, reports every error, and returns false if there was any.
func (c *checker) defineCmdlineVariables() bool {
	if len(c.opts.GlobalDefines) == 0 {
		return true
	}
	var text strings.Builder
	type span struct{ off, n int }
	var spans []span
	for i, d := range c.opts.GlobalDefines {
		prefix := fmt.Sprintf("Global define #%d: ", i+1)
		eq := strings.IndexByte(d, '=')
		switch {
		case eq < 0:
			spans = append(spans, span{text.Len(), 0})
		case d[0] == '#':
			text.WriteString(prefix + d + " (parsed as: [[")
			subst := d[:eq] + ":" + d[eq+1:]
			spans = append(spans, span{text.Len(), len(subst)})
			text.WriteString(subst + "]])\n")
		default:
			text.WriteString(prefix)
			spans = append(spans, span{text.Len(), len(d)})
			text.WriteString(d + "\n")
		}
	}
	buf := newBuffer("Global defines", text.String())
	ok := true
	for _, s := range spans {
		def := sref{buf, s.off, s.off + s.n}
		if !c.defineOne(def) {
			ok = false
		}
	}
	return ok
}

// defineOne applies a single definition, reporting errors.
func (c *checker) defineOne(def sref) bool {
	if def.empty() {
		logErrors(c.w, errs1(def, "missing equal sign in global definition"))
		return false
	}
	if def.front() == '#' {
		return c.defineNumeric(def.from(1))
	}
	eq := def.find("=", 0)
	nameRef, value := def.take(eq), def.from(eq+1)
	orig := nameRef
	name, pseudo, errs := parseVariable(&nameRef)
	if errs != nil {
		logErrors(c.w, errs)
		return false
	}
	if pseudo || !nameRef.empty() {
		logErrors(c.w, errs1(orig, "invalid name in string variable definition '"+orig.str()+"'"))
		return false
	}
	if _, ok := c.ctx.numVars[name.str()]; ok {
		logErrors(c.w, errs1(name, "numeric variable with name '"+name.str()+"' already exists"))
		return false
	}
	if _, ok := c.ctx.strVars[name.str()]; !ok {
		c.ctx.strVars[name.str()] = value
	}
	c.ctx.definedStr[name.str()] = true
	return true
}

// defineNumeric applies a "-D#NAME=expr" definition (given as "NAME:expr").
func (c *checker) defineNumeric(def sref) bool {
	ep := &exprParser{ctx: c.ctx}
	ex, v, errs := ep.parseBlock(def, false)
	if errs != nil {
		logErrors(c.w, errs)
		return false
	}
	if ex.ast == nil {
		// LLVM dereferences the missing expression here; report it instead.
		logErrors(c.w, errs1(def, "missing numeric expression in global definition"))
		return false
	}
	val, evalErrs := ex.ast.eval()
	if evalErrs != nil {
		for _, e := range evalErrs {
			if e.undef {
				io.WriteString(c.w, "undefined variable: "+e.name.str()+"\n")
			} else {
				io.WriteString(c.w, "overflow error\n")
			}
		}
		return false
	}
	v.value = val
	c.ctx.numVars[v.name] = v
	return true
}
