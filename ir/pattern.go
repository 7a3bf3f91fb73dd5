package ir

// RewritePattern matches an operation and rewrites it. Patterns are small:
// each does one thing and returns false as soon as it does not match.
type RewritePattern interface {
	// RootName is the op name the pattern matches, or "" for any op.
	RootName() string
	// Benefit orders patterns: higher benefit is tried first.
	Benefit() int
	// MatchAndRewrite rewrites op through rw and reports whether it did.
	// It must not change the IR when it returns false.
	MatchAndRewrite(op *Operation, rw *PatternRewriter) bool
}

// Pattern is a RewritePattern built from a function.
type Pattern struct {
	Root string
	// Priority is the benefit; patterns with higher priority run first.
	Priority int
	// Label names the pattern in debug output and statistics.
	Label   string
	Rewrite func(op *Operation, rw *PatternRewriter) bool
}

// RootName implements RewritePattern.
func (p *Pattern) RootName() string { return p.Root }

// Benefit implements RewritePattern.
func (p *Pattern) Benefit() int { return p.Priority }

// MatchAndRewrite implements RewritePattern.
func (p *Pattern) MatchAndRewrite(op *Operation, rw *PatternRewriter) bool {
	return p.Rewrite(op, rw)
}

// RewriteListener is told about every change a PatternRewriter makes, so a
// driver can keep its worklist up to date.
type RewriteListener interface {
	Listener
	// OpModified is called after op was changed in place.
	OpModified(op *Operation)
	// OpErasing is called before op is erased.
	OpErasing(op *Operation)
	// OpReplacing is called before op's results are replaced by vs.
	OpReplacing(op *Operation, vs []Value)
}

// PatternRewriter is the only way patterns change IR: every change goes
// through it so the driver's listener sees it.
type PatternRewriter struct {
	Builder
	listener RewriteListener
}

// NewPatternRewriter returns a rewriter that reports to l (which may be nil).
func NewPatternRewriter(ctx *Context, l RewriteListener) *PatternRewriter {
	rw := &PatternRewriter{Builder: Builder{Ctx: ctx}, listener: l}
	if l != nil {
		rw.Builder.Listener = l
	}
	return rw
}

// ReplaceOp replaces the results of op with vs and erases op.
func (rw *PatternRewriter) ReplaceOp(op *Operation, vs []Value) {
	if rw.listener != nil {
		rw.listener.OpReplacing(op, vs)
	}
	for i, v := range vs {
		r := op.Result(i)
		for u := range r.Uses() {
			user := u.owner
			u.Set(v)
			if rw.listener != nil {
				rw.listener.OpModified(user)
			}
		}
	}
	rw.EraseOp(op)
}

// ReplaceOpWithNew creates an op at op's position from st and replaces op with its results.
func (rw *PatternRewriter) ReplaceOpWithNew(op *Operation, st *OperationState) (*Operation, error) {
	rw.SetInsertionPointBefore(op)
	if st.Loc == nil {
		st.Loc = op.loc
	}
	n, err := rw.Create(st)
	if err != nil {
		return nil, err
	}
	rw.ReplaceOp(op, n.Results())
	return n, nil
}

// EraseOp erases op, which must have no uses left; nested ops are reported too.
func (rw *PatternRewriter) EraseOp(op *Operation) {
	if rw.listener != nil {
		op.WalkPostOrder(func(o *Operation) WalkResult {
			rw.listener.OpErasing(o)
			return WalkAdvance
		})
	}
	op.Erase()
}

// ModifyOpInPlace runs fn, which changes op in place, and reports the change.
func (rw *PatternRewriter) ModifyOpInPlace(op *Operation, fn func()) {
	fn()
	if rw.listener != nil {
		rw.listener.OpModified(op)
	}
}

// ReplaceAllUsesWith replaces every use of from with to, reporting each user.
func (rw *PatternRewriter) ReplaceAllUsesWith(from, to Value) {
	for u := range from.Uses() {
		user := u.owner
		u.Set(to)
		if rw.listener != nil {
			rw.listener.OpModified(user)
		}
	}
}

// InlineBlockBefore moves the ops of src before pos, replacing src's
// arguments with args, and erases src.
func (rw *PatternRewriter) InlineBlockBefore(src *Block, pos *Operation, args []Value) {
	for i, a := range src.args {
		rw.ReplaceAllUsesWith(a, args[i])
	}
	for o := src.first; o != nil; {
		next := o.next
		o.Remove()
		pos.block.insertBefore(o, pos)
		if rw.listener != nil {
			rw.listener.OpInserted(o)
		}
		o = next
	}
	if src.parent != nil {
		src.parent.RemoveBlock(src)
	}
}
