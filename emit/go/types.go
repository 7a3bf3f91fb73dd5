package goemit

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// Elem is an element type the Go backend supports.
type Elem int

// The element types.
const (
	InvalidElem Elem = iota
	F32
	F64
	I1
	I32
	I64
	Index
	F16  // stored as its IEEE bits in a uint16 (half.go)
	BF16 // stored as its bits in a uint16 (half.go)
)

var elemNames = [...]string{InvalidElem: "invalid", F32: "f32", F64: "f64", I1: "i1", I32: "i32", I64: "i64", Index: "index", F16: "f16", BF16: "bf16"}

// String returns the IR spelling (f32, index, ...).
func (e Elem) String() string { return elemNames[e] }

// GoType returns the Go type of one element.
func (e Elem) GoType() string {
	switch e {
	case F32:
		return "float32"
	case F64:
		return "float64"
	case I1:
		return "bool"
	case I32:
		return "int32"
	case I64:
		return "int64"
	case Index:
		return "int"
	case F16, BF16:
		return "uint16"
	}
	return "invalid"
}

// unsigned returns the Go type of the unsigned view of an integer element.
func (e Elem) unsigned() string {
	switch e {
	case I32:
		return "uint32"
	case I64:
		return "uint64"
	}
	return "uint"
}

// width returns the bit width of an integer element.
func (e Elem) width() int {
	switch e {
	case I1:
		return 1
	case I32:
		return 32
	}
	return 64
}

// NPY returns the NumPy dtype descriptor of the element (.npy files):
// index elements are stored as int64, bf16 (which NumPy lacks) as float32.
func (e Elem) NPY() string {
	switch e {
	case F32, BF16:
		return "<f4"
	case F64:
		return "<f8"
	case I1:
		return "|b1"
	case I32:
		return "<i4"
	case F16:
		return "<f2"
	}
	return "<i8"
}

// IsFloat reports whether the element is f32 or f64.
func (e Elem) IsFloat() bool { return e == F32 || e == F64 }

// isInt reports whether the element is an integer wider than i1 (or index).
func (e Elem) isInt() bool { return e == I32 || e == I64 || e == Index }

// ElemOf returns the element kind of a scalar type, or an error naming the
// unsupported type.
func ElemOf(t ir.Type) (Elem, error) {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F32:
			return F32, nil
		case ir.F64:
			return F64, nil
		case ir.F16:
			return F16, nil
		case ir.BF16:
			return BF16, nil
		}
	case *ir.IntegerType:
		if t.IsSignless() {
			switch t.Width {
			case 1:
				return I1, nil
			case 32:
				return I32, nil
			case 64:
				return I64, nil
			}
		}
	case *ir.IndexType:
		return Index, nil
	}
	return InvalidElem, fmt.Errorf("element type %s is not supported by the Go backend (it supports f16, bf16, f32, f64, i1, i32, i64 and index)", t)
}

// kind is the shape of an IR value in Go.
type kind int

const (
	kScalar kind = iota // one Go variable
	kVector             // one variable per lane
	kBuffer             // a slice and one int per dynamic dimension
)

// valueType describes how an IR type is represented in Go.
type valueType struct {
	kind  kind
	elem  Elem
	lanes int     // vectors
	shape []int64 // buffers (ir.Dynamic for ?)
}

// dynamic returns the positions of the dynamic dimensions of a buffer.
func (t valueType) dynamic() []int {
	var out []int
	for i, d := range t.shape {
		if d == ir.Dynamic {
			out = append(out, i)
		}
	}
	return out
}

// components returns the number of Go variables of a value of this type.
func (t valueType) components() int {
	switch t.kind {
	case kVector:
		return t.lanes
	case kBuffer:
		return 1 + len(t.dynamic())
	}
	return 1
}

// componentType returns the Go type of component i.
func (t valueType) componentType(i int) string {
	switch t.kind {
	case kBuffer:
		if i == 0 {
			return "[]" + t.elem.GoType()
		}
		return "int"
	}
	return t.elem.GoType()
}

// maxLanes bounds the vector width the emitter accepts (each lane is a Go
// variable).
const maxLanes = 64

// typeOf maps an IR type to its Go representation.
func typeOf(t ir.Type) (valueType, error) {
	switch t := t.(type) {
	case *ir.MemRefType:
		if t.Layout != nil || t.MemorySpace != nil {
			return valueType{}, fmt.Errorf("%s: memrefs with a layout or memory space are not supported by the Go backend", t)
		}
		e, err := ElemOf(t.Elem)
		if err != nil {
			return valueType{}, err
		}
		return valueType{kind: kBuffer, elem: e, shape: t.Shape()}, nil
	case *ir.VectorType:
		if t.Rank() != 1 || t.Scalable(0) || t.Shape()[0] < 1 || t.Shape()[0] > maxLanes {
			return valueType{}, fmt.Errorf("%s: the Go backend supports 1-D vectors of 1 to %d lanes", t, maxLanes)
		}
		e, err := ElemOf(t.Elem)
		if err != nil {
			return valueType{}, err
		}
		return valueType{kind: kVector, elem: e, lanes: int(t.Shape()[0])}, nil
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return valueType{}, fmt.Errorf("%s: tensors must be lowered to loops first (pt2-go pipeline)", t)
	}
	e, err := ElemOf(t)
	if err != nil {
		return valueType{}, err
	}
	return valueType{kind: kScalar, elem: e}, nil
}
