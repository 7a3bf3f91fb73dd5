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

// Matmul and Gemm: C = A·B for A [.., M, K], B [.., K, N] and C [.., M, N]
// (leading batch dimensions equal, or absent on A or B for a matrix shared
// by every batch), C overwritten; Gemm also reads A or B transposed in
// place and applies an epilogue to C.
//
// The product is a packed, cache-blocked GEMM after Goto and van de Geijn
// (as in BLIS): K is cut into KC-deep slices; every slice of B is packed
// into NR-wide column panels (once, shared by all tasks) and every slice of
// a task's rows of A into MR-high row panels; a register-tiled MR×NR
// micro-kernel multiplies one A panel by one B panel, its accumulators in
// registers. A task's packed A block (MC×KC) stays in L2 while the B panels
// stream through L1. Packing is where a transposed operand is read in
// place: the packed panels have the same layout either way.
//
// The micro-kernel depends on the build. With GOEXPERIMENT=simd on amd64
// (the Go backend's SIMD builds) f32 and f64 products run AVX-512 or
// AVX2+FMA micro-kernels written with simd/archsimd (gemm_simd_amd64.go,
// chosen by the CPU's features when the package is initialized). Otherwise,
// and for integer products, the micro-kernel is scalar code shaped for Go's
// register allocator: 2×4 tiles (eight accumulators), unrolled four times
// along k; larger tiles spill. (Measured, one core: 2×4 unrolled four times
// 9.8 GFLOP/s, twice 8.5, 4×2 unrolled twice 8.2, 4×4 4.0.)
//
// Tasks are (MC rows × NG columns) blocks of C spread over the pool; the
// products of a batch of small ones (m·n·k at most gemmBatchSmall, as
// attention's heads) are the tasks instead, one goroutine each. Each
// element of C is summed by one task, over k in a fixed order (KC slices in
// order, k in order within a slice, every slice summed from zero and then
// added to C), whatever the number of tasks and whatever the micro-kernel,
// so results are bitwise the same for any GOMAXPROCS, and the SIMD and
// scalar kernels differ only by the FMA's single rounding where the scalar
// one is not fused. Products too small to pack use plain loops.

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

// Layout says how Gemm's operands are stored: A as [.., M, K], or
// [.., K, M] when TransA (each matrix of A is the transpose of the one
// used); B as [.., K, N], or [.., N, K] when TransB. This is tt.matmul's
// transpose_a and transpose_b: a transpose of the last two dimensions
// feeding a product is read in place instead of copied.
type Layout struct {
	TransA, TransB bool
}

// Activation is the element function of an epilogue.
type Activation uint8

// The activations of an epilogue: the element rules of package numerics
// for tensor.relu (x < 0 ? 0 : x, integers too) and tensor.gelu with
// approximate "none" (GeluF32, GeluF64) and "tanh" (GeluTanhF32,
// GeluTanhF64), so a fused epilogue computes what the unfused pointwise
// kernel would.
const (
	ActNone Activation = iota
	ActReLU
	ActGELU
	ActGELUTanh
)

// activationNames are the activations' names in tt.matmul's "activation"
// attribute, indexed by Activation.
var activationNames = [...]string{ActNone: "", ActReLU: "relu", ActGELU: "gelu", ActGELUTanh: "gelu_tanh"}

// ParseActivation returns the activation tt.matmul's "activation"
// attribute names ("relu", "gelu", "gelu_tanh").
func ParseActivation(name string) (Activation, bool) {
	for i, n := range activationNames {
		if n == name && n != "" {
			return Activation(i), true
		}
	}
	return ActNone, false
}

// ActivationName is the name of act in tt.matmul's "activation"
// attribute ("" for ActNone).
func ActivationName(act Activation) string {
	if int(act) < len(activationNames) {
		return activationNames[act]
	}
	return ""
}

// Epilogue is what Gemm does to each element of C once its sum is
// complete: c[.., i, j] = Act(c[.., i, j] + Bias[j]), Bias (n elements,
// the same for every row and batch) skipped when nil. This is Inductor's
// template epilogue (a bias add and an activation fused into the GEMM's
// output tile instead of a pointwise kernel of their own). The sum is
// rounded to the element type before the bias is added and the bias before
// the activation, so the result is bitwise the unfused program's given the
// same product.
type Epilogue[T Number] struct {
	Bias []T
	Act  Activation
}

// Matmul is tt.matmul and tensor.matmul: batch products of m×k by k×n
// matrices, overwriting c; a and b hold batchA and batchB matrices (each 1
// or batch), c holds batch. c may be a or b. Sizes that do not match are
// an error (nothing is written).
func Matmul[T Number](parallelFor ParallelFor, batch, m, n, k int, a []T, batchA int, b []T, batchB int, c []T) error {
	return Gemm(parallelFor, batch, m, n, k, a, batchA, b, batchB, c, Layout{}, Epilogue[T]{})
}

// Gemm is tt.matmul with its transpose flags and epilogue: Matmul with the
// operands stored as layout says and ep applied to every element of c.
func Gemm[T Number](parallelFor ParallelFor, batch, m, n, k int, a []T, batchA int, b []T, batchB int, c []T, layout Layout, ep Epilogue[T]) error {
	if len(a) != batchA*m*k || len(b) != batchB*k*n || len(c) != batch*m*n {
		return fmt.Errorf("buffer sizes %d, %d, %d do not match [%d]%dx%d · [%d]%dx%d → [%d]%dx%d",
			len(a), len(b), len(c), batchA, m, k, batchB, k, n, batch, m, n)
	}
	if (batchA != 1 && batchA != batch) || (batchB != 1 && batchB != batch) {
		return fmt.Errorf("batch sizes %d and %d do not match %d", batchA, batchB, batch)
	}
	if ep.Bias != nil && len(ep.Bias) != n {
		return fmt.Errorf("bias has %d elements, want %d (the columns of C)", len(ep.Bias), n)
	}
	if err := checkActivation[T](ep.Act); err != nil {
		return err
	}
	if aliases(c, a) || aliases(c, b) || aliases(c, ep.Bias) {
		// C may be A or B: compute aside, then overwrite C.
		tmp := make([]T, len(c))
		if err := Gemm(parallelFor, batch, m, n, k, a, batchA, b, batchB, tmp, layout, ep); err != nil {
			return err
		}
		copy(c, tmp)
		return nil
	}
	one := func(p int, run ParallelFor) {
		av := operandOf(a[(p%batchA)*m*k:][:m*k], m, k, layout.TransA)
		bv := operandOf(b[(p%batchB)*k*n:][:k*n], k, n, layout.TransB)
		cp := c[p*m*n : (p+1)*m*n]
		clear(cp)
		blockedGemm(run, m, n, k, av, bv, cp, n, &ep)
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

// checkActivation rejects the activations T has no rule for.
func checkActivation[T Number](act Activation) error {
	switch act {
	case ActNone, ActReLU:
		return nil
	case ActGELU, ActGELUTanh:
		switch any(T(0)).(type) {
		case float32, float64:
			return nil
		}
		return fmt.Errorf("activation %d needs a floating-point product", act)
	}
	return fmt.Errorf("unknown activation %d", act)
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

// matrix is a matrix operand of blockedGemm: element (i, j) is s[i*rs + j*cs]
// (rs = columns and cs = 1 for a row-major matrix, rs = 1 and cs = rows
// for the transpose of a row-major one).
type matrix[T Number] struct {
	s      []T
	rs, cs int
}

// operandOf views s, a row-major rows×cols matrix or (trans) a row-major
// cols×rows one, as the rows×cols operand.
func operandOf[T Number](s []T, rows, cols int, trans bool) matrix[T] {
	if trans {
		return matrix[T]{s, 1, rows}
	}
	return matrix[T]{s, cols, 1}
}

// at is element (i, j) of x.
func at[T Number](x matrix[T], i, j int) T { return x.s[i*x.rs+j*x.cs] }

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

// blockedGemm adds A·B to C and then applies ep: c[i*ldc+j] = ep(c[i*ldc+j] +
// Σ_p A(i, p)·B(p, j)) for i < m, j < n, with its tasks run by run, or on
// the calling goroutine when run is nil. Every c element is the sum over p
// in order (in KC-deep slices, each summed from zero and then added to c),
// so the result does not depend on run.
func blockedGemm[T Number](run ParallelFor, m, n, k int, a, b matrix[T], c []T, ldc int, ep *Epilogue[T]) {
	if m == 0 || n == 0 {
		return
	}
	if k == 0 {
		epilogueTile(c, ldc, 0, m, 0, n, ep)
		return
	}
	if gemmSIMD(run, m, n, k, a, b, c, ldc, ep) {
		return
	}
	if m*n*k <= 32*32*32 || m < gemmMR || n < gemmNR {
		gemmSmall(m, n, k, a, b, c, ldc, ep)
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
			packB(bpk[t*gemmKC*gemmNR:(t+1)*gemmKC*gemmNR], b, p0, kc, gemmDepth(kc), j0, min(gemmNR, n-j0))
		}
	})
	mBlocks, ng, nGroups := gemmGrid(parallel, m, n, gemmMC, gemmNG, gemmNR)
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
				last := s == kb-1
				for ir := i0; ir < i1; ir += gemmMR {
					packA(apk[(ir-i0)*kp:(ir-i0+gemmMR)*kp], a, ir, min(gemmMR, i1-ir), p0, kc, kp)
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
						} else {
							// Edge tile: compute a full tile aside, add its valid part.
							clear(tmp[:])
							micro(kp, apanel, bpanel, tmp[:], gemmNR)
							for i := 0; i < mr; i++ {
								for j := 0; j < nr; j++ {
									c[off+i*ldc+j] += tmp[i*gemmNR+j]
								}
							}
						}
						if last {
							epilogueTile(c, ldc, ir, mr, jr, nr, ep)
						}
					}
				}
			}
		}
	})
}

// gemmGrid cuts C into tasks: mBlocks row blocks of mc rows times nGroups
// column groups of ng columns (a multiple of nr), the groups narrowed from
// ngMax until every worker gets some when the tasks run in parallel.
func gemmGrid(parallel bool, m, n, mc, ngMax, nr int) (mBlocks, ng, nGroups int) {
	mBlocks = (m + mc - 1) / mc
	ng = ngMax
	if parallel {
		for ng > 4*nr && mBlocks*((n+ng-1)/ng) < 2*runtime.GOMAXPROCS(0) {
			ng /= 2
		}
	}
	ng = (ng + nr - 1) / nr * nr
	return mBlocks, ng, (n + ng - 1) / ng
}

// gemmDepth is the packed depth of a slice of kc steps: kc rounded up
// to a multiple of the micro-kernel's unrolling (the extra steps multiply
// zeros).
func gemmDepth(kc int) int { return (kc + gemmKU - 1) / gemmKU * gemmKU }

// packA copies rows [r0, r0+rows) × columns [p0, p0+kc) of A into dst as
// dst[p*MR + i], zero-padding missing rows and the steps kc to kp.
func packA[T Number](dst []T, a matrix[T], r0, rows, p0, kc, kp int) {
	if rows < gemmMR || kc != kp {
		clear(dst)
	}
	for i := 0; i < rows; i++ {
		if a.cs == 1 {
			row := a.s[(r0+i)*a.rs+p0:][:kc]
			for p, v := range row {
				dst[p*gemmMR+i] = v
			}
			continue
		}
		for p := 0; p < kc; p++ {
			dst[p*gemmMR+i] = at(a, r0+i, p0+p)
		}
	}
}

// packB copies rows [p0, p0+kc) × columns [c0, c0+cols) of B into dst as
// dst[p*NR + j], zero-padding missing columns and the steps kc to kp.
func packB[T Number](dst []T, b matrix[T], p0, kc, kp, c0, cols int) {
	clear(dst[kc*gemmNR : kp*gemmNR])
	if cols == gemmNR && b.cs == 1 {
		for p := 0; p < kc; p++ {
			row := (*[gemmNR]T)(b.s[(p0+p)*b.rs+c0:])
			d := (*[gemmNR]T)(dst[p*gemmNR:])
			d[0], d[1], d[2], d[3] = row[0], row[1], row[2], row[3]
		}
		return
	}
	for p := 0; p < kc; p++ {
		d := dst[p*gemmNR : (p+1)*gemmNR]
		for j := range d {
			if j < cols {
				d[j] = at(b, p0+p, c0+j)
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

// gemmSmall is the plain i-p-j loop nest for products too small to pack,
// followed by the epilogue.
func gemmSmall[T Number](m, n, k int, a, b matrix[T], c []T, ldc int, ep *Epilogue[T]) {
	for i := 0; i < m; i++ {
		crow := c[i*ldc:][:n]
		for p := 0; p < k; p++ {
			av := at(a, i, p)
			if b.cs == 1 {
				brow := b.s[p*b.rs:][:n]
				for j, bv := range brow {
					crow[j] += av * bv
				}
				continue
			}
			for j := range crow {
				crow[j] += av * at(b, p, j)
			}
		}
	}
	epilogueTile(c, ldc, 0, m, 0, n, ep)
}
