package ptxemit

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ptx"
)

// f16 and bf16 in kernels. The loop level keeps 16-bit floats only in
// memory and moves them without arithmetic (tensor-to-loops computes in
// f32 between arith.extf and arith.truncf), so kernels hold them in .b16
// registers: ld/st .b16, mov.b16 constants, selp.b16, and the
// conversions:
//
//	f16 → f32   cvt.f32.f16 (exact)
//	f32 → f16   cvt.rn.f16.f32 (to nearest even)
//	bf16 → f32  cvt.f32.bf16 on sm_90 (PTX 7.8); before, the bits shifted
//	            into the high half of a .b32 (exact: bf16 is f32's top half)
//	f32 → bf16  cvt.rn.bf16.f32 on sm_80 and later (PTX 7.0); before,
//	            integer rounding to nearest even: b + 0x7fff + ((b >> 16) & 1),
//	            high half, and a NaN becomes the quiet NaN 0x7fc0 (as
//	            numerics.F32ToBF16)
//
// f16 ↔ f64 use cvt directly; bf16 converts only to and from f32.

// halfBits returns the bit pattern of a 16-bit float constant.
func halfBits(a *ir.FloatAttr) uint16 {
	if ft, ok := a.Type.(*ir.FloatType); ok && ft.Kind == ir.BF16 {
		return ir.BFloat16Bits(a.Value)
	}
	return ir.Float16Bits(a.Value)
}

// isBF16 reports whether t is bf16.
func isBF16(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && ft.Kind == ir.BF16
}

// halfConversion emits arith.extf from, or arith.truncf to, f16 or bf16
// into register r.
func (k *kernel) halfConversion(op *ir.Operation, r string, x ptx.Operand) error {
	from, to := op.Operand(0).Type(), op.Result(0).Type()
	if op.Name() == arith.ExtFName {
		if !isBF16(from) {
			k.ins("cvt."+floatSuffix(to)+".f16", reg(r), x)
			return nil
		}
		if floatSuffix(to) != "f32" {
			return errAt(op, "emit/ptx: arith.extf from bf16 to %s is not supported (only to f32)", to)
		}
		if k.target >= 90 {
			k.ins("cvt.f32.bf16", reg(r), x)
			return nil
		}
		w := k.newReg(clsB32)
		k.ins("cvt.u32.u16", reg(w), x)
		k.ins("shl.b32", reg(w), reg(w), imm(16))
		k.ins("mov.b32", reg(r), reg(w))
		return nil
	}
	if !isBF16(to) {
		k.ins("cvt.rn.f16."+floatSuffix(from), reg(r), x)
		return nil
	}
	if floatSuffix(from) != "f32" {
		return errAt(op, "emit/ptx: arith.truncf from %s to bf16 is not supported (only from f32)", from)
	}
	if k.target >= 80 {
		k.ins("cvt.rn.bf16.f32", reg(r), x)
		return nil
	}
	b, lsb := k.newReg(clsB32), k.newReg(clsB32)
	k.ins("mov.b32", reg(b), x)
	k.ins("shr.u32", reg(lsb), reg(b), imm(16))
	k.ins("and.b32", reg(lsb), reg(lsb), imm(1))
	k.ins("add.s32", reg(lsb), reg(lsb), imm(0x7fff))
	k.ins("add.s32", reg(lsb), reg(b), reg(lsb))
	k.ins("shr.u32", reg(lsb), reg(lsb), imm(16))
	nan := k.newReg(clsPred)
	k.ins("setp.nan.f32", reg(nan), x, x)
	k.ins("selp.b32", reg(lsb), imm(0x7fc0), reg(lsb), reg(nan))
	k.ins("cvt.u16.u32", reg(r), reg(lsb))
	return nil
}

// cmpOrderI1 emits the ordering predicates of arith.cmpi on i1 (tensor.cmp
// on booleans): unsigned, false < true; signed, true is -1 < false.
func (k *kernel) cmpOrderI1(op *ir.Operation, pred string, r string, x, y ptx.Operand) error {
	not := func(v ptx.Operand) ptx.Operand {
		n := k.newReg(clsPred)
		k.ins("not.pred", reg(n), v)
		return reg(n)
	}
	switch pred {
	case "ult", "sgt": // !x && y
		k.ins("and.pred", reg(r), not(x), y)
	case "ule", "sge": // !x || y
		k.ins("or.pred", reg(r), not(x), y)
	case "ugt", "slt": // x && !y
		k.ins("and.pred", reg(r), x, not(y))
	case "uge", "sle": // x || !y
		k.ins("or.pred", reg(r), x, not(y))
	default:
		return errAt(op, "emit/ptx: cmpi %s on i1 is not supported", pred)
	}
	return nil
}
