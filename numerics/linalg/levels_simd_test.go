//go:build goexperiment.simd && amd64

package linalg

// kernelLevels are the micro-kernels this CPU can run in a SIMD build:
// its own level, the AVX2 one below AVX-512, and the scalar one.
func kernelLevels() []int {
	var out []int
	for _, l := range []int{512, 256, 0} {
		if l <= min(cpuSIMDLevel(), simdMax) {
			out = append(out, l)
		}
	}
	return out
}

// withLevel runs f with the micro-kernels of level (512, 256 or 0).
func withLevel(level int, f func()) {
	defer func(old int) { simdLevel = old }(simdLevel)
	simdLevel = level
	f()
}
