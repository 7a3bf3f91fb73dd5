//go:build goexperiment.simd && amd64

package linalg

import "simd/archsimd"

// The vector level of the SIMD kernels (gemm_simd_amd64.go,
// pool_simd_amd64.go, epilogue_simd_amd64.go): the widest vectors both
// the CPU (checked when the package is initialized) and the build allow.
// The build's bound, simdMax, is a constant (simdmax512_amd64.go, or
// simdmax256_amd64.go with the build tag tt_avx2, which the Go backend
// sets for code generated with --go-simd=avx2), so that an AVX2 build
// compiles no AVX-512 instruction: the branches that use them are constant
// false there and their kernels are not linked.

// simdLevel is the vector width in bits of the kernels that run: 512
// (AVX-512), 256 (AVX2 and FMA) or 0 (none: the scalar kernels). Tests
// lower it to cover every kernel on one machine.
var simdLevel = min(cpuSIMDLevel(), simdMax)

// cpuSIMDLevel is the widest level this CPU runs.
func cpuSIMDLevel() int {
	switch {
	case archsimd.X86.AVX512():
		return 512
	case archsimd.X86.AVX2() && archsimd.X86.FMA():
		return 256
	}
	return 0
}

// use512 reports whether the 512-bit kernels run (constant false in
// builds bounded to AVX2).
func use512() bool { return simdMax == 512 && simdLevel == 512 }
