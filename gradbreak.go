package tt

import (
	"fmt"

	"github.com/tt-compiler/tt/autodiff"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// gradTape records the graphs a differentiated function with graph breaks
// ran, for the backward pass: PT2 wraps each graph between breaks in its
// own autograd.Function, whose forward saves what its backward needs, and
// eager autograd chains them through the Python code between the graphs.
// Here each graph is differentiated separately (@graph_fwd, @graph_bwd) and
// the gradients are chained through the tensors the graphs pass each other.
type gradTape struct {
	inputs []*Tensor // the symbolic tensors of fn's tensor arguments
	segs   []*tapeSegment
}

// tapeSegment is one graph that ran forward.
type tapeSegment struct {
	bwd     *graphRunner
	saved   []*interp.Tensor // @graph_fwd's saved values
	args    []*Tensor        // the tensors bound to the graph's arguments
	results []*Tensor        // the tensors the graph computed
}

// newTape returns a tape for a differentiated function, nil otherwise.
func (c *compiled) newTape() *gradTape {
	if !c.grad {
		return nil
	}
	return &gradTape{}
}

// runForward runs the forward graph of tr (its results are tr.results) and
// records its backward graph and saved values on the tape.
func (c *compiled) runForward(tr *tracer, tp *gradTape) ([]*interp.Tensor, error) {
	fwd, bwd, err := c.gradGraphsFor(tr)
	if err != nil {
		return nil, err
	}
	out, err := fwd.call(tr.args)
	if err != nil {
		return nil, err
	}
	n := len(tr.results)
	if len(out) < n {
		return nil, fmt.Errorf("the forward graph returned %d values, want at least %d", len(out), n)
	}
	tp.segs = append(tp.segs, &tapeSegment{bwd: bwd, saved: out[n:], args: tr.argTs, results: tr.results})
	return out[:n], nil
}

// gradGraphsFor returns the compiled forward and backward graphs of a
// trace, by its text.
func (c *compiled) gradGraphsFor(tr *tracer) (fwd, bwd *graphRunner, err error) {
	if err := ir.Verify(tr.module); err != nil {
		return nil, nil, fmt.Errorf("the captured graph does not verify: %v\n%s", err, tr.text())
	}
	text := tr.text()
	if g, ok := c.byTextGrad[text]; ok {
		return g[0], g[1], nil
	}
	c.addGraph(text)
	if _, err := autodiff.Differentiate(tr.fn, autodiff.RecomputeMinCut); err != nil {
		return nil, nil, err
	}
	// Each backend lowers its module in place: the backward graph gets a
	// copy.
	copied, err := asm.ParseString(registry.NewContext(), tr.text(), asm.ParseOptions{})
	if err != nil {
		return nil, nil, fmt.Errorf("copying the differentiated graph: %v", err)
	}
	if fwd, err = c.buildModule(tr.module, graphName+"_fwd"); err != nil {
		return nil, nil, err
	}
	if bwd, err = c.buildModule(copied, graphName+"_bwd"); err != nil {
		fwd.close()
		return nil, nil, err
	}
	c.byTextGrad[text] = [2]*graphRunner{fwd, bwd}
	return fwd, bwd, nil
}

// runLastGrad runs the graph that ends a differentiated function with graph
// breaks (tr, returning loss), then the backward graphs of every graph in
// reverse order, and returns the loss and the gradients of fn's float
// tensor arguments. Gradients flow through the tensors the graphs pass each
// other; a value the Go code read as a number is a constant, as
// Tensor.item() is in PyTorch.
func (c *compiled) runLastGrad(tr *tracer, loss *Tensor, tp *gradTape) ([]*interp.Tensor, error) {
	if !loss.dtype.IsFloat() || len(loss.shape) != 0 {
		return nil, fmt.Errorf("aot-autograd: the loss must be a single rank-0 float tensor, got %s%v", loss.dtype, loss.shape)
	}
	var value *interp.Tensor
	if tr.entry.NumOps() == 1 { // only the return: the loss is concrete
		if !tp.computed(loss) {
			return nil, fmt.Errorf("the loss does not depend on the arguments through the graph (a tensor made from Go values has no gradient, as in PyTorch)")
		}
		value = loss.data
	} else {
		tr.results = []*Tensor{loss}
		out, err := c.runForward(tr, tp)
		if err != nil {
			return nil, err
		}
		value = out[0]
	}
	ct := map[*Tensor]*interp.Tensor{loss: Ones(value.DType()).data}
	for i := len(tp.segs) - 1; i >= 0; i-- {
		if err := tp.segs[i].backward(ct); err != nil {
			return nil, err
		}
	}
	res := []*interp.Tensor{value}
	for _, in := range tp.inputs {
		if !in.dtype.IsFloat() {
			continue
		}
		g := ct[in]
		if g == nil {
			g = Zeros(in.dtype, in.shape...).data
		}
		res = append(res, g)
	}
	return res, nil
}

// backward runs the segment's backward graph on the gradients ct holds for
// its results (zeros for results without one) and adds the gradients of
// its arguments to ct. A segment none of whose results has a gradient is
// skipped.
func (s *tapeSegment) backward(ct map[*Tensor]*interp.Tensor) error {
	var tangents []*interp.Tensor
	flows := false
	for _, r := range s.results {
		if !r.dtype.IsFloat() {
			continue
		}
		g := ct[r]
		if g == nil {
			g = Zeros(r.dtype, r.shape...).data
		} else {
			flows = true
		}
		tangents = append(tangents, g)
	}
	if !flows {
		return nil
	}
	grads, err := s.bwd.call(append(append([]*interp.Tensor(nil), s.saved...), tangents...))
	if err != nil {
		return fmt.Errorf("the backward graph: %v", err)
	}
	k := 0
	for _, a := range s.args {
		if !a.dtype.IsFloat() {
			continue
		}
		if k >= len(grads) {
			return fmt.Errorf("the backward graph returned %d gradients, want more", len(grads))
		}
		if prev := ct[a]; prev != nil {
			ct[a] = Add(fromInterp(prev), fromInterp(grads[k])).data
		} else {
			ct[a] = grads[k]
		}
		k++
	}
	return nil
}

// computed reports whether t is an argument of fn or a result of a graph
// on the tape: a tensor gradients flow to.
func (tp *gradTape) computed(t *Tensor) bool {
	for _, in := range tp.inputs {
		if in == t {
			return true
		}
	}
	for _, s := range tp.segs {
		for _, r := range s.results {
			if r == t {
				return true
			}
		}
	}
	return false
}
