//go:build goexperiment.simd && amd64 && !tt_avx2

package linalg

// simdMax bounds the vector level of this build: AVX-512 where the CPU has
// it.
const simdMax = 512
