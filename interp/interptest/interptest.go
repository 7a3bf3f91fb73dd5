// Package interptest helps test interpreter kernels: it builds a one-op
// function from a compact description, parses it (generic form, so the op
// need not be registered), runs it through an interp.Interpreter and
// returns the results; and it builds tensors from literals.
package interptest

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// Op describes a single operation to run.
type Op struct {
	Name  string   // e.g. "tensor.add"
	Attrs string   // attribute dictionary in MLIR syntax, e.g. "{dim = 1 : i64}", or ""
	In    []string // operand types, e.g. "tensor<2x?xf32>"
	Out   []string // result types
}

// Module returns the MLIR text of a module holding func @f, which applies
// the op to its arguments and returns the op's results.
func (o Op) Module() string {
	var sb strings.Builder
	sb.WriteString("func.func @f(")
	for i, t := range o.In {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%%a%d: %s", i, t)
	}
	fmt.Fprintf(&sb, ") -> (%s) {\n  ", strings.Join(o.Out, ", "))
	switch len(o.Out) {
	case 0:
	case 1:
		sb.WriteString("%r = ")
	default:
		fmt.Fprintf(&sb, "%%r:%d = ", len(o.Out))
	}
	args := make([]string, len(o.In))
	for i := range args {
		args[i] = fmt.Sprintf("%%a%d", i)
	}
	fmt.Fprintf(&sb, "%q(%s) %s : (%s) -> (%s)\n", o.Name, strings.Join(args, ", "), o.Attrs, strings.Join(o.In, ", "), strings.Join(o.Out, ", "))
	results := make([]string, len(o.Out))
	for i := range results {
		if len(o.Out) == 1 {
			results[i] = "%r"
		} else {
			results[i] = fmt.Sprintf("%%r#%d", i)
		}
	}
	if len(results) == 0 {
		sb.WriteString("  return\n}\n")
	} else {
		fmt.Fprintf(&sb, "  return %s : %s\n}\n", strings.Join(results, ", "), strings.Join(o.Out, ", "))
	}
	return sb.String()
}

// Context returns a context with the builtin and func dialects that keeps
// unregistered operations.
func Context() *ir.Context {
	ctx := builtin.NewContext()
	ctx.AllowUnregistered = true
	return ctx
}

// Parse parses MLIR text into a module with Context().
func Parse(src string) (*ir.Operation, error) {
	return asm.ParseString(Context(), src, asm.ParseOptions{Filename: "test.mlir"})
}

// Run runs the op on args with the kernels of reg and returns the results.
func Run(reg *interp.Registry, o Op, args ...*interp.Tensor) ([]*interp.Tensor, error) {
	m, err := Parse(o.Module())
	if err != nil {
		return nil, fmt.Errorf("parsing %s: %v", o.Module(), err)
	}
	return interp.New(m, reg).RunTensors("f", args...)
}

// Run1 is Run for ops with one result.
func Run1(reg *interp.Registry, o Op, args ...*interp.Tensor) (*interp.Tensor, error) {
	res, err := Run(reg, o, args...)
	if err != nil {
		return nil, err
	}
	if len(res) != 1 {
		return nil, fmt.Errorf("got %d results", len(res))
	}
	return res[0], nil
}

func must(t *interp.Tensor, err error) *interp.Tensor {
	if err != nil {
		panic(err)
	}
	return t
}

// F32 returns an f32 tensor of the given shape and values.
func F32(shape []int64, v ...float32) *interp.Tensor { return must(interp.FromF32(shape, v)) }

// F64 returns an f64 tensor.
func F64(shape []int64, v ...float64) *interp.Tensor { return must(interp.FromF64(shape, v)) }

// I32 returns an i32 tensor.
func I32(shape []int64, v ...int32) *interp.Tensor { return must(interp.FromI32(shape, v)) }

// I64 returns an i64 tensor.
func I64(shape []int64, v ...int64) *interp.Tensor { return must(interp.FromI64(interp.I64, shape, v)) }

// Index returns an index tensor.
func Index(shape []int64, v ...int64) *interp.Tensor {
	return must(interp.FromI64(interp.Index, shape, v))
}

// Bool returns an i1 tensor.
func Bool(shape []int64, v ...bool) *interp.Tensor { return must(interp.FromBool(shape, v)) }

// Floats returns a tensor of type dt holding v (rounded to dt).
func Floats(dt interp.DType, shape []int64, v ...float64) *interp.Tensor {
	return must(interp.FromFloats(dt, shape, v))
}

// Ints returns a tensor of type dt holding v (wrapped to dt).
func Ints(dt interp.DType, shape []int64, v ...int64) *interp.Tensor {
	return must(interp.FromInts(dt, shape, v))
}

// S is shorthand for a shape.
func S(dims ...int64) []int64 { return dims }
