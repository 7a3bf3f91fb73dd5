//go:build goexperiment.simd

package rt

import (
	"strings"
	"testing"
)

// The CPU checks name the first missing feature; with every feature they
// pass. The features are taken away through the lists' checks (run this
// package's tests with GOEXPERIMENT=simd).
func TestCheckCPU(t *testing.T) {
	all := func() bool { return true }
	none := func() bool { return false }
	features := []ttCPUFeature{{"AVX2", all}, {"FMA", none}, {"AVX-512", none}}
	err := ttCheckCPU("avx512", features)
	if err == nil || !strings.Contains(err.Error(), "needs FMA, which this CPU does not have") || !strings.Contains(err.Error(), "--go-simd=avx512") {
		t.Errorf("err = %v", err)
	}
	features[1].has = all
	if err := ttCheckCPU("avx512", features); err == nil || !strings.Contains(err.Error(), "needs AVX-512") {
		t.Errorf("err = %v", err)
	}
	features[2].has = all
	if err := ttCheckCPU("avx512", features); err != nil {
		t.Errorf("err = %v", err)
	}
	saved := ttAVX2Features[0].has
	defer func() { ttAVX2Features[0].has = saved }()
	ttAVX2Features[0].has = none
	if err := ttCheckAVX2(); err == nil || !strings.Contains(err.Error(), "needs AVX2,") {
		t.Errorf("ttCheckAVX2 without AVX2: %v", err)
	}
}
