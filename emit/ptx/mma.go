package ptxemit

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/loopstogpu"
	"github.com/tt-compiler/tt/ptx"
)

// MmaGemm describes a tensor-core GEMM kernel: C [m, n] (f32 unless Out
// says otherwise) = A [m, k] ·
// B [k, n] with 16-bit inputs (f16 or bf16) and f32 accumulation, batched
// over grid z. A is stored [k, m] when TransA, B [n, k] when TransB (both
// row-major).
type MmaGemm struct {
	Name           string
	Elem           string // "f16" or "bf16"
	TransA, TransB bool
	// Static, when set, gives m, n, k and the batch: the kernel then takes
	// the buffers only (a, b, c and, with Bias, the f32 bias [n]), as
	// emit/ptx passes a gpu.func's static memrefs.
	Static *[4]int64
	// Bias adds bias[col] to every row; Relu then applies max(x, 0) as
	// numerics.Relu (a NaN stays).
	Bias, Relu bool
	// Out is C's element type: "" (f32), or "f16" or "bf16" (each result
	// rounded once, to nearest even).
	Out string
}

// Tiling of the mma kernel: a block of 8 warps computes a 64×64 tile of C
// (the tiled f32 kernel's block tile and block size, so one launch fits
// both), each warp a 32×16 part as 2×2 mma.sync.m16n8k16 tiles; K is
// staged 16 at a time through shared memory.
const (
	mmaBM, mmaBN, mmaBK = 64, 64, 16
	mmaThreads          = 256
	mmaLoads            = mmaBM * mmaBK / mmaThreads
	// Shared tiles of an operand contiguous along K are [p][k] rows of
	// mmaStrideK halves (16 + 8 of padding: the fragments' 32-bit loads hit
	// 32 distinct banks); those of an operand contiguous along M or N are
	// [k][p] rows of mmaStrideP halves (64 + 8).
	mmaStrideK, mmaStrideP = 24, 72
	// mmaStrideC is the row length in words of the f32 tile of C staged
	// in shared memory for the epilogue (64 + 8).
	mmaStrideC = 72
)

// MmaTile returns the block tile [BM, BN, BK] and block size of the mma
// kernels.
func MmaTile() (bm, bn, bk, threads int) { return mmaBM, mmaBN, mmaBK, mmaThreads }

// MmaTargetOK reports whether target sm has mma.sync.m16n8k16 for elem
// (f16 from sm_80 here, as bf16: the m16n8k16 shape is sm_80's).
func MmaTargetOK(sm int, elem string) bool {
	return sm >= 80 && (elem == "f16" || elem == "bf16")
}

// Params of the mma kernel, in order: a, b, c (.u64 global addresses),
// m, n, k (.u32), and the batch strides of a, b and c in elements (.u64).

// Module returns a PTX module for target sm holding the kernel (parsed
// into package ptx's model and verified): launch it with grid
// (ceil(n/64), ceil(m/64), batch) and 256 threads. Elements of A and B
// outside [m, k] and [k, n] are read as zero; C is written inside [m, n]
// only.
func (g MmaGemm) Module(sm int) (*ptx.Module, error) {
	if !MmaTargetOK(sm, g.Elem) {
		return nil, fmt.Errorf("mma.sync.m16n8k16 with %s inputs needs sm_80 or later, not sm_%d", g.Elem, sm)
	}
	v := versionFor(sm)
	text := fmt.Sprintf(".version %d.%d\n.target sm_%d\n.address_size 64\n", v.Major, v.Minor, sm) + g.text()
	mod, err := ptx.ParseString(g.Name+".ptx", text)
	if err != nil {
		return nil, fmt.Errorf("mma kernel %s: %w", g.Name, err)
	}
	if err := ptx.Verify(mod, nil); err != nil {
		return nil, fmt.Errorf("mma kernel %s: %w", g.Name, err)
	}
	return mod, nil
}

// mmaWriter accumulates the kernel's text.
type mmaWriter struct {
	sb   strings.Builder
	regs int // %r (b32)
	rds  int // %rd (b64)
	ps   int // %p
	fs   int // %f
	hs   int // %h (b16)
}

func (w *mmaWriter) f(format string, args ...any) {
	w.sb.WriteString("\t")
	fmt.Fprintf(&w.sb, format, args...)
	w.sb.WriteString(";\n")
}
func (w *mmaWriter) r() string   { w.regs++; return fmt.Sprintf("%%r%d", w.regs) }
func (w *mmaWriter) rd() string  { w.rds++; return fmt.Sprintf("%%rd%d", w.rds) }
func (w *mmaWriter) p() string   { w.ps++; return fmt.Sprintf("%%p%d", w.ps) }
func (w *mmaWriter) f32() string { w.fs++; return fmt.Sprintf("%%f%d", w.fs) }
func (w *mmaWriter) h() string   { w.hs++; return fmt.Sprintf("%%h%d", w.hs) }

// param returns the name of parameter i: the buffers a, b, c (and the
// bias) as emit/ptx names a kernel's parameters (NAME_param_i) when
// Static, else a, b, c, bias, then the strides sa, sb, sc.
func (g MmaGemm) param(i int) string {
	if g.Static != nil {
		return fmt.Sprintf("%s_param_%d", g.Name, i)
	}
	return g.Name + "_" + []string{"a", "b", "c", "bias", "sa", "sb", "sc"}[i]
}

func (g MmaGemm) text() string {
	w := &mmaWriter{}
	n := g.Name
	// Thread coordinates.
	tid, warp, lane, grp, tig := w.r(), w.r(), w.r(), w.r(), w.r()
	w.f("mov.u32 %s, %%tid.x", tid)
	w.f("shr.u32 %s, %s, 5", warp, tid)
	w.f("and.b32 %s, %s, 31", lane, tid)
	w.f("shr.u32 %s, %s, 2", grp, lane)
	w.f("and.b32 %s, %s, 3", tig, lane)
	m, nn, k := w.r(), w.r(), w.r()
	if g.Static != nil {
		w.f("mov.u32 %s, %d", m, g.Static[0])
		w.f("mov.u32 %s, %d", nn, g.Static[1])
		w.f("mov.u32 %s, %d", k, g.Static[2])
	} else {
		w.f("ld.param.u32 %s, [%s_m]", m, n)
		w.f("ld.param.u32 %s, [%s_n]", nn, n)
		w.f("ld.param.u32 %s, [%s_k]", k, n)
	}
	row0, col0, bz := w.r(), w.r(), w.r()
	w.f("mov.u32 %s, %%ctaid.x", col0)
	w.f("shl.b32 %s, %s, 6", col0, col0)
	w.f("mov.u32 %s, %%ctaid.y", row0)
	w.f("shl.b32 %s, %s, 6", row0, row0)
	w.f("mov.u32 %s, %%ctaid.z", bz)
	// Operand base addresses for batch element z.
	base := func(i int, size int, stride int64) string {
		raw, s, off, a := w.rd(), w.rd(), w.rd(), w.rd()
		w.f("ld.param.u64 %s, [%s]", raw, g.param(i))
		w.f("cvta.to.global.u64 %s, %s", a, raw)
		if g.Static != nil {
			w.f("mov.u64 %s, %d", s, stride)
		} else {
			w.f("ld.param.u64 %s, [%s]", s, g.param(4+i))
		}
		w.f("cvt.u64.u32 %s, %s", off, bz)
		w.f("mul.lo.u64 %s, %s, %s", off, off, s)
		w.f("mad.lo.u64 %s, %s, %d, %s", a, off, size, a)
		return a
	}
	var sm, sn, sk int64
	if g.Static != nil {
		sm, sn, sk = g.Static[0], g.Static[1], g.Static[2]
	}
	cSize := 4
	if g.Out != "" {
		cSize = 2
	}
	aBase, bBase, cBase := base(0, 2, sm*sk), base(1, 2, sk*sn), base(2, cSize, sm*sn)
	var biasBase string
	if g.Bias {
		raw := w.rd()
		biasBase = w.rd()
		w.f("ld.param.u64 %s, [%s]", raw, g.param(3))
		w.f("cvta.to.global.u64 %s, %s", biasBase, raw)
	}
	as, bs := w.rd(), w.rd()
	w.f("mov.u64 %s, %s_as", as, n)
	w.f("mov.u64 %s, %s_bs", bs, n)
	wm, wn := w.r(), w.r()
	w.f("shr.u32 %s, %s, 2", wm, warp)
	w.f("shl.b32 %s, %s, 5", wm, wm)
	w.f("and.b32 %s, %s, 3", wn, warp)
	w.f("shl.b32 %s, %s, 4", wn, wn)
	// Accumulators: [mt][nt][4].
	var acc [2][2][4]string
	w.fs = 16
	for mt := range 2 {
		for nt := range 2 {
			for i := range 4 {
				acc[mt][nt][i] = fmt.Sprintf("%%f%d", 1+mt*8+nt*4+i)
				w.f("mov.f32 %s, 0f00000000", acc[mt][nt][i])
			}
		}
	}
	// The K columns (and C columns) of this lane's fragment elements.
	kc0, kc8 := w.r(), w.r()
	w.f("shl.b32 %s, %s, 1", kc0, tig)
	w.f("add.u32 %s, %s, 8", kc8, kc0)
	k0 := w.r()
	w.f("mov.u32 %s, 0", k0)
	w.sb.WriteString("$Lloop:\n")
	done := w.p()
	w.f("setp.ge.u32 %s, %s, %s", done, k0, k)
	w.f("@%s bra $Ldone", done)
	// Cooperative loads: mmaLoads elements of each tile per thread.
	load := func(isA bool) {
		kFast, sh, glob, p0, pn := !g.TransA, as, aBase, row0, m
		if !isA {
			kFast, sh, glob, p0, pn = g.TransB, bs, bBase, col0, nn
		}
		for l := range mmaLoads {
			e, kk, pp := w.r(), w.r(), w.r()
			w.f("add.u32 %s, %s, %d", e, tid, l*mmaThreads)
			if kFast {
				w.f("and.b32 %s, %s, 15", kk, e)
				w.f("shr.u32 %s, %s, 4", pp, e)
			} else {
				w.f("and.b32 %s, %s, 63", pp, e)
				w.f("shr.u32 %s, %s, 6", kk, e)
			}
			gk, gp := w.r(), w.r()
			w.f("add.u32 %s, %s, %s", gk, k0, kk)
			w.f("add.u32 %s, %s, %s", gp, p0, pp)
			in1, in2 := w.p(), w.p()
			w.f("setp.lt.u32 %s, %s, %s", in1, gk, k)
			w.f("setp.lt.and.u32 %s, %s, %s, %s", in2, gp, pn, in1)
			// The operand's own row-major index.
			idx := w.r()
			switch {
			case isA && !g.TransA: // A [m][k]
				w.f("mad.lo.u32 %s, %s, %s, %s", idx, gp, k, gk)
			case isA: // A [k][m]
				w.f("mad.lo.u32 %s, %s, %s, %s", idx, gk, m, gp)
			case !g.TransB: // B [k][n]
				w.f("mad.lo.u32 %s, %s, %s, %s", idx, gk, nn, gp)
			default: // B [n][k]
				w.f("mad.lo.u32 %s, %s, %s, %s", idx, gp, k, gk)
			}
			ga, v := w.rd(), w.r()
			w.f("mul.wide.u32 %s, %s, 2", ga, idx)
			w.f("add.s64 %s, %s, %s", ga, glob, ga)
			w.f("mov.u32 %s, 0", v)
			w.f("@%s ld.global.u16 %s, [%s]", in2, v, ga)
			so := w.r()
			if kFast {
				w.f("mad.lo.u32 %s, %s, %d, %s", so, pp, mmaStrideK, kk)
			} else {
				w.f("mad.lo.u32 %s, %s, %d, %s", so, kk, mmaStrideP, pp)
			}
			sa := w.rd()
			w.f("mul.wide.u32 %s, %s, 2", sa, so)
			w.f("add.s64 %s, %s, %s", sa, sh, sa)
			w.f("st.shared.u16 [%s], %s", sa, v)
		}
	}
	load(true)
	load(false)
	w.f("bar.sync 0")
	// frag returns the 32-bit register holding elements (p, kc) and
	// (p, kc+1) of the shared tile of an operand.
	frag := func(isA bool, p, kc string) string {
		kFast, sh := !g.TransA, as
		if !isA {
			kFast, sh = g.TransB, bs
		}
		out := w.r()
		if kFast {
			o, a := w.r(), w.rd()
			w.f("mad.lo.u32 %s, %s, %d, %s", o, p, mmaStrideK, kc)
			w.f("mul.wide.u32 %s, %s, 2", a, o)
			w.f("add.s64 %s, %s, %s", a, sh, a)
			w.f("ld.shared.b32 %s, [%s]", out, a)
			return out
		}
		o, a, hi := w.r(), w.rd(), w.r()
		w.f("mad.lo.u32 %s, %s, %d, %s", o, kc, mmaStrideP, p)
		w.f("mul.wide.u32 %s, %s, 2", a, o)
		w.f("add.s64 %s, %s, %s", a, sh, a)
		w.f("ld.shared.u16 %s, [%s]", out, a)
		w.f("ld.shared.u16 %s, [%s+%d]", hi, a, 2*mmaStrideP)
		w.f("shl.b32 %s, %s, 16", hi, hi)
		w.f("or.b32 %s, %s, %s", out, out, hi)
		return out
	}
	var afr [2][4]string
	for mt := range 2 {
		r0, r8 := w.r(), w.r()
		w.f("add.u32 %s, %s, %s", r0, wm, grp)
		w.f("add.u32 %s, %s, %d", r0, r0, mt*16)
		w.f("add.u32 %s, %s, 8", r8, r0)
		afr[mt] = [4]string{frag(true, r0, kc0), frag(true, r8, kc0), frag(true, r0, kc8), frag(true, r8, kc8)}
	}
	var bfr [2][2]string
	for nt := range 2 {
		c := w.r()
		w.f("add.u32 %s, %s, %s", c, wn, grp)
		w.f("add.u32 %s, %s, %d", c, c, nt*8)
		bfr[nt] = [2]string{frag(false, c, kc0), frag(false, c, kc8)}
	}
	for mt := range 2 {
		for nt := range 2 {
			d := strings.Join(acc[mt][nt][:], ", ")
			w.f("mma.sync.aligned.m16n8k16.row.col.f32.%s.%s.f32 {%s}, {%s}, {%s}, {%s}", g.Elem, g.Elem,
				d, strings.Join(afr[mt][:], ", "), strings.Join(bfr[nt][:], ", "), d)
		}
	}
	w.f("bar.sync 0")
	w.f("add.u32 %s, %s, 16", k0, k0)
	w.f("bra $Lloop")
	w.sb.WriteString("$Ldone:\n")
	// Epilogue. D elements (2p, 2p+1) of tile (mt, nt) are C[g + 8p][2·tig
	// + {0, 1}] of the tile: the accumulators go to shared memory first
	// (8-byte stores, rows of mmaStrideC words: conflict-free per
	// half-warp), then the block writes its tile row by row, consecutive
	// threads on consecutive columns, so that the stores of C are
	// coalesced.
	cs := w.rd()
	w.f("mov.u64 %s, %s_cs", cs, n)
	for mt := range 2 {
		for nt := range 2 {
			for p := range 2 {
				o, a := w.r(), w.rd()
				w.f("add.u32 %s, %s, %s", o, wm, grp)
				w.f("add.u32 %s, %s, %d", o, o, mt*16+8*p)
				w.f("mul.lo.u32 %s, %s, %d", o, o, mmaStrideC)
				w.f("add.u32 %s, %s, %s", o, o, wn)
				w.f("add.u32 %s, %s, %s", o, o, kc0)
				w.f("add.u32 %s, %s, %d", o, o, nt*8)
				w.f("mul.wide.u32 %s, %s, 4", a, o)
				w.f("add.s64 %s, %s, %s", a, cs, a)
				w.f("st.shared.v2.f32 [%s], {%s, %s}", a, acc[mt][nt][2*p], acc[mt][nt][2*p+1])
			}
		}
	}
	w.f("bar.sync 0")
	for l := range mmaBM * mmaBN / mmaThreads {
		e, r, c := w.r(), w.r(), w.r()
		w.f("add.u32 %s, %s, %d", e, tid, l*mmaThreads)
		w.f("shr.u32 %s, %s, 6", r, e)
		w.f("and.b32 %s, %s, 63", c, e)
		o, sa, v := w.r(), w.rd(), w.f32()
		w.f("mad.lo.u32 %s, %s, %d, %s", o, r, mmaStrideC, c)
		w.f("mul.wide.u32 %s, %s, 4", sa, o)
		w.f("add.s64 %s, %s, %s", sa, cs, sa)
		w.f("ld.shared.f32 %s, [%s]", v, sa)
		row, col := w.r(), w.r()
		w.f("add.u32 %s, %s, %s", row, row0, r)
		w.f("add.u32 %s, %s, %s", col, col0, c)
		in1, in2 := w.p(), w.p()
		w.f("setp.lt.u32 %s, %s, %s", in1, row, m)
		w.f("setp.lt.and.u32 %s, %s, %s, %s", in2, col, nn, in1)
		idx, a := w.r(), w.rd()
		w.f("mad.lo.u32 %s, %s, %s, %s", idx, row, nn, col)
		w.f("mul.wide.u32 %s, %s, %d", a, idx, cSize)
		w.f("add.s64 %s, %s, %s", a, cBase, a)
		if g.Bias {
			ba, bv := w.rd(), w.f32()
			w.f("mul.wide.u32 %s, %s, 4", ba, col)
			w.f("add.s64 %s, %s, %s", ba, biasBase, ba)
			w.f("mov.f32 %s, 0f00000000", bv)
			w.f("@%s ld.global.f32 %s, [%s]", in2, bv, ba)
			w.f("add.rn.f32 %s, %s, %s", v, v, bv)
		}
		if g.Relu {
			// numerics.Relu: x < 0 ? 0 : x (a NaN stays).
			neg := w.p()
			w.f("setp.lt.f32 %s, %s, 0f00000000", neg, v)
			w.f("selp.f32 %s, 0f00000000, %s, %s", v, v, neg)
		}
		if g.Out != "" {
			h := w.h()
			w.f("cvt.rn.%s.f32 %s, %s", g.Out, h, v)
			w.f("@%s st.global.b16 [%s], %s", in2, a, h)
			continue
		}
		w.f("@%s st.global.f32 [%s], %s", in2, a, v)
	}
	w.f("ret")

	var hdr strings.Builder
	fmt.Fprintf(&hdr, ".visible .entry %s(", n)
	params := []string{".param .u64 " + g.param(0), ".param .u64 " + g.param(1), ".param .u64 " + g.param(2)}
	switch {
	case g.Static != nil && g.Bias:
		params = append(params, ".param .u64 "+g.param(3))
	case g.Static == nil:
		params = append(params, ".param .u32 "+n+"_m", ".param .u32 "+n+"_n", ".param .u32 "+n+"_k",
			".param .u64 "+g.param(4), ".param .u64 "+g.param(5), ".param .u64 "+g.param(6))
	}
	hdr.WriteString(strings.Join(params, ", "))
	hdr.WriteString(")\n{\n")
	sizeA, sizeB := mmaBM*mmaStrideK, mmaBN*mmaStrideK
	if g.TransA {
		sizeA = mmaBK * mmaStrideP
	}
	if !g.TransB {
		sizeB = mmaBK * mmaStrideP
	}
	fmt.Fprintf(&hdr, "\t.shared .align 16 .b8 %s_as[%d];\n\t.shared .align 16 .b8 %s_bs[%d];\n", n, 2*sizeA, n, 2*sizeB)
	fmt.Fprintf(&hdr, "\t.shared .align 16 .b8 %s_cs[%d];\n", n, 4*mmaBM*mmaStrideC)
	fmt.Fprintf(&hdr, "\t.reg .pred %%p<%d>;\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<%d>;\n\t.reg .f32 %%f<%d>;\n", w.ps+1, w.regs+1, w.rds+1, w.fs+1)
	if w.hs > 0 {
		fmt.Fprintf(&hdr, "\t.reg .b16 %%h<%d>;\n", w.hs+1)
	}
	return hdr.String() + w.sb.String() + "}\n"
}

// mmaKernel returns the tensor-core implementation of a gpu.func that
// loops-to-gpu marked with loopstogpu.MmaAttrName, for targets with
// mma.sync (ok false otherwise: the gpu.func's own body, the tiled f32
// GEMM, is emitted instead). Its arguments are A, B (16-bit), C (f32 or
// 16-bit) and an optional f32 bias, all of static shape.
func mmaKernel(op *ir.Operation, target int) (*ptx.Function, bool, error) {
	elem, ok := op.StringAttr(loopstogpu.MmaAttrName)
	if !ok || !MmaTargetOK(target, elem) {
		return nil, false, nil
	}
	name, _ := op.Attr(ir.SymbolAttrName).(*ir.StringAttr)
	ft := gpu.FuncType(op)
	if len(ft.Inputs) != 3 && len(ft.Inputs) != 4 {
		return nil, false, errAt(op, "emit/ptx: %s expects A, B, C and an optional bias", loopstogpu.MmaAttrName)
	}
	shapes := make([][]int64, len(ft.Inputs))
	for i, t := range ft.Inputs {
		mt, ok := t.(*ir.MemRefType)
		if !ok || !ir.HasStaticShape(mt) {
			return nil, false, errAt(op, "emit/ptx: %s expects buffers of static shape", loopstogpu.MmaAttrName)
		}
		shapes[i] = mt.Shape()
	}
	flags := loops.MatmulFlagsOf(op)
	a, c := shapes[0], shapes[2]
	r := len(c)
	k := a[r-1]
	if flags.TransposeA {
		k = a[r-2]
	}
	batch := int64(1)
	for _, d := range c[:r-2] {
		batch *= d
	}
	g := MmaGemm{Name: name.Value, Elem: elem, TransA: flags.TransposeA, TransB: flags.TransposeB,
		Static: &[4]int64{c[r-2], c[r-1], k, batch}, Bias: len(ft.Inputs) == 4, Relu: flags.Activation == "relu"}
	if ct := ft.Inputs[2].(*ir.MemRefType).Elem; ct.(*ir.FloatType).Width() == 16 {
		g.Out = ct.String()
	}
	mod, err := g.Module(target)
	if err != nil {
		return nil, false, errAt(op, "emit/ptx: %v", err)
	}
	return mod.Kernels()[0], true, nil
}
