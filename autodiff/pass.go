package autodiff

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/rewrite"
)

// Result of differentiating one function.
type Result struct {
	Fwd, Bwd, Grad *ir.Operation // Grad is nil when the function has no scalar loss
	// SavedBytesMinCut and SavedBytesNone are the sizes of the saved sets
	// under both recompute modes (the chosen one built Fwd and Bwd).
	SavedBytesMinCut, SavedBytesNone int64
	// Saved is the number of values saved by the chosen mode.
	Saved int
	// Decisions are the chosen mode's saved values and recomputed ops.
	Decisions []Decision
	// GradErr says why Grad is nil.
	GradErr error
}

// Differentiate builds @NAME_fwd, @NAME_bwd and (for a function returning a
// single rank-0 float tensor) @NAME_grad for the func.func fn, inserts them
// after fn, and simplifies them with canonicalize and CSE.
func Differentiate(fn *ir.Operation, mode string) (*Result, error) {
	name := ir.SymbolName(fn)
	j, err := BuildJoint(fn, name+"_joint")
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(j.Func); err != nil {
		return nil, fmt.Errorf("aot-autograd: internal error: the joint graph of @%s does not verify: %v", name, err)
	}
	simplify(j.Func)
	res := &Result{}
	for _, m := range []string{RecomputeMinCut, RecomputeNone} {
		s, err := Partition(j, name, m)
		if err != nil {
			return nil, err
		}
		if m == RecomputeMinCut {
			res.SavedBytesMinCut = s.SavedBytes
		} else {
			res.SavedBytesNone = s.SavedBytes
		}
		if m == mode {
			res.Fwd, res.Bwd, res.Saved, res.Decisions = s.Fwd, s.Bwd, len(s.Saved), s.Decisions
		}
	}
	if res.Fwd == nil {
		return nil, fmt.Errorf("aot-autograd: recompute must be %q or %q, got %q", RecomputeMinCut, RecomputeNone, mode)
	}
	res.Grad, res.GradErr = buildGrad(j, name+"_grad")
	pos := fn
	for _, f := range []*ir.Operation{res.Fwd, res.Bwd, res.Grad} {
		if f == nil {
			continue
		}
		pos.Block().InsertBefore(f, pos.Next())
		pos = f
		simplify(f)
	}
	j.Func.Erase()
	return res, nil
}

// buildGrad builds value-and-grad: the joint function with the loss's
// tangent seeded with 1.0.
func buildGrad(j *Joint, name string) (*ir.Operation, error) {
	ft := function.FuncType(j.Func)
	if j.NumResults != 1 || len(j.TangentResults) != 1 {
		return nil, fmt.Errorf("@%s needs a single rank-0 floating-point result (the loss); this function has %d results", name, j.NumResults)
	}
	lossT, ok := ft.Results[0].(*ir.RankedTensorType)
	if !ok || lossT.Rank() != 0 || !ir.IsFloat(lossT.Elem) {
		return nil, fmt.Errorf("@%s needs a single rank-0 floating-point result (the loss); the result is %s", name, ft.Results[0])
	}
	ctx := j.Func.Context()
	b := ir.NewBuilder(ctx)
	fn, entry := newFunc(b, name, ctx.Function(ft.Inputs[:j.NumArgs], ft.Results), j.Func.Loc())
	m := ir.NewMapping()
	src := j.Func.Region(0).Front()
	for i := 0; i < j.NumArgs; i++ {
		m.Map(src.Arg(i), entry.Arg(i))
	}
	m.Map(src.Arg(j.NumArgs), tensor.Full(b, lossT, 1))
	for op := range src.Ops() {
		b.Insert(op.Clone(m))
	}
	return fn, nil
}

// simplify canonicalizes fn and removes common subexpressions.
func simplify(fn *ir.Operation) {
	patterns := rewrite.CanonicalizationPatterns(fn.Context()).Freeze()
	rewrite.ApplyPatternsGreedily(fn, patterns, rewrite.GreedyConfig{TopDown: true})
	rewrite.EliminateCommonSubexpressions(fn, ir.NewDominanceInfo())
}

// autogradPass is the aot-autograd pass.
type autogradPass struct {
	pass.Base
	fn        *string
	funcs     *[]string
	recompute *string
	remarks   *bool
	savedMin  *pass.Statistic
	savedNone *pass.Statistic
	numSaved  *pass.Statistic
}

// NewPass returns the aot-autograd pass.
func NewPass() pass.Pass {
	p := &autogradPass{Base: pass.NewBase(pass.Info{
		Argument: "aot-autograd",
		Name:     "AOTAutograd",
		Summary:  "Differentiate functions ahead of time into forward, backward and value-and-grad functions",
		Description: "For func.func @NAME (option func, plus any listed in funcs) adds @NAME_fwd(args) -> (results, saved), " +
			"@NAME_bwd(saved, result_grads) -> (grads of the floating-point arguments) and, when the single result is a " +
			"rank-0 float tensor, @NAME_grad(args) -> (loss, grads). The saved set is chosen by a min-cut over the joint " +
			"graph (recompute=mincut) or is every forward value the backward uses (recompute=none). Calls are traced through: " +
			"the new functions are built from a copy of @NAME with its callees inlined, and the user's functions are left as " +
			"they are; calls to declarations and recursive calls are errors.",
		Anchor: builtin.ModuleDef.Name,
	})}
	o := p.Options()
	p.fn = o.String("func", "", "name of the function to differentiate")
	p.funcs = o.StringList("funcs", nil, "more functions to differentiate")
	p.recompute = o.Enum("recompute", RecomputeMinCut, []string{RecomputeMinCut, RecomputeNone}, "how to choose the values saved for the backward")
	p.remarks = o.Bool("remarks", false, "Emit a remark for each value saved for the backward and each forward op the backward recomputes")
	p.savedMin = p.NewStatistic("saved-bytes-mincut", "Bytes saved for the backward with recompute=mincut")
	p.savedNone = p.NewStatistic("saved-bytes-none", "Bytes saved for the backward with recompute=none")
	p.numSaved = p.NewStatistic("num-saved", "Number of values saved for the backward")
	return p
}

func (p *autogradPass) Run(module *ir.Operation, am *pass.AnalysisManager) error {
	names := *p.funcs
	if *p.fn != "" {
		names = append([]string{*p.fn}, names...)
	}
	if len(names) == 0 {
		return ir.Errorf(module.Loc(), "aot-autograd: no function given; use aot-autograd{func=NAME}")
	}
	table := ir.NewSymbolTable(module)
	for _, name := range names {
		fn := table.Lookup(name)
		if fn == nil || fn.Name() != function.FuncDef.Name {
			return ir.Errorf(module.Loc(), "aot-autograd: no func.func named @%s", name)
		}
		for _, suffix := range []string{"_fwd", "_bwd", "_grad"} {
			if table.Lookup(name+suffix) != nil {
				return ir.Errorf(fn.Loc(), "aot-autograd: @%s%s already exists", name, suffix)
			}
		}
		res, err := Differentiate(fn, *p.recompute)
		if err != nil {
			return err
		}
		p.savedMin.Add(res.SavedBytesMinCut)
		p.savedNone.Add(res.SavedBytesNone)
		p.numSaved.Add(int64(res.Saved))
		if *p.remarks {
			for _, d := range res.Decisions {
				am.Emit(&ir.Diagnostic{Severity: ir.SeverityRemark, Loc: d.Loc, Message: d.message(name)})
			}
		}
		if res.Grad == nil {
			am.Emit(&ir.Diagnostic{Severity: ir.SeverityWarning, Loc: fn.Loc(), Message: "aot-autograd: @" + name + "_grad not created: " + res.GradErr.Error()})
		}
	}
	return nil
}

// message renders a decision as aot-autograd's remark about @name.
func (d Decision) message(name string) string {
	size := fmt.Sprintf("%d bytes", d.Bytes)
	switch {
	case d.Saved && d.Op == "":
		return fmt.Sprintf("aot-autograd: @%s_fwd passes an argument (%s, %s) to @%s_bwd", name, d.Type, size, name)
	case d.Saved:
		return fmt.Sprintf("aot-autograd: @%s_fwd saves the result of %s (%s, %s) for @%s_bwd", name, d.Op, d.Type, size, name)
	}
	return fmt.Sprintf("aot-autograd: @%s_bwd recomputes %s (%s, %s) instead of saving it", name, d.Op, d.Type, size)
}
