package transforms

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// MemStats reports what PlanMemory did. Peaks are in bytes, summed over
// the functions planned; buffers with dynamic sizes are not counted.
type MemStats struct {
	PeakBefore int64 // peak of live allocated bytes before planning
	PeakAfter  int64 // and after
	Deallocs   int   // loops.dealloc ops inserted
	Reused     int   // allocations replaced by a freed buffer
}

// PlanMemory plans the buffers of every func.func nested in root: each
// buffer a function allocates (loops.alloc directly in a single-block
// body) and does not return gets a loops.dealloc after its last use, and
// an allocation marked tt.overwritten takes a buffer freed before it of the
// same type (and the same dynamic size values) instead of new memory, most
// recently freed first (PT2's reuse pool keyed by size and element type).
// Buffers that already have a loops.dealloc, or that are used by ops other
// than loops, vector, arith, math and func ops, are left alone.
func PlanMemory(root *ir.Operation) (MemStats, error) {
	var stats MemStats
	var funcs []*ir.Operation
	root.Walk(func(op *ir.Operation) {
		if op.Name() == function.FuncName && op.NumRegions() == 1 && op.Region(0).NumBlocks() == 1 {
			funcs = append(funcs, op)
		}
	})
	for _, fn := range funcs {
		blk := fn.Region(0).Front()
		stats.PeakBefore += peakBytes(blk)
		planBlock(blk, &stats)
		stats.PeakAfter += peakBytes(blk)
	}
	return stats, nil
}

// peakBytes simulates a block's allocations and deallocations in order
// and returns the largest number of live bytes (static buffers only).
func peakBytes(blk *ir.Block) int64 {
	var live, peak int64
	for op := range blk.Ops() {
		switch op.Name() {
		case loops.AllocName:
			if n, ok := bufferBytes(op.Result(0).Type()); ok {
				live += n
			}
		case loops.DeallocName:
			if n, ok := bufferBytes(op.Operand(0).Type()); ok {
				live -= n
			}
		}
		peak = max(peak, live)
	}
	return peak
}

// buffer is one allocation being planned.
type buffer struct {
	alloc    *ir.Operation
	key      string
	lastUse  int
	escapes  bool
	reusable bool
	phys     *buffer // the allocation whose memory it uses (itself if new)
	owner    *buffer // for a physical buffer: the latest buffer using it
}

func planBlock(blk *ir.Block, stats *MemStats) {
	var ops []*ir.Operation
	pos := map[*ir.Operation]int{}
	for op := range blk.Ops() {
		pos[op] = len(ops)
		ops = append(ops, op)
	}
	bufs := map[*ir.Operation]*buffer{}
	var order []*buffer
	for _, op := range ops {
		if op.Name() != loops.AllocName {
			continue
		}
		b := &buffer{alloc: op, lastUse: pos[op], key: allocKey(op), reusable: op.Attr(loops.OverwrittenAttrName) != nil}
		for u := range op.Result(0).Uses() {
			user := topLevel(u.Owner(), blk)
			if user == nil {
				b.escapes = true
				continue
			}
			b.lastUse = max(b.lastUse, pos[user])
			if !plannableUse(u.Owner()) {
				b.escapes = true
			}
		}
		bufs[op] = b
		order = append(order, b)
	}
	if len(order) == 0 {
		return
	}
	// Sweep in program order with a pool of freed buffers per key.
	pool := map[string][]*buffer{}
	freeAt := map[int][]*buffer{}
	for _, b := range order {
		if !b.escapes {
			freeAt[b.lastUse] = append(freeAt[b.lastUse], b)
		}
	}
	for p, op := range ops {
		if b := bufs[op]; b != nil {
			if free := pool[b.key]; b.reusable && len(free) > 0 {
				phys := free[len(free)-1]
				pool[b.key] = free[:len(free)-1]
				b.phys = phys
				phys.owner = b
			} else {
				b.phys, b.owner = b, b
			}
		}
		for _, b := range freeAt[p] {
			if b.phys.owner == b {
				pool[b.key] = append(pool[b.key], b.phys)
			}
		}
	}
	// Rewrite: reused allocations disappear, physical buffers are freed
	// after the last use of their last owner.
	builder := ir.NewBuilder(blk.ParentOp().Context())
	for _, b := range order {
		if b.phys != b {
			continue
		}
		last := b.owner
		if last.escapes {
			continue
		}
		at := ops[last.lastUse]
		if at.HasTrait(ir.Terminator) {
			continue
		}
		builder.SetInsertionPointAfter(at)
		builder.Loc = b.alloc.Loc()
		loops.Dealloc(builder, b.alloc.Result(0))
		stats.Deallocs++
	}
	for _, b := range order {
		if b.phys == b {
			continue
		}
		b.alloc.Result(0).ReplaceAllUsesWith(b.phys.alloc.Result(0))
		b.alloc.Erase()
		stats.Reused++
	}
}

// allocKey identifies allocations of equal size and element type: the
// type, and the dynamic size operands.
func allocKey(op *ir.Operation) string {
	var sb strings.Builder
	sb.WriteString(op.Result(0).Type().String())
	for _, s := range op.Operands() {
		fmt.Fprintf(&sb, " %p", s)
	}
	return sb.String()
}

// plannableUse reports whether a use of a buffer leaves no alias behind:
// loads, stores, copies, extern calls, function calls and returns
// (returned buffers escape), and ops of the arith, math and vector
// dialects.
func plannableUse(op *ir.Operation) bool {
	switch op.Name() {
	case loops.LoadName, loops.StoreName, loops.DimName, loops.CopyName, loops.CallExternName,
		vector.LoadName, vector.StoreName, function.CallName:
		return true
	case loops.DeallocName, function.ReturnName:
		return false
	}
	return strings.HasPrefix(op.Name(), "arith.") || strings.HasPrefix(op.Name(), "math.")
}

// topLevel returns the ancestor of op that is directly in block b, or nil.
func topLevel(op *ir.Operation, b *ir.Block) *ir.Operation {
	for op != nil && op.Block() != b {
		op = op.ParentOp()
	}
	return op
}

// bufferBytes returns the byte size of a statically shaped memref type,
// and false for other types and dynamic shapes.
func bufferBytes(t ir.Type) (int64, bool) {
	if _, ok := t.(*ir.MemRefType); !ok {
		return 0, false
	}
	return ir.StaticTypeBytes(t)
}
