package fuse

import (
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// dimClasses groups the dynamic dimensions of the tensors of a block that
// are equal at run time (a union-find over (value, dim) pairs; index values
// used as sizes are members too, as (value, -1)). The fusion pass fuses
// loops over dynamic dimensions only when their sizes are in one class, so
// a fused loop never runs over a size one of its tensors does not have.
type dimClasses struct {
	id     map[dimKey]int
	parent []int
}

type dimKey struct {
	v ir.Value
	d int
}

func newDimClasses() *dimClasses { return &dimClasses{id: map[dimKey]int{}} }

func (c *dimClasses) get(k dimKey) int {
	if i, ok := c.id[k]; ok {
		return i
	}
	i := len(c.parent)
	c.parent = append(c.parent, i)
	c.id[k] = i
	return i
}

// find returns the class of (v, d).
func (c *dimClasses) find(v ir.Value, d int) int {
	i := c.get(dimKey{v, d})
	for c.parent[i] != i {
		c.parent[i] = c.parent[c.parent[i]]
		i = c.parent[i]
	}
	return i
}

// union merges the classes of two dimensions when both are dynamic.
func (c *dimClasses) union(a ir.Value, da int, b ir.Value, db int) {
	if !dynamicDim(a, da) || (db >= 0 && !dynamicDim(b, db)) {
		return
	}
	x, y := c.find(a, da), c.find(b, db)
	if x != y {
		c.parent[x] = y
	}
}

// dynamicDim reports whether dimension d of v is dynamic (d = -1: v is an
// index value used as a size).
func dynamicDim(v ir.Value, d int) bool {
	if d < 0 {
		return true
	}
	s := opclass.Shape(v)
	return d < len(s) && s[d] == ir.Dynamic
}

// same reports whether dimension da of a and db of b are known equal.
func (c *dimClasses) same(a ir.Value, da int, b ir.Value, db int) bool {
	sa, sb := opclass.Shape(a), opclass.Shape(b)
	if da >= len(sa) || db >= len(sb) {
		return false
	}
	if sa[da] != ir.Dynamic || sb[db] != ir.Dynamic {
		return sa[da] == sb[db]
	}
	return c.find(a, da) == c.find(b, db)
}

// sameShape reports whether two tensors have shapes known equal.
func (c *dimClasses) sameShape(a, b ir.Value) bool {
	sa, sb := opclass.Shape(a), opclass.Shape(b)
	if len(sa) != len(sb) {
		return false
	}
	for d := range sa {
		if !c.same(a, d, b, d) {
			return false
		}
	}
	return true
}

// addOp records the equalities an op implies.
func (c *dimClasses) addOp(op *ir.Operation) {
	if op.NumResults() != 1 {
		return
	}
	r := op.Result(0)
	rank := len(opclass.Shape(r))
	name := op.Name()
	switch {
	case name == tensor.DimName:
		if d, ok := op.IntAttr("dim"); ok && op.NumOperands() == 1 {
			c.union(r, -1, op.Operand(0), int(d))
		}
	case opclass.IsElementwise(name):
		for _, x := range op.Operands() {
			for d := 0; d < rank; d++ {
				c.union(r, d, x, d)
			}
		}
	case name == tensor.TransposeName:
		if perm, ok := tensor.Ints(op, "perm"); ok && len(perm) == rank {
			for i, p := range perm {
				if p >= 0 && int(p) < rank {
					c.union(r, i, op.Operand(0), int(p))
				}
			}
		}
	case name == tensor.BroadcastName:
		dims, _ := tensor.Ints(op, "dims")
		for d := 0; d < rank; d++ {
			if s := opclass.SizeOperand(op, d, 1); s != nil {
				c.union(r, d, s, -1)
				continue
			}
			for i, dd := range dims {
				if int(dd) == d {
					c.union(r, d, op.Operand(0), i)
				}
			}
		}
	case name == tensor.FullName || name == tensor.IotaName || name == tensor.ReshapeName:
		first := 0
		if name == tensor.ReshapeName {
			first = 1
		}
		for d := 0; d < rank; d++ {
			if s := opclass.SizeOperand(op, d, first); s != nil {
				c.union(r, d, s, -1)
			}
		}
	case opclass.IsReduction(name):
		dims, ok := opclass.ReducedDims(op)
		if !ok {
			return
		}
		keep := tensor.KeepDim(op)
		red := map[int]bool{}
		for _, d := range dims {
			red[d] = true
		}
		j := 0
		for d := 0; d < len(opclass.Shape(op.Operand(0))); d++ {
			if red[d] {
				if keep {
					j++
				}
				continue
			}
			c.union(r, j, op.Operand(0), d)
			j++
		}
	case name == tensor.MatMulName && op.NumOperands() == 2:
		a, b := op.Operand(0), op.Operand(1)
		ra := len(opclass.Shape(a))
		if ra < 2 || len(opclass.Shape(b)) != ra || rank != ra {
			return
		}
		for d := 0; d < ra-2; d++ {
			c.union(r, d, a, d)
			c.union(r, d, b, d)
		}
		c.union(r, ra-2, a, ra-2)
		c.union(r, ra-1, b, ra-1)
		c.union(a, ra-1, b, ra-2)
	case name == tensor.ConcatName:
		d, ok := tensor.NormalizedDim(op)
		if !ok {
			return
		}
		for _, x := range op.Operands() {
			for k := 0; k < rank; k++ {
				if k != d {
					c.union(r, k, x, k)
				}
			}
		}
	case name == tensor.GatherName && op.NumOperands() == 2:
		d, ok := tensor.NormalizedDim(op)
		if !ok || len(opclass.Shape(op.Operand(0))) != rank {
			return
		}
		for k := 0; k < rank; k++ {
			if k == d {
				if len(opclass.Shape(op.Operand(1))) == 1 {
					c.union(r, k, op.Operand(1), 0)
				}
			} else {
				c.union(r, k, op.Operand(0), k)
			}
		}
	case name == tensor.ScatterAddName && op.NumOperands() == 3:
		for k := 0; k < rank; k++ {
			c.union(r, k, op.Operand(0), k)
		}
	case name == tensor.PadName:
		low, high, err := opclass.PadAmounts(op)
		if err != nil {
			return
		}
		for k := 0; k < rank; k++ {
			if low[k] == 0 && high[k] == 0 {
				c.union(r, k, op.Operand(0), k)
			}
		}
	case name == tensor.Conv2DName || name == tensor.MaxPool2DName:
		if rank >= 3 {
			c.union(r, 0, op.Operand(0), 0)
			if name == tensor.MaxPool2DName && rank == 4 {
				c.union(r, 1, op.Operand(0), 1)
			}
		}
	}
}
