package interp

import (
	"fmt"
	"sort"

	"github.com/tt-compiler/tt/ir"
)

// Kernel executes one operation: it receives the values of the op's
// operands and returns the values of its results (one per result, each
// conforming to the result's type; the interpreter checks this).
//
// A kernel reports bad input (shapes that do not match at run time, an
// attribute it cannot use, an index out of range) by returning an error; the
// interpreter locates plain errors at the op and prefixes the op name, so
// messages read "tensor.matmul: inner dimensions differ at run time: 3 vs 4".
// An error that is already an *ir.Diagnostic is passed on unchanged.
//
// Terminators transfer control with Exec.Branch or Exec.Yield; ops with
// regions run them with Exec.RunRegion; calls use Exec.CallFunction.
type Kernel func(e *Exec, op *ir.Operation, args []Value) ([]Value, error)

// Registry maps operation names to kernels. It is a plain value, not a
// global: each dialect's kernel package exports Register(*Registry), and a
// program builds the registry it needs with NewRegistry and those.
type Registry struct {
	kernels map[string]Kernel
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{kernels: map[string]Kernel{}} }

// Register adds the kernel for an op name. Registering a name twice is a
// programming error and panics; use Replace to override a kernel on purpose.
func (r *Registry) Register(name string, k Kernel) {
	if _, dup := r.kernels[name]; dup {
		panic(fmt.Sprintf("interp: kernel for %q registered twice", name))
	}
	r.kernels[name] = k
}

// Replace sets the kernel for an op name, replacing any previous one.
func (r *Registry) Replace(name string, k Kernel) { r.kernels[name] = k }

// Lookup returns the kernel for an op name, or nil.
func (r *Registry) Lookup(name string) Kernel { return r.kernels[name] }

// Has reports whether a kernel is registered for the op name.
func (r *Registry) Has(name string) bool { return r.kernels[name] != nil }

// Names returns the registered op names, sorted.
func (r *Registry) Names() []string {
	out := make([]string, 0, len(r.kernels))
	for n := range r.kernels {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
