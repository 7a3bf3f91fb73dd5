//go:build !(goexperiment.simd && amd64)

package linalg

// gemmSIMD is the SIMD GEMM of SIMD builds (gemm_simd_amd64.go); this
// build has none, so blockedGemm runs its scalar micro-kernel.
func gemmSIMD[T Number](ParallelFor, int, int, int, matrix[T], matrix[T], []T, int, *Epilogue[T]) bool {
	return false
}

// poolTapSIMD is the SIMD max-pooling sweep of SIMD builds
// (pool_simd_amd64.go); here it leaves every output to poolTap.
func poolTapSIMD[T Number](_, _ []T, _, _, a int) int { return a }

// epilogueRowSIMD is the SIMD bias and relu epilogue of SIMD builds
// (epilogue_simd_amd64.go); here epilogueRow computes every epilogue.
func epilogueRowSIMD[T Number](_, _ []T, _ Activation) bool { return false }
