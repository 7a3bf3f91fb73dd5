package loopstogpu

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// MmaAttrName marks the gpu.func of a tiled GEMM whose operands are f16
// or bf16 buffers (value: "f16" or "bf16"; C is f32 or of the operands'
// type): emit/ptx implements it with
// mma.sync tensor-core instructions on sm_80 and later (same launch: 64×64
// tiles, 256 threads), and with the kernel's own body — the tiled f32
// GEMM on the widened values — before. The gpu.func carries the
// tt.matmul's transpose_a, transpose_b and activation attributes.
const MmaAttrName = "tt.mma"

// widened is a 16-bit operand of a tt.matmul that a loop nest of its own
// copies (transposed, say: the fuser folds transposes into f32 and f64
// products only) from another buffer: the GEMM can read the original.
type widened struct {
	src        ir.Value // the original 16-bit buffer
	transposed bool     // the copy swaps the last two dimensions
	erase      []*ir.Operation
	// deferDealloc is the original's deallocation, between the copy and
	// the call, to move after the GEMM.
	deferDealloc *ir.Operation
}

// isHalfFloat reports whether t is f16 or bf16.
func isHalfFloat(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && (ft.Kind == ir.F16 || ft.Kind == ir.BF16)
}

// copiedOperand reports whether the 16-bit operand v of call is a buffer
// of static shape allocated for a copy of another buffer (identical, or
// with the last two dimensions swapped) made by the loop nest just before
// for call alone: v's users are that nest, call and at most its
// deallocation, and nothing in between uses the original but its
// deallocation (which then moves after the call).
func copiedOperand(call *ir.Operation, v ir.Value) (widened, bool) {
	blk := call.Block()
	alloc := ir.DefiningOp(v)
	if alloc == nil || alloc.Name() != loops.AllocName || alloc.Block() != blk || !ir.HasStaticShape(v.Type()) {
		return widened{}, false
	}
	users, ok := blockUsers(v, blk)
	if !ok || len(users) < 2 || len(users) > 3 || users[1] != call || len(users) == 3 && users[2].Name() != loops.DeallocName {
		return widened{}, false
	}
	cp, ok := copyNest(users[0], v)
	if !ok {
		return widened{}, false
	}
	moved, ok := deallocBetween(users[0], call, cp.src)
	if !ok {
		return widened{}, false
	}
	cp.deferDealloc = moved
	cp.erase = append([]*ir.Operation{users[0]}, users[2:]...)
	cp.erase = append(cp.erase, alloc)
	return cp, true
}

// deallocBetween reports whether nothing strictly between from and to
// uses v but at most its deallocation (returned: it moves after to).
func deallocBetween(from, to *ir.Operation, v ir.Value) (*ir.Operation, bool) {
	var dealloc *ir.Operation
	for op := from.Next(); op != nil && op != to; op = op.Next() {
		uses := false
		op.Walk(func(o *ir.Operation) {
			for _, x := range o.Operands() {
				uses = uses || x == v
			}
		})
		switch {
		case !uses:
		case op.Name() == loops.DeallocName && dealloc == nil:
			dealloc = op
		default:
			return nil, false
		}
	}
	return dealloc, true
}

// blockUsers returns the ops of blk that use v (or hold a use), in order,
// and false when a use lies outside blk.
func blockUsers(v ir.Value, blk *ir.Block) ([]*ir.Operation, bool) {
	seen := map[*ir.Operation]bool{}
	for _, u := range ir.Users(v) {
		for u != nil && u.Block() != blk {
			u = u.ParentOp()
		}
		if u == nil {
			return nil, false
		}
		seen[u] = true
	}
	var users []*ir.Operation
	for op := range blk.Ops() {
		if seen[op] {
			users = append(users, op)
		}
	}
	return users, true
}

// copyNest reports whether nest is a perfect loop nest from 0 to v's
// sizes by 1 whose body only copies an element of a 16-bit buffer into v
// (indexed by the induction variables; the source's last two indices may
// be swapped).
func copyNest(nest *ir.Operation, v ir.Value) (widened, bool) {
	vt, ok := v.Type().(*ir.MemRefType)
	if !ok || nest.Name() != loops.ForName {
		return widened{}, false
	}
	var ivs []ir.Value
	l := nest
	for {
		f := loops.ForOp{Op: l}
		lb, ok1 := constInt(f.LowerBound())
		st, ok2 := constInt(f.Step())
		ub, ok3 := constInt(f.UpperBound())
		if !ok1 || !ok2 || !ok3 || lb != 0 || st != 1 || l.NumResults() != 0 || len(ivs) >= vt.Rank() || ub != vt.Shape()[len(ivs)] {
			return widened{}, false
		}
		ivs = append(ivs, f.InductionVar())
		inner := soleInnerLoop(l)
		if inner == nil || countOps(f.BodyBlock()) != 2 {
			break
		}
		l = inner
	}
	r := vt.Rank()
	body := loops.ForOp{Op: l}.BodyBlock()
	if len(ivs) != r || r < 2 || countOps(body) != 3 {
		return widened{}, false
	}
	store := body.Terminator().Prev()
	if store == nil || store.Name() != loops.StoreName || store.Operand(1) != v {
		return widened{}, false
	}
	x := store.Operand(0)
	load := ir.DefiningOp(x)
	if load == nil || load.Name() != loops.LoadName || load.Block() != body || !isHalfFloat(x.Type()) {
		return widened{}, false
	}
	src := load.Operand(0)
	st, ok := src.Type().(*ir.MemRefType)
	if !ok || st.Layout != nil || st.MemorySpace != nil || st.Rank() != r {
		return widened{}, false
	}
	w := widened{src: src}
	li, si := load.Operands()[1:], store.Operands()[2:]
	for i := range r {
		switch {
		case si[i] != ivs[i]:
			return widened{}, false
		case li[i] == ivs[i]:
		case i >= r-2 && li[i] == ivs[2*r-3-i]:
			w.transposed = true
		default:
			return widened{}, false
		}
	}
	return w, true
}

func countOps(b *ir.Block) int {
	n := 0
	for range b.Ops() {
		n++
	}
	return n
}

// narrowed is the f32 result of a tt.matmul that a loop nest of its own
// rounds into a 16-bit buffer (tensor-to-loops' f16/bf16 products): the
// GEMM can store the rounded values directly.
type narrowed struct {
	dst   ir.Value // the 16-bit buffer
	erase []*ir.Operation
}

// narrowedResult reports whether the output c of call is an f32 buffer
// allocated for it alone (used by call, then by a loop nest storing
// arith.truncf of each element into a 16-bit buffer of the same shape,
// then at most freed), with nothing between call and the nest using the
// 16-bit buffer.
func narrowedResult(call *ir.Operation, c ir.Value) (narrowed, bool) {
	blk := call.Block()
	alloc := ir.DefiningOp(c)
	ct, ok := c.Type().(*ir.MemRefType)
	if alloc == nil || alloc.Name() != loops.AllocName || alloc.Block() != blk || !ok || !ir.HasStaticShape(ct) {
		return narrowed{}, false
	}
	users, ok := blockUsers(c, blk)
	if !ok {
		return narrowed{}, false
	}
	if len(users) < 2 || len(users) > 3 || users[0] != call || users[1].Name() != loops.ForName {
		return narrowed{}, false
	}
	nest := users[1]
	var dealloc *ir.Operation
	if len(users) == 3 {
		if dealloc = users[2]; dealloc.Name() != loops.DeallocName {
			return narrowed{}, false
		}
	}
	// The nest: perfect, from 0 to c's sizes by 1, storing
	// truncf(c[ivs]) into dst[ivs].
	var ivs []ir.Value
	l := nest
	for {
		f := loops.ForOp{Op: l}
		lb, ok1 := constInt(f.LowerBound())
		st, ok2 := constInt(f.Step())
		ub, ok3 := constInt(f.UpperBound())
		if !ok1 || !ok2 || !ok3 || lb != 0 || st != 1 || l.NumResults() != 0 || len(ivs) >= ct.Rank() || ub != ct.Shape()[len(ivs)] {
			return narrowed{}, false
		}
		ivs = append(ivs, f.InductionVar())
		inner := soleInnerLoop(l)
		if inner == nil || countOps(f.BodyBlock()) != 2 {
			break
		}
		l = inner
	}
	body := loops.ForOp{Op: l}.BodyBlock()
	if len(ivs) != ct.Rank() || countOps(body) != 4 {
		return narrowed{}, false
	}
	store := body.Terminator().Prev()
	if store == nil || store.Name() != loops.StoreName {
		return narrowed{}, false
	}
	trunc := ir.DefiningOp(store.Operand(0))
	if trunc == nil || trunc.Name() != arith.TruncFName || trunc.Block() != body || !isHalfFloat(trunc.Result(0).Type()) {
		return narrowed{}, false
	}
	load := ir.DefiningOp(trunc.Operand(0))
	if load == nil || load.Name() != loops.LoadName || load.Block() != body || load.Operand(0) != c {
		return narrowed{}, false
	}
	dst := store.Operand(1)
	dt, ok := dst.Type().(*ir.MemRefType)
	if !ok || dt.Layout != nil || dt.MemorySpace != nil || dt.Rank() != ct.Rank() {
		return narrowed{}, false
	}
	li, si := load.Operands()[1:], store.Operands()[2:]
	for i := range ivs {
		if li[i] != ivs[i] || si[i] != ivs[i] {
			return narrowed{}, false
		}
	}
	// dst must exist at the call, and nothing in between may use it.
	if d := ir.DefiningOp(dst); d != nil && (d.Block() != blk || !d.IsBeforeInBlock(call)) {
		return narrowed{}, false
	}
	for op := call.Next(); op != nil && op != nest; op = op.Next() {
		for _, x := range op.Operands() {
			if x == dst {
				return narrowed{}, false
			}
		}
	}
	n := narrowed{dst: dst, erase: []*ir.Operation{nest}}
	if dealloc != nil {
		n.erase = append(n.erase, dealloc)
	}
	n.erase = append(n.erase, alloc)
	return n, true
}
