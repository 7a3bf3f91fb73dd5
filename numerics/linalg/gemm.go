package linalg

import (
	"fmt"
	"runtime"
	"sync"
)

// ParallelFor runs body over the iterations [0, n), in contiguous chunks
// body(lo, hi) that may run concurrently, and returns when all have run;
// cost estimates the work of one iteration (in rough arithmetic
// operations), so that a runner can keep small loops on the caller. The
// kernels never split a sum between chunks, so their results do not depend
// on how a ParallelFor chunks the iterations or how many goroutines it
// uses. The interpreter passes one built on interp.ParallelFor, generated
// code its goroutine pool, and Serial runs everything on the caller.
type ParallelFor func(n, cost int, body func(lo, hi int))

// Serial is the ParallelFor that runs body(0, n) on the caller.
func Serial(n, _ int, body func(lo, hi int)) {
	if n > 0 {
		body(0, n)
	}
}

// Matmul: C = A·B for row-major A [.., M, K], B [.., K, N] and
// C [.., M, N] (leading batch dimensions equal, or absent on A or B for a
// matrix shared by every batch), C overwritten.
//
// The product is a packed, cache-blocked GEMM after Goto and van de Geijn
// (as in BLIS): K is cut into KC-deep slices; every slice of B is packed
// into NR-wide column panels (once, shared by all tasks) and every slice of
// a task's rows of A into MR-high row panels; a register-tiled MR×NR
// micro-kernel multiplies one A panel by one B panel, its accumulators in
// registers. A task's packed A block (MC×KC) stays in L2 while the B panels
// stream through L1. Go does not vectorize, so the micro-kernel is scalar
// code shaped for Go's register allocator: 2×4 tiles (eight accumulators),
// unrolled four times along k; larger tiles spill. (Measured, one core:
// 2×4 unrolled four times 9.8 GFLOP/s, twice 8.5, 4×2 unrolled twice 8.2,
// 4×4 4.0.)
//
// Tasks are (MC rows × NG columns) blocks of C spread over the pool; the
// products of a batch of small ones (m·n·k at most gemmBatchSmall, as
// attention's heads) are the tasks instead, one goroutine each. Each
// element of C is summed by one task, over k in a fixed order (KC slices in
// order, k in order within a slice), whatever the number of tasks, so
// results are bitwise the same for any GOMAXPROCS. Products too small to
// pack use plain loops.

// Number is the element types Matmul and Conv2D accept (integer products
// wrap).
type Number interface {
	~float32 | ~float64 | ~int32 | ~int64 | ~int
}

const (
	gemmMR = 2   // micro-tile rows
	gemmNR = 4   // micro-tile columns
	gemmKU = 4   // k unrolling of the micro-kernel
	gemmKC = 256 // depth of a packed slice (a multiple of gemmKU)
	gemmMC = 64  // rows of a task's A block
	gemmNG = 512 // most columns of one task
)

// Matmul is tt.matmul and tensor.matmul: batch products of m×k by k×n
// matrices, overwriting c; a and b hold batchA and batchB matrices (each 1
// or batch), c holds batch. c may be a or b. Sizes that do not match are
// an error (nothing is written).
func Matmul[T Number](parallelFor ParallelFor, batch, m, n, k int, a []T, batchA int, b []T, batchB int, c []T) error {
	if len(a) != batchA*m*k || len(b) != batchB*k*n || len(c) != batch*m*n {
		return fmt.Errorf("buffer sizes %d, %d, %d do not match [%d]%dx%d · [%d]%dx%d → [%d]%dx%d",
			len(a), len(b), len(c), batchA, m, k, batchB, k, n, batch, m, n)
	}
	if (batchA != 1 && batchA != batch) || (batchB != 1 && batchB != batch) {
		return fmt.Errorf("batch sizes %d and %d do not match %d", batchA, batchB, batch)
	}
	if aliases(c, a) || aliases(c, b) {
		// C may be A or B: compute aside, then overwrite C.
		tmp := make([]T, len(c))
		if err := Matmul(parallelFor, batch, m, n, k, a, batchA, b, batchB, tmp); err != nil {
			return err
		}
		copy(c, tmp)
		return nil
	}
	one := func(p int, run ParallelFor) {
		ap := a[(p%batchA)*m*k:]
		bp := b[(p%batchB)*k*n:]
		cp := c[p*m*n : (p+1)*m*n]
		clear(cp)
		gemm(run, m, n, k, ap, k, bp, n, cp, n)
	}
	if batch > 1 && m*n*k <= gemmBatchSmall {
		// Many small products (attention's heads): the products are the
		// parallel tasks, each computed on one goroutine (the same sums in
		// the same order as when it is split).
		parallelFor(batch, 2*m*n*k, func(lo, hi int) {
			for p := lo; p < hi; p++ {
				one(p, nil)
			}
		})
		return nil
	}
	for p := 0; p < batch; p++ {
		one(p, parallelFor)
	}
	return nil
}

// gemmBatchSmall is the largest m·n·k of the products of a batch that
// run one per goroutine rather than each split over the pool.
const gemmBatchSmall = 1 << 21

// aliases reports whether two buffers share their storage (they are the
// same buffer, or views starting at the same element, or one ends inside the
// other as far as their ends can be compared).
func aliases[T any](x, y []T) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	return &x[0] == &y[0] || &x[len(x)-1] == &y[len(y)-1]
}

// bufPools recycle packing buffers, one pool per element type.
var bufPools [5]sync.Pool

func bufPool[T Number]() *sync.Pool {
	switch any(T(0)).(type) {
	case float32:
		return &bufPools[0]
	case float64:
		return &bufPools[1]
	case int32:
		return &bufPools[2]
	case int64:
		return &bufPools[3]
	}
	return &bufPools[4]
}

// getBuf returns a recycled buffer of n elements (contents undefined).
func getBuf[T Number](n int) *[]T {
	if v, ok := bufPool[T]().Get().(*[]T); ok && cap(*v) >= n {
		*v = (*v)[:n]
		return v
	}
	s := make([]T, n)
	return &s
}

// putBuf recycles a buffer from getBuf.
func putBuf[T Number](b *[]T) { bufPool[T]().Put(b) }

// gemm adds A·B to C: c[i*ldc+j] += Σ_p a[i*lda+p]·b[p*ldb+j] for i < m,
// j < n, with its tasks run by run, or on the calling goroutine when run
// is nil. Every c element is the sum over p in order (in KC-deep slices,
// each summed from zero and then added to c), so the result does not
// depend on run.
func gemm[T Number](run ParallelFor, m, n, k int, a []T, lda int, b []T, ldb int, c []T, ldc int) {
	if m == 0 || n == 0 || k == 0 {
		return
	}
	if m*n*k <= 32*32*32 || m < gemmMR || n < gemmNR {
		gemmSmall(m, n, k, a, lda, b, ldb, c, ldc)
		return
	}
	parallel := run != nil
	if !parallel {
		run = Serial
	}
	kb := (k + gemmKC - 1) / gemmKC // number of K slices
	np := (n + gemmNR - 1) / gemmNR // B panels per slice
	// Packed B: slice s, panel q at offset (s*np + q) * gemmKC * NR, each
	// panel kp×NR with kp the slice depth rounded up to a multiple of KU.
	bbuf := getBuf[T](kb * np * gemmKC * gemmNR)
	defer putBuf(bbuf)
	bpk := *bbuf
	run(kb*np, 2*gemmKC*gemmNR, func(lo, hi int) {
		for t := lo; t < hi; t++ {
			s, q := t/np, t%np
			p0 := s * gemmKC
			kc := min(gemmKC, k-p0)
			j0 := q * gemmNR
			packB(bpk[t*gemmKC*gemmNR:(t+1)*gemmKC*gemmNR], b, ldb, p0, kc, gemmDepth(kc), j0, min(gemmNR, n-j0))
		}
	})
	// Tasks: row blocks × column groups, the groups narrow enough to give
	// every worker some.
	mBlocks := (m + gemmMC - 1) / gemmMC
	ng := gemmNG
	if parallel {
		for ng > 4*gemmNR && mBlocks*((n+ng-1)/ng) < 2*runtime.GOMAXPROCS(0) {
			ng /= 2
		}
	}
	ng = (ng + gemmNR - 1) / gemmNR * gemmNR
	nGroups := (n + ng - 1) / ng
	run(mBlocks*nGroups, gemmMC*ng*min(k, gemmKC), func(lo, hi int) {
		abuf := getBuf[T](gemmMC * gemmKC)
		defer putBuf(abuf)
		apk := *abuf
		var tmp [gemmMR * gemmNR]T
		for t := lo; t < hi; t++ {
			ib, jg := t/nGroups, t%nGroups
			i0, i1 := ib*gemmMC, min(m, (ib+1)*gemmMC)
			j0, j1 := jg*ng, min(n, (jg+1)*ng)
			for s := 0; s < kb; s++ {
				p0 := s * gemmKC
				kc := min(gemmKC, k-p0)
				kp := gemmDepth(kc)
				for ir := i0; ir < i1; ir += gemmMR {
					packA(apk[(ir-i0)*kp:(ir-i0+gemmMR)*kp], a, lda, ir, min(gemmMR, i1-ir), p0, kc, kp)
				}
				for jr := j0; jr < j1; jr += gemmNR {
					q := jr / gemmNR
					bpanel := bpk[(s*np+q)*gemmKC*gemmNR:][:kp*gemmNR]
					nr := min(gemmNR, n-jr)
					for ir := i0; ir < i1; ir += gemmMR {
						apanel := apk[(ir-i0)*kp:][:kp*gemmMR]
						mr := min(gemmMR, i1-ir)
						off := ir*ldc + jr
						if mr == gemmMR && nr == gemmNR {
							micro(kp, apanel, bpanel, c[off:], ldc)
							continue
						}
						// Edge tile: compute a full tile aside, add its valid part.
						clear(tmp[:])
						micro(kp, apanel, bpanel, tmp[:], gemmNR)
						for i := 0; i < mr; i++ {
							for j := 0; j < nr; j++ {
								c[off+i*ldc+j] += tmp[i*gemmNR+j]
							}
						}
					}
				}
			}
		}
	})
}

// gemmDepth is the packed depth of a slice of kc steps: kc rounded up
// to a multiple of the micro-kernel's unrolling (the extra steps multiply
// zeros).
func gemmDepth(kc int) int { return (kc + gemmKU - 1) / gemmKU * gemmKU }

// packA copies rows [r0, r0+rows) × columns [p0, p0+kc) of A into dst as
// dst[p*MR + i], zero-padding missing rows and the steps kc to kp.
func packA[T Number](dst, a []T, lda, r0, rows, p0, kc, kp int) {
	if rows < gemmMR || kc != kp {
		clear(dst)
	}
	for i := 0; i < rows; i++ {
		row := a[(r0+i)*lda+p0:][:kc]
		for p, v := range row {
			dst[p*gemmMR+i] = v
		}
	}
}

// packB copies rows [p0, p0+kc) × columns [c0, c0+cols) of B into dst as
// dst[p*NR + j], zero-padding missing columns and the steps kc to kp.
func packB[T Number](dst, b []T, ldb, p0, kc, kp, c0, cols int) {
	clear(dst[kc*gemmNR : kp*gemmNR])
	if cols == gemmNR {
		for p := 0; p < kc; p++ {
			row := (*[gemmNR]T)(b[(p0+p)*ldb+c0:])
			d := (*[gemmNR]T)(dst[p*gemmNR:])
			d[0], d[1], d[2], d[3] = row[0], row[1], row[2], row[3]
		}
		return
	}
	for p := 0; p < kc; p++ {
		row := b[(p0+p)*ldb+c0:]
		d := dst[p*gemmNR : (p+1)*gemmNR]
		for j := range d {
			if j < cols {
				d[j] = row[j]
			} else {
				d[j] = 0
			}
		}
	}
}

// micro adds the product of a packed kp×MR panel of A and a packed kp×NR
// panel of B (kp a multiple of KU) to the 2×4 tile of c at c[0] and c[ldc].
// Its eight accumulators stay in registers.
func micro[T Number](kp int, ap, bp []T, c []T, ldc int) {
	var c00, c01, c02, c03, c10, c11, c12, c13 T
	ap, bp = ap[:kp*gemmMR], bp[:kp*gemmNR]
	for p := 0; p+gemmKU <= kp; p += gemmKU {
		a := (*[gemmKU * gemmMR]T)(ap[p*gemmMR:])
		b := (*[gemmKU * gemmNR]T)(bp[p*gemmNR:])
		a0, a1 := a[0], a[1]
		b0, b1, b2, b3 := b[0], b[1], b[2], b[3]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = a[2], a[3]
		b0, b1, b2, b3 = b[4], b[5], b[6], b[7]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = a[4], a[5]
		b0, b1, b2, b3 = b[8], b[9], b[10], b[11]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = a[6], a[7]
		b0, b1, b2, b3 = b[12], b[13], b[14], b[15]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
	}
	r := (*[4]T)(c)
	r[0] += c00
	r[1] += c01
	r[2] += c02
	r[3] += c03
	r = (*[4]T)(c[ldc:])
	r[0] += c10
	r[1] += c11
	r[2] += c12
	r[3] += c13
}

// gemmSmall is the plain i-p-j loop nest for products too small to pack.
func gemmSmall[T Number](m, n, k int, a []T, lda int, b []T, ldb int, c []T, ldc int) {
	for i := 0; i < m; i++ {
		crow := c[i*ldc:][:n]
		arow := a[i*lda:][:k]
		for p, av := range arow {
			brow := b[p*ldb:][:n]
			for j, bv := range brow {
				crow[j] += av * bv
			}
		}
	}
}
