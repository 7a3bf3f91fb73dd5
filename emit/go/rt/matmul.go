package rt

import (
	"runtime"
	"sync"
)

// tt.matmul: C = A·B for row-major A [.., M, K], B [.., K, N] and
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
// products of a batch of small ones (m·n·k at most ttGemmBatchSmall, as
// attention's heads) are the tasks instead, one goroutine each. Each
// element of C is summed by one task, over k in a fixed order (KC slices in
// order, k in order within a slice), whatever the number of tasks, so
// results are bitwise the same for any GOMAXPROCS. Products too small to
// pack use plain loops.

// ttNumber is the element types tt.matmul and tt.conv2d accept.
type ttNumber interface {
	~float32 | ~float64 | ~int32 | ~int64 | ~int
}

const (
	ttGemmMR = 2   // micro-tile rows
	ttGemmNR = 4   // micro-tile columns
	ttGemmKU = 4   // k unrolling of the micro-kernel
	ttGemmKC = 256 // depth of a packed slice (a multiple of ttGemmKU)
	ttGemmMC = 64  // rows of a task's A block
	ttGemmNG = 512 // most columns of one task
)

// ttMatmul is tt.matmul: batch products of m×k by k×n matrices; a and b
// have batchA and batchB matrices (each 1 or batch), c has batch.
func ttMatmul[T ttNumber](batch, m, n, k int, a []T, batchA int, b []T, batchB int, c []T) {
	if len(a) != batchA*m*k || len(b) != batchB*k*n || len(c) != batch*m*n {
		ttFailf("tt.matmul: buffer sizes %d, %d, %d do not match [%d]%dx%d · [%d]%dx%d → [%d]%dx%d",
			len(a), len(b), len(c), batchA, m, k, batchB, k, n, batch, m, n)
	}
	if (batchA != 1 && batchA != batch) || (batchB != 1 && batchB != batch) {
		ttFailf("tt.matmul: batch sizes %d and %d do not match %d", batchA, batchB, batch)
	}
	if ttAliases(c, a) || ttAliases(c, b) {
		// C may be A or B: compute aside, then overwrite C.
		tmp := make([]T, len(c))
		ttMatmul(batch, m, n, k, a, batchA, b, batchB, tmp)
		copy(c, tmp)
		return
	}
	one := func(p int, parallel bool) {
		ap := a[(p%batchA)*m*k:]
		bp := b[(p%batchB)*k*n:]
		cp := c[p*m*n : (p+1)*m*n]
		clear(cp)
		ttGemm(m, n, k, ap, k, bp, n, cp, n, parallel)
	}
	if batch > 1 && m*n*k <= ttGemmBatchSmall {
		// Many small products (attention's heads): the products are the
		// parallel tasks, each computed on one goroutine (the same sums in
		// the same order as when it is split).
		ttParallelFor(batch, 2*m*n*k, func(lo, hi int) {
			for p := lo; p < hi; p++ {
				one(p, false)
			}
		})
		return
	}
	for p := 0; p < batch; p++ {
		one(p, true)
	}
}

// ttGemmBatchSmall is the largest m·n·k of the products of a batch that
// run one per goroutine rather than each split over the pool.
const ttGemmBatchSmall = 1 << 21

// ttAliases reports whether two buffers share their storage (they are the
// same buffer, or views starting at the same element, or one ends inside the
// other as far as their ends can be compared).
func ttAliases[T any](x, y []T) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	return &x[0] == &y[0] || &x[len(x)-1] == &y[len(y)-1]
}

// ttBufPools recycle packing buffers, one pool per element type.
var ttBufPools [5]sync.Pool

func ttBufPool[T ttNumber]() *sync.Pool {
	switch any(T(0)).(type) {
	case float32:
		return &ttBufPools[0]
	case float64:
		return &ttBufPools[1]
	case int32:
		return &ttBufPools[2]
	case int64:
		return &ttBufPools[3]
	}
	return &ttBufPools[4]
}

// ttGetBuf returns a recycled buffer of n elements (contents undefined).
func ttGetBuf[T ttNumber](n int) *[]T {
	if v, ok := ttBufPool[T]().Get().(*[]T); ok && cap(*v) >= n {
		*v = (*v)[:n]
		return v
	}
	s := make([]T, n)
	return &s
}

// ttPutBuf recycles a buffer from ttGetBuf.
func ttPutBuf[T ttNumber](b *[]T) { ttBufPool[T]().Put(b) }

// ttGemm adds A·B to C: c[i*ldc+j] += Σ_p a[i*lda+p]·b[p*ldb+j] for i < m,
// j < n. With parallel false it runs on the calling goroutine only.
func ttGemm[T ttNumber](m, n, k int, a []T, lda int, b []T, ldb int, c []T, ldc int, parallel bool) {
	if m == 0 || n == 0 || k == 0 {
		return
	}
	if m*n*k <= 32*32*32 || m < ttGemmMR || n < ttGemmNR {
		ttGemmSmall(m, n, k, a, lda, b, ldb, c, ldc)
		return
	}
	run := ttParallelFor
	if !parallel {
		run = ttSerialFor
	}
	kb := (k + ttGemmKC - 1) / ttGemmKC // number of K slices
	np := (n + ttGemmNR - 1) / ttGemmNR // B panels per slice
	// Packed B: slice s, panel q at offset (s*np + q) * ttGemmKC * NR, each
	// panel kp×NR with kp the slice depth rounded up to a multiple of KU.
	bbuf := ttGetBuf[T](kb * np * ttGemmKC * ttGemmNR)
	defer ttPutBuf(bbuf)
	bpk := *bbuf
	run(kb*np, 2*ttGemmKC*ttGemmNR, func(lo, hi int) {
		for t := lo; t < hi; t++ {
			s, q := t/np, t%np
			p0 := s * ttGemmKC
			kc := min(ttGemmKC, k-p0)
			j0 := q * ttGemmNR
			ttPackB(bpk[t*ttGemmKC*ttGemmNR:(t+1)*ttGemmKC*ttGemmNR], b, ldb, p0, kc, ttGemmDepth(kc), j0, min(ttGemmNR, n-j0))
		}
	})
	// Tasks: row blocks × column groups, the groups narrow enough to give
	// every worker some.
	mBlocks := (m + ttGemmMC - 1) / ttGemmMC
	ng := ttGemmNG
	if parallel {
		for ng > 4*ttGemmNR && mBlocks*((n+ng-1)/ng) < 2*runtime.GOMAXPROCS(0) {
			ng /= 2
		}
	}
	ng = (ng + ttGemmNR - 1) / ttGemmNR * ttGemmNR
	nGroups := (n + ng - 1) / ng
	run(mBlocks*nGroups, ttGemmMC*ng*min(k, ttGemmKC), func(lo, hi int) {
		abuf := ttGetBuf[T](ttGemmMC * ttGemmKC)
		defer ttPutBuf(abuf)
		apk := *abuf
		var tmp [ttGemmMR * ttGemmNR]T
		for t := lo; t < hi; t++ {
			ib, jg := t/nGroups, t%nGroups
			i0, i1 := ib*ttGemmMC, min(m, (ib+1)*ttGemmMC)
			j0, j1 := jg*ng, min(n, (jg+1)*ng)
			for s := 0; s < kb; s++ {
				p0 := s * ttGemmKC
				kc := min(ttGemmKC, k-p0)
				kp := ttGemmDepth(kc)
				for ir := i0; ir < i1; ir += ttGemmMR {
					ttPackA(apk[(ir-i0)*kp:(ir-i0+ttGemmMR)*kp], a, lda, ir, min(ttGemmMR, i1-ir), p0, kc, kp)
				}
				for jr := j0; jr < j1; jr += ttGemmNR {
					q := jr / ttGemmNR
					bpanel := bpk[(s*np+q)*ttGemmKC*ttGemmNR:][:kp*ttGemmNR]
					nr := min(ttGemmNR, n-jr)
					for ir := i0; ir < i1; ir += ttGemmMR {
						apanel := apk[(ir-i0)*kp:][:kp*ttGemmMR]
						mr := min(ttGemmMR, i1-ir)
						off := ir*ldc + jr
						if mr == ttGemmMR && nr == ttGemmNR {
							ttMicro(kp, apanel, bpanel, c[off:], ldc)
							continue
						}
						// Edge tile: compute a full tile aside, add its valid part.
						clear(tmp[:])
						ttMicro(kp, apanel, bpanel, tmp[:], ttGemmNR)
						for i := 0; i < mr; i++ {
							for j := 0; j < nr; j++ {
								c[off+i*ldc+j] += tmp[i*ttGemmNR+j]
							}
						}
					}
				}
			}
		}
	})
}

// ttSerialFor runs fn over [0, n) on the caller (ttParallelFor's serial
// twin).
func ttSerialFor(n, _ int, fn func(lo, hi int)) {
	if n > 0 {
		fn(0, n)
	}
}

// ttGemmDepth is the packed depth of a slice of kc steps: kc rounded up
// to a multiple of the micro-kernel's unrolling (the extra steps multiply
// zeros).
func ttGemmDepth(kc int) int { return (kc + ttGemmKU - 1) / ttGemmKU * ttGemmKU }

// ttPackA copies rows [r0, r0+rows) × columns [p0, p0+kc) of A into dst as
// dst[p*MR + i], zero-padding missing rows and the steps kc to kp.
func ttPackA[T ttNumber](dst, a []T, lda, r0, rows, p0, kc, kp int) {
	if rows < ttGemmMR || kc != kp {
		clear(dst)
	}
	for i := 0; i < rows; i++ {
		row := a[(r0+i)*lda+p0:][:kc]
		for p, v := range row {
			dst[p*ttGemmMR+i] = v
		}
	}
}

// ttPackB copies rows [p0, p0+kc) × columns [c0, c0+cols) of B into dst as
// dst[p*NR + j], zero-padding missing columns and the steps kc to kp.
func ttPackB[T ttNumber](dst, b []T, ldb, p0, kc, kp, c0, cols int) {
	clear(dst[kc*ttGemmNR : kp*ttGemmNR])
	if cols == ttGemmNR {
		for p := 0; p < kc; p++ {
			row := (*[ttGemmNR]T)(b[(p0+p)*ldb+c0:])
			d := (*[ttGemmNR]T)(dst[p*ttGemmNR:])
			d[0], d[1], d[2], d[3] = row[0], row[1], row[2], row[3]
		}
		return
	}
	for p := 0; p < kc; p++ {
		row := b[(p0+p)*ldb+c0:]
		d := dst[p*ttGemmNR : (p+1)*ttGemmNR]
		for j := range d {
			if j < cols {
				d[j] = row[j]
			} else {
				d[j] = 0
			}
		}
	}
}

// ttMicro adds the product of a packed kp×MR panel of A and a packed kp×NR
// panel of B (kp a multiple of KU) to the 2×4 tile of c at c[0] and c[ldc].
// Its eight accumulators stay in registers.
func ttMicro[T ttNumber](kp int, ap, bp []T, c []T, ldc int) {
	var c00, c01, c02, c03, c10, c11, c12, c13 T
	ap, bp = ap[:kp*ttGemmMR], bp[:kp*ttGemmNR]
	for p := 0; p+ttGemmKU <= kp; p += ttGemmKU {
		a := (*[ttGemmKU * ttGemmMR]T)(ap[p*ttGemmMR:])
		b := (*[ttGemmKU * ttGemmNR]T)(bp[p*ttGemmNR:])
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

// ttGemmSmall is the plain i-p-j loop nest for products too small to pack.
func ttGemmSmall[T ttNumber](m, n, k int, a []T, lda int, b []T, ldb int, c []T, ldc int) {
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
