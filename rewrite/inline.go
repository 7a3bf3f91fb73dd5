package rewrite

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tt-compiler/tt/dialects/cf"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// InlinerConfig configures Inline.
type InlinerConfig struct {
	// Simplify, when set, is run on each function before the calls in it
	// are inlined, and again after each round of inlining (MLIR's
	// default-pipeline, canonicalize by default in the inline pass).
	Simplify func(fn *ir.Operation) error
	// MaxIterations bounds the simplify-then-inline rounds per group of
	// mutually recursive functions; 0 means 4.
	MaxIterations int
	// MakeBranch creates an unconditional branch to dest with args at the
	// builder's insertion point. It is needed to inline callables with
	// several blocks (each return becomes a branch to the code after the
	// call). Nil means DefaultBranch.
	MakeBranch func(b *ir.Builder, loc ir.Location, dest *ir.Block, args []ir.Value) *ir.Operation
	// BuildGraph, when set, is called with the function that builds the
	// call graph (so that the inline pass can time it as the CallGraph
	// analysis); nil builds it directly.
	BuildGraph func(build func())
}

// DefaultBranch creates a cf.br when the cf dialect is loaded, and
// returns nil (callables with several blocks are then not inlined)
// otherwise.
func DefaultBranch(b *ir.Builder, loc ir.Location, dest *ir.Block, args []ir.Value) *ir.Operation {
	if b.Ctx.Dialect(cf.Dialect.Name) == nil {
		return nil
	}
	at := *b
	at.Loc = loc
	return cf.Br(&at, dest, args...).Op
}

// InlineResult reports what Inline did.
type InlineResult struct {
	// NumInlined counts inlined calls.
	NumInlined int
	// NumErased counts functions erased because nothing used them anymore.
	NumErased int
}

// cgNode is a function with a body.
type cgNode struct {
	fn      *ir.Operation
	edges   []*cgNode // callees with bodies, in call order, without repeats
	contrib map[*ir.Operation]int
	dead    bool
}

type inliner struct {
	cfg    InlinerConfig
	top    *ir.Operation
	tables *ir.SymbolTableCollection
	nodes  []*cgNode
	byFn   map[*ir.Operation]*cgNode
	// uses counts the symbol references to each function from live code.
	uses map[*ir.Operation]int
	res  InlineResult
}

// Inline inlines the call-like operations in op (usually a module) whose
// callee is a callable with a body (func.call of a func.func: ops with the
// call and callable interfaces, ir.CallInterface and ir.CallableInterface),
// like MLIR's inliner: functions are visited
// callees first (strongly connected components of the call graph in
// post-order); in each, the functions are simplified (cfg.Simplify) and the
// calls inlined, repeatedly, while calls get inlined. A call is not inlined
// into its own callee and calls to self-recursive functions are not
// inlined. The last call to a private function moves its body instead of
// cloning it. Private functions with a body that nothing references
// anymore are erased. Inlined operations get call-site locations.
//
// The callee's ReturnLike terminators end the call: with one block, their
// operands replace the call's results; with several, they become branches
// (cfg.MakeBranch) to the code after the call.
//
// Two differences from MLIR 16: tt has no dialect inliner interfaces, so
// every operation (unregistered ones included) may be inlined; and dead
// private functions are erased transitively (a private function used only
// by an erased one is erased too, where MLIR keeps it).
func Inline(op *ir.Operation, cfg InlinerConfig) (InlineResult, error) {
	if cfg.MaxIterations <= 0 {
		cfg.MaxIterations = 4
	}
	if cfg.MakeBranch == nil {
		cfg.MakeBranch = DefaultBranch
	}
	in := &inliner{cfg: cfg, top: op, tables: ir.NewSymbolTableCollection(),
		byFn: map[*ir.Operation]*cgNode{}, uses: map[*ir.Operation]int{}}
	if cfg.BuildGraph != nil {
		cfg.BuildGraph(in.buildGraph)
	} else {
		in.buildGraph()
	}
	for _, scc := range in.sccs() {
		if err := in.processSCC(scc); err != nil {
			return in.res, err
		}
	}
	in.eraseDead()
	return in.res, nil
}

// callableBody returns the body of a callable op, nil when op is not
// callable or has no body.
func callableBody(op *ir.Operation) *ir.Region {
	c := ir.CallableInterfaceOf(op)
	if c == nil {
		return nil
	}
	if body := c.Body(op); body != nil && !body.Empty() {
		return body
	}
	return nil
}

// resolveCallee returns the callable a call refers to by a flat symbol, or nil.
func (in *inliner) resolveCallee(call *ir.Operation) *ir.Operation {
	ci := ir.CallInterfaceOf(call)
	if ci == nil {
		return nil
	}
	if ref := ci.Callee(call); ref == nil || len(ref.Nested) > 0 {
		return nil
	}
	return ir.ResolveCallable(call, in.tables)
}

// isCallable reports whether op may be called.
func isCallable(op *ir.Operation) bool { return op != nil && ir.CallableInterfaceOf(op) != nil }

// refsIn counts the functions referenced by symbol attributes in op and
// the ops nested in it.
func (in *inliner) refsIn(op *ir.Operation, into map[*ir.Operation]int) {
	op.WalkPreOrder(func(o *ir.Operation) ir.WalkResult {
		attrRefs(o, func(user *ir.Operation, ref *ir.SymbolRefAttr) {
			if sym := in.tables.LookupNearest(user, ref); isCallable(sym) {
				into[sym]++
			}
		})
		return ir.WalkAdvance
	})
}

func (in *inliner) buildGraph() {
	var outside []*ir.Operation
	for nested := range in.top.NestedOps() {
		in.collect(nested, &outside)
	}
	for _, n := range in.nodes {
		in.computeEdges(n)
	}
	// Uses from outside functions (e.g. ops of the module referring to a
	// function) never go away.
	for _, o := range outside {
		attrRefs(o, func(user *ir.Operation, ref *ir.SymbolRefAttr) {
			if sym := in.tables.LookupNearest(user, ref); isCallable(sym) {
				in.uses[sym]++
			}
		})
	}
}

// collect finds the callables with bodies under op (in walk order) and the
// other ops that are not inside one.
func (in *inliner) collect(op *ir.Operation, outside *[]*ir.Operation) {
	if callableBody(op) != nil {
		n := &cgNode{fn: op}
		in.nodes = append(in.nodes, n)
		in.byFn[op] = n
		return
	}
	*outside = append(*outside, op)
	for nested := range op.NestedOps() {
		in.collect(nested, outside)
	}
}

// computeEdges (re)computes a node's callees and its contribution to uses.
func (in *inliner) computeEdges(n *cgNode) {
	for fn, k := range n.contrib {
		in.uses[fn] -= k
	}
	n.contrib = map[*ir.Operation]int{}
	in.refsIn(n.fn, n.contrib)
	// A function's own symbol name is not a use of itself.
	for fn, k := range n.contrib {
		in.uses[fn] += k
	}
	n.edges = nil
	n.fn.Walk(func(o *ir.Operation) {
		if ir.CallInterfaceOf(o) == nil {
			return
		}
		if callee := in.byFn[in.resolveCallee(o)]; callee != nil && !slices.Contains(n.edges, callee) {
			n.edges = append(n.edges, callee)
		}
	})
}

// sccs returns the strongly connected components of the call graph in
// post-order (callees first), visiting from a virtual root that calls every
// function in order, with the order of LLVM's scc_iterator.
func (in *inliner) sccs() [][]*cgNode {
	const done = int(^uint(0) >> 1)
	num := map[*cgNode]int{}
	var nodeStack []*cgNode
	type frame struct {
		n        *cgNode // nil: the virtual root
		next     int
		minVisit int
	}
	var out [][]*cgNode
	counter := 0
	children := func(n *cgNode) []*cgNode {
		if n == nil {
			return in.nodes
		}
		return n.edges
	}
	visit := func(n *cgNode) frame {
		counter++
		num[n] = counter
		nodeStack = append(nodeStack, n)
		return frame{n: n, minVisit: counter}
	}
	stack := []frame{visit(nil)}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		kids := children(top.n)
		if top.next < len(kids) {
			c := kids[top.next]
			top.next++
			if _, seen := num[c]; !seen {
				stack = append(stack, visit(c))
				continue
			}
			if num[c] < top.minVisit {
				top.minVisit = num[c]
			}
			continue
		}
		n, minVisit := top.n, top.minVisit
		stack = stack[:len(stack)-1]
		if len(stack) > 0 && stack[len(stack)-1].minVisit > minVisit {
			stack[len(stack)-1].minVisit = minVisit
		}
		if minVisit != num[n] {
			continue
		}
		var scc []*cgNode
		for {
			m := nodeStack[len(nodeStack)-1]
			nodeStack = nodeStack[:len(nodeStack)-1]
			num[m] = done
			if m != nil {
				scc = append(scc, m)
			}
			if m == n {
				break
			}
		}
		if len(scc) > 0 {
			out = append(out, scc)
		}
	}
	return out
}

func isPrivate(fn *ir.Operation) bool { return symbolVisibility(fn) == "private" }

func (in *inliner) isDead(n *cgNode) bool {
	return n.dead || (isPrivate(n.fn) && in.uses[n.fn] == 0)
}

func (in *inliner) processSCC(scc []*cgNode) error {
	for iter := 0; iter < in.cfg.MaxIterations; iter++ {
		if in.cfg.Simplify != nil {
			for _, n := range scc {
				if in.isDead(n) {
					continue
				}
				if err := in.cfg.Simplify(n.fn); err != nil {
					return err
				}
				in.computeEdges(n)
			}
		}
		inlined, err := in.inlineCallsInSCC(scc)
		if err != nil {
			return err
		}
		if !inlined {
			break
		}
		for _, n := range scc {
			if !n.dead {
				in.computeEdges(n)
			}
		}
	}
	return nil
}

type resolvedCall struct {
	call   *ir.Operation
	source *cgNode
	target *cgNode
	// history is the index in inlineHistory of the inlining that created
	// the call, or -1.
	history int
}

// historyEntry records that target was inlined at a call whose own
// history is parent. Calls created by inlining target are not inlined
// into target again, which bounds inlining through mutual recursion.
type historyEntry struct {
	target *cgNode
	parent int
}

func (in *inliner) collectCalls(source *cgNode, ops []*ir.Operation, history int, into *[]resolvedCall) {
	for _, op := range ops {
		op.Walk(func(o *ir.Operation) {
			if ir.CallInterfaceOf(o) == nil {
				return
			}
			if target := in.byFn[in.resolveCallee(o)]; target != nil {
				*into = append(*into, resolvedCall{call: o, source: source, target: target, history: history})
			}
		})
	}
}

func (in *inliner) inlineCallsInSCC(scc []*cgNode) (bool, error) {
	var calls []resolvedCall
	for _, n := range scc {
		if in.isDead(n) {
			n.dead = true
			continue
		}
		var ops []*ir.Operation
		for _, b := range callableBody(n.fn).Blocks() {
			for o := range b.Ops() {
				ops = append(ops, o)
			}
		}
		in.collectCalls(n, ops, -1, &calls)
	}
	var history []historyEntry
	inHistory := func(target *cgNode, h int) bool {
		for ; h >= 0; h = history[h].parent {
			if history[h].target == target {
				return true
			}
		}
		return false
	}
	inlinedAny := false
	for i := 0; i < len(calls); i++ {
		c := calls[i]
		if c.source.dead || c.target.dead || inHistory(c.target, c.history) || !in.shouldInline(c) {
			continue
		}
		inPlace := isPrivate(c.target.fn) && in.uses[c.target.fn] == 1
		newOps, ok := in.inlineCall(c.call, c.target.fn, !inPlace)
		if !ok {
			continue
		}
		inlinedAny = true
		in.res.NumInlined++
		// The call's reference is gone; cloned references are new uses.
		in.uses[c.target.fn]--
		c.source.contrib[c.target.fn]--
		if !inPlace {
			added := map[*ir.Operation]int{}
			for _, o := range newOps {
				in.refsIn(o, added)
			}
			for fn, k := range added {
				in.uses[fn] += k
				c.source.contrib[fn] += k
			}
		} else {
			for fn, k := range c.target.contrib {
				c.source.contrib[fn] += k
			}
			c.target.contrib = map[*ir.Operation]int{}
			c.target.dead = true
		}
		history = append(history, historyEntry{target: c.target, parent: c.history})
		in.collectCalls(c.source, newOps, len(history)-1, &calls)
		c.call.Erase()
	}
	return inlinedAny, nil
}

// shouldInline applies MLIR's legality rules.
func (in *inliner) shouldInline(c resolvedCall) bool {
	callee := c.target.fn
	if callee.IsAncestorOf(c.call) {
		return false // recursion
	}
	if slices.Contains(c.target.edges, c.target) {
		return false // self-recursive callee
	}
	ft := ir.CallableInterfaceOf(callee).Type(callee)
	args := ir.CallInterfaceOf(c.call).Args(c.call)
	if len(ft.Inputs) != len(args) || len(ft.Results) != c.call.NumResults() {
		return false
	}
	for i, a := range args {
		if a.Type() != ft.Inputs[i] {
			return false
		}
	}
	for i, t := range c.call.ResultTypes() {
		if t != ft.Results[i] {
			return false
		}
	}
	body := callableBody(callee)
	for _, b := range body.Blocks() {
		if t := b.Last(); t == nil || (t.NumSuccessors() == 0 && !t.HasTrait(ir.ReturnLike)) {
			return false // a block that leaves the callable by other means
		}
	}
	if body.NumBlocks() > 1 {
		parent := c.call.ParentOp()
		if parent == nil {
			return false
		}
		// The caller's region must take several blocks: a callable's body
		// does; otherwise the op must be known to allow them.
		if !isCallable(parent) && (!parent.IsRegistered() || parent.HasTrait(ir.SingleBlock) || parent.HasTrait(ir.GraphRegions)) {
			return false
		}
		// Check that a branch can be built, on a scratch block.
		scratch := ir.NewBlock(nil, nil)
		b := ir.NewBuilder(c.call.Context())
		b.SetInsertionPointToEnd(scratch)
		br := in.cfg.MakeBranch(b, c.call.Loc(), scratch, nil)
		if br == nil {
			return false
		}
		br.Erase()
	}
	return true
}

// inlineCall inlines callee's body at call (cloning it, or moving it when
// clone is false) and replaces the call's results. It returns the ops now
// in the caller that came from the callee (top level of each block). The
// call itself is left for the caller to erase.
func (in *inliner) inlineCall(call, callee *ir.Operation, clone bool) ([]*ir.Operation, bool) {
	body := callableBody(callee)
	var blocks []*ir.Block
	if clone {
		tmp := &ir.Region{}
		body.CloneInto(tmp, ir.NewMapping())
		blocks = slices.Clone(tmp.Blocks())
		for _, b := range blocks {
			tmp.RemoveBlock(b)
		}
	} else {
		blocks = slices.Clone(body.Blocks())
		for _, b := range blocks {
			body.RemoveBlock(b)
		}
	}
	// Call-site locations, as MLIR's inliner gives them.
	if _, unknown := call.Loc().(ir.UnknownLoc); !unknown {
		mapped := map[ir.Location]ir.Location{}
		for _, b := range blocks {
			for o := range b.Ops() {
				o.WalkPreOrder(func(x *ir.Operation) ir.WalkResult {
					nl, ok := mapped[x.Loc()]
					if !ok {
						nl = &ir.CallSiteLoc{Callee: x.Loc(), Caller: call.Loc()}
						mapped[x.Loc()] = nl
					}
					x.SetLoc(nl)
					return ir.WalkAdvance
				})
			}
		}
	}
	entry := blocks[0]
	args := ir.CallInterfaceOf(call).Args(call)
	for i, a := range entry.Args() {
		a.ReplaceAllUsesWith(args[i])
	}
	for i := entry.NumArgs() - 1; i >= 0; i-- {
		entry.EraseArgument(i)
	}
	callBlock := call.Block()
	var newOps []*ir.Operation
	if len(blocks) == 1 {
		ret := entry.Last()
		for o := entry.First(); o != ret; {
			next := o.Next()
			o.Remove()
			callBlock.InsertBefore(o, call)
			newOps = append(newOps, o)
			o = next
		}
		call.ReplaceAllUsesWith(ret.Operands())
		ret.Erase()
		return newOps, true
	}
	// Several blocks: the code after the call moves to a new block that
	// takes the results as arguments; each return branches there.
	region := callBlock.Parent()
	var post *ir.Block
	if next := call.Next(); next != nil {
		post = callBlock.SplitBefore(next)
	} else {
		post = ir.NewBlock(nil, nil)
		region.InsertBlockAfter(callBlock, post)
	}
	for i := 0; i < call.NumResults(); i++ {
		arg := post.AddArgument(call.Result(i).Type(), call.Loc())
		call.Result(i).ReplaceAllUsesWith(arg)
	}
	prev := callBlock
	for _, b := range blocks[1:] {
		region.InsertBlockAfter(prev, b)
		prev = b
	}
	builder := ir.NewBuilder(call.Context())
	for _, b := range blocks {
		t := b.Last()
		if !t.HasTrait(ir.ReturnLike) {
			continue
		}
		builder.SetInsertionPointBefore(t)
		if br := in.cfg.MakeBranch(builder, t.Loc(), post, t.Operands()); br == nil {
			panic(fmt.Sprintf("rewrite: branch creation failed after it was checked at %s", t.Loc()))
		}
		t.Erase()
	}
	for o := entry.First(); o != nil; {
		next := o.Next()
		o.Remove()
		callBlock.Append(o)
		newOps = append(newOps, o)
		o = next
	}
	for _, b := range blocks[1:] {
		for o := range b.Ops() {
			newOps = append(newOps, o)
		}
	}
	return newOps, true
}

// eraseDead erases the functions found dead and, transitively, the private
// functions with a body that nothing live refers to anymore.
func (in *inliner) eraseDead() {
	var work []*cgNode
	for _, n := range in.nodes {
		if in.isDead(n) {
			work = append(work, n)
		}
	}
	erased := map[*cgNode]bool{}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if erased[n] {
			continue
		}
		erased[n] = true
		for fn, k := range n.contrib {
			in.uses[fn] -= k
			if t := in.byFn[fn]; t != nil && !erased[t] && in.isDead(t) {
				work = append(work, t)
			}
		}
	}
	// Erase in module order for determinism.
	for _, n := range in.nodes {
		if erased[n] {
			n.fn.Erase()
			in.res.NumErased++
		}
	}
}

// inlinePass is the inline pass.
type inlinePass struct {
	pass.Base
	defaultPipeline *string
	maxIterations   *int
	simplify        *pass.PassManager
	numInlined      *pass.Statistic
	numErased       *pass.Statistic
}

// NewInlinePass returns the inline pass.
func NewInlinePass() pass.Pass {
	p := &inlinePass{Base: pass.NewBase(pass.Info{
		Argument: "inline",
		Name:     "Inliner",
		Summary:  "Inline function calls",
		Description: "Inlines call-like operations (func.call) whose callee is a callable with a body (func.func), callees " +
			"first, simplifying each function with the default pipeline before and after inlining into it. Calls inside their " +
			"own callee and calls to self-recursive functions are not inlined. Callables with several blocks are inlined by " +
			"splitting the caller's block (returns become cf.br). Private functions nothing refers to anymore are erased.",
	})}
	o := p.Options()
	p.defaultPipeline = o.String("default-pipeline", "canonicalize", "The default optimizer pipeline used for callables")
	p.maxIterations = o.Int("max-iterations", 4, "Maximum number of iterations when inlining within an SCC")
	p.numInlined = p.NewStatistic("num-inlined", "Number of calls inlined")
	p.numErased = p.NewStatistic("num-erased", "Number of dead functions erased")
	return p
}

// Initialize builds the simplification pipeline from default-pipeline. It
// runs on each callable, whatever its op (MLIR nests it under the
// callable's op name).
func (p *inlinePass) Initialize(r *pass.Registry) error {
	p.simplify = nil
	if *p.defaultPipeline == "" {
		return nil
	}
	pm := pass.NewPassManager(pass.AnyOp)
	if err := r.AddToPipeline(pm, *p.defaultPipeline); err != nil {
		var pe *pass.PipelineError
		if errors.As(err, &pe) {
			_, col := pe.Position()
			return fmt.Errorf("invalid default-pipeline %q: column %d: %s", pe.Pipeline, col, pe.Msg)
		}
		return fmt.Errorf("invalid default-pipeline: %w", err)
	}
	p.simplify = pm
	return nil
}

func (p *inlinePass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	cfg := InlinerConfig{MaxIterations: *p.maxIterations,
		BuildGraph: func(build func()) { pass.TimeAnalysis(am, "CallGraph", build) }}
	if p.simplify != nil {
		cfg.Simplify = func(fn *ir.Operation) error { return am.RunPipeline(p.simplify, fn) }
	}
	res, err := Inline(op, cfg)
	p.numInlined.Add(int64(res.NumInlined))
	p.numErased.Add(int64(res.NumErased))
	if err != nil {
		return err
	}
	if res.NumInlined == 0 && res.NumErased == 0 && p.simplify == nil {
		am.PreserveAll()
	}
	return nil
}
