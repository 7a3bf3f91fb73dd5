package loops

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// ForDef is loops.for: a counted loop with loop-carried values, and the
// reduction kinds it declares for them (see ReductionsAttrName).
//
//	%r:2 = loops.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y) -> (f32, f32) {
//	  ...
//	  loops.yield %a2, %b2 : f32, f32
//	} {reductions = ["addf", "none"]}
var ForDef = &ir.OpDef{
	Name:    "loops.for",
	Summary: "A counted loop with loop-carried values",
	Description: "Runs its body for %i = lb, lb+step, ... while %i < ub (step > 0). The body's block arguments " +
		"are the induction variable and the carried values, initialized from the init operands; the body yields " +
		"the next carried values, and the op's results are the values after the last iteration (the inits when " +
		"the loop runs zero times).\n\n" +
		"The optional `reductions` attribute declares how the loop combines each carried value, so that " +
		"transforms may reorder its iterations (vectorize splits a reduction over lanes) without recognizing " +
		"patterns: `none` (not a reduction: its order matters); a simple kind named after the arith op that " +
		"combines the value with the iteration's element, acc' = op(acc, x) — `addf`, `mulf`, `maxf`, `minf`, " +
		"`maximumf`, `minimumf`, `addi`, `muli`, `andi`, `ori`, `xori`, `maxsi`, `minsi`, `maxui`, `minui`; or " +
		"the online softmax normalizer, an adjacent pair `online_max`, `online_sum` (m, s): the running maximum " +
		"m' = arith.maxf(m, x) and s = Σ exp(x - m), rescaled when m grows: s' = s·exp(m - m') + exp(x - m'). " +
		"The verifier checks the declaration against the body: each value of a simple kind (or online_max) is " +
		"yielded as its combining op applied to it and an element, or as the result of a nested loops.for it " +
		"initializes that declares the same kind; nothing else reads it or (simple kinds) its combined value; " +
		"what an online pair and the values computed from it reach is the pair's yields only, through ops " +
		"without memory effects.",
	CustomBuilder: true,
	Traits:        ir.SingleBlock | ir.RecursiveMemoryEffects,
	Operands: []ir.ArgDef{
		{Name: "lowerBound", Type: ir.IndexOnly}, {Name: "upperBound", Type: ir.IndexOnly},
		{Name: "step", Type: ir.IndexOnly}, {Name: "initArgs", Type: ir.AnyType, Variadic: true},
	},
	Results:    []ir.ArgDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Regions:    []ir.RegionDef{{Name: "body", Doc: "one block: (index, carried values...)"}},
	Successors: 0,
	Attrs: []ir.AttrDef{{Name: ReductionsAttrName, Constraint: reductionsAttrC, Optional: true,
		Doc: "how the loop combines each carried value: one reduction kind per iter_arg (none, a simple kind such as addf or maxsi, or the pair online_max, online_sum)"}},
	Print:  printFor,
	Parse:  parseFor,
	Verify: verifyFor,
	// Folding the body can break a declared reduction's chain (andi of the
	// carried value and a constant false folds to false): the declaration
	// then becomes none, which claims nothing.
	Canonicalize: []ir.RewritePattern{&ir.Pattern{Root: ForName, Label: "PruneBrokenReductions",
		Rewrite: func(op *ir.Operation, rw *ir.PatternRewriter) bool {
			if _, err := ReductionsOf(op); err == nil {
				return false
			}
			rw.ModifyOpInPlace(op, func() { PruneReductions(op) })
			return true
		}}},
	Loop: &ir.LoopInterface{
		Body:          body,
		InductionVars: func(op *ir.Operation) []ir.Value { return bodyArgs(op, 0, 1) },
		Bounds: func(op *ir.Operation) (lower, upper, step []ir.Value) {
			return op.Operands()[:1], op.Operands()[1:2], op.Operands()[2:3]
		},
	},
	RegionBranch: &ir.RegionBranchInterface{
		// The body runs zero or more times; it receives the carried values
		// (not the induction variable) and the op's results the last ones.
		Successors: func(op *ir.Operation, _ *ir.Region) []ir.RegionSuccessor {
			return []ir.RegionSuccessor{{Region: op.Region(0), Inputs: bodyArgs(op, 1, -1)}, {Inputs: op.Results()}}
		},
		EntryOperands: func(op *ir.Operation, _ *ir.Region) []ir.Value { return op.Operands()[3:] },
	},
}

// body returns the only region of a loop.
func body(op *ir.Operation) *ir.Region { return op.Region(0) }

// bodyArgs returns the arguments [from, to) of the entry block of op's
// first region (to < 0: all from from on); fewer when there are fewer.
func bodyArgs(op *ir.Operation, from, to int) []ir.Value {
	b := op.Region(0).Front()
	if b == nil {
		return nil
	}
	args := b.ArgValues()
	if to < 0 || to > len(args) {
		to = len(args)
	}
	if from > to {
		return nil
	}
	return args[from:to]
}

func verifyFor(op *ir.Operation) error {
	inits := op.Operands()[3:]
	if len(inits) != op.NumResults() {
		return fmt.Errorf("expects as many init operands (%d) as results (%d)", len(inits), op.NumResults())
	}
	for i, v := range inits {
		if v.Type() != op.Result(i).Type() {
			return fmt.Errorf("init operand #%d has type %s, but result #%d has type %s", i, v.Type(), i, op.Result(i).Type())
		}
	}
	if err := positiveStep(op.Operand(2)); err != nil {
		return err
	}
	body := op.Region(0).Front()
	if body == nil {
		return fmt.Errorf("expects a body")
	}
	if err := yieldTerminated(op); err != nil {
		return err
	}
	if body.NumArgs() != 1+len(inits) {
		return fmt.Errorf("expects the body to have %d arguments (induction variable and carried values), got %d", 1+len(inits), body.NumArgs())
	}
	if !ir.IsIndex(body.Arg(0).Type()) {
		return fmt.Errorf("expects the induction variable to be an index, got %s", body.Arg(0).Type())
	}
	for i, v := range inits {
		if body.Arg(1+i).Type() != v.Type() {
			return fmt.Errorf("body argument #%d has type %s, but init operand #%d has type %s", 1+i, body.Arg(1+i).Type(), i, v.Type())
		}
	}
	_, err := ReductionsOf(op)
	return err
}

// positiveStep rejects a step that is a constant <= 0 (MLIR's scf.for and
// scf.parallel message).
func positiveStep(step ir.Value) error {
	def := ir.DefiningOp(step)
	if def == nil || !def.HasTrait(ir.ConstantLike) {
		return nil
	}
	if c, ok := def.Attr("value").(*ir.IntegerAttr); ok && c.Int64() <= 0 {
		return fmt.Errorf("constant step operand must be positive")
	}
	return nil
}

// yieldTerminated checks that the non-empty regions of op end with
// loops.yield (other terminators could not return to op).
func yieldTerminated(op *ir.Operation) error {
	for i := 0; i < op.NumRegions(); i++ {
		for _, b := range op.Region(i).Blocks() {
			last := b.Last()
			if last == nil {
				return fmt.Errorf("expects region #%d to end with '%s', found an empty block", i, YieldName)
			}
			if last.Name() != YieldName && last.HasTrait(ir.Terminator) {
				return fmt.Errorf("expects regions to end with '%s', found '%s'", YieldName, last.Name())
			}
		}
	}
	return nil
}

func printFor(p ir.OpPrinter, op *ir.Operation) {
	body := op.Region(0).Front()
	p.Print(" ")
	p.PrintOperand(body.Arg(0))
	p.Print(" = ")
	p.PrintOperand(op.Operand(0))
	p.Print(" to ")
	p.PrintOperand(op.Operand(1))
	p.Print(" step ")
	p.PrintOperand(op.Operand(2))
	if inits := op.Operands()[3:]; len(inits) > 0 {
		p.Print(" iter_args(")
		for i, v := range inits {
			if i > 0 {
				p.Print(", ")
			}
			p.PrintOperand(body.Arg(1 + i))
			p.Print(" = ")
			p.PrintOperand(v)
		}
		p.Print(") ")
		p.PrintArrowTypeList(op.ResultTypes())
	}
	p.Print(" ")
	p.PrintRegion(op.Region(0), false, false)
	p.PrintOptionalAttrDict(op.Attrs())
}

func parseFor(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	iv, err := p.ParseArgument(false, false)
	if err != nil {
		return err
	}
	iv.Type = ctx.Index()
	var bounds [3]ir.Value
	for i, kw := range []string{"=", "to", "step"} {
		if i == 0 {
			err = p.ParsePunct("=")
		} else {
			err = p.ParseKeyword(kw)
		}
		if err != nil {
			return err
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if bounds[i], err = p.ResolveOperand(u, ctx.Index()); err != nil {
			return err
		}
	}
	st.Operands = bounds[:]
	args := []ir.Argument{iv}
	if p.ParseOptionalKeyword("iter_args") {
		var inits []ir.UnresolvedOperand
		var carried []ir.Argument
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		for {
			a, err := p.ParseArgument(false, false)
			if err != nil {
				return err
			}
			if err := p.ParsePunct("="); err != nil {
				return err
			}
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			carried, inits = append(carried, a), append(inits, u)
			if p.ParseOptionalPunct(")") {
				break
			}
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		types, err := p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		if len(types) != len(inits) {
			return p.Errorf("expects %d result types for the iter_args, got %d", len(inits), len(types))
		}
		for i, u := range inits {
			v, err := p.ResolveOperand(u, types[i])
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
			carried[i].Type = types[i]
		}
		st.ResultTypes = types
		args = append(args, carried...)
	} else {
		st.ResultTypes = []ir.Type{}
	}
	if err := p.ParseRegion(st.AddRegion(), args); err != nil {
		return err
	}
	return p.ParseOptionalAttrDict(st)
}

// ParallelDef is loops.parallel: a loop nest whose iterations are independent.
//
//	loops.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
//	  ...
//	  loops.yield
//	}
var ParallelDef = &ir.OpDef{
	Name:    "loops.parallel",
	Summary: "A nest of loops whose iterations may run in any order or at once",
	Description: "Runs the body for every point of the iteration space lb <= iv < ub (per dimension, step > 0). " +
		"Iterations must not depend on each other: backends run them on several threads.",
	CustomBuilder: true,
	Traits:        ir.SingleBlock | ir.RecursiveMemoryEffects | ir.AttrSizedOperandSegments,
	Operands: []ir.ArgDef{
		{Name: "lowerBound", Type: ir.IndexOnly, Variadic: true}, {Name: "upperBound", Type: ir.IndexOnly, Variadic: true},
		{Name: "step", Type: ir.IndexOnly, Variadic: true},
	},
	Regions:    []ir.RegionDef{{Name: "body", Doc: "one block: one index argument per dimension"}},
	Successors: 0,
	Print:      printParallel,
	Parse:      parseParallel,
	Loop: &ir.LoopInterface{
		Body:          body,
		InductionVars: func(op *ir.Operation) []ir.Value { return bodyArgs(op, 0, -1) },
		Bounds: func(op *ir.Operation) (lower, upper, step []ir.Value) {
			return op.OperandGroup(0), op.OperandGroup(1), op.OperandGroup(2)
		},
	},
	RegionBranch: &ir.RegionBranchInterface{
		// The body runs for each point of the iteration space (maybe none);
		// no values flow.
		Successors: func(op *ir.Operation, _ *ir.Region) []ir.RegionSuccessor {
			return []ir.RegionSuccessor{{Region: op.Region(0)}, {}}
		},
	},
	Verify: func(op *ir.Operation) error {
		lb, ub, st := op.OperandGroup(0), op.OperandGroup(1), op.OperandGroup(2)
		if len(lb) != len(ub) || len(lb) != len(st) || len(lb) == 0 {
			return fmt.Errorf("expects the same non-zero number of lower bounds, upper bounds and steps, got %d, %d and %d", len(lb), len(ub), len(st))
		}
		for _, s := range st {
			if err := positiveStep(s); err != nil {
				return err
			}
		}
		if body := op.Region(0).Front(); body == nil || body.NumArgs() != len(lb) {
			return fmt.Errorf("expects the body to have %d index arguments", len(lb))
		}
		for i, a := range op.Region(0).Front().Args() {
			if !ir.IsIndex(a.Type()) {
				return fmt.Errorf("expects the body's arguments to be indices, but #%d is %s", i, a.Type())
			}
		}
		return yieldTerminated(op)
	},
}

func printParallel(p ir.OpPrinter, op *ir.Operation) {
	body := op.Region(0).Front()
	p.Print(" (")
	p.PrintOperands(body.ArgValues())
	p.Print(") = (")
	p.PrintOperands(op.OperandGroup(0))
	p.Print(") to (")
	p.PrintOperands(op.OperandGroup(1))
	p.Print(") step (")
	p.PrintOperands(op.OperandGroup(2))
	p.Print(") ")
	p.PrintRegion(op.Region(0), false, false)
	p.PrintOptionalAttrDict(op.Attrs(), ir.OperandSegmentSizesAttr)
}

func parseParallel(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	ivs, err := p.ParseArgumentList(ir.DelimParen, false, false)
	if err != nil {
		return err
	}
	for i := range ivs {
		ivs[i].Type = ctx.Index()
	}
	var sizes []int64
	for i, kw := range []string{"=", "to", "step"} {
		if i == 0 {
			err = p.ParsePunct("=")
		} else {
			err = p.ParseKeyword(kw)
		}
		if err != nil {
			return err
		}
		us, err := p.ParseOperandList(ir.DelimParen)
		if err != nil {
			return err
		}
		if len(us) != len(ivs) {
			return p.Errorf("expects %d values after '%s', got %d", len(ivs), kw, len(us))
		}
		for _, u := range us {
			v, err := p.ResolveOperand(u, ctx.Index())
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
		}
		sizes = append(sizes, int64(len(us)))
	}
	st.AddAttr(ir.OperandSegmentSizesAttr, &ir.DenseArrayAttr{Elem: ctx.I32(), Ints: sizes})
	st.ResultTypes = []ir.Type{}
	if err := p.ParseRegion(st.AddRegion(), ivs); err != nil {
		return err
	}
	return p.ParseOptionalAttrDict(st)
}

// IfDef is loops.if.
//
//	%r = loops.if %c -> (f32) { loops.yield %a : f32 } else { loops.yield %b : f32 }
var IfDef = &ir.OpDef{
	Name:    "loops.if",
	Summary: "A conditional",
	Description: "Runs the then region when the condition is true, else the else region (which may be empty when " +
		"the op has no results); the results are the values the region that ran yields.",
	CustomBuilder: true,
	Traits:        ir.SingleBlock | ir.RecursiveMemoryEffects,
	Operands:      []ir.ArgDef{{Name: "condition", Type: ir.I1}},
	Results:       []ir.ArgDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Regions:       []ir.RegionDef{{Name: "thenRegion"}, {Name: "elseRegion"}},
	Successors:    0,
	Print:         printIf,
	Parse:         parseIf,
	RegionBranch: &ir.RegionBranchInterface{
		// Entering runs one region (the else region may be empty: then
		// nothing runs); either returns the op's results.
		Successors: func(op *ir.Operation, from *ir.Region) []ir.RegionSuccessor {
			if from != nil {
				return []ir.RegionSuccessor{{Inputs: op.Results()}}
			}
			out := []ir.RegionSuccessor{{Region: op.Region(0)}}
			if op.Region(1).Empty() {
				return append(out, ir.RegionSuccessor{Inputs: op.Results()})
			}
			return append(out, ir.RegionSuccessor{Region: op.Region(1)})
		},
	},
	Verify: func(op *ir.Operation) error {
		if op.Region(0).Empty() {
			return fmt.Errorf("expects a non-empty then region")
		}
		if op.NumResults() > 0 && op.Region(1).Empty() {
			return fmt.Errorf("expects an else region when it has results")
		}
		for i := 0; i < 2; i++ {
			if b := op.Region(i).Front(); b != nil && b.NumArgs() != 0 {
				return fmt.Errorf("expects region #%d to have no arguments", i)
			}
		}
		return yieldTerminated(op)
	},
}

func printIf(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperand(op.Operand(0))
	if op.NumResults() > 0 {
		p.Print(" ")
		p.PrintArrowTypeList(op.ResultTypes())
	}
	p.Print(" ")
	p.PrintRegion(op.Region(0), false, false)
	if !op.Region(1).Empty() {
		p.Print(" else ")
		p.PrintRegion(op.Region(1), false, false)
	}
	p.PrintOptionalAttrDict(op.Attrs())
}

func parseIf(p ir.OpParser, st *ir.OperationState) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	c, err := p.ResolveOperand(u, p.Context().I1())
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{c}
	if st.ResultTypes, err = p.ParseOptionalArrowTypeList(); err != nil {
		return err
	}
	if st.ResultTypes == nil {
		st.ResultTypes = []ir.Type{}
	}
	if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
		return err
	}
	els := st.AddRegion()
	if p.ParseOptionalKeyword("else") {
		if err := p.ParseRegion(els, nil); err != nil {
			return err
		}
	}
	return p.ParseOptionalAttrDict(st)
}

// KernelDef is loops.kernel: a fused group of tensor ops, as the fusion pass
// forms them. tensor-to-loops turns each kernel into one loop nest.
//
//	%r = loops.kernel "fused_add_exp_0" (%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
//	^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
//	  %s = tensor.add %a, %b : tensor<4xf32>
//	  %e = tensor.exp %s : tensor<4xf32>
//	  loops.yield %e : tensor<4xf32>
//	}
var KernelDef = &ir.OpDef{
	Name:    "loops.kernel",
	Summary: "A fused group of tensor operations",
	Description: "Holds tensor ops that run as one kernel: the region's arguments are the kernel's inputs, it " +
		"yields the kernel's outputs. Values computed inside and not yielded never reach memory. `kind` says how " +
		"the kernel iterates: pointwise, reduction, matmul, conv or opaque (one op lowered on its own).",
	Traits:     ir.IsolatedFromAbove | ir.SingleBlock | ir.RecursiveMemoryEffects,
	Operands:   []ir.ArgDef{{Name: "inputs", Type: ir.AnyType, Variadic: true}},
	Results:    []ir.ArgDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
	Regions:    []ir.RegionDef{{Name: "body", Doc: "one block whose arguments are the inputs"}},
	Successors: 0,
	Attrs: []ir.AttrDef{
		{Name: "name", Constraint: ir.StringAttrC, Doc: "a readable kernel name, like Inductor's triton_per_fused_..."},
		{Name: "kind", Constraint: ir.EnumAttr("pointwise", "reduction", "matmul", "conv", "opaque"), Doc: "the iteration structure"},
	},
	Print: printKernel,
	Parse: parseKernel,
	RegionBranch: &ir.RegionBranchInterface{
		// The body runs once on the inputs and yields the results.
		Successors: func(op *ir.Operation, from *ir.Region) []ir.RegionSuccessor {
			if from != nil {
				return []ir.RegionSuccessor{{Inputs: op.Results()}}
			}
			return []ir.RegionSuccessor{{Region: op.Region(0), Inputs: bodyArgs(op, 0, -1)}}
		},
		EntryOperands: func(op *ir.Operation, _ *ir.Region) []ir.Value { return op.Operands() },
	},
	Verify: func(op *ir.Operation) error {
		body := op.Region(0).Front()
		if body == nil || body.NumArgs() != op.NumOperands() {
			return fmt.Errorf("expects the body to have one argument per input (%d)", op.NumOperands())
		}
		for i, v := range op.Operands() {
			if body.Arg(i).Type() != v.Type() {
				return fmt.Errorf("body argument #%d has type %s, but input #%d has type %s", i, body.Arg(i).Type(), i, v.Type())
			}
		}
		return yieldTerminated(op)
	},
}

func printKernel(p ir.OpPrinter, op *ir.Operation) {
	name, _ := op.StringAttr("name")
	kind, _ := op.StringAttr("kind")
	p.Print(" " + ir.Quote(name) + " " + kind + " (")
	p.PrintOperands(op.Operands())
	p.Print(") : ")
	p.PrintFunctionalType(op.OperandTypes(), op.ResultTypes())
	p.Print(" ")
	p.PrintRegion(op.Region(0), true, true)
	p.PrintOptionalAttrDict(op.Attrs(), "name", "kind")
}

func parseKernel(p ir.OpParser, st *ir.OperationState) error {
	name, err := p.ParseString()
	if err != nil {
		return err
	}
	kind, err := p.ParseIdentifier()
	if err != nil {
		return err
	}
	st.AddAttr("name", ir.String(name))
	st.AddAttr("kind", ir.String(kind))
	us, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	ft, err := p.ParseFunctionType()
	if err != nil {
		return err
	}
	if len(ft.Inputs) != len(us) {
		return p.Errorf("expects %d input types, got %d", len(us), len(ft.Inputs))
	}
	for i, u := range us {
		v, err := p.ResolveOperand(u, ft.Inputs[i])
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	st.ResultTypes = ft.Results
	if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
		return err
	}
	return p.ParseOptionalAttrDict(st)
}
