package loopstogpu

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// KindMatmul is the kernel kind of a tiled tt.matmul: one block per
// BM×BN tile of C, each thread a TM×TN register tile, the operands staged
// through workgroup memory BK columns of the K dimension at a time.
const KindMatmul = "matmul"

// Attributes of a matmul launch recording the tiling (for tests and
// reports): [BM, BN, BK] and [TM, TN].
const (
	TileAttrName       = "tt.tile"
	ThreadTileAttrName = "tt.thread_tile"
)

// gemmThreads is the side of the thread grid of a GEMM block: 16×16
// threads, so that a warp covers 16 columns of two rows of threads.
const gemmThreads = 16

// gemmBK is the K depth of a shared-memory stage. With BM, BN ≥ 16 a tile
// of either operand has at least 256 elements, one per thread or more.
const gemmBK = 16

// gemmTiling is the tiling of one matmul: block tile BM×BN over C, BK of
// K per stage, thread tile TM×TN (BM = 16·TM, BN = 16·TN), and the padded
// row lengths of the two workgroup tiles.
type gemmTiling struct {
	BM, BN, BK, TM, TN int64
	padA, padB         int64
}

// tileSide picks the block tile's side for a dimension of size n
// (ir.Dynamic when unknown), Inductor-style: small tiles for small
// problems so that few threads idle, 64 (128 for f32 and large sizes)
// otherwise.
func tileSide(n int64, elemBytes int) int64 {
	switch {
	case n == ir.Dynamic:
		return 64
	case n >= 512 && elemBytes == 4:
		return 128
	case n >= 64:
		return 64
	case n >= 32:
		return 32
	}
	return 16
}

// chooseGemmTiling returns the tiling for C [.., m, n] of elemBytes-byte
// elements.
func chooseGemmTiling(m, n int64, elemBytes int, kFastA, kFastB bool) gemmTiling {
	t := gemmTiling{BM: tileSide(m, elemBytes), BN: tileSide(n, elemBytes), BK: gemmBK}
	// A 128×128 f32 tile needs 8×8 accumulators per thread; keep the
	// other side at most 64 so a thread holds at most 8×4.
	if t.BM == 128 && t.BN == 128 {
		t.BN = 64
	}
	t.TM, t.TN = t.BM/gemmThreads, t.BN/gemmThreads
	t.padA = conflictFreePad(t.BM, t.BK, kFastA, elemBytes)
	t.padB = conflictFreePad(t.BN, t.BK, kFastB, elemBytes)
	return t
}

// tileLoad maps the e-th element a block loads of an operand tile of
// side × bk elements (stored in workgroup memory as [bk][side+pad]) to
// its coordinates: kFast says that the operand is contiguous along K in
// global memory, so consecutive threads take consecutive k (and global
// reads stay coalesced, the transpose happening on the way to shared
// memory).
func tileLoad(e, side, bk int64, kFast bool) (kk, p int64) {
	if kFast {
		return e % bk, e / bk
	}
	return e / side, e % side
}

// conflictFreePad returns the smallest padding of the rows of a [bk][side]
// workgroup tile for which the block's cooperative stores (tileLoad) hit
// distinct banks within each phase of a warp, as the hardware serves
// them: 32 words per phase (a full warp for 4-byte elements, half a warp
// for 8-byte ones). The compute loop's loads read one row of the tile
// with consecutive threads on consecutive elements, conflict-free for any
// padding.
func conflictFreePad(side, bk int64, kFast bool, elemBytes int) int64 {
	const threads = gemmThreads * gemmThreads
	words := int64(elemBytes / 4)
	perPhase := 32 / words
	for pad := int64(0); pad < 32; pad++ {
		stride := side + pad
		ok := true
		for e0 := int64(0); e0 < side*bk && ok; e0 += perPhase {
			var owner [32]int64
			for i := range owner {
				owner[i] = -1
			}
			for e := e0; e < e0+perPhase && e < side*bk && ok; e++ {
				kk, p := tileLoad(e, side, bk, kFast)
				for w := range words {
					word := (kk*stride+p)*words + w
					if b := word % 32; owner[b] >= 0 && owner[b] != word {
						ok = false
					} else {
						owner[b] = word
					}
				}
			}
		}
		if ok {
			return pad
		}
	}
	return 1
}

// tiledMatmul replaces a tt.matmul call of a float type by the launch of
// a tiled shared-memory GEMM kernel named name in gm, and reports whether
// it did. It leaves the call alone in the cases expandMatmul leaves alone.
func tiledMatmul(gm func() gpu.ModuleOp, op *ir.Operation, name string) bool {
	if n, _ := op.StringAttr("callee"); n != loops.MatmulCallee {
		return false
	}
	args := op.Operands()
	if len(args) != 3 && len(args) != 4 {
		return false
	}
	a, bm, c := args[0], args[1], args[2]
	var bias ir.Value
	if len(args) == 4 {
		bias = args[3]
	}
	if c == a || c == bm || (bias != nil && c == bias) {
		return false
	}
	ct, ok := c.Type().(*ir.MemRefType)
	if !ok || ct.Rank() < 2 || !ir.IsFloat(ct.Elem) || ct.Layout != nil {
		return false
	}
	for _, v := range args {
		if t, ok := v.Type().(*ir.MemRefType); !ok || t.Layout != nil || t.MemorySpace != nil {
			return false
		}
	}
	et := ct.Elem
	w := et.(*ir.FloatType).Width()
	if w != 32 && w != 64 {
		return false
	}
	flags := loops.MatmulFlagsOf(op)
	if (flags.Activation == "gelu" || flags.Activation == "gelu_tanh") && w != 32 {
		return false
	}
	rank := ct.Rank()
	shape := ct.Shape()
	tiling := chooseGemmTiling(shape[rank-2], shape[rank-1], w/8, !flags.TransposeA, flags.TransposeB)
	ctx := op.Context()
	module := gm()

	// The kernel.
	kargs := []ir.Value{a, bm, c}
	if bias != nil {
		kargs = append(kargs, bias)
	}
	inputs := make([]ir.Type, len(kargs))
	for i, v := range kargs {
		inputs[i] = v.Type()
	}
	space := gpu.AddressSpaceAttrDef.Get(gpu.Workgroup)
	wg := []ir.Type{
		ctx.MemRefWith([]int64{tiling.BK, tiling.BM + tiling.padA}, et, nil, space),
		ctx.MemRefWith([]int64{tiling.BK, tiling.BN + tiling.padB}, et, nil, space),
	}
	kb := ir.NewBuilder(ctx)
	kb.Loc = op.Loc()
	kb.SetInsertionPointBefore(module.Body().Terminator())
	fn := gpu.Func(kb, name, ctx.Function(inputs, nil), true, wg, nil)
	entry := fn.Entry()
	kb.SetInsertionPointToEnd(entry)
	g := &gemmBuilder{b: kb, t: tiling, flags: flags, rank: rank, et: et,
		a: entry.Arg(0), bm: entry.Arg(1), c: entry.Arg(2), as: entry.Arg(len(kargs)), bs: entry.Arg(len(kargs) + 1)}
	if bias != nil {
		g.bias = entry.Arg(3)
	}
	g.build()
	kb.Build(&ir.OperationState{Name: gpu.ReturnName})

	// The launch: one block per tile of C and batch element.
	hb := ir.NewBuilder(ctx)
	hb.Loc = op.Loc()
	hb.SetInsertionPointBefore(op)
	dim := func(d int) ir.Value {
		if n := shape[d]; n != ir.Dynamic {
			return indexConst(hb, n)
		}
		return loops.Dim(hb, c, int64(d))
	}
	one := indexConst(hb, 1)
	tiles := func(n ir.Value, side int64) ir.Value {
		return arith.MaxSI(hb, arith.CeilDivSI(hb, n, indexConst(hb, side)), one)
	}
	batch := one
	for d := 0; d < rank-2; d++ {
		batch = arith.MulI(hb, batch, dim(d))
	}
	grid := [3]ir.Value{tiles(dim(rank-1), tiling.BN), tiles(dim(rank-2), tiling.BM), arith.MaxSI(hb, batch, one)}
	block := [3]ir.Value{indexConst(hb, gemmThreads*gemmThreads), one, one}
	launch := gpu.LaunchFunc(hb, ir.SymbolRef(module.Op.Attr(ir.SymbolAttrName).(*ir.StringAttr).Value, name), grid, block, kargs...)
	launch.Op.SetAttr(KernelKindAttrName, ir.String(KindMatmul))
	launch.Op.SetAttr(TileAttrName, &ir.DenseArrayAttr{Elem: ctx.I64(), Ints: []int64{tiling.BM, tiling.BN, tiling.BK}})
	launch.Op.SetAttr(ThreadTileAttrName, &ir.DenseArrayAttr{Elem: ctx.I64(), Ints: []int64{tiling.TM, tiling.TN}})
	op.Erase()
	return true
}

// gemmBuilder builds the body of a tiled GEMM kernel.
type gemmBuilder struct {
	b      *ir.Builder
	t      gemmTiling
	flags  loops.MatmulFlags
	rank   int
	et     ir.Type
	a, bm  ir.Value // the operands (kernel arguments)
	c      ir.Value
	bias   ir.Value // nil without bias
	as, bs ir.Value // workgroup tiles [BK][BM+padA], [BK][BN+padB]

	batch      []ir.Value // the block's batch indices
	m, n, k    ir.Value
	tid        ir.Value
	row0, col0 ir.Value
	zero       ir.Value
}

func (g *gemmBuilder) idx(v int64) ir.Value { return indexConst(g.b, v) }

// dim returns dimension d of the kernel argument v.
func (g *gemmBuilder) dim(v ir.Value, d int) ir.Value {
	if n := v.Type().(*ir.MemRefType).Shape()[d]; n != ir.Dynamic {
		return g.idx(n)
	}
	return loops.Dim(g.b, v, int64(d))
}

func (g *gemmBuilder) build() {
	b, t, r := g.b, g.t, g.rank
	g.tid = gpu.ThreadID(b, gpu.DimX)
	ts := g.idx(gemmThreads)
	tx, ty := arith.RemUI(b, g.tid, ts), arith.DivUI(b, g.tid, ts)
	g.col0 = arith.MulI(b, gpu.BlockID(b, gpu.DimX), g.idx(t.BN))
	g.row0 = arith.MulI(b, gpu.BlockID(b, gpu.DimY), g.idx(t.BM))
	// The batch indices of block z (innermost fastest).
	rest := gpu.BlockID(b, gpu.DimZ)
	g.batch = make([]ir.Value, r-2)
	for d := r - 3; d >= 0; d-- {
		if d == 0 {
			g.batch[d] = rest
			break
		}
		n := g.dim(g.c, d)
		g.batch[d] = arith.RemUI(b, rest, n)
		rest = arith.DivUI(b, rest, n)
	}
	kDim := r - 1
	if g.flags.TransposeA {
		kDim = r - 2
	}
	g.m, g.n, g.k = g.dim(g.c, r-2), g.dim(g.c, r-1), g.dim(g.a, kDim)
	g.zero = arith.Constant(b, ir.Float(g.et, 0))

	accs := make([]ir.Value, t.TM*t.TN)
	for i := range accs {
		accs[i] = g.zero
	}
	outer := loops.For(b, g.idx(0), g.k, g.idx(t.BK), accs...)
	outer.SetReductionKinds(addKinds(len(accs)))
	b.SetInsertionPointToEnd(outer.BodyBlock())
	k0 := outer.InductionVar()
	g.loadTile(k0, true)
	g.loadTile(k0, false)
	gpu.Barrier(b)
	// The stage's BK steps, unrolled: the accumulators stay in registers
	// without a loop's copies, in K order (as numerics/linalg sums).
	acc := outer.RegionIterArgs()
	aRows := make([]ir.Value, t.TM)
	for i := range aRows {
		aRows[i] = arith.AddI(b, ty, g.idx(int64(i)*gemmThreads))
	}
	bCols := make([]ir.Value, t.TN)
	for j := range bCols {
		bCols[j] = arith.AddI(b, tx, g.idx(int64(j)*gemmThreads))
	}
	for kk := range t.BK {
		kv := g.idx(kk)
		av := make([]ir.Value, t.TM)
		for i := range av {
			av[i] = loops.Load(b, g.as, kv, aRows[i])
		}
		bv := make([]ir.Value, t.TN)
		for j := range bv {
			bv[j] = loops.Load(b, g.bs, kv, bCols[j])
		}
		next := make([]ir.Value, len(acc))
		for i := range av {
			for j := range bv {
				q := i*int(t.TN) + j
				next[q] = arith.AddF(b, acc[q], arith.MulF(b, av[i], bv[j]))
			}
		}
		acc = next
	}
	// The next stage overwrites the tiles: every thread must be done
	// reading them.
	gpu.Barrier(b)
	loops.Yield(b, acc...)
	b.SetInsertionPointAfter(outer.Op)
	g.epilogue(tx, ty, outer.Op.Results())
}

func addKinds(n int) []loops.ReductionKind {
	kinds := make([]loops.ReductionKind, n)
	for i := range kinds {
		kinds[i] = loops.ReduceAddF
	}
	return kinds
}

// loadTile stores the block's tile of A (isA) or B for the stage at k0
// into workgroup memory, zero outside the operand, each thread loading
// side·BK/256 elements.
func (g *gemmBuilder) loadTile(k0 ir.Value, isA bool) {
	b, t := g.b, g.t
	side, buf, src, p0, pn := t.BN, g.bs, g.bm, g.col0, g.n
	kFast := g.flags.TransposeB
	if isA {
		side, buf, src, p0, pn = t.BM, g.as, g.a, g.row0, g.m
		kFast = !g.flags.TransposeA
	}
	const threads = gemmThreads * gemmThreads
	for l := int64(0); l < side*t.BK/threads; l++ {
		e := arith.AddI(b, g.tid, g.idx(l*threads))
		var kk, p ir.Value
		if kFast {
			kk, p = arith.RemUI(b, e, g.idx(t.BK)), arith.DivUI(b, e, g.idx(t.BK))
		} else {
			kk, p = arith.DivUI(b, e, g.idx(side)), arith.RemUI(b, e, g.idx(side))
		}
		gk, gp := arith.AddI(b, k0, kk), arith.AddI(b, p0, p)
		inside := arith.AndI(b, arith.CmpI(b, "ult", gk, g.k), arith.CmpI(b, "ult", gp, pn))
		// A is [.., M, K] ([.., K, M] transposed), B [.., K, N]
		// ([.., N, K] transposed): the operand's own row and column.
		row, col := gk, gp
		if isA && !g.flags.TransposeA || !isA && g.flags.TransposeB {
			row, col = gp, gk
		}
		guard := loops.If(b, inside, g.et)
		ip := b.SaveInsertionPoint()
		b.SetInsertionPointToEnd(guard.ThenBlock())
		loops.Yield(b, loops.Load(b, src, append(append([]ir.Value{}, g.batch...), row, col)...))
		b.SetInsertionPointToEnd(guard.ElseBlock())
		loops.Yield(b, g.zero)
		b.RestoreInsertionPoint(ip)
		loops.Store(b, guard.Op.Result(0), buf, kk, p)
	}
}

// epilogue adds the bias, applies the activation and stores the thread's
// outputs that lie inside C.
func (g *gemmBuilder) epilogue(tx, ty ir.Value, accs []ir.Value) {
	b, t := g.b, g.t
	for i := int64(0); i < t.TM; i++ {
		row := arith.AddI(b, g.row0, arith.AddI(b, ty, g.idx(i*gemmThreads)))
		rowIn := arith.CmpI(b, "ult", row, g.m)
		for j := int64(0); j < t.TN; j++ {
			col := arith.AddI(b, g.col0, arith.AddI(b, tx, g.idx(j*gemmThreads)))
			guard := loops.If(b, arith.AndI(b, rowIn, arith.CmpI(b, "ult", col, g.n)))
			guard.Op.Region(1).Front().Erase()
			ip := b.SaveInsertionPoint()
			b.SetInsertionPointToEnd(guard.ThenBlock())
			v := accs[i*t.TN+j]
			if g.bias != nil {
				v = arith.AddF(b, v, loops.Load(b, g.bias, col))
			}
			v = activation(b, g.flags.Activation, v)
			loops.Store(b, v, g.c, append(append([]ir.Value{}, g.batch...), row, col)...)
			loops.Yield(b)
			b.RestoreInsertionPoint(ip)
		}
	}
}

func (t gemmTiling) String() string {
	return fmt.Sprintf("%dx%dx%d/%dx%d", t.BM, t.BN, t.BK, t.TM, t.TN)
}
