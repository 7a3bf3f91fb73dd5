package sim

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchKernel measures thread-instructions per second of one launch
// (statistics off, as in normal runs): the count comes from a first run
// with statistics on.
func benchKernel(b *testing.B, p *Program, kernel string, l Launch) {
	var st Stats
	l.Stats = &st
	if err := p.Launch(kernel, l); err != nil {
		b.Fatal(err)
	}
	insts := st.TotalThreadInsts()
	l.Stats = nil
	b.ResetTimer()
	start, cpu0 := time.Now(), cpuTime()
	for i := 0; i < b.N; i++ {
		if err := p.Launch(kernel, l); err != nil {
			b.Fatal(err)
		}
	}
	sec, cpu := time.Since(start).Seconds(), (cpuTime() - cpu0).Seconds()
	b.ReportMetric(float64(insts)*float64(b.N)/sec/1e6, "Mthread-inst/s")
	// On a shared machine the wall-clock rate depends on the load; the
	// rate per CPU-second does not (multiply by the cores for a quiet
	// machine's figure).
	b.ReportMetric(float64(insts)*float64(b.N)/cpu/1e6, "Mthread-inst/cpu-s")
	b.ReportMetric(float64(insts), "thread-inst/op")
}

// BenchmarkElementwise runs clang's saxpy over 1M elements.
func BenchmarkElementwise(b *testing.B) {
	p := loadFile(b, "kernels.sm_80.ptx")
	n := 1 << 20
	r := rand.New(rand.NewPCG(1, 1))
	x, y := f32Buf(p, randF32(r, n, -1, 1)), f32Buf(p, randF32(r, n, -1, 1))
	benchKernel(b, p, "saxpy", Launch{Grid: [3]int{n / 256}, Block: [3]int{256},
		Args: []Arg{F32(2), Ptr(x), Ptr(y), S32(int32(n))}})
}

// BenchmarkBlockReduce runs clang's shared-memory tree reduction over 1M
// elements in CTAs of 256 threads.
func BenchmarkBlockReduce(b *testing.B) {
	p := loadFile(b, "kernels.sm_80.ptx")
	n := 1 << 20
	r := rand.New(rand.NewPCG(2, 2))
	x, out := f32Buf(p, randF32(r, n, -1, 1)), p.Mem.Alloc(4*n/256)
	benchKernel(b, p, "block_sum", Launch{Grid: [3]int{n / 256}, Block: [3]int{256},
		Args: []Arg{Ptr(x), Ptr(out), S32(int32(n))}})
}

// BenchmarkBlockReduceRaceCheck is BenchmarkBlockReduce with the
// shared-memory race detector on.
func BenchmarkBlockReduceRaceCheck(b *testing.B) {
	p := loadFile(b, "kernels.sm_80.ptx")
	n := 1 << 20
	r := rand.New(rand.NewPCG(2, 2))
	x, out := f32Buf(p, randF32(r, n, -1, 1)), p.Mem.Alloc(4*n/256)
	benchKernel(b, p, "block_sum", Launch{Grid: [3]int{n / 256}, Block: [3]int{256}, RaceCheck: true,
		Args: []Arg{Ptr(x), Ptr(out), S32(int32(n))}})
}
