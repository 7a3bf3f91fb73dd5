package difftest

import (
	"context"
	"fmt"
	"io"
	"math/rand"
	"slices"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// Subject is what Minimize reduces: a module, the function that fails and
// its arguments.
type Subject struct {
	Module string
	Entry  string
	Inputs []*interp.Tensor
}

// Predicate reports whether a subject still fails the same way.
type Predicate func(ctx context.Context, s *Subject) bool

// MinimizeStats says what Minimize did.
type MinimizeStats struct {
	// OpsBefore and OpsAfter count the entry's ops (without the return).
	OpsBefore, OpsAfter int
	// Tries counts the predicate's runs, Accepted the reductions kept.
	Tries, Accepted int
}

// Minimize delta-debugs a failing subject: it drops results, returns an
// op's results in place of the function's (removing what only consumed
// them), returns an operand of the op defining a result instead of the
// result, bypasses ops
// (an op's result replaced by an operand of the same type), cuts ops (their
// results replaced by new arguments holding the values the reference
// interpreter computed for them, so the data that made the failure stays),
// removes what became dead, and shrinks dynamic dimensions of the
// arguments, keeping each step under which pred still holds, until none
// applies. The subject must satisfy pred.
func Minimize(ctx context.Context, s *Subject, pred Predicate, log io.Writer) (*Subject, MinimizeStats, error) {
	var st MinimizeStats
	cur, err := normalize(s)
	if err != nil {
		return nil, st, err
	}
	st.OpsBefore = countOps(cur)
	try := func(c *Subject) bool {
		if c == nil || ctx.Err() != nil {
			return false
		}
		st.Tries++
		if !pred(ctx, c) {
			return false
		}
		st.Accepted++
		cur = c
		if log != nil {
			fmt.Fprintf(log, "minimize: %d ops, %d arguments\n", countOps(cur), len(cur.Inputs))
		}
		return true
	}
	if !try(cur) {
		return nil, st, fmt.Errorf("the subject does not fail the predicate (after removing dead code)")
	}
	st.Tries, st.Accepted = 0, 0
	for changed := true; changed && ctx.Err() == nil; {
		changed = false
		for i := numResults(cur) - 1; i >= 0 && numResults(cur) > 1; i-- {
			if try(mutate(cur, func(m *module) error { return m.dropResult(i) })) {
				changed = true
			}
		}
		// Return an op's results instead: what only consumes them goes.
		for k := countOps(cur) - 1; k >= 0; k-- {
			if try(mutate(cur, func(m *module) error { return m.returnOp(k) })) {
				changed = true
				k = min(k, countOps(cur))
			}
		}
		// Return an operand of the op defining a result instead (of any
		// type, unlike a bypass): the op goes unless something else uses
		// it.
		for i := 0; i < numResults(cur); i++ {
			for j := 0; j < 4; j++ {
				if try(mutate(cur, func(m *module) error { return m.returnOperand(i, j) })) {
					changed = true
					break
				}
			}
		}
		for k := 0; k < countOps(cur); k++ {
			for j := 0; ; j++ {
				c, ok := bypass(cur, k, j)
				if !ok {
					break
				}
				if try(c) {
					changed = true
					break
				}
			}
		}
		for k := 0; k < countOps(cur); k++ {
			if try(cut(ctx, cur, k)) {
				changed = true
				k--
			}
		}
		for i := range cur.Inputs {
			for d := range cur.Inputs[i].Rank() {
				for _, size := range []int64{0, 1, 2} {
					if try(shrinkArg(cur, i, d, size)) {
						changed = true
						break
					}
				}
			}
		}
	}
	st.OpsAfter = countOps(cur)
	return cur, st, nil
}

// module is a parsed subject being changed.
type module struct {
	m      *ir.Operation
	fn     *ir.Operation
	inputs []*interp.Tensor
	entry  string
}

func parseSubject(s *Subject) (*module, error) {
	m, err := asm.ParseString(registry.NewContext(), s.Module, asm.ParseOptions{})
	if err != nil {
		return nil, err
	}
	for op := range builtin.ModuleBody(m).Ops() {
		if n, _ := op.StringAttr(ir.SymbolAttrName); n == s.Entry && op.Name() == function.FuncDef.Name {
			if op.Region(0).Empty() || len(op.Region(0).Blocks()) != 1 {
				return nil, fmt.Errorf("@%s must have one block", s.Entry)
			}
			return &module{m: m, fn: op, inputs: slices.Clone(s.Inputs), entry: s.Entry}, nil
		}
	}
	return nil, fmt.Errorf("no function @%s", s.Entry)
}

func (m *module) body() *ir.Block { return m.fn.Region(0).Front() }

// ops returns the entry's ops without the terminator.
func (m *module) ops() []*ir.Operation {
	var out []*ir.Operation
	for op := range m.body().Ops() {
		if op != m.body().Terminator() {
			out = append(out, op)
		}
	}
	return out
}

// cleanup erases dead ops and unused arguments and updates the function
// type.
func (m *module) cleanup() {
	for changed := true; changed; {
		changed = false
		ops := m.ops()
		for i := len(ops) - 1; i >= 0; i-- {
			op := ops[i]
			if op.NumResults() == 0 {
				continue
			}
			dead := true
			for _, r := range op.Results() {
				if !r.UseEmpty() {
					dead = false
				}
			}
			if dead {
				op.Erase()
				changed = true
			}
		}
	}
	b := m.body()
	for i := b.NumArgs() - 1; i >= 0; i-- {
		if b.Arg(i).UseEmpty() {
			b.EraseArgument(i)
			m.inputs = slices.Delete(m.inputs, i, i+1)
		}
	}
	m.updateType()
}

func (m *module) updateType() {
	var ins, outs []ir.Type
	for _, a := range m.body().Args() {
		ins = append(ins, a.Type())
	}
	for _, v := range m.body().Terminator().Operands() {
		outs = append(outs, v.Type())
	}
	m.fn.SetAttr("function_type", &ir.TypeAttr{Value: m.fn.Context().Function(ins, outs)})
}

func (m *module) dropResult(i int) error {
	ret := m.body().Terminator()
	vs := ret.Operands()
	if i >= len(vs) {
		return fmt.Errorf("no result #%d", i)
	}
	ret.SetOperands(slices.Delete(slices.Clone(vs), i, i+1))
	return nil
}

// returnOp makes op k's tensor results the function's results.
func (m *module) returnOp(k int) error {
	ops := m.ops()
	if k >= len(ops) {
		return fmt.Errorf("no op #%d", k)
	}
	var vs []ir.Value
	for _, r := range ops[k].Results() {
		if _, ok := r.Type().(*ir.RankedTensorType); !ok {
			return fmt.Errorf("op #%d has a non-tensor result", k)
		}
		vs = append(vs, r)
	}
	ret := m.body().Terminator()
	if len(vs) == 0 || slices.Equal(vs, ret.Operands()) {
		return fmt.Errorf("nothing to change")
	}
	ret.SetOperands(vs)
	return nil
}

// returnOperand returns the j-th distinct tensor operand of the op that
// defines result i in place of that result.
func (m *module) returnOperand(i, j int) error {
	ret := m.body().Terminator()
	if i >= ret.NumOperands() {
		return fmt.Errorf("no result #%d", i)
	}
	op := ir.DefiningOp(ret.Operand(i))
	if op == nil {
		return fmt.Errorf("result #%d is an argument", i)
	}
	var cands []ir.Value
	for _, v := range op.Operands() {
		if _, ok := v.Type().(*ir.RankedTensorType); ok && !slices.Contains(cands, v) {
			cands = append(cands, v)
		}
	}
	if j >= len(cands) {
		return fmt.Errorf("no operand #%d", j)
	}
	vs := slices.Clone(ret.Operands())
	vs[i] = cands[j]
	ret.SetOperands(vs)
	return nil
}

func (m *module) subject() *Subject {
	m.cleanup()
	return &Subject{Module: asm.String(m.m, asm.PrintOptions{}), Entry: m.entry, Inputs: m.inputs}
}

// mutate applies f to a copy of s; nil when f fails or the result does
// not verify.
func mutate(s *Subject, f func(*module) error) *Subject {
	m, err := parseSubject(s)
	if err != nil {
		return nil
	}
	if err := f(m); err != nil {
		return nil
	}
	out := m.subject()
	if err := ir.Verify(m.m); err != nil {
		return nil
	}
	return out
}

func normalize(s *Subject) (*Subject, error) {
	m, err := parseSubject(s)
	if err != nil {
		return nil, err
	}
	return m.subject(), nil
}

func countOps(s *Subject) int {
	m, err := parseSubject(s)
	if err != nil {
		return 0
	}
	return len(m.ops())
}

func numResults(s *Subject) int {
	m, err := parseSubject(s)
	if err != nil {
		return 0
	}
	return m.body().Terminator().NumOperands()
}

// bypass replaces the results of op k by its j-th operand of the same
// type (false when there is no j-th such operand).
func bypass(s *Subject, k, j int) (*Subject, bool) {
	m, err := parseSubject(s)
	if err != nil {
		return nil, false
	}
	ops := m.ops()
	if k >= len(ops) || ops[k].NumResults() != 1 {
		return nil, false
	}
	op := ops[k]
	var same []ir.Value
	for _, v := range op.Operands() {
		if v.Type() == op.Result(0).Type() && !slices.Contains(same, v) {
			same = append(same, v)
		}
	}
	if j >= len(same) {
		return nil, false
	}
	op.Result(0).ReplaceAllUsesWith(same[j])
	out := m.subject()
	if ir.Verify(m.m) != nil {
		return nil, true
	}
	return out, true
}

// cut replaces the tensor results of op k by new arguments holding their
// values (computed by the reference interpreter).
func cut(ctx context.Context, s *Subject, k int) *Subject {
	m, err := parseSubject(s)
	if err != nil {
		return nil
	}
	ops := m.ops()
	if k >= len(ops) {
		return nil
	}
	op := ops[k]
	var results []ir.Value
	for _, r := range op.Results() {
		if _, ok := r.Type().(*ir.RankedTensorType); !ok {
			return nil
		}
		if !r.UseEmpty() {
			results = append(results, r)
		}
	}
	if len(results) == 0 {
		return nil
	}
	vals := evalValues(ctx, s, k)
	for i, r := range results {
		a := m.body().AddArgument(r.Type(), op.Loc())
		r.ReplaceAllUsesWith(a)
		var t *interp.Tensor
		if vals != nil {
			t = vals[i]
		} else {
			t = randomTensor(r.Type().(*ir.RankedTensorType), int64(k))
		}
		m.inputs = append(m.inputs, t)
	}
	out := m.subject()
	if ir.Verify(m.m) != nil {
		return nil
	}
	return out
}

// evalValues computes the used tensor results of op k on the reference
// interpreter (nil when it cannot run the subject).
func evalValues(ctx context.Context, s *Subject, k int) []*interp.Tensor {
	m, err := parseSubject(s)
	if err != nil {
		return nil
	}
	op := m.ops()[k]
	var vs []ir.Value
	for _, r := range op.Results() {
		if !r.UseEmpty() {
			vs = append(vs, r)
		}
	}
	m.body().Terminator().SetOperands(vs)
	m.updateType()
	text := asm.String(m.m, asm.PrintOptions{})
	o := interpBackend{}.run(ctx, Job{Module: text, Entry: s.Entry, Inputs: s.Inputs})
	if o.Err != nil || len(o.Results) != len(vs) {
		return nil
	}
	return o.Results
}

// randomTensor fills a tensor of type t (dynamic sizes 2) with seeded
// values, for cuts the interpreter cannot evaluate.
func randomTensor(t *ir.RankedTensorType, seed int64) *interp.Tensor {
	r := rand.New(rand.NewSource(seed))
	shape := slices.Clone(t.Shape())
	n := 1
	for i, d := range shape {
		if d == ir.Dynamic {
			shape[i] = 2
		}
		n *= int(shape[i])
	}
	dt, err := interp.DTypeOf(t.Elem)
	if err != nil {
		return nil
	}
	vals := make([]float64, n)
	for i := range vals {
		if dt.IsFloat() {
			vals[i] = r.Float64()*2 - 1
		} else {
			vals[i] = float64(r.Intn(2))
		}
	}
	x, err := interp.FromFloats(dt, shape, vals)
	if err != nil {
		return nil
	}
	return x
}

// shrinkArg keeps the first size elements of dimension d of argument i
// when that dimension is dynamic and larger.
func shrinkArg(s *Subject, i, d int, size int64) *Subject {
	m, err := parseSubject(s)
	if err != nil {
		return nil
	}
	t, ok := m.body().Arg(i).Type().(*ir.RankedTensorType)
	if !ok || t.Shape()[d] != ir.Dynamic || s.Inputs[i].Dim(d) <= size {
		return nil
	}
	x := s.Inputs[i]
	shape := slices.Clone(x.Shape())
	shape[d] = size
	out, err := interp.NewTensor(x.DType(), shape)
	if err != nil {
		return nil
	}
	// Copy the kept elements: walk the new tensor's indices.
	idx := make([]int64, len(shape))
	for k := 0; k < out.Len(); k++ {
		src := 0
		for j := range idx {
			src = src*int(x.Dim(j)) + int(idx[j])
		}
		if x.DType().IsFloat() {
			out.SetFloat(k, x.Float(src))
		} else {
			out.SetInt(k, x.Int(src))
		}
		for j := len(idx) - 1; j >= 0; j-- {
			idx[j]++
			if idx[j] < shape[j] {
				break
			}
			idx[j] = 0
		}
	}
	inputs := slices.Clone(s.Inputs)
	inputs[i] = out
	return &Subject{Module: s.Module, Entry: s.Entry, Inputs: inputs}
}
