package tt

import (
	"bytes"
	"fmt"
	"log"
	"reflect"
	"strings"
)

// ValueAndGrad returns a function that computes fn's loss (a rank-0 float
// tensor) and the gradients of fn's *Tensor arguments, in order (nil for
// integer and boolean tensors). The gradients come from the aot-autograd
// pass on the captured graph (its value-and-grad function), compiled for
// the backend Options select and cached under the same guards as Compile,
// automatic dynamic shapes included. Graph breaks in fn are allowed: each
// graph is differentiated on its own and the gradients chained through the
// tensors the graphs pass each other; values read as Go numbers are
// constants, as item() is in PyTorch. The returned function panics with an
// *Error when fn cannot be differentiated.
func ValueAndGrad[F any](fn F, opts ...Option) func(args ...any) (*Tensor, []*Tensor) {
	c := newCompiled(fn, opts)
	if c.ftype.NumOut() != 1 {
		panic(fmt.Sprintf("tt.ValueAndGrad: %s must return one tensor (the loss)", c.ftype))
	}
	c.grad = true
	f := func(args ...any) (*Tensor, []*Tensor) {
		vals := c.argValues("tt.ValueAndGrad", args)
		res := c.call(vals)
		loss := res[0].Interface().(*Tensor)
		var grads []*Tensor
		k := 1
		for _, a := range args {
			t, ok := a.(*Tensor)
			if !ok {
				continue
			}
			if !t.dtype.IsFloat() {
				grads = append(grads, nil)
				continue
			}
			grads = append(grads, res[k].Interface().(*Tensor))
			k++
		}
		return loss, grads
	}
	states.Store(funcKey(f), c)
	return f
}

// Grad is ValueAndGrad without the loss.
func Grad[F any](fn F, opts ...Option) func(args ...any) []*Tensor {
	vg := ValueAndGrad(fn, opts...)
	return func(args ...any) []*Tensor {
		_, g := vg(args...)
		return g
	}
}

// argValues checks args against the function's parameters.
func (c *compiled) argValues(who string, args []any) []reflect.Value {
	if len(args) != c.ftype.NumIn() {
		panic(&Error{Msg: fmt.Sprintf("%s: %d arguments for %s", who, len(args), c.ftype)})
	}
	vals := make([]reflect.Value, len(args))
	for i, a := range args {
		v := reflect.ValueOf(a)
		if !v.IsValid() || !v.Type().AssignableTo(c.ftype.In(i)) {
			panic(&Error{Msg: fmt.Sprintf("%s: argument %d is %T, want %s", who, i, a, c.ftype.In(i))})
		}
		vals[i] = v
	}
	return vals
}

// Explanation is what Explain found: the graphs fn was captured into, the
// graph breaks with their Go source positions, and the guards of the
// first compiled graph (torch._dynamo.explain's report).
type Explanation struct {
	Graphs       []string // tensor-dialect IR of each captured graph
	BreakReasons []BreakReason
	Guards       []string
}

// String renders the explanation.
func (e *Explanation) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Graph count: %d\nGraph break count: %d\n", len(e.Graphs), len(e.BreakReasons))
	for i, b := range e.BreakReasons {
		fmt.Fprintf(&sb, "Break reason %d: %s at %s\n", i+1, b.Reason, b.Where)
	}
	sb.WriteString("Guards:\n")
	for _, g := range e.Guards {
		fmt.Fprintf(&sb, "  %s\n", g)
	}
	for i, g := range e.Graphs {
		fmt.Fprintf(&sb, "Graph %d:\n%s\n", i+1, g)
	}
	return sb.String()
}

// Explain traces fn (a function Compile accepts) over args on the
// interpreter and reports its graphs, graph breaks and guards.
func Explain(fn any, args ...any) (ex *Explanation, err error) {
	defer func() {
		if r := recover(); r != nil {
			te, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			ex, err = nil, te
		}
	}()
	var logs bytes.Buffer
	c := newCompiled(fn, []Option{Logger(log.New(&logs, "", 0))})
	c.call(c.argValues("tt.Explain", args))
	defer c.release()
	if c.counters.EagerFallbacks > 0 {
		return nil, &Error{Msg: strings.TrimSpace(logs.String())}
	}
	ex = &Explanation{Graphs: c.graphs, BreakReasons: c.breaks}
	if len(c.entries) > 0 {
		ex.Guards = c.entries[0].guards()
	}
	return ex, nil
}
