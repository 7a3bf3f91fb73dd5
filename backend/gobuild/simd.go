package gobuild

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"

	looptransforms "github.com/tt-compiler/tt/dialects/loops/transforms"
	goemit "github.com/tt-compiler/tt/emit/go"
)

// SIMDAuto is the --go-simd value that picks the level for the host (see
// AutoSIMD).
const SIMDAuto = "auto"

// SIMDChoices lists the values of --go-simd.
const SIMDChoices = "off, auto, avx2, avx512"

// HostFeatures are the CPU features of the host that decide the SIMD
// level, as /proc/cpuinfo lists them.
type HostFeatures struct {
	AVX2, FMA bool
	// AVX512 is F, CD, BW, DQ and VL together (archsimd's AVX512).
	AVX512 bool
}

// Levels returns the SIMD levels code for the host can use, lowest first
// (always SIMDOff).
func (h HostFeatures) Levels() []goemit.SIMD {
	out := []goemit.SIMD{goemit.SIMDOff}
	if h.AVX2 && h.FMA {
		out = append(out, goemit.SIMDAVX2)
		if h.AVX512 {
			out = append(out, goemit.SIMDAVX512)
		}
	}
	return out
}

// Host returns the features of this machine: none unless it is amd64
// Linux (the features come from /proc/cpuinfo, where the kernel lists only
// what it enables: AVX-512 only with its register state saved). Every
// processor must have a feature.
func Host() HostFeatures {
	hostOnce.Do(func() {
		if runtime.GOARCH != "amd64" || runtime.GOOS != "linux" {
			return
		}
		if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
			hostFeatures = parseFeatures(string(b))
		}
	})
	return hostFeatures
}

var (
	hostOnce     sync.Once
	hostFeatures HostFeatures
)

// parseFeatures reads the features every processor of a /proc/cpuinfo
// listing has.
func parseFeatures(cpuinfo string) HostFeatures {
	all := func(names ...string) bool { return everyProcessorHas(cpuinfo, names) }
	return HostFeatures{
		AVX2:   all("avx2"),
		FMA:    all("fma"),
		AVX512: all("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"),
	}
}

// everyProcessorHas reports whether every processor of a /proc/cpuinfo
// listing has all of flags (false when it lists none).
func everyProcessorHas(cpuinfo string, flags []string) bool {
	n := 0
	for _, line := range strings.Split(cpuinfo, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(k) != "flags" {
			continue
		}
		n++
		have := map[string]bool{}
		for _, f := range strings.Fields(v) {
			have[f] = true
		}
		for _, f := range flags {
			if !have[f] {
				return false
			}
		}
	}
	return n > 0
}

// AutoSIMD is the level --go-simd=auto picks on a host with features h:
// the widest it has. On this project's AMD EPYC (family 0x1A, a full 512-bit
// datapath) AVX-512's 16 lanes beat AVX2's 8 on every memory-bound model
// measured (docs/design/simd.md); --go-simd=avx2 keeps 8 lanes on an
// AVX-512 host.
func AutoSIMD(h HostFeatures) goemit.SIMD {
	levels := h.Levels()
	return levels[len(levels)-1]
}

// ResolveSIMD returns the level of a --go-simd value: off, avx2, avx512,
// or auto ("" too): AutoSIMD of this host.
func ResolveSIMD(value string) (goemit.SIMD, error) {
	if value == SIMDAuto || value == "" {
		return AutoSIMD(Host()), nil
	}
	level, err := goemit.ParseSIMD(value)
	if err != nil {
		return goemit.SIMDOff, fmt.Errorf("--go-simd: %v (want %s)", err, SIMDChoices)
	}
	return level, nil
}

// CheckHost returns an error unless this host can run code of level
// (code for another host can be generated, not run here: it would report
// the missing feature when called).
func CheckHost(level goemit.SIMD) error {
	for _, l := range Host().Levels() {
		if l == level {
			return nil
		}
	}
	return fmt.Errorf("--go-simd=%s: this host does not have %s (its levels: %s)", level, level.Features(), levelNames(Host().Levels()))
}

// levelNames lists levels for messages.
func levelNames(levels []goemit.SIMD) string {
	names := make([]string, len(levels))
	for i, l := range levels {
		names[i] = l.String()
	}
	return strings.Join(names, ", ")
}

// VectorWidths returns the lanes the vectorize pass gives loops over f32
// and over f64 for code of a SIMD level: one register (8 and 4 with AVX2,
// 16 and 8 with AVX-512); lanesF32 > 0 overrides the f32 lanes (the f64
// lanes are half of them, at least 2). Without SIMD the lanes are scalar
// variables, and the widths are the pass's defaults.
func VectorWidths(level goemit.SIMD, lanesF32 int) (f32, f64 int) {
	switch {
	case lanesF32 > 0:
		return lanesF32, max(lanesF32/2, 2)
	case level == goemit.SIMDAVX512:
		return 16, 8
	}
	return looptransforms.DefaultWidthF32, looptransforms.DefaultWidthF64
}
