//go:build goexperiment.simd

package rt

import "simd/archsimd"

// Code emitted with a SIMD level (goemit.SIMDAVX2, SIMDAVX512) runs
// archsimd instructions that older CPUs lack. Its exported functions and
// its command check the CPU first and fail with an error naming the
// missing feature instead of dying on an illegal instruction (SIGILL).

// ttCPUFeature is a CPU feature SIMD code needs, with its run-time check.
type ttCPUFeature struct {
	name string
	has  func() bool
}

// ttAVX2Features and ttAVX512Features are what the levels need, in the
// order they are checked. (Variables: tests take features away.)
var (
	ttAVX2Features   = []ttCPUFeature{{"AVX2", archsimd.X86.AVX2}, {"FMA", archsimd.X86.FMA}}
	ttAVX512Features = []ttCPUFeature{{"AVX2", archsimd.X86.AVX2}, {"FMA", archsimd.X86.FMA}, {"AVX-512 (F, CD, BW, DQ and VL)", archsimd.X86.AVX512}}
)

// ttCPUError reports a CPU feature that generated code needs and the CPU
// lacks.
type ttCPUError struct {
	level, feature string
}

func (e *ttCPUError) Error() string {
	return "tt: this code was generated for " + e.level + " (--go-simd=" + e.level + ") and needs " + e.feature +
		", which this CPU does not have; generate it with --go-simd=auto or --go-simd=off"
}

// ttCheckCPU returns a *ttCPUError for the first of features the CPU
// lacks, nil when it has them all.
func ttCheckCPU(level string, features []ttCPUFeature) error {
	for _, f := range features {
		if !f.has() {
			return &ttCPUError{level, f.name}
		}
	}
	return nil
}

// ttCheckAVX2 checks the CPU for code generated for AVX2.
func ttCheckAVX2() error { return ttCheckCPU("avx2", ttAVX2Features) }

// ttCheckAVX512 checks the CPU for code generated for AVX-512.
func ttCheckAVX512() error { return ttCheckCPU("avx512", ttAVX512Features) }
