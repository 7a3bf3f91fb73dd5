package ptxemit

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ptx"
)

// vectorWidthAttr marks the first of a group of loops.load or loops.store
// ops on consecutive elements whose address is aligned to the group's
// size (loops-to-gpu's VectorWidthAttrName, set on vectorized pointwise
// kernels).
const vectorWidthAttr = "tt.vector_width"

// accessParts returns the buffer, indices and (for a store) the stored
// value of a loops.load or loops.store.
func accessParts(op *ir.Operation) (buf ir.Value, idx []ir.Value, val ir.Value) {
	if op.Name() == loops.StoreName {
		return op.Operand(1), op.Operands()[2:], op.Operand(0)
	}
	return op.Operand(0), op.Operands()[1:], nil
}

// addsConst reports whether v is arith.addi of base and the constant c.
func addsConst(v, base ir.Value, c int64) bool {
	d := ir.DefiningOp(v)
	if d == nil || d.Name() != arith.AddIName {
		return false
	}
	for i := range 2 {
		if d.Operand(i) != base {
			continue
		}
		k := ir.DefiningOp(d.Operand(1 - i))
		if k == nil || k.Name() != arith.ConstantName {
			continue
		}
		if a, ok := k.Attr("value").(*ir.IntegerAttr); ok && a.Val == c {
			return true
		}
	}
	return false
}

// vectorGroup returns the width of the group of accesses starting at
// ops[0], or 0 when ops[0] is not marked as the start of one or the group
// is not n accesses of the same kind to consecutive 32-bit (or four
// 64-bit) elements of one global buffer (then they are emitted one by one, which is always
// correct).
func (k *kernel) vectorGroup(ops []*ir.Operation) int {
	a, ok := ops[0].Attr(vectorWidthAttr).(*ir.IntegerAttr)
	if !ok || a.Val != 2 && a.Val != 4 || len(ops) < int(a.Val) {
		return 0
	}
	n := int(a.Val)
	buf, idx, _ := accessParts(ops[0])
	m := k.mems[buf]
	if m == nil || m.space != "global" || len(idx) == 0 {
		return 0
	}
	switch memType(m.elem) {
	case "f32", "u32":
	case "f64", "u64":
		if n != 4 {
			return 0
		}
	default:
		return 0
	}
	for j := 1; j < n; j++ {
		o := ops[j]
		if o.Name() != ops[0].Name() {
			return 0
		}
		b, ix, _ := accessParts(o)
		if b != buf || len(ix) != len(idx) {
			return 0
		}
		for d := range len(idx) - 1 {
			if ix[d] != idx[d] {
				return 0
			}
		}
		if !addsConst(ix[len(ix)-1], idx[len(idx)-1], int64(j)) {
			return 0
		}
	}
	return n
}

// vectorAccess emits the group ops as 16-byte accesses: one
// ld/st.global.v4 for 32-bit elements, two ld/st.global.v2 for 64-bit
// ones.
func (k *kernel) vectorAccess(ops []*ir.Operation) error {
	buf, idx, _ := accessParts(ops[0])
	m := k.mems[buf]
	a := k.address(m, idx)
	mt := memType(m.elem)
	per := 16 / elemBytes(m.elem)
	spec := ".v" + string(rune('0'+per)) + "." + mt
	for start := 0; start < len(ops); start += per {
		part := ops[start : start+per]
		at := a
		if start > 0 {
			at = k.newReg(clsB64)
			k.ins("add.s64", reg(at), reg(a), imm(int64(start*elemBytes(m.elem))))
		}
		elems := make([]ptx.Operand, per)
		if ops[0].Name() == loops.StoreName {
			for j, o := range part {
				_, _, v := accessParts(o)
				elems[j] = k.use(v)
			}
			k.ins("st."+m.space+spec, addr(at), ptx.Operand{Kind: ptx.OpdVector, Elems: elems})
			continue
		}
		for j, o := range part {
			r, _, err := k.def(o.Result(0))
			if err != nil {
				return errAt(o, "emit/ptx: %v", err)
			}
			elems[j] = reg(r)
		}
		k.ins("ld."+m.space+spec, ptx.Operand{Kind: ptx.OpdVector, Elems: elems}, addr(at))
	}
	return nil
}
