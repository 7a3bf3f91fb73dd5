//go:build !(goexperiment.simd && amd64)

package linalg

// kernelLevels are the micro-kernels of this build: the scalar one.
func kernelLevels() []int { return []int{0} }

// withLevel runs f with the micro-kernel of level (the only one here).
func withLevel(_ int, f func()) { f() }
