package sim

import (
	"fmt"
	"io"
	"math/bits"
	"sort"
	"strings"

	"github.com/tt-compiler/tt/ptx"
)

// Stats are a launch's execution statistics, the measures of a kernel's
// performance on a machine without a GPU. Counters add up over launches
// that share a Stats.
type Stats struct {
	// WarpInsts and ThreadInsts count executed instructions by opcode:
	// once per warp dispatch, and once per active thread of it whose
	// guard predicate holds.
	WarpInsts, ThreadInsts [ptx.NumOps]int64

	// Global memory: warp-level accesses, the bytes the active lanes
	// requested and the 32-byte sectors those bytes touch.
	GlobalAccesses, GlobalBytes, GlobalSectors int64
	// Shared memory: warp-level accesses, the wavefronts they need (32
	// banks of 4 bytes; lanes reading one word share it) and how many
	// accesses had a bank conflict.
	SharedAccesses, SharedWavefronts, SharedIdealWavefronts, SharedConflicts int64

	// Branches counts conditional branches per warp; DivergentBranches
	// those whose active lanes went both ways.
	Branches, DivergentBranches int64
	// Barriers counts barrier releases; Atomics thread-level atomic
	// operations; CTAs the CTAs run.
	Barriers, Atomics, CTAs int64

	// Kernel describes the last launched kernel's resources.
	Kernel KernelInfo
}

// KernelInfo is what a kernel's declarations and launch say about its
// resource use, with the occupancy they allow.
type KernelInfo struct {
	Name string
	// RegsPerThread is the 32-bit registers the kernel's .reg
	// declarations need (predicates excluded): an upper bound on what
	// ptxas allocates, since declared PTX registers are virtual.
	RegsPerThread  int
	ThreadsPerCTA  int
	SharedPerCTA   int // static (the variables the kernel names) plus dynamic bytes
	LocalPerThread int
	Occupancy      []Occupancy
}

// Occupancy is the estimated residency of a kernel on one SM generation.
type Occupancy struct {
	Arch       string  // "sm_80", "sm_90"
	CTAsPerSM  int     // resident CTAs per SM
	WarpsPerSM int     // resident warps per SM
	Fraction   float64 // WarpsPerSM / the SM's maximum warps
	Limiter    string  // "registers", "threads", "shared memory" or "CTAs"
}

// smLimits are an SM generation's residency limits.
type smLimits struct {
	arch                   string
	regs, threads, ctas    int
	shared, reservedPerCTA int
	regAllocUnit, maxRegs  int
}

var smGenerations = []smLimits{
	{arch: "sm_80", regs: 65536, threads: 2048, ctas: 32, shared: 164 * 1024, reservedPerCTA: 1024, regAllocUnit: 256, maxRegs: 255},
	{arch: "sm_90", regs: 65536, threads: 2048, ctas: 32, shared: 228 * 1024, reservedPerCTA: 1024, regAllocUnit: 256, maxRegs: 255},
}

// estimateOccupancy applies an SM's limits to a kernel's resources.
func estimateOccupancy(g smLimits, regs, threads, shared int) Occupancy {
	warps := (threads + 31) / 32
	o := Occupancy{Arch: g.arch, CTAsPerSM: g.ctas, Limiter: "CTAs"}
	limit := func(n int, why string) {
		if n < o.CTAsPerSM {
			o.CTAsPerSM, o.Limiter = n, why
		}
	}
	limit(g.threads/32/warps, "threads")
	r := min(max(regs, 1), g.maxRegs)
	perWarp := (r*32 + g.regAllocUnit - 1) / g.regAllocUnit * g.regAllocUnit
	limit(g.regs/perWarp/warps, "registers")
	if shared > 0 {
		limit(g.shared/(shared+g.reservedPerCTA), "shared memory")
	}
	o.WarpsPerSM = o.CTAsPerSM * warps
	o.Fraction = float64(o.WarpsPerSM) / float64(g.threads/32)
	return o
}

func newStats() *Stats { return &Stats{} }

func (s *Stats) count(op ptx.Op, act uint32) {
	s.WarpInsts[op]++
	s.ThreadInsts[op] += int64(bits.OnesCount32(act))
}

// memAccess records one warp-level access of size bytes per lane.
func (s *Stats) memAccess(sp Space, addr *[32]uint64, act uint32, size int) {
	if act == 0 {
		return
	}
	first := bits.TrailingZeros32(act)
	if sp == SpaceGeneric {
		sp, _ = fromGeneric(addr[first])
	}
	switch sp {
	case SpaceGlobal:
		s.GlobalAccesses++
		s.GlobalBytes += int64(bits.OnesCount32(act) * size)
		var sectors [64]uint64
		n := 0
		add := func(x uint64) {
			for i := 0; i < n; i++ {
				if sectors[i] == x {
					return
				}
			}
			sectors[n] = x
			n++
		}
		for m := act; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			a := addr[l]
			if a >= sharedWin {
				continue
			}
			for x := a >> 5; x <= (a+uint64(size)-1)>>5 && n < len(sectors); x++ {
				add(x)
			}
		}
		s.GlobalSectors += int64(n)
	case SpaceShared:
		s.SharedAccesses++
		// Accesses wider than 4 bytes are served in phases of 32 words:
		// half-warps for 8 bytes, quarter-warps for 16.
		words := max(size/4, 1)
		perPhase := max(32/words, 1)
		var waves, ideal int64
		for p := 0; p < 32; p += perPhase {
			var bankWords [32][32]uint64 // at most 32 words per phase
			var nb [32]int
			degree := 0
			any := false
			for l := p; l < p+perPhase && l < 32; l++ {
				if act>>uint(l)&1 == 0 {
					continue
				}
				any = true
				off := addr[l]
				if off >= sharedWin {
					off -= sharedWin
				}
				for k := 0; k < words; k++ {
					wd := off/4 + uint64(k)
					b := wd & 31
					seen := false
					for _, x := range bankWords[b][:nb[b]] {
						if x == wd {
							seen = true
							break
						}
					}
					if !seen && nb[b] < 32 {
						bankWords[b][nb[b]] = wd
						nb[b]++
						degree = max(degree, nb[b])
					}
				}
			}
			if any {
				waves += int64(degree)
				ideal++
			}
		}
		s.SharedWavefronts += waves
		s.SharedIdealWavefronts += ideal
		if waves > ideal {
			s.SharedConflicts++
		}
	}
}

// merge adds o's counters to s.
func (s *Stats) merge(o *Stats) {
	if o == nil {
		return
	}
	for i := range s.WarpInsts {
		s.WarpInsts[i] += o.WarpInsts[i]
		s.ThreadInsts[i] += o.ThreadInsts[i]
	}
	s.GlobalAccesses += o.GlobalAccesses
	s.GlobalBytes += o.GlobalBytes
	s.GlobalSectors += o.GlobalSectors
	s.SharedAccesses += o.SharedAccesses
	s.SharedWavefronts += o.SharedWavefronts
	s.SharedIdealWavefronts += o.SharedIdealWavefronts
	s.SharedConflicts += o.SharedConflicts
	s.Branches += o.Branches
	s.DivergentBranches += o.DivergentBranches
	s.Barriers += o.Barriers
	s.Atomics += o.Atomics
	s.CTAs += o.CTAs
}

// addLaunch records the launched kernel's resources.
func (s *Stats) addLaunch(p *Program, fn *function, l *Launch) {
	threads := l.Block[0] * l.Block[1] * l.Block[2]
	k := KernelInfo{Name: fn.name, RegsPerThread: fn.regsPerThread, ThreadsPerCTA: threads,
		SharedPerCTA: p.kernelShared(fn) + l.SharedBytes, LocalPerThread: p.local}
	for _, g := range smGenerations {
		k.Occupancy = append(k.Occupancy, estimateOccupancy(g, k.RegsPerThread, threads, k.SharedPerCTA))
	}
	s.Kernel = k
}

// TotalThreadInsts is the number of thread-instructions executed.
func (s *Stats) TotalThreadInsts() int64 {
	var n int64
	for _, x := range s.ThreadInsts {
		n += x
	}
	return n
}

// TotalWarpInsts is the number of warp-instructions executed.
func (s *Stats) TotalWarpInsts() int64 {
	var n int64
	for _, x := range s.WarpInsts {
		n += x
	}
	return n
}

// Print writes the statistics as tt-ptx --stats shows them.
func (s *Stats) Print(w io.Writer) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "kernel %s: %d CTAs of %d threads\n", s.Kernel.Name, s.CTAs, s.Kernel.ThreadsPerCTA)
	fmt.Fprintf(&sb, "instructions: %d warp, %d thread (%.1f active lanes per warp instruction)\n",
		s.TotalWarpInsts(), s.TotalThreadInsts(), ratio(s.TotalThreadInsts(), s.TotalWarpInsts()))
	type row struct {
		op   ptx.Op
		w, t int64
	}
	var rows []row
	for i := range s.WarpInsts {
		if s.WarpInsts[i] > 0 {
			rows = append(rows, row{ptx.Op(i), s.WarpInsts[i], s.ThreadInsts[i]})
		}
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].t != rows[j].t {
			return rows[i].t > rows[j].t
		}
		return rows[i].op < rows[j].op
	})
	for _, r := range rows {
		fmt.Fprintf(&sb, "  %-16s %12d warp %14d thread\n", r.op, r.w, r.t)
	}
	if s.GlobalAccesses > 0 {
		fmt.Fprintf(&sb, "global memory: %d warp accesses, %d bytes requested, %d sectors (%d bytes) transferred: %.1f%% efficiency\n",
			s.GlobalAccesses, s.GlobalBytes, s.GlobalSectors, 32*s.GlobalSectors, 100*ratio(s.GlobalBytes, 32*s.GlobalSectors))
	}
	if s.SharedAccesses > 0 {
		fmt.Fprintf(&sb, "shared memory: %d warp accesses, %d wavefronts for %d ideal (%.2fx), %d accesses with bank conflicts\n",
			s.SharedAccesses, s.SharedWavefronts, s.SharedIdealWavefronts, ratio(s.SharedWavefronts, s.SharedIdealWavefronts), s.SharedConflicts)
	}
	fmt.Fprintf(&sb, "branches: %d, divergent: %d (%.1f%%)\n", s.Branches, s.DivergentBranches, 100*ratio(s.DivergentBranches, s.Branches))
	fmt.Fprintf(&sb, "barriers: %d, atomics: %d\n", s.Barriers, s.Atomics)
	k := s.Kernel
	fmt.Fprintf(&sb, "resources: %d registers/thread (declared), %d bytes shared/CTA, %d bytes local/thread\n",
		k.RegsPerThread, k.SharedPerCTA, k.LocalPerThread)
	for _, o := range k.Occupancy {
		fmt.Fprintf(&sb, "occupancy %s: %d CTAs, %d warps per SM (%.0f%%), limited by %s\n",
			o.Arch, o.CTAsPerSM, o.WarpsPerSM, 100*o.Fraction, o.Limiter)
	}
	io.WriteString(w, sb.String())
}

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
