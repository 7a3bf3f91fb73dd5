package nn

import (
	"fmt"
	"reflect"

	"github.com/tt-compiler/tt"
)

// ValueAndGrad is tt.ValueAndGrad for a loss that reads parameters from
// modules (torch.func.functional_call's role): the returned function
// computes fn's loss over args and the gradients of params, in order.
//
// fn is a function tt.Compile accepts (over *tt.Tensor, int, float64 and
// bool arguments) returning the loss, a rank-0 float tensor; it reads the
// parameters through the module fields params point to. The parameters
// become leading arguments of the captured graph: while tracing, each
// field holds the parameter's symbolic tensor (and gets its tensor back
// afterwards), so a graph compiled once serves every later parameter
// value, and an optimizer that stores new tensors in the fields needs no
// recompile. Options are tt's (Backend, Logger, ...); tt.Counters and
// tt.Release work on the returned function.
func ValueAndGrad[F any](params []Param, fn F, opts ...tt.Option) func(args ...any) (*tt.Tensor, []*tt.Tensor) {
	fv := reflect.ValueOf(fn)
	ft := fv.Type()
	if ft.Kind() != reflect.Func || ft.IsVariadic() {
		panic(fmt.Sprintf("nn.ValueAndGrad: %s is not a non-variadic function", ft))
	}
	n := len(params)
	in := make([]reflect.Type, 0, n+ft.NumIn())
	for range params {
		in = append(in, tensorPtrType)
	}
	for i := range ft.NumIn() {
		in = append(in, ft.In(i))
	}
	out := make([]reflect.Type, ft.NumOut())
	for i := range out {
		out[i] = ft.Out(i)
	}
	wt := reflect.FuncOf(in, out, false)
	wrapped := reflect.MakeFunc(wt, func(args []reflect.Value) []reflect.Value {
		saved := make([]*tt.Tensor, n)
		for i, p := range params {
			saved[i] = *p.Ptr
			*p.Ptr = args[i].Interface().(*tt.Tensor)
		}
		defer func() {
			for i, p := range params {
				*p.Ptr = saved[i]
			}
		}()
		return fv.Call(args[n:])
	})
	vg := tt.ValueAndGrad[any](wrapped.Interface(), opts...)
	f := func(args ...any) (*tt.Tensor, []*tt.Tensor) {
		all := make([]any, 0, n+len(args))
		for _, p := range params {
			all = append(all, *p.Ptr)
		}
		all = append(all, args...)
		loss, grads := vg(all...)
		return loss, grads[:n]
	}
	return tt.Wraps(f, vg)
}
