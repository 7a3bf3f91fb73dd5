package ttrun

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
)

// Backend runs one function of a module. tt-run makes a fresh Backend per
// run, calls Prepare once (after --pass-pipeline ran), then Run once per
// execution (twice or more with --bench).
//
// Arguments and results are interpreter tensors (interp.Tensor), whatever
// the backend computes with: they are what tt-run reads from and writes to
// .npy files.
type Backend interface {
	// Name is the name --backend selects.
	Name() string
	// Prepare readies the function entry of module to run: the backend's
	// own lowering and compilation happen here (the module is the backend's
	// to change). Errors located in the module should be *ir.Diagnostic
	// values, so that tt-run can show the source line.
	Prepare(ctx context.Context, module *ir.Operation, entry string) error
	// Run runs the prepared function with args, which conform to its
	// signature (tt-run checks them), and returns its results. Run-time
	// errors located at an operation should be *ir.Diagnostic values.
	Run(ctx context.Context, args []*interp.Tensor) ([]*interp.Tensor, error)
}

// Backends maps backend names to factories. It is a plain value so that
// tests and tools can build their own; DefaultBackends has tt's.
type Backends struct {
	factories map[string]func() Backend
}

// NewBackends returns an empty set of backends.
func NewBackends() *Backends { return &Backends{factories: map[string]func() Backend{}} }

// DefaultBackends returns the backends tt-run offers: "interp", the
// reference interpreter, and "go", generated Go code (see NewGoBackend).
func DefaultBackends() *Backends {
	b := NewBackends()
	b.Register("interp", NewInterpBackend)
	b.Register(GoBackendName, NewGoBackend)
	b.Register(PTXSimBackendName, NewPTXSimBackend)
	b.Register(CUDABackendName, NewCUDABackend)
	return b
}

// Register adds a backend factory under name, replacing any previous one.
func (b *Backends) Register(name string, factory func() Backend) { b.factories[name] = factory }

// Names returns the registered backend names, sorted.
func (b *Backends) Names() []string {
	out := make([]string, 0, len(b.factories))
	for n := range b.factories {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// New returns a fresh backend called name, or an error listing the known
// ones.
func (b *Backends) New(name string) (Backend, error) {
	f := b.factories[name]
	if f == nil {
		return nil, fmt.Errorf("unknown backend %q (known backends: %s)", name, strings.Join(b.Names(), ", "))
	}
	return f(), nil
}

// interpBackend runs functions with the reference interpreter; it has no
// lowering of its own.
type interpBackend struct {
	in    *interp.Interpreter
	entry string
}

// NewInterpBackend returns the "interp" backend: the reference
// interpreter (package interp) with every kernel tt has.
func NewInterpBackend() Backend { return &interpBackend{} }

func (b *interpBackend) Name() string { return "interp" }

func (b *interpBackend) Prepare(_ context.Context, module *ir.Operation, entry string) error {
	b.in = interp.New(module, kernels.NewRegistry())
	if _, err := b.in.Function(entry); err != nil {
		return err
	}
	b.entry = entry
	return nil
}

func (b *interpBackend) Run(ctx context.Context, args []*interp.Tensor) ([]*interp.Tensor, error) {
	if b.in == nil {
		return nil, fmt.Errorf("interp backend: Run before Prepare")
	}
	vals := interp.Values(args...)
	for i, a := range args {
		// A function may store into its memref arguments: every run gets
		// its own copy.
		vals[i] = a.Clone()
	}
	res, err := b.in.RunContext(ctx, b.entry, vals...)
	if err != nil {
		return nil, err
	}
	// memref results are buffers: their storage is the result.
	for i, v := range res {
		if buf, ok := v.(*interp.Buffer); ok {
			t, err := buf.Storage()
			if err != nil {
				return nil, fmt.Errorf("result #%d: %v", i, err)
			}
			res[i] = t
		}
	}
	return interp.Tensors(res)
}
