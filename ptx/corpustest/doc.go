// Package corpustest checks the PTX corpus in ptx/testdata/corpus: CUDA C
// kernels compiled to PTX by clang-16 for sm_70, sm_80 and sm_90.
//
// Its tests (the package has no other code) run every corpus kernel on
// deterministic inputs through the simulator's Go API (ptx/sim) and
// through the tt-ptx command, and compare the buffers the kernel leaves
// with Go reference code: integers exactly, floats bit for bit where the
// kernel's operations are all correctly rounded and within a tolerance
// stated next to each kernel otherwise. They also check that ptxas
// accepts every corpus file, and that the committed PTX is what clang-16
// makes of the committed sources. Where ptxas or clang-16 is absent those
// two checks skip with a message.
//
// To regenerate the PTX after editing a .cu file (needs clang-16 and
// Debian's nvidia-cuda-toolkit for the CUDA headers and libdevice):
//
//	go generate ./ptx/corpustest
package corpustest

//go:generate sh ../testdata/corpus/gen.sh
