package sim

import (
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/tt-compiler/tt/ptx"
)

// DefaultMaxSteps is the step budget per warp when Launch.MaxSteps is 0.
const DefaultMaxSteps = 1 << 28

// Launch describes one kernel launch.
type Launch struct {
	// Grid and Block are the grid's size in CTAs and the CTA's size in
	// threads (x, y, z); zero components count as 1.
	Grid, Block [3]int
	// SharedBytes is the dynamic shared memory per CTA (the size of an
	// .extern .shared array).
	SharedBytes int
	// Args are the kernel's arguments, one per parameter, in order.
	Args []Arg
	// MaxSteps bounds the instructions each warp executes (0:
	// DefaultMaxSteps); running out is an error of kind ErrStepLimit.
	MaxSteps int64
	// RaceCheck turns on the shared-memory race detector.
	RaceCheck bool
	// Stats, when not nil, receives the launch's statistics (added to
	// what it holds).
	Stats *Stats
	// Workers is the number of goroutines running CTAs (0: GOMAXPROCS).
	Workers int
}

// Arg is a kernel argument: a scalar's bits and size, or a buffer's
// address.
type Arg struct {
	bits uint64
	size int
	typ  Type
}

// F32 is an .f32 argument.
func F32(v float32) Arg { return Arg{uint64(math.Float32bits(v)), 4, TF32} }

// F64 is an .f64 argument.
func F64(v float64) Arg { return Arg{math.Float64bits(v), 8, TF64} }

// S32 is an .s32 argument.
func S32(v int32) Arg { return Arg{uint64(uint32(v)), 4, TS32} }

// U32 is a .u32 argument.
func U32(v uint32) Arg { return Arg{uint64(v), 4, TU32} }

// S64 is an .s64 argument.
func S64(v int64) Arg { return Arg{uint64(v), 8, TS64} }

// U64 is a .u64 argument.
func U64(v uint64) Arg { return Arg{v, 8, TU64} }

// Ptr is a pointer argument: the buffer's device address (.u64).
func Ptr(b *Buffer) Arg { return Arg{b.addr, 8, TU64} }

// Bits is an argument of n bytes (1, 2, 4 or 8) holding bits, for
// parameter types without a constructor (.b16, .f16, .u8, ...).
func Bits(bits uint64, n int) Arg { return Arg{bits, n, TNone} }

// cta is one CTA being executed.
type cta struct {
	prog    *Program
	kernel  *function
	launch  *Launch
	ctaid   [3]int
	bufs    []*Buffer
	args    []byte
	shared  []byte
	warps   []*warp
	stats   *Stats
	race    *raceDetector
	waiting []*warp
}

// Launch runs kernel over the grid and returns the first error (of the
// lowest-numbered failing CTA). Buffers hold the results afterwards.
func (p *Program) Launch(kernel string, l Launch) error {
	fn := p.funcs[kernel]
	if fn == nil || !fn.entry {
		return &Error{Kind: ErrLaunch, File: p.file, Kernel: kernel, Msg: "no kernel of that name in the module"}
	}
	launchErr := func(format string, args ...any) error {
		return &Error{Kind: ErrLaunch, File: p.file, Pos: fn.decl.Pos, Kernel: kernel, Msg: fmt.Sprintf(format, args...)}
	}
	if e := p.unsupportedIn(fn); e != nil {
		return &Error{Kind: ErrUnsupported, File: e.File, Pos: e.Pos, Kernel: kernel, Msg: e.Msg}
	}
	for i := range l.Grid {
		l.Grid[i] = max(l.Grid[i], 1)
		l.Block[i] = max(l.Block[i], 1)
	}
	threads := l.Block[0] * l.Block[1] * l.Block[2]
	if threads > 1024 || l.Block[2] > 64 {
		return launchErr("block (%d,%d,%d) exceeds 1024 threads or z > 64", l.Block[0], l.Block[1], l.Block[2])
	}
	if l.Grid[1] > 65535 || l.Grid[2] > 65535 || l.Grid[0] > math.MaxInt32 {
		return launchErr("grid (%d,%d,%d) exceeds the limits", l.Grid[0], l.Grid[1], l.Grid[2])
	}
	// The kernel's own static shared memory (every variable of the module
	// has an address of its own, but only those it uses are its CTA's).
	if static := p.kernelShared(fn); l.SharedBytes < 0 || static+l.SharedBytes > 227*1024 {
		return launchErr("%d bytes of static and %d of dynamic shared memory exceed 227 KB", static, l.SharedBytes)
	}
	if len(l.Args) != len(fn.formals) {
		return launchErr("%d arguments for %d parameters", len(l.Args), len(fn.formals))
	}
	args := make([]byte, fn.argSize)
	for i, a := range l.Args {
		f := fn.formals[i]
		if a.size != f.size {
			return launchErr("argument %d has %d bytes but parameter %s is .%s (%d bytes)", i, a.size, f.v.Name, f.v.Type, f.size)
		}
		putLE(args[f.off:], a.size, a.bits)
	}
	if l.MaxSteps <= 0 {
		l.MaxSteps = DefaultMaxSteps
	}
	workers := l.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	total := l.Grid[0] * l.Grid[1] * l.Grid[2]
	workers = min(workers, total)
	bufs := p.Mem.snapshot()
	var next atomic.Int64
	var stop atomic.Bool
	type failure struct {
		idx int
		err error
	}
	fails := make([]failure, workers)
	stats := make([]*Stats, workers)
	var wg sync.WaitGroup
	for wk := 0; wk < workers; wk++ {
		fails[wk].idx = -1
		if l.Stats != nil {
			stats[wk] = newStats()
		}
		wg.Add(1)
		go func(wk int) {
			defer wg.Done()
			c := &cta{prog: p, kernel: fn, launch: &l, bufs: bufs, args: args, stats: stats[wk]}
			c.shared = make([]byte, 0)
			if l.RaceCheck {
				c.race = newRaceDetector(p.extern + l.SharedBytes)
			}
			for !stop.Load() {
				idx := int(next.Add(1) - 1)
				if idx >= total {
					return
				}
				c.ctaid = [3]int{idx % l.Grid[0], idx / l.Grid[0] % l.Grid[1], idx / (l.Grid[0] * l.Grid[1])}
				if err := c.run(); err != nil {
					fails[wk] = failure{idx, err}
					stop.Store(true)
					return
				}
			}
		}(wk)
	}
	wg.Wait()
	if l.Stats != nil {
		for _, s := range stats {
			l.Stats.merge(s)
		}
		l.Stats.addLaunch(p, fn, &l)
	}
	best := failure{idx: -1}
	for _, f := range fails {
		if f.idx >= 0 && (best.idx < 0 || f.idx < best.idx) {
			best = f
		}
	}
	return best.err
}

// run executes one CTA: its warps round-robin, each until it exits or
// waits at a barrier; when every warp that has not finished waits, the
// barrier releases them.
func (c *cta) run() error {
	l := c.launch
	threads := l.Block[0] * l.Block[1] * l.Block[2]
	nw := (threads + 31) / 32
	size := c.prog.extern + l.SharedBytes
	if cap(c.shared) < size {
		c.shared = makeAligned(size)
	} else {
		c.shared = c.shared[:size]
		clear(c.shared)
	}
	if c.race != nil {
		c.race.newCTA()
	}
	for len(c.warps) < nw {
		c.warps = append(c.warps, &warp{cta: c, id: len(c.warps)})
	}
	warps := c.warps[:nw]
	for _, w := range warps {
		n := min(32, threads-32*w.id)
		c.initWarp(w, n)
	}
	for {
		for _, w := range warps {
			if w.done || w.atBar {
				continue
			}
			if err := w.run(); err != nil {
				return err
			}
		}
		waiting := c.waiting[:0]
		for _, w := range warps {
			if w.atBar {
				waiting = append(waiting, w)
			}
		}
		if len(waiting) == 0 {
			break
		}
		first := waiting[0]
		arrived := 0
		for _, w := range waiting {
			if w.barID != first.barID {
				in := &w.top().fn.code[w.barPC]
				return w.errAt(in, 0, ErrBarrier,
					"deadlock: warp %d waits at barrier %d while warp %d waits at barrier %d", w.id, w.barID, first.id, first.barID)
			}
			arrived += 32
		}
		if first.barCount > 0 && first.barCount > arrived {
			in := &first.top().fn.code[first.barPC]
			return first.errAt(in, 0, ErrBarrier,
				"deadlock: barrier %d expects %d threads but only %d arrive (the other threads exited or never reach it)",
				first.barID, first.barCount, arrived)
		}
		if first.barRedIn != nil {
			barrierReduce(waiting)
		}
		for _, w := range waiting {
			w.atBar = false
		}
		c.waiting = waiting
		if c.race != nil {
			c.race.barrier()
		}
		if c.stats != nil {
			c.stats.Barriers++
		}
	}
	if c.stats != nil {
		c.stats.CTAs++
	}
	return nil
}

func makeAligned(n int) []byte {
	if n == 0 {
		return []byte{}
	}
	words := make([]uint64, (n+7)/8)
	return unsafeBytes(words, n)
}

// initWarp prepares w to run the kernel from its start with n threads.
func (c *cta) initWarp(w *warp, n int) {
	w.exists = uint32(1<<uint(n) - 1)
	if n == 32 {
		w.exists = ^uint32(0)
	}
	w.live = w.exists
	w.done, w.atBar, w.steps = false, false, 0
	w.lastBuf = nil
	for _, fr := range w.frames {
		w.framePool = append(w.framePool, fr)
	}
	w.frames = w.frames[:0]
	fr := w.newFrame(c.kernel, nil)
	fr.mask = w.live
	fr.stack = append(fr.stack, simtEntry{pc: 0, rpc: -1, mask: w.live})
	w.frames = append(w.frames, fr)
	L := c.prog.local * 32
	if cap(w.local) < L {
		w.local = makeAligned(L)
	} else {
		w.local = w.local[:L]
		clear(w.local)
	}
	clear(w.cc[:])
	specs := c.prog.specs
	if len(w.spec) < len(specs) {
		w.spec = make([][32]uint64, len(specs))
		w.specFor = nil
	}
	// Only %ctaid changes between the CTAs of a launch.
	full := w.specFor != c.launch
	w.specFor = c.launch
	for i, k := range specs {
		if !full && k.reg != ptx.SRegCtaid {
			continue
		}
		v := &w.spec[i]
		for lane := 0; lane < 32; lane++ {
			v[lane] = c.special(w, k, lane)
		}
	}
}

// special returns special register k's value in lane of w.
func (c *cta) special(w *warp, k specKey, lane int) uint64 {
	l := c.launch
	comp := int(k.comp) - 1
	if comp < 0 || comp > 2 {
		comp = 0
	}
	switch k.reg {
	case ptx.SRegTid:
		return uint64(w.threadOf(lane)[comp])
	case ptx.SRegNtid:
		return uint64(l.Block[comp])
	case ptx.SRegCtaid:
		return uint64(c.ctaid[comp])
	case ptx.SRegNctaid:
		return uint64(l.Grid[comp])
	case ptx.SRegLaneid:
		return uint64(lane)
	case ptx.SRegWarpid:
		return uint64(w.id)
	case ptx.SRegNwarpid:
		return 64
	case ptx.SRegSmid:
		return 0
	case ptx.SRegNsmid:
		return 1
	case ptx.SRegGridid:
		return 1
	case ptx.SRegLanemaskEq:
		return 1 << uint(lane)
	case ptx.SRegLanemaskLe:
		return (uint64(2) << uint(lane)) - 1
	case ptx.SRegLanemaskLt:
		return (uint64(1) << uint(lane)) - 1
	case ptx.SRegLanemaskGe:
		return ^((uint64(1) << uint(lane)) - 1) & 0xffffffff
	case ptx.SRegLanemaskGt:
		return ^((uint64(2) << uint(lane)) - 1) & 0xffffffff
	case ptx.SRegDynamicSmemSize:
		return uint64(l.SharedBytes)
	case ptx.SRegTotalSmemSize:
		return uint64(c.prog.extern + l.SharedBytes)
	}
	return 0
}

// readClock fills w.tmp[3] with a clock register's value: the warp's
// executed-instruction count, which is deterministic and increases.
func (w *warp) readClock(o *opnd) {
	v := uint64(w.steps)
	switch o.sreg {
	case ptx.SRegClock:
		v &= 0xffffffff
	case ptx.SRegClockHi:
		v >>= 32
	case ptx.SRegGlobaltimer:
		v *= 1000 // nanoseconds at 1 GHz
	case ptx.SRegGlobaltimerLo:
		v = v * 1000 & 0xffffffff
	case ptx.SRegGlobaltimerHi:
		v = v * 1000 >> 32
	}
	for l := range w.tmp[3] {
		w.tmp[3][l] = v
	}
}

// barrierReduce completes a bar.red: the CTA-wide count, and or or of the
// waiting threads' predicates goes to every waiting thread.
func barrierReduce(waiting []*warp) {
	var count int
	all, any := true, false
	for _, w := range waiting {
		count += bits.OnesCount32(w.barPred)
		all = all && w.barPred == w.live
		any = any || w.barPred != 0
	}
	for _, w := range waiting {
		in := w.barRedIn
		if in == nil {
			continue
		}
		switch in.sub {
		case barRedPopc:
			d := w.dst(&in.d[0])
			for l := range d {
				if w.live>>uint(l)&1 != 0 {
					d[l] = uint64(count)
				}
			}
			w.wrote(&in.d[0], w.live)
		case barRedAnd:
			w.setPred(&in.d[0], w.live, boolMask(all))
		case barRedOr:
			w.setPred(&in.d[0], w.live, boolMask(any))
		}
	}
}
