package ttrun

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
)

// ArgType is what tt-run needs of a function argument's type: the element
// type and the shape (ir.Dynamic for dynamic dimensions; empty for rank 0
// and for scalar types such as f32 or index, which take rank-0 arrays).
type ArgType struct {
	Type  ir.Type
	DType interp.DType
	Shape []int64
}

// argTypeOf describes an argument type, or says why tt-run cannot supply it.
func argTypeOf(t ir.Type) (ArgType, error) {
	switch tt := t.(type) {
	case *ir.RankedTensorType:
		dt, err := interp.DTypeOf(tt.Elem)
		if err != nil {
			return ArgType{}, err
		}
		return ArgType{Type: t, DType: dt, Shape: tt.Shape()}, nil
	case *ir.MemRefType:
		// Loop-level functions (the Go backend's input) take buffers: the
		// same arrays as tensors of their shape.
		dt, err := interp.DTypeOf(tt.Elem)
		if err != nil {
			return ArgType{}, err
		}
		return ArgType{Type: t, DType: dt, Shape: tt.Shape()}, nil
	case *ir.FloatType, *ir.IntegerType, *ir.IndexType:
		dt, err := interp.DTypeOf(t)
		if err != nil {
			return ArgType{}, err
		}
		return ArgType{Type: t, DType: dt}, nil
	}
	return ArgType{}, fmt.Errorf("tt-run can only pass ranked tensors, memrefs and scalars (f16, bf16, f32, f64, i1, i32, i64, index)")
}

// npyTypeName is NumPy's name of a .npy dtype.
func npyTypeName(d npy.DType) string {
	switch d {
	case npy.Float16:
		return "float16"
	case npy.Float32:
		return "float32"
	case npy.Float64:
		return "float64"
	case npy.Int8:
		return "int8"
	case npy.Uint8:
		return "uint8"
	case npy.Int32:
		return "int32"
	case npy.Int64:
		return "int64"
	case npy.Bool:
		return "bool"
	case npy.Uint32:
		return "uint32"
	case npy.Uint64:
		return "uint64"
	}
	return d.String()
}

// npyElem is the tensor element type a .npy dtype stands for ("" if none).
func npyElem(d npy.DType) string {
	switch d {
	case npy.Float16:
		return "f16"
	case npy.Float32:
		return "f32"
	case npy.Float64:
		return "f64"
	case npy.Int32:
		return "i32"
	case npy.Int64:
		return "i64"
	case npy.Bool:
		return "i1"
	}
	return ""
}

// npyFor is the .npy dtype an argument of element type dt is read from
// and a result of that type is written as. bf16 has no NumPy type and
// travels as float32; index as int64.
func npyFor(dt interp.DType) npy.DType {
	switch dt {
	case interp.F16:
		return npy.Float16
	case interp.BF16, interp.F32:
		return npy.Float32
	case interp.F64:
		return npy.Float64
	case interp.I1:
		return npy.Bool
	case interp.I32:
		return npy.Int32
	}
	return npy.Int64
}

// describeNPY formats an array's dtype and shape as in the mismatch
// message: "float64 [4 8] (tensor<4x8xf64>)".
func describeNPY(a *npy.Array) string {
	s := fmt.Sprintf("%s %v", npyTypeName(a.DType), a.Shape)
	if e := npyElem(a.DType); e != "" {
		if len(a.Shape) == 0 {
			s += " (tensor<" + e + ">)"
		} else {
			dims := make([]string, len(a.Shape))
			for i, d := range a.Shape {
				dims[i] = fmt.Sprint(d)
			}
			s += " (tensor<" + strings.Join(dims, "x") + "x" + e + ">)"
		}
	} else {
		s += " (no tensor element type)"
	}
	return s
}

// ArgFromNPY converts the array a (read from the file name) into argument
// #i of fn, checking its dtype and shape against the argument type.
// float16 arrays give f16 arguments, float32 arrays f32 and bf16 arguments
// (rounded to the nearest bfloat16, ties to even), int64 arrays i64 and
// index arguments.
func ArgFromNPY(e *Entry, i int, name string, a *npy.Array) (*interp.Tensor, error) {
	at, err := argTypeOf(e.Type.Inputs[i])
	if err != nil {
		return nil, fmt.Errorf("%s: %v", argName(e, i), err)
	}
	mismatch := func() error {
		return fmt.Errorf("%s has type %s, but %s holds %s", argName(e, i), at.Type, name, describeNPY(a))
	}
	if a.DType != npyFor(at.DType) || len(a.Shape) != len(at.Shape) {
		return nil, mismatch()
	}
	for k, d := range at.Shape {
		if d != ir.Dynamic && d != int64(a.Shape[k]) {
			return nil, mismatch()
		}
	}
	t, err := interp.FromNPY(a)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %v", argName(e, i), name, err)
	}
	switch at.DType {
	case interp.BF16:
		bits := make([]uint16, t.Len())
		for k, v := range t.F32() {
			bits[k] = interp.F32ToBF16(v)
		}
		return interp.FromHalfBits(interp.BF16, t.Shape(), bits)
	case interp.Index:
		return t.WithDType(interp.Index), nil
	}
	return t, nil
}

// argName names argument #i of the entry in messages:
// "argument #1 (%arg1) of @f".
func argName(e *Entry, i int) string {
	return fmt.Sprintf("argument #%d (%%arg%d) of @%s", i, i, e.Name)
}

// Random describes --random-inputs: arguments without an input file are
// filled with data drawn from a PCG generator seeded with (Seed, argument
// number), so each argument's data depends only on the seed and its
// position. Floats are uniform on a grid of 2^(p+1) values in [-1, 1),
// p being the type's mantissa precision (24 for f32, so every value is
// exact in the argument type); integers (i32, i64, index) are uniform in
// [0, 10); i1 is true or false with probability 1/2. Dynamic dimensions
// have size DimSize (the command's default is DefaultDimSize; the zero
// value makes them empty).
type Random struct {
	Seed    uint64
	DimSize int64
}

// DefaultDimSize is the size of dynamic dimensions of random inputs.
const DefaultDimSize = 4

// RandomArg returns random data for argument #i of the entry.
func (r *Random) RandomArg(e *Entry, i int) (*interp.Tensor, error) {
	at, err := argTypeOf(e.Type.Inputs[i])
	if err != nil {
		return nil, fmt.Errorf("%s: %v", argName(e, i), err)
	}
	if r.DimSize < 0 {
		return nil, fmt.Errorf("--dim-size must be non-negative, got %d", r.DimSize)
	}
	shape := make([]int64, len(at.Shape))
	for k, d := range at.Shape {
		shape[k] = d
		if d == ir.Dynamic {
			shape[k] = r.DimSize
		}
	}
	t, err := interp.NewTensor(at.DType, shape)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", argName(e, i), err)
	}
	rng := rand.New(rand.NewPCG(r.Seed, uint64(i)))
	switch {
	case at.DType.IsFloat():
		p := precision(at.DType)
		step := math.Ldexp(1, -int(p-1))
		for k := 0; k < t.Len(); k++ {
			t.SetFloat(k, -1+float64(rng.Uint64N(1<<p))*step)
		}
	case at.DType == interp.I1:
		for k := 0; k < t.Len(); k++ {
			t.SetInt(k, int64(rng.Uint64N(2)))
		}
	default:
		for k := 0; k < t.Len(); k++ {
			t.SetInt(k, int64(rng.Uint64N(10)))
		}
	}
	return t, nil
}

// precision is the number of significand bits of a float type.
func precision(dt interp.DType) uint {
	switch dt {
	case interp.F16:
		return 11
	case interp.BF16:
		return 8
	case interp.F64:
		return 53
	}
	return 24
}

// ReadArgs builds the arguments of the entry: argument i from inputs[i]
// (a .npy path) when there is one, from rnd otherwise (nil: every argument
// needs an input).
func ReadArgs(e *Entry, inputs []string, rnd *Random) ([]*interp.Tensor, error) {
	n := len(e.Type.Inputs)
	if len(inputs) > n || (len(inputs) < n && rnd == nil) {
		return nil, fmt.Errorf("@%s takes %d argument%s (%s), but %d --input file%s given%s",
			e.Name, n, plural(n), signature(e), len(inputs), pluralWas(len(inputs)), randomHint(len(inputs) < n))
	}
	args := make([]*interp.Tensor, n)
	for i := range n {
		if i < len(inputs) {
			a, err := npy.ReadFile(inputs[i])
			if err != nil {
				return nil, fmt.Errorf("%s: %v", argName(e, i), err)
			}
			if args[i], err = ArgFromNPY(e, i, inputs[i], a); err != nil {
				return nil, err
			}
			continue
		}
		var err error
		if args[i], err = rnd.RandomArg(e, i); err != nil {
			return nil, err
		}
	}
	return args, nil
}

func signature(e *Entry) string {
	parts := make([]string, len(e.Type.Inputs))
	for i, t := range e.Type.Inputs {
		parts[i] = fmt.Sprintf("%%arg%d: %s", i, t)
	}
	return strings.Join(parts, ", ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func pluralWas(n int) string {
	if n == 1 {
		return " was"
	}
	return "s were"
}

func randomHint(fewer bool) string {
	if fewer {
		return " (give one --input per argument, or --random-inputs SEED for the rest)"
	}
	return ""
}
