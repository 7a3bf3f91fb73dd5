//go:build goexperiment.simd && amd64 && tt_avx2

package linalg

// simdMax bounds the vector level of this build (tag tt_avx2): AVX2, no
// AVX-512 instruction compiled.
const simdMax = 256
