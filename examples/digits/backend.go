package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/tt-compiler/tt/backend/gobuild"
	"github.com/tt-compiler/tt/backend/ptxsim"
	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
)

// backend runs the two functions training needs.
type backend interface {
	// step runs @train_step on a batch and returns the loss and the
	// updated parameters.
	step(x, y *interp.Tensor, params []*interp.Tensor) (float64, []*interp.Tensor, error)
	// predict runs @predict and returns the class of each image.
	predict(x *interp.Tensor, params []*interp.Tensor) ([]int64, error)
	close() error
}

// newBackend returns the backend called name for module m (which it may
// change).
func newBackend(ctx context.Context, name string, m *ir.Operation) (backend, error) {
	switch name {
	case "", "interp":
		return &interpBackend{in: interp.New(m, kernels.NewRegistry())}, nil
	case "go":
		return newGoBackend(ctx, m)
	case "ptxsim":
		b := &ptxsimBackend{ctx: ctx}
		if err := b.r.Prepare(ctx, m, "train_step"); err != nil {
			return nil, err
		}
		return b, nil
	}
	return nil, fmt.Errorf("unknown backend %q (interp, go or ptxsim)", name)
}

// interpBackend runs the tensor-level module in the reference interpreter.
type interpBackend struct{ in *interp.Interpreter }

func (b *interpBackend) step(x, y *interp.Tensor, params []*interp.Tensor) (float64, []*interp.Tensor, error) {
	out, err := b.in.RunTensors("train_step", append([]*interp.Tensor{x, y}, params...)...)
	if err != nil {
		return 0, nil, err
	}
	return out[0].Float(0), out[1:], nil
}

func (b *interpBackend) predict(x *interp.Tensor, params []*interp.Tensor) ([]int64, error) {
	out, err := b.in.RunTensors("predict", append([]*interp.Tensor{x}, params...)...)
	if err != nil {
		return nil, err
	}
	return out[0].I64(), nil
}

func (b *interpBackend) close() error { return nil }

// goBackend runs the module compiled to Go: lowered by pt2-go, emitted by
// goemit, built into tt's build cache (gobuild, as tt-run --backend go
// does) and run as two child processes serving @train_step and @predict.
type goBackend struct {
	ctx           context.Context
	train, classf *gobuild.Process
}

func newGoBackend(ctx context.Context, m *ir.Operation) (*goBackend, error) {
	if err := gobuild.Lower(ctx, m, registry.NewPassRegistry(), gobuild.LowerOptions{}); err != nil {
		return nil, err
	}
	pkg, err := goemit.Emit(m, goemit.Options{Package: goemit.DefaultPackage, Source: "examples/digits/model.mlir"})
	if err != nil {
		return nil, err
	}
	for _, f := range []string{"train_step", "predict"} {
		if pkg.Func(f) == nil {
			return nil, fmt.Errorf("the generated package has no function for @%s", f)
		}
	}
	prog, err := gobuild.Build(ctx, pkg, gobuild.BuildOptions{Version: ttrun.Version})
	if err != nil {
		return nil, err
	}
	b := &goBackend{ctx: ctx}
	if b.train, err = prog.Start(pkg.Func("train_step").Name); err != nil {
		return nil, err
	}
	if b.classf, err = prog.Start(pkg.Func("predict").Name); err != nil {
		_ = b.train.Close()
		return nil, err
	}
	return b, nil
}

// call runs one function in its child process on tensors.
func (b *goBackend) call(p *gobuild.Process, args []*interp.Tensor) ([]*interp.Tensor, error) {
	arrays := make([]*npy.Array, len(args))
	for i, a := range args {
		x, err := a.ToNPY()
		if err != nil {
			return nil, fmt.Errorf("argument #%d: %v", i, err)
		}
		arrays[i] = x
	}
	res, _, err := p.Call(b.ctx, arrays)
	if err != nil {
		return nil, err
	}
	out := make([]*interp.Tensor, len(res))
	for i, r := range res {
		if out[i], err = interp.FromNPY(r); err != nil {
			return nil, fmt.Errorf("result #%d: %v", i, err)
		}
	}
	return out, nil
}

func (b *goBackend) step(x, y *interp.Tensor, params []*interp.Tensor) (float64, []*interp.Tensor, error) {
	out, err := b.call(b.train, append([]*interp.Tensor{x, y}, params...))
	if err != nil {
		return 0, nil, err
	}
	if len(out) != 1+len(params) {
		return 0, nil, fmt.Errorf("train_step returned %d results, want %d", len(out), 1+len(params))
	}
	return out[0].Float(0), out[1:], nil
}

func (b *goBackend) predict(x *interp.Tensor, params []*interp.Tensor) ([]int64, error) {
	out, err := b.call(b.classf, append([]*interp.Tensor{x}, params...))
	if err != nil {
		return nil, err
	}
	if len(out) != 1 {
		return nil, fmt.Errorf("predict returned %d results, want 1", len(out))
	}
	return out[0].I64(), nil
}

func (b *goBackend) close() error {
	return errors.Join(b.train.Close(), b.classf.Close())
}

// ptxsimBackend runs the module lowered by pt2-gpu: kernels as PTX on the
// simulator, the host functions in the interpreter (tt-run --backend
// ptxsim). Slow, but the real emitted PTX.
type ptxsimBackend struct {
	ctx context.Context
	r   ptxsim.Runner
}

func (b *ptxsimBackend) step(x, y *interp.Tensor, params []*interp.Tensor) (float64, []*interp.Tensor, error) {
	out, err := b.r.Call(b.ctx, "train_step", append([]*interp.Tensor{x, y}, params...)...)
	if err != nil {
		return 0, nil, err
	}
	return out[0].Float(0), out[1:], nil
}

func (b *ptxsimBackend) predict(x *interp.Tensor, params []*interp.Tensor) ([]int64, error) {
	out, err := b.r.Call(b.ctx, "predict", append([]*interp.Tensor{x}, params...)...)
	if err != nil {
		return nil, err
	}
	return out[0].I64(), nil
}

func (b *ptxsimBackend) close() error { return nil }
