package loopstogpu

import (
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
	// kFastA and kFastB say that the operand is contiguous along K.
	kFastA, kFastB bool
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
	t := gemmTiling{BM: tileSide(m, elemBytes), BN: tileSide(n, elemBytes), BK: gemmBK, kFastA: kFastA, kFastB: kFastB}
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

// gemmProblem describes a GEMM-shaped kernel to gemmBuilder: C [m, n] =
// A [m, k] · B [k, n] per block z, with how the tiles read the operands
// and where the results go.
type gemmProblem interface {
	// setup builds, at the start of the kernel, what the problem needs of
	// block z and returns m, n, k and the number of problems (the batch:
	// block z is past the last when it is 0).
	setup(g *gemmBuilder, z ir.Value) (m, n, k, batch ir.Value)
	// element returns A[p][kk] (isA) or B[kk][p], zero where inside (k
	// and p in range) is false or the element is padding.
	element(g *gemmBuilder, isA bool, kk, p, inside ir.Value) ir.Value
	// store writes the accumulated C[row][col] (row < m, col < n), with
	// the problem's epilogue.
	store(g *gemmBuilder, row, col, v ir.Value)
}

// gemmLaunch builds the kernel name of gm computing prob with tiling on
// the kernel arguments kargs, and its launch before op with the grid
// (ceil(n/BN), ceil(m/BM), batch) of host sizes.
func gemmLaunch(gm gpu.ModuleOp, op *ir.Operation, name, kind string, kargs []ir.Value, et ir.Type, tiling gemmTiling,
	prob func(args []ir.Value) gemmProblem, sizes func(hb *ir.Builder) (m, n, batch ir.Value)) gpu.FuncOp {
	ctx := op.Context()
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
	kb.SetInsertionPointBefore(gm.Body().Terminator())
	fn := gpu.Func(kb, name, ctx.Function(inputs, nil), true, wg, nil)
	entry := fn.Entry()
	kb.SetInsertionPointToEnd(entry)
	g := &gemmBuilder{b: kb, t: tiling, et: et, as: entry.Arg(len(kargs)), bs: entry.Arg(len(kargs) + 1)}
	g.build(prob(entry.ArgValues()[:len(kargs)]))
	kb.Build(&ir.OperationState{Name: gpu.ReturnName})

	hb := ir.NewBuilder(ctx)
	hb.Loc = op.Loc()
	hb.SetInsertionPointBefore(op)
	one := indexConst(hb, 1)
	tiles := func(n ir.Value, side int64) ir.Value {
		return arith.MaxSI(hb, arith.CeilDivSI(hb, n, indexConst(hb, side)), one)
	}
	m, n, batch := sizes(hb)
	grid := [3]ir.Value{tiles(n, tiling.BN), tiles(m, tiling.BM), arith.MaxSI(hb, batch, one)}
	block := [3]ir.Value{indexConst(hb, gemmThreads*gemmThreads), one, one}
	launch := gpu.LaunchFunc(hb, ir.SymbolRef(gm.Op.Attr(ir.SymbolAttrName).(*ir.StringAttr).Value, name), grid, block, kargs...)
	launch.Op.SetAttr(KernelKindAttrName, ir.String(kind))
	launch.Op.SetAttr(TileAttrName, &ir.DenseArrayAttr{Elem: ctx.I64(), Ints: []int64{tiling.BM, tiling.BN, tiling.BK}})
	launch.Op.SetAttr(ThreadTileAttrName, &ir.DenseArrayAttr{Elem: ctx.I64(), Ints: []int64{tiling.TM, tiling.TN}})
	return fn
}

// plainBuffers reports whether every value is a memref without layout or
// memory space, of one float element type of 32 or 64 bits (or f16 and
// bf16 with allowHalf), and returns it.
func plainBuffers(vs []ir.Value, allowHalf bool) (ir.Type, bool) {
	var et ir.Type
	for _, v := range vs {
		t, ok := v.Type().(*ir.MemRefType)
		if !ok || t.Layout != nil || t.MemorySpace != nil || !ir.IsFloat(t.Elem) || et != nil && t.Elem != et {
			return nil, false
		}
		et = t.Elem
	}
	if w := et.(*ir.FloatType).Width(); w != 32 && w != 64 && !(allowHalf && isHalfFloat(et)) {
		return nil, false
	}
	return et, true
}

// tiledMatmul replaces a tt.matmul call on f32 or f64 buffers, or on
// f16/bf16 A and B with an f32 C, by the launch of a tiled shared-memory
// GEMM kernel named name in gm, and reports whether it did. It leaves
// integer products (expandMatmul's), f64 gelu and calls whose output is
// also an operand alone.
func tiledMatmul(gm func() gpu.ModuleOp, op *ir.Operation, name string) bool {
	if n, _ := op.StringAttr("callee"); n != loops.MatmulCallee {
		return false
	}
	args := op.Operands()
	if len(args) != 3 && len(args) != 4 {
		return false
	}
	c := args[2]
	for i, v := range args {
		if i != 2 && v == c {
			return false
		}
	}
	// f32/f64 throughout, or f16/bf16 A and B with an f32 C (and bias).
	et, ok := plainBuffers(append([]ir.Value{c}, args[3:]...), false)
	if !ok {
		return false
	}
	ab, ok := plainBuffers(args[:2], true)
	half := ok && isHalfFloat(ab) && et.(*ir.FloatType).Width() == 32
	if !ok || ab != et && !half {
		return false
	}
	flags := loops.MatmulFlagsOf(op)
	if (flags.Activation == "gelu" || flags.Activation == "gelu_tanh") && et.(*ir.FloatType).Width() != 32 {
		return false
	}
	ct := c.Type().(*ir.MemRefType)
	rank, shape := ct.Rank(), ct.Shape()
	kargs := append([]ir.Value{}, args...)
	var nr narrowed
	narrow := false
	var copies []widened
	if half {
		// Read 16-bit operands that are copies made for the product
		// alone (realized transposes) in place, and round C to 16 bits
		// in the epilogue instead of in a kernel of its own.
		for i := range 2 {
			if w, ok := copiedOperand(op, args[i]); ok {
				kargs[i] = w.src
				if i == 0 {
					flags.TransposeA = flags.TransposeA != w.transposed
				} else {
					flags.TransposeB = flags.TransposeB != w.transposed
				}
				copies = append(copies, w)
			}
		}
		nr, narrow = narrowedResult(op, c)
		if narrow {
			kargs[2] = nr.dst
		}
	}
	tiling := chooseGemmTiling(shape[rank-2], shape[rank-1], elemBytes(et), !flags.TransposeA, flags.TransposeB)
	if half {
		// The mma kernel's block tile, so that one launch fits both.
		tiling = chooseGemmTiling(64, 64, elemBytes(et), !flags.TransposeA, flags.TransposeB)
	}
	prob := func(kargs []ir.Value) gemmProblem {
		p := &matmulProblem{flags: flags, rank: rank, a: kargs[0], bm: kargs[1], c: kargs[2]}
		if len(kargs) == 4 {
			p.bias = kargs[3]
		}
		return p
	}
	sizes := func(hb *ir.Builder) (m, n, batch ir.Value) {
		dim := func(d int) ir.Value { return hostDim(hb, kargs[2], d) }
		batch = indexConst(hb, 1)
		for d := 0; d < rank-2; d++ {
			batch = arith.MulI(hb, batch, dim(d))
		}
		return dim(rank - 2), dim(rank - 1), batch
	}
	for _, w := range copies {
		if w.deferDealloc != nil {
			w.deferDealloc.MoveAfter(op)
		}
	}
	fn := gemmLaunch(gm(), op, name, KindMatmul, kargs, et, tiling, prob, sizes)
	if half && (flags.Activation == "" || flags.Activation == "relu") && allStatic(kargs) {
		fn.Op.SetAttr(MmaAttrName, ir.String(ab.String()))
		loops.SetMatmulFlags(fn.Op, flags)
	}
	op.Erase()
	for _, w := range copies {
		for _, e := range w.erase {
			e.Erase()
		}
	}
	if narrow {
		for _, e := range nr.erase {
			e.Erase()
		}
	}
	return true
}

func allStatic(vs []ir.Value) bool {
	for _, v := range vs {
		if !ir.HasStaticShape(v.Type()) {
			return false
		}
	}
	return true
}

func elemBytes(t ir.Type) int { return t.(*ir.FloatType).Width() / 8 }

// hostDim returns dimension d of the memref v, a constant when static.
func hostDim(b *ir.Builder, v ir.Value, d int) ir.Value {
	if n := v.Type().(*ir.MemRefType).Shape()[d]; n != ir.Dynamic {
		return indexConst(b, n)
	}
	return loops.Dim(b, v, int64(d))
}

// gemmBuilder builds the body of a tiled GEMM kernel.
type gemmBuilder struct {
	b      *ir.Builder
	t      gemmTiling
	et     ir.Type
	as, bs ir.Value // workgroup tiles [BK][BM+padA], [BK][BN+padB]

	m, n, k    ir.Value
	tid        ir.Value
	row0, col0 ir.Value
	zero       ir.Value
}

func (g *gemmBuilder) idx(v int64) ir.Value { return indexConst(g.b, v) }

// dim returns dimension d of the kernel argument v.
func (g *gemmBuilder) dim(v ir.Value, d int) ir.Value { return hostDim(g.b, v, d) }

// divisor returns v for use as a divisor: at least 1, so that the index
// arithmetic of threads outside the problem never divides by zero.
func (g *gemmBuilder) divisor(v ir.Value) ir.Value {
	if c, ok := constInt(v); ok && c > 0 {
		return v
	}
	return arith.MaxSI(g.b, v, g.idx(1))
}

// load returns buf[idx] where inside holds, zero elsewhere (widened to
// the GEMM's type when buf holds 16-bit floats).
func (g *gemmBuilder) load(inside, buf ir.Value, idx ...ir.Value) ir.Value {
	b := g.b
	guard := loops.If(b, inside, g.et)
	ip := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(guard.ThenBlock())
	v := loops.Load(b, buf, idx...)
	if v.Type() != g.et {
		v = arith.ExtF(b, g.et, v)
	}
	loops.Yield(b, v)
	b.SetInsertionPointToEnd(guard.ElseBlock())
	loops.Yield(b, g.zero)
	b.RestoreInsertionPoint(ip)
	return guard.Op.Result(0)
}

func (g *gemmBuilder) build(prob gemmProblem) {
	b, t := g.b, g.t
	g.tid = gpu.ThreadID(b, gpu.DimX)
	ts := g.idx(gemmThreads)
	tx, ty := arith.RemUI(b, g.tid, ts), arith.DivUI(b, g.tid, ts)
	g.col0 = arith.MulI(b, gpu.BlockID(b, gpu.DimX), g.idx(t.BN))
	g.row0 = arith.MulI(b, gpu.BlockID(b, gpu.DimY), g.idx(t.BM))
	g.zero = arith.Constant(b, ir.Float(g.et, 0))
	z := gpu.BlockID(b, gpu.DimZ)
	var batch ir.Value
	g.m, g.n, g.k, batch = prob.setup(g, z)
	if c, ok := constInt(batch); !ok || c < 1 {
		// An empty batch still launches one block: it computes nothing.
		valid := arith.CmpI(b, "ult", z, batch)
		zero := g.idx(0)
		g.m, g.n, g.k = arith.Select(b, valid, g.m, zero), arith.Select(b, valid, g.n, zero), arith.Select(b, valid, g.k, zero)
	}

	accs := make([]ir.Value, t.TM*t.TN)
	for i := range accs {
		accs[i] = g.zero
	}
	outer := loops.For(b, g.idx(0), g.k, g.idx(t.BK), accs...)
	outer.SetReductionKinds(addKinds(len(accs)))
	b.SetInsertionPointToEnd(outer.BodyBlock())
	k0 := outer.InductionVar()
	g.loadTile(prob, k0, true)
	g.loadTile(prob, k0, false)
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
	g.epilogue(prob, tx, ty, outer.Op.Results())
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
func (g *gemmBuilder) loadTile(prob gemmProblem, k0 ir.Value, isA bool) {
	b, t := g.b, g.t
	side, buf, p0, pn, kFast := t.BN, g.bs, g.col0, g.n, t.kFastB
	if isA {
		side, buf, p0, pn, kFast = t.BM, g.as, g.row0, g.m, t.kFastA
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
		loops.Store(b, prob.element(g, isA, gk, gp, inside), buf, kk, p)
	}
}

// epilogue stores the thread's outputs that lie inside C.
func (g *gemmBuilder) epilogue(prob gemmProblem, tx, ty ir.Value, accs []ir.Value) {
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
			prob.store(g, row, col, accs[i*t.TN+j])
			loops.Yield(b)
			b.RestoreInsertionPoint(ip)
		}
	}
}

// matmulProblem is tt.matmul: batched, either operand transposed, with
// the bias and activation epilogue.
type matmulProblem struct {
	flags loops.MatmulFlags
	rank  int
	a, bm ir.Value
	c     ir.Value
	bias  ir.Value // nil without bias
	batch []ir.Value
}

func (p *matmulProblem) setup(g *gemmBuilder, z ir.Value) (m, n, k, batch ir.Value) {
	b, r := g.b, p.rank
	batch = g.idx(1)
	for d := 0; d < r-2; d++ {
		batch = arith.MulI(b, batch, g.dim(p.c, d))
	}
	// The batch indices of block z (innermost fastest).
	rest := z
	p.batch = make([]ir.Value, r-2)
	for d := r - 3; d >= 0; d-- {
		if d == 0 {
			p.batch[d] = rest
			break
		}
		n := g.divisor(g.dim(p.c, d))
		p.batch[d] = arith.RemUI(b, rest, n)
		rest = arith.DivUI(b, rest, n)
	}
	kDim := r - 1
	if p.flags.TransposeA {
		kDim = r - 2
	}
	return g.dim(p.c, r-2), g.dim(p.c, r-1), g.dim(p.a, kDim), batch
}

// element reads A [.., M, K] ([.., K, M] transposed) or B [.., K, N]
// ([.., N, K] transposed).
func (p *matmulProblem) element(g *gemmBuilder, isA bool, gk, gp, inside ir.Value) ir.Value {
	src, row, col := p.bm, gk, gp
	if isA {
		src = p.a
	}
	if isA && !p.flags.TransposeA || !isA && p.flags.TransposeB {
		row, col = gp, gk
	}
	return g.load(inside, src, append(append([]ir.Value{}, p.batch...), row, col)...)
}

func (p *matmulProblem) store(g *gemmBuilder, row, col, v ir.Value) {
	b := g.b
	if p.bias != nil {
		v = arith.AddF(b, v, loops.Load(b, p.bias, col))
	}
	v = activation(b, p.flags.Activation, v)
	if ct := p.c.Type().(*ir.MemRefType).Elem; ct != v.Type() {
		v = arith.TruncF(b, ct, v)
	}
	loops.Store(b, v, p.c, append(append([]ir.Value{}, p.batch...), row, col)...)
}
