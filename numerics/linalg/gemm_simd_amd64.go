//go:build goexperiment.simd && amd64

package linalg

import (
	"simd/archsimd"
	"unsafe"
)

// The SIMD GEMM of the Go backend's SIMD builds (GOEXPERIMENT=simd on
// amd64): the driver of blockedGemm with micro-kernels written with
// simd/archsimd, for f32 and f64. Integer products, CPUs without AVX2 and
// FMA, and the interpreter (built without the experiment) use the scalar
// micro-kernel of gemm.go; the sums are in the same order either way.
//
// Go's register allocator gives vector code 15 registers (X0-X14, also
// with AVX-512: X15 is reserved and X16-X31 are never allocated), and
// archsimd's FMA (VFMADD213) overwrites its multiplicand, so every
// accumulator costs a register move per step and a tile of more than eight
// accumulators spills. The micro-kernels are therefore 4 rows × 2 vectors
// (eight accumulators, two B vectors, the A values): 4×32 f32 with
// AVX-512, 4×16 with AVX2. Measured on one core of this host (AMD EPYC
// with 512-bit FMA units: peak 240 GFLOP/s f32 with 512-bit FMAs, 120 with
// 256-bit), panels in L1: 4×32 about 150 GFLOP/s, 6×32 and 4×48 spill
// (about 80), 8×16 zmm 55. An A value is either broadcast from the packed
// panel (MOVSS and VBROADCASTSS: archsimd has no broadcast from memory) or,
// with the four values of a step packed repeated in every 128-bit lane,
// loaded once per step and spread with one VSHUFPS per row. In the whole
// GEMM (one core, GOEXPERIMENT=simd go test -bench) the broadcast is the
// faster with AVX-512 (1024³: 130-140 GFLOP/s either way; 256³: 125 against
// 97, the replicated panels cost packing and L2 traffic) and the spread
// with AVX2 (1024³: 86 against 76), so microF32x16 broadcasts and
// microF32x8 spreads. f64 broadcasts (two f64 per 128-bit lane do not hold
// four rows).
//
// Blocking: KC = 256 as in the scalar build (the same sums in the same
// order), which keeps a 4×32 step's B micro-panel (32 KiB) in the 48 KiB L1
// while the A micro-panel streams from L2; a task's A block is simdMC rows
// (64 × 256 × 4 bytes = 64 KiB of the 1 MiB L2) and its columns up to
// simdNG (1024: an A block multiplies every B panel of a 1024-wide
// product; 512 measured 10% slower on 1024³), and the packed B of the
// product (shared by the tasks) streams from L3.

const (
	simdMC = 64   // rows of a task's A block
	simdNG = 1024 // most columns of one task
)

// simdKernel is a micro-kernel and the shapes of the panels it reads.
type simdKernel[E float32 | float64] struct {
	mr, nr int // tile rows and columns
	rep    int // copies of each A step in a packed A panel (1: plain)
	mcRows int // rows of a task's A block (a multiple of mr)
	kernel func(kc int, apanel, bpanel []E, c []E, ldc int)
}

// simdSmall is the largest m·n·k that plain loops compute.
const simdSmall = 8 * 8 * 8

// gemmSIMD runs blockedGemm's product with the micro-kernel of the
// vector level (simdLevel) when T is float32 or float64, and reports
// whether it did.
func gemmSIMD[T Number](run ParallelFor, m, n, k int, a, b matrix[T], c []T, ldc int, ep *Epilogue[T]) bool {
	if simdLevel == 0 || m*n*k <= simdSmall {
		return false
	}
	switch av := any(a).(type) {
	case matrix[float32]:
		kern := simdKernel[float32]{mr: 4, nr: 16, rep: 2, mcRows: simdMC, kernel: microF32x8}
		if use512() {
			kern = simdKernel[float32]{mr: 4, nr: 32, rep: 1, mcRows: simdMC, kernel: microF32x16}
		}
		gemmVec(kern, run, m, n, k, av, any(b).(matrix[float32]), any(c).([]float32), ldc, any(ep).(*Epilogue[float32]))
		return true
	case matrix[float64]:
		kern := simdKernel[float64]{mr: 4, nr: 8, rep: 1, mcRows: simdMC, kernel: microF64x4}
		if use512() {
			kern = simdKernel[float64]{mr: 4, nr: 16, rep: 1, mcRows: simdMC, kernel: microF64x8}
		}
		gemmVec(kern, run, m, n, k, av, any(b).(matrix[float64]), any(c).([]float64), ldc, any(ep).(*Epilogue[float64]))
		return true
	}
	return false
}

// gemmVec is blockedGemm's product with micro-kernel kern (see blockedGemm for
// the order of the sums, which is the same).
func gemmVec[E float32 | float64](kern simdKernel[E], run ParallelFor, m, n, k int, a, b matrix[E], c []E, ldc int, ep *Epilogue[E]) {
	parallel := run != nil
	if !parallel {
		run = Serial
	}
	mr, nr := kern.mr, kern.nr
	kb := (k + gemmKC - 1) / gemmKC // number of K slices
	np := (n + nr - 1) / nr         // B panels per slice
	// Packed B: slice s, panel q at offset (s*np + q) * KC * nr, each panel
	// kc×nr (kc the slice's depth).
	panel := gemmKC * nr
	bbuf := getBuf[E](kb * np * panel)
	defer putBuf(bbuf)
	bpk := *bbuf
	run(kb*np, 2*panel, func(lo, hi int) {
		for t := lo; t < hi; t++ {
			s, q := t/np, t%np
			p0 := s * gemmKC
			j0 := q * nr
			packBVec(bpk[t*panel:(t+1)*panel], b, p0, min(gemmKC, k-p0), j0, min(nr, n-j0), nr)
		}
	})
	mc := kern.mcRows
	mBlocks, ng, nGroups := gemmGrid(parallel, m, n, mc, simdNG, nr)
	apanel := gemmKC * mr * kern.rep // elements of a packed A micro-panel
	run(mBlocks*nGroups, mc*ng*min(k, gemmKC), func(lo, hi int) {
		abuf := getBuf[E](mc / mr * apanel)
		defer putBuf(abuf)
		apk := *abuf
		tbuf := getBuf[E](mr * nr)
		defer putBuf(tbuf)
		tmp := *tbuf
		for t := lo; t < hi; t++ {
			ib, jg := t/nGroups, t%nGroups
			i0, i1 := ib*mc, min(m, (ib+1)*mc)
			j0, j1 := jg*ng, min(n, (jg+1)*ng)
			for s := 0; s < kb; s++ {
				p0 := s * gemmKC
				kc := min(gemmKC, k-p0)
				last := s == kb-1
				for ir := i0; ir < i1; ir += mr {
					packAVec(apk[(ir-i0)/mr*apanel:][:apanel], a, ir, min(mr, i1-ir), p0, kc, mr, kern.rep)
				}
				for jr := j0; jr < j1; jr += nr {
					bp := bpk[(s*np+jr/nr)*panel:][:kc*nr]
					ncols := min(nr, n-jr)
					for ir := i0; ir < i1; ir += mr {
						ap := apk[(ir-i0)/mr*apanel:][:kc*mr*kern.rep]
						nrows := min(mr, i1-ir)
						off := ir*ldc + jr
						if nrows == mr && ncols == nr {
							kern.kernel(kc, ap, bp, c[off:], ldc)
						} else {
							// Edge tile: compute a full tile aside, add its valid part.
							clear(tmp)
							kern.kernel(kc, ap, bp, tmp, nr)
							for i := 0; i < nrows; i++ {
								row := c[off+i*ldc:][:ncols]
								for j, v := range tmp[i*nr : i*nr+ncols] {
									row[j] += v
								}
							}
						}
						if last {
							epilogueTile(c, ldc, ir, nrows, jr, ncols, ep)
						}
					}
				}
			}
		}
	})
}

// packBVec copies rows [p0, p0+kc) × columns [c0, c0+cols) of B into dst
// as dst[p*nr + j], zero-padding the columns cols to nr.
func packBVec[E float32 | float64](dst []E, b matrix[E], p0, kc, c0, cols, nr int) {
	dst = dst[:kc*nr]
	if b.cs == 1 {
		for p := 0; p < kc; p++ {
			d := dst[p*nr : (p+1)*nr]
			copy(d, b.s[(p0+p)*b.rs+c0:][:cols])
			clear(d[cols:])
		}
		return
	}
	// B transposed: its columns are contiguous; f32 blocks of 8×8 are
	// transposed in registers, the rest element by element.
	if cols < nr {
		clear(dst)
	}
	j8, p8 := 0, 0
	if d, ok := any(dst).([]float32); ok && b.rs == 1 {
		j8, p8 = cols&^7, kc&^7
		transposeBlocksF32(d, any(b.s).([]float32), b.cs, p0, p8, c0, j8, nr)
	}
	for j := 0; j < cols; j++ {
		src := b.s[(c0+j)*b.cs+p0*b.rs:]
		from := 0
		if j < j8 {
			from = p8
		}
		for p := from; p < kc; p++ {
			dst[p*nr+j] = src[p*b.rs]
		}
	}
}

// transposeBlocksF32 packs the transposed B's columns [c0, c0+cols) ×
// steps [p0, p0+kc) (cols and kc multiples of 8) into dst[p*nr + j] by
// 8×8 blocks: eight rows of B's transpose loaded, transposed with
// in-lane shuffles and 128-bit lane swaps, stored as eight panel rows.
func transposeBlocksF32(dst, src []float32, ld, p0, kc, c0, cols, nr int) {
	for j := 0; j < cols; j += 8 {
		for p := 0; p < kc; p += 8 {
			off := (c0+j)*ld + p0 + p
			r0 := archsimd.LoadFloat32x8Slice(src[off:])
			r1 := archsimd.LoadFloat32x8Slice(src[off+ld:])
			r2 := archsimd.LoadFloat32x8Slice(src[off+2*ld:])
			r3 := archsimd.LoadFloat32x8Slice(src[off+3*ld:])
			// Within each 128-bit half: 4×4 transposes of rows 0-3.
			t0 := r0.SelectFromPairGrouped(0, 1, 4, 5, r1)
			t1 := r0.SelectFromPairGrouped(2, 3, 6, 7, r1)
			t2 := r2.SelectFromPairGrouped(0, 1, 4, 5, r3)
			t3 := r2.SelectFromPairGrouped(2, 3, 6, 7, r3)
			a0 := t0.SelectFromPairGrouped(0, 2, 4, 6, t2)
			a1 := t0.SelectFromPairGrouped(1, 3, 5, 7, t2)
			a2 := t1.SelectFromPairGrouped(0, 2, 4, 6, t3)
			a3 := t1.SelectFromPairGrouped(1, 3, 5, 7, t3)
			r4 := archsimd.LoadFloat32x8Slice(src[off+4*ld:])
			r5 := archsimd.LoadFloat32x8Slice(src[off+5*ld:])
			r6 := archsimd.LoadFloat32x8Slice(src[off+6*ld:])
			r7 := archsimd.LoadFloat32x8Slice(src[off+7*ld:])
			t0 = r4.SelectFromPairGrouped(0, 1, 4, 5, r5)
			t1 = r4.SelectFromPairGrouped(2, 3, 6, 7, r5)
			t2 = r6.SelectFromPairGrouped(0, 1, 4, 5, r7)
			t3 = r6.SelectFromPairGrouped(2, 3, 6, 7, r7)
			b0 := t0.SelectFromPairGrouped(0, 2, 4, 6, t2)
			b1 := t0.SelectFromPairGrouped(1, 3, 5, 7, t2)
			b2 := t1.SelectFromPairGrouped(0, 2, 4, 6, t3)
			b3 := t1.SelectFromPairGrouped(1, 3, 5, 7, t3)
			// a_k holds step k of rows 0-3 (low half) and step k+4 (high
			// half); b_k the same of rows 4-7.
			d := dst[p*nr+j:]
			a0.Select128FromPair(0, 2, b0).StoreSlice(d)
			a1.Select128FromPair(0, 2, b1).StoreSlice(d[nr:])
			a2.Select128FromPair(0, 2, b2).StoreSlice(d[2*nr:])
			a3.Select128FromPair(0, 2, b3).StoreSlice(d[3*nr:])
			a0.Select128FromPair(1, 3, b0).StoreSlice(d[4*nr:])
			a1.Select128FromPair(1, 3, b1).StoreSlice(d[5*nr:])
			a2.Select128FromPair(1, 3, b2).StoreSlice(d[6*nr:])
			a3.Select128FromPair(1, 3, b3).StoreSlice(d[7*nr:])
		}
	}
}

// packAVec copies rows [r0, r0+rows) × columns [p0, p0+kc) of A into dst
// as dst[(p*rep + r)*mr + i] for every copy r < rep, zero-padding the rows
// rows to mr.
func packAVec[E float32 | float64](dst []E, a matrix[E], r0, rows, p0, kc, mr, rep int) {
	step := mr * rep
	dst = dst[:kc*step]
	if rows < mr {
		clear(dst)
	}
	if a.rs == 1 {
		// A transposed: a step's rows are contiguous.
		for p := 0; p < kc; p++ {
			src := a.s[(p0+p)*a.cs+r0:][:rows]
			for r := 0; r < rep; r++ {
				copy(dst[p*step+r*mr:], src)
			}
		}
		return
	}
	for i := 0; i < rows; i++ {
		row := a.s[(r0+i)*a.rs+p0*a.cs:]
		for p := 0; p < kc; p++ {
			v := row[p*a.cs]
			for r := 0; r < rep; r++ {
				dst[p*step+r*mr+i] = v
			}
		}
	}
}

// microF32x16 adds the product of a packed A panel (kc steps of 4 rows)
// and a packed B panel (kc steps of 32 columns) to the 4×32 tile of c at
// c[0], c[ldc], c[2*ldc] and c[3*ldc] (AVX-512: eight accumulators; each
// A value broadcast).
func microF32x16(kc int, apanel, bpanel []float32, c []float32, ldc int) {
	a := unsafe.Slice((*[4]float32)(unsafe.Pointer(unsafe.SliceData(apanel))), kc)
	b := unsafe.Slice((*[2][16]float32)(unsafe.Pointer(unsafe.SliceData(bpanel))), kc)
	a = a[:len(b)]
	var c00, c01, c10, c11, c20, c21, c30, c31 archsimd.Float32x16
	for p := range b {
		bp := &b[p]
		b0 := archsimd.LoadFloat32x16(&bp[0])
		b1 := archsimd.LoadFloat32x16(&bp[1])
		ap := &a[p]
		a0 := archsimd.BroadcastFloat32x16(ap[0])
		c00 = a0.MulAdd(b0, c00)
		c01 = a0.MulAdd(b1, c01)
		a1 := archsimd.BroadcastFloat32x16(ap[1])
		c10 = a1.MulAdd(b0, c10)
		c11 = a1.MulAdd(b1, c11)
		a2 := archsimd.BroadcastFloat32x16(ap[2])
		c20 = a2.MulAdd(b0, c20)
		c21 = a2.MulAdd(b1, c21)
		a3 := archsimd.BroadcastFloat32x16(ap[3])
		c30 = a3.MulAdd(b0, c30)
		c31 = a3.MulAdd(b1, c31)
	}
	r0 := c[0*ldc:][:32]
	archsimd.LoadFloat32x16Slice(r0).Add(c00).StoreSlice(r0)
	archsimd.LoadFloat32x16Slice(r0[16:]).Add(c01).StoreSlice(r0[16:])
	r1 := c[1*ldc:][:32]
	archsimd.LoadFloat32x16Slice(r1).Add(c10).StoreSlice(r1)
	archsimd.LoadFloat32x16Slice(r1[16:]).Add(c11).StoreSlice(r1[16:])
	r2 := c[2*ldc:][:32]
	archsimd.LoadFloat32x16Slice(r2).Add(c20).StoreSlice(r2)
	archsimd.LoadFloat32x16Slice(r2[16:]).Add(c21).StoreSlice(r2[16:])
	r3 := c[3*ldc:][:32]
	archsimd.LoadFloat32x16Slice(r3).Add(c30).StoreSlice(r3)
	archsimd.LoadFloat32x16Slice(r3[16:]).Add(c31).StoreSlice(r3[16:])
}

// microF32x8 adds the product of a packed A panel (kc steps of 4 rows,
// each step's four values repeated in the two 128-bit lanes) and a packed
// B panel (kc steps of 16 columns) to the 4×16 tile of c (AVX2: eight
// accumulators; each row's A value spread from the step's load).
func microF32x8(kc int, apanel, bpanel []float32, c []float32, ldc int) {
	a := unsafe.Slice((*[8]float32)(unsafe.Pointer(unsafe.SliceData(apanel))), kc)
	b := unsafe.Slice((*[2][8]float32)(unsafe.Pointer(unsafe.SliceData(bpanel))), kc)
	a = a[:len(b)]
	var c00, c01, c10, c11, c20, c21, c30, c31 archsimd.Float32x8
	for p := range b {
		bp := &b[p]
		b0 := archsimd.LoadFloat32x8(&bp[0])
		b1 := archsimd.LoadFloat32x8(&bp[1])
		av := archsimd.LoadFloat32x8(&a[p])
		a0 := av.SelectFromPairGrouped(0, 0, 0, 0, av)
		c00 = a0.MulAdd(b0, c00)
		c01 = a0.MulAdd(b1, c01)
		a1 := av.SelectFromPairGrouped(1, 1, 1, 1, av)
		c10 = a1.MulAdd(b0, c10)
		c11 = a1.MulAdd(b1, c11)
		a2 := av.SelectFromPairGrouped(2, 2, 2, 2, av)
		c20 = a2.MulAdd(b0, c20)
		c21 = a2.MulAdd(b1, c21)
		a3 := av.SelectFromPairGrouped(3, 3, 3, 3, av)
		c30 = a3.MulAdd(b0, c30)
		c31 = a3.MulAdd(b1, c31)
	}
	r0 := c[0*ldc:][:16]
	archsimd.LoadFloat32x8Slice(r0).Add(c00).StoreSlice(r0)
	archsimd.LoadFloat32x8Slice(r0[8:]).Add(c01).StoreSlice(r0[8:])
	r1 := c[1*ldc:][:16]
	archsimd.LoadFloat32x8Slice(r1).Add(c10).StoreSlice(r1)
	archsimd.LoadFloat32x8Slice(r1[8:]).Add(c11).StoreSlice(r1[8:])
	r2 := c[2*ldc:][:16]
	archsimd.LoadFloat32x8Slice(r2).Add(c20).StoreSlice(r2)
	archsimd.LoadFloat32x8Slice(r2[8:]).Add(c21).StoreSlice(r2[8:])
	r3 := c[3*ldc:][:16]
	archsimd.LoadFloat32x8Slice(r3).Add(c30).StoreSlice(r3)
	archsimd.LoadFloat32x8Slice(r3[8:]).Add(c31).StoreSlice(r3[8:])
}

// microF64x8 adds the product of a packed A panel (kc steps of 4 rows) and
// a packed B panel (kc steps of 16 columns) to the 4×16 tile of c
// (AVX-512: eight accumulators).
func microF64x8(kc int, apanel, bpanel []float64, c []float64, ldc int) {
	a := unsafe.Slice((*[4]float64)(unsafe.Pointer(unsafe.SliceData(apanel))), kc)
	b := unsafe.Slice((*[2][8]float64)(unsafe.Pointer(unsafe.SliceData(bpanel))), kc)
	a = a[:len(b)]
	var c00, c01, c10, c11, c20, c21, c30, c31 archsimd.Float64x8
	for p := range b {
		bp := &b[p]
		b0 := archsimd.LoadFloat64x8(&bp[0])
		b1 := archsimd.LoadFloat64x8(&bp[1])
		ap := &a[p]
		a0 := archsimd.BroadcastFloat64x8(ap[0])
		c00 = a0.MulAdd(b0, c00)
		c01 = a0.MulAdd(b1, c01)
		a1 := archsimd.BroadcastFloat64x8(ap[1])
		c10 = a1.MulAdd(b0, c10)
		c11 = a1.MulAdd(b1, c11)
		a2 := archsimd.BroadcastFloat64x8(ap[2])
		c20 = a2.MulAdd(b0, c20)
		c21 = a2.MulAdd(b1, c21)
		a3 := archsimd.BroadcastFloat64x8(ap[3])
		c30 = a3.MulAdd(b0, c30)
		c31 = a3.MulAdd(b1, c31)
	}
	r0 := c[0*ldc:][:16]
	archsimd.LoadFloat64x8Slice(r0).Add(c00).StoreSlice(r0)
	archsimd.LoadFloat64x8Slice(r0[8:]).Add(c01).StoreSlice(r0[8:])
	r1 := c[1*ldc:][:16]
	archsimd.LoadFloat64x8Slice(r1).Add(c10).StoreSlice(r1)
	archsimd.LoadFloat64x8Slice(r1[8:]).Add(c11).StoreSlice(r1[8:])
	r2 := c[2*ldc:][:16]
	archsimd.LoadFloat64x8Slice(r2).Add(c20).StoreSlice(r2)
	archsimd.LoadFloat64x8Slice(r2[8:]).Add(c21).StoreSlice(r2[8:])
	r3 := c[3*ldc:][:16]
	archsimd.LoadFloat64x8Slice(r3).Add(c30).StoreSlice(r3)
	archsimd.LoadFloat64x8Slice(r3[8:]).Add(c31).StoreSlice(r3[8:])
}

// microF64x4 adds the product of a packed A panel (kc steps of 4 rows) and
// a packed B panel (kc steps of 8 columns) to the 4×8 tile of c (AVX2:
// eight accumulators).
func microF64x4(kc int, apanel, bpanel []float64, c []float64, ldc int) {
	a := unsafe.Slice((*[4]float64)(unsafe.Pointer(unsafe.SliceData(apanel))), kc)
	b := unsafe.Slice((*[2][4]float64)(unsafe.Pointer(unsafe.SliceData(bpanel))), kc)
	a = a[:len(b)]
	var c00, c01, c10, c11, c20, c21, c30, c31 archsimd.Float64x4
	for p := range b {
		bp := &b[p]
		b0 := archsimd.LoadFloat64x4(&bp[0])
		b1 := archsimd.LoadFloat64x4(&bp[1])
		ap := &a[p]
		a0 := archsimd.BroadcastFloat64x4(ap[0])
		c00 = a0.MulAdd(b0, c00)
		c01 = a0.MulAdd(b1, c01)
		a1 := archsimd.BroadcastFloat64x4(ap[1])
		c10 = a1.MulAdd(b0, c10)
		c11 = a1.MulAdd(b1, c11)
		a2 := archsimd.BroadcastFloat64x4(ap[2])
		c20 = a2.MulAdd(b0, c20)
		c21 = a2.MulAdd(b1, c21)
		a3 := archsimd.BroadcastFloat64x4(ap[3])
		c30 = a3.MulAdd(b0, c30)
		c31 = a3.MulAdd(b1, c31)
	}
	r0 := c[0*ldc:][:8]
	archsimd.LoadFloat64x4Slice(r0).Add(c00).StoreSlice(r0)
	archsimd.LoadFloat64x4Slice(r0[4:]).Add(c01).StoreSlice(r0[4:])
	r1 := c[1*ldc:][:8]
	archsimd.LoadFloat64x4Slice(r1).Add(c10).StoreSlice(r1)
	archsimd.LoadFloat64x4Slice(r1[4:]).Add(c11).StoreSlice(r1[4:])
	r2 := c[2*ldc:][:8]
	archsimd.LoadFloat64x4Slice(r2).Add(c20).StoreSlice(r2)
	archsimd.LoadFloat64x4Slice(r2[4:]).Add(c21).StoreSlice(r2[4:])
	r3 := c[3*ldc:][:8]
	archsimd.LoadFloat64x4Slice(r3).Add(c30).StoreSlice(r3)
	archsimd.LoadFloat64x4Slice(r3[4:]).Add(c31).StoreSlice(r3[4:])
}
