package goemit

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// f16 and bf16 in generated Go. The loop level computes on 16-bit floats
// in f32 between arith.extf and arith.truncf (tensor-to-loops), so the
// generated code only stores them (uint16 slices holding the bits), moves
// them (loads, stores, selects, constants) and converts them with
// numerics' conversions, copied like every numerics function
// (numerics.F16ToF32 becomes ttNumF16ToF32): exact widening, and rounding
// to nearest even. Loops over 16-bit elements stay scalar (vectorize makes
// f32 and f64 lanes only).

// isHalf reports whether the element is f16 or bf16.
func (e Elem) isHalf() bool { return e == F16 || e == BF16 }

// halfLiteral returns the Go literal of a 16-bit float constant: its bits.
func halfLiteral(e Elem, v float64) string {
	bits := ir.Float16Bits(v)
	if e == BF16 {
		bits = ir.BFloat16Bits(v)
	}
	return fmt.Sprintf("uint16(0x%04x)", bits)
}

// halfCast emits arith.extf from, or arith.truncf to, f16 or bf16. Only
// conversions through f32 are supported (the forms tensor-to-loops makes):
// f64 to f16 in one rounding is not float32 rounding twice.
func (f *fnEmitter) halfCast(op *ir.Operation, in, out Elem, x string) (string, bool, error) {
	name := map[Elem]string{F16: "F16", BF16: "BF16"}
	switch {
	case in.isHalf() && out == F32:
		return f.numCall(name[in]+"ToF32", x), true, nil
	case in.isHalf() && out == F64:
		return "float64(" + f.numCall(name[in]+"ToF32", x) + ")", true, nil
	case in == F32 && out.isHalf():
		return f.numCall("F32To"+name[out], x), true, nil
	case in.isHalf() && out.isHalf():
		return f.numCall("F32To"+name[out], f.numCall(name[in]+"ToF32", x)), true, nil
	}
	return "", true, errAt(op, "cannot convert %s to %s (16-bit floats convert through f32)", in, out)
}

// widenHalf emits the f32 copy of a 16-bit buffer that the f32 GEMM or
// convolution reads (tt.matmul or tt.conv2d of f16 or bf16 factors into an
// f32 result), and returns the buffer it stands for.
func (f *fnEmitter) widenHalf(x *gval) *gval {
	w, i, h := f.fresh("w"), f.fresh("i"), f.fresh("h")
	conv := f.numCall(map[Elem]string{F16: "F16", BF16: "BF16"}[x.t.elem]+"ToF32", h)
	f.line("%s := make([]float32, len(%s))", w, x.comps[0])
	f.line("for %s, %s := range %s {", i, h, x.comps[0])
	f.line("%s[%s] = %s", w, i, conv)
	f.line("}")
	y := *x
	y.comps = append([]string{w}, x.comps[1:]...)
	y.t.elem = F32
	return &y
}
