//go:build goexperiment.simd && amd64

package numerics

import (
	"flag"
	"math"
	"math/rand/v2"
	"strconv"
	"syscall"
	"testing"
	"time"

	"simd/archsimd"
)

// vectorForm is one fast f32 function with its 8- and 16-lane forms and
// what its results are checked against.
type vectorForm struct {
	name   string
	scalar func(float32) float32
	x8     func(archsimd.Float32x8) archsimd.Float32x8
	x16    func(archsimd.Float32x16) archsimd.Float32x16
	// ref is the exact function in float64, bound the largest error in
	// ulp allowed against it (the scalar function's documented bound)
	// where checked(x) holds.
	ref     func(float64) float64
	bound   float64
	checked func(x float32) bool
}

func always(float32) bool { return true }

var vectorForms = []vectorForm{
	{"Exp", ExpF32, ExpF32x8, ExpF32x16, math.Exp, 1, always},
	{"Log", LogF32, LogF32x8, LogF32x16, math.Log, 1, always},
	{"Tanh", TanhF32, TanhF32x8, TanhF32x16, math.Tanh, 2, always},
	{"Erf", ErfF32, ErfF32x8, ErfF32x16, math.Erf, 1, always},
	{"Sigmoid", SigmoidF32, SigmoidF32x8, SigmoidF32x16, func(v float64) float64 { return 1 / (1 + math.Exp(-v)) }, 3,
		func(x float32) bool { return !(x < -88.72) }}, // below, e**-x overflows: 0 (TestSpecialValues)
	{"Gelu", GeluF32, GeluF32x8, GeluF32x16, geluRef, 4,
		func(x float32) bool { return !(x < -1) }}, // the negative tail cancels (TestGeluAccuracy)
	{"GeluTanh", GeluTanhF32, GeluTanhF32x8, GeluTanhF32x16, geluTanhRef, 4,
		func(x float32) bool { return !(x < -1) }}, // the negative tail cancels (TestGeluAccuracy)
	{"Rsqrt", Rsqrt[float32], RsqrtF32x8, RsqrtF32x16, func(v float64) float64 { return 1 / math.Sqrt(v) }, 1.5, always},
	{"Reciprocal", Reciprocal[float32], ReciprocalF32x8, ReciprocalF32x16, func(v float64) float64 { return 1 / v }, 0.5, always},
}

// A width is the 8- or 16-lane form of the functions: the lane count,
// whether this CPU runs it, and how to apply a form to a slice whose
// length is a multiple of the lane count.
type width struct {
	lanes int
	cpu   func() bool
	need  string
	apply func(f vectorForm, dst, src []float32)
}

var widths = []width{
	{8, archsimd.X86.AVX2, "AVX2", func(f vectorForm, dst, src []float32) {
		for i := 0; i < len(src); i += 8 {
			f.x8(archsimd.LoadFloat32x8Slice(src[i:])).StoreSlice(dst[i:])
		}
	}},
	{16, archsimd.X86.AVX512, "AVX-512", func(f vectorForm, dst, src []float32) {
		for i := 0; i < len(src); i += 16 {
			f.x16(archsimd.LoadFloat32x16Slice(src[i:])).StoreSlice(dst[i:])
		}
	}},
}

// runnable returns the widths this CPU runs, logging the others.
func runnable(t *testing.T) []width {
	var ws []width
	for _, w := range widths {
		if w.cpu() {
			ws = append(ws, w)
		} else {
			t.Logf("the CPU lacks %s: the %d-lane forms are not tested", w.need, w.lanes)
		}
	}
	if len(ws) == 0 {
		t.Skip("the CPU runs no vector form")
	}
	return ws
}

// padded returns xs extended with copies of its first values to a
// multiple of 16 lanes.
func padded(xs []float32) []float32 {
	for i := 0; len(xs)%16 != 0; i++ {
		xs = append(xs, xs[i])
	}
	return xs
}

var exhaustive = flag.Bool("exhaustive", false,
	"TestVectorFormsSweep: compare the vector forms with the scalar functions on every float32 (no float64 check)")

// sweepChunks calls f with the values the vector forms are checked on, in
// chunks whose lengths are multiples of 16, then with NaNs and
// infinities: every float32 with -exhaustive, else every third value of
// the accuracy tests' sweep (every 183rd bit pattern, every 21st with
// -long, and the patterns near the powers of two), in its order
// (neighbouring lanes hold nearby values of alternating sign).
func sweepChunks(f func(xs []float32)) {
	buf := make([]float32, 0, 1<<16)
	add := func(x float32) {
		if buf = append(buf, x); len(buf) == cap(buf) {
			f(buf)
			buf = buf[:0]
		}
	}
	if *exhaustive {
		for b := uint64(0); b <= math.MaxUint32; b++ {
			add(math.Float32frombits(uint32(b)))
		}
	} else {
		sweep(3*stride(), add)
	}
	f(padded(append(buf, nan, -nan, inf, -inf)))
}

// lanes compares the results got of a form (w lanes) with the scalar
// function's, want, and reports the lanes whose bits differ (NaNs of any
// payload are equal); bad counts them.
func lanes(t *testing.T, w width, f vectorForm, xs, got, want []float32, bad *int) {
	t.Helper()
	for i, x := range xs {
		if !same(got[i], want[i]) {
			if *bad++; *bad <= 10 {
				t.Errorf("lane %d: %sF32x%d(%g [%#08x]) = %g [%#08x], %sF32 gives %g [%#08x]", i%w.lanes, f.name, w.lanes,
					x, math.Float32bits(x), got[i], math.Float32bits(got[i]), f.name, want[i], math.Float32bits(want[i]))
			}
		}
	}
}

// compareLanes checks every width this CPU runs on xs against the scalar
// function.
func compareLanes(t *testing.T, f vectorForm, xs []float32) {
	t.Helper()
	want := make([]float32, len(xs))
	for i, x := range xs {
		want[i] = f.scalar(x)
	}
	got := make([]float32, len(xs))
	for _, w := range runnable(t) {
		bad := 0
		w.apply(f, got, xs)
		lanes(t, w, f, xs, got, want, &bad)
		if bad > 10 {
			t.Errorf("%d lanes differ in all", bad)
		}
	}
}

// Over a dense sweep of all float32 values (sweepChunks) the vector forms
// are bitwise equal to the scalar functions, and within the scalar
// functions' documented bounds of the exact function in float64.
func TestVectorFormsSweep(t *testing.T) {
	for _, f := range vectorForms {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			ws := runnable(t)
			var worstErr worst
			bad := make([]int, len(ws))
			var want []float32
			got := make([]float32, 1<<16)
			sweepChunks(func(xs []float32) {
				want, got = want[:0], got[:len(xs)]
				for _, x := range xs {
					want = append(want, f.scalar(x))
				}
				for i, w := range ws {
					w.apply(f, got, xs)
					lanes(t, w, f, xs, got, want, &bad[i])
				}
				for i, x := range xs { // got: the widest form's results
					if f.checked(x) && !*exhaustive {
						worstErr.add(ulps(got[i], f.ref(float64(x))), x)
					}
				}
			})
			for i, w := range ws {
				if bad[i] > 10 {
					t.Errorf("x%d: %d lanes differ in all", w.lanes, bad[i])
				}
			}
			if *exhaustive {
				return
			}
			t.Logf("%s: worst %.3f ulp at %g", f.name, worstErr.err, worstErr.at)
			if worstErr.err > f.bound {
				t.Errorf("worst %.3f ulp at %g, want <= %g", worstErr.err, worstErr.at, f.bound)
			}
		})
	}
}

// Lanes holding unrelated values, in different regimes of the functions:
// random bit patterns, and random values of the range where the functions
// change regime.
func TestVectorFormsMixedLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs := make([]float32, 1<<20)
	for i := range xs {
		if i%2 == 0 {
			xs[i] = math.Float32frombits(rng.Uint32())
		} else {
			xs[i] = float32(rng.NormFloat64() * 40)
		}
	}
	for _, f := range vectorForms {
		t.Run(f.name, func(t *testing.T) { compareLanes(t, f, xs) })
	}
}

// edgeValues are the arguments where the functions change regime or
// their results reach the ends of the float32 range.
func edgeValues() []float32 {
	xs := []float32{0, negZ, inf, -inf, nan, -nan, minSub, -minSub, 3 * minSub, minNor, -minNor,
		math.Nextafter32(minNor, 0), -math.Nextafter32(minNor, 0), maxF, -maxF, 1, -1, 0.5, 2, 10, -10,
		expMax, math.Nextafter32(expMax, 100), expMin, math.Nextafter32(expMin, 0), math.Nextafter32(expMin, -200),
		expFastLo, expFastHi, math.Nextafter32(expFastLo, -100), math.Nextafter32(expFastHi, 100), -88.72, -88.73,
		tanhTiny, math.Nextafter32(tanhTiny, 0), tanhSmall, math.Nextafter32(tanhSmall, 1), tanhOne,
		math.Nextafter32(tanhOne, 20), -tanhSmall, -tanhOne, -math.Nextafter32(tanhOne, 20),
		float32(2 * sqrtHalf), math.Nextafter32(float32(2*sqrtHalf), 2), math.Nextafter32(float32(2*sqrtHalf), 0),
		float32(sqrtHalf), 5.4, -5.4, 5.2, -5.2, 1e-30, -1e-30, 1e30, -1e30, 3.92, -3.92,
	}
	for k := float32(1); k <= 2*erfOne; k++ { // ErfF32's intervals
		xs = append(xs, k/2, -k/2)
	}
	for v := float32(80); v <= 104; v += 0.25 {
		xs = append(xs, v, -v)
	}
	for _, x := range xs[:len(xs):len(xs)] {
		xs = append(xs, math.Nextafter32(x, float32(math.Inf(1))), math.Nextafter32(x, float32(math.Inf(-1))))
	}
	return xs
}

// At the edge values, with every value in every lane next to values of
// other regimes (the list rotated by each offset), the vector forms give
// the scalar functions' bits.
func TestVectorFormsEdgeValues(t *testing.T) {
	edges := edgeValues()
	var xs []float32
	for r := range 16 {
		xs = append(xs, edges[r:]...)
		xs = append(xs, edges[:r]...)
	}
	xs = padded(xs)
	for _, f := range vectorForms {
		t.Run(f.name, func(t *testing.T) { compareLanes(t, f, xs) })
	}
}

// One special lane among ordinary ones: a NaN, an infinity, a zero, a
// subnormal or an overflowing argument in each lane position, the other
// lanes finite values of every regime.
func TestVectorFormsOneSpecialLane(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var xs []float32
	for _, special := range []float32{nan, inf, -inf, 0, negZ, minSub, -minSub, 100, -110, maxF} {
		for lane := range 16 {
			for i := range 16 {
				x := float32(rng.NormFloat64() * 4)
				if i == lane {
					x = special
				}
				xs = append(xs, x)
			}
		}
	}
	for _, f := range vectorForms {
		t.Run(f.name, func(t *testing.T) { compareLanes(t, f, xs) })
	}
}

// The benchmarks apply each function to the 4096 values of benchArgs
// (bench_test.go): the scalar function element by element, the 8- and
// 16-lane forms vector by vector, each through a function value. ns/op is
// per 4096 results; ns/elem is per result, and cpu-ns/elem is the
// process's CPU time per result (on a shared machine, wall time counts
// the time other processes run).
func BenchmarkVectorForms(b *testing.B) {
	for _, f := range vectorForms {
		x := benchArgs(f.name == "Log" || f.name == "Rsqrt")
		y := make([]float32, len(x))
		b.Run(f.name+"/scalar", func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				for i, v := range x {
					y[i] = f.scalar(v)
				}
			}
			perElement(b, len(x), cpu)
		})
		for _, w := range widths {
			b.Run(f.name+"/x"+strconv.Itoa(w.lanes), func(b *testing.B) {
				if !w.cpu() {
					b.Skipf("the CPU lacks %s", w.need)
				}
				cpu := cpuTime()
				for b.Loop() {
					w.apply(f, y, x)
				}
				perElement(b, len(x), cpu)
			})
		}
	}
}

// cpuTime returns the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// perElement reports the wall and CPU time per element of a benchmark of
// n elements per iteration whose CPU time started at cpu.
func perElement(b *testing.B, n int, cpu time.Duration) {
	elems := float64(b.N * n)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/elems, "ns/elem")
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/elems, "cpu-ns/elem")
}
