package rt

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// The goroutine pool behind loops.parallel and the parallel extern kernels.
//
// ttParallelFor(n, cost, fn) splits the iterations [0, n) into contiguous
// chunks whose bounds depend only on n and GOMAXPROCS (static chunking,
// ttChunksPerProc per P, so that a worker that starts late leaves fewer
// iterations behind), runs fn(lo, hi) once per chunk, and returns when all
// have run. The caller claims chunks itself; idle pool workers (started on
// first use, GOMAXPROCS-1 of them, never stopped) claim the others. A
// caller waiting for its chunks runs queued chunks of other loops
// meanwhile, so nested parallel loops cannot deadlock.
//
// Small loops run on the caller alone: a loop whose estimated work
// (n × cost, cost in rough "operations" per iteration) is below
// ttMinParallelWork, where handing chunks to another goroutine costs more
// than it saves. Waking a parked goroutine takes microseconds (tens of
// them on a virtual machine whose other vCPU is halted: the wake-up is an
// interrupt to it), more than a small kernel's whole work. So an idle
// worker polls the queue for ttWorkerSpin before it parks (as OpenMP
// runtimes do), which keeps the workers awake through a sequence of
// parallel loops such as a training step's; and a caller whose own chunks
// are done yields for a while before it parks. BenchmarkPoolDispatch
// measures the cost of a dispatch.
//
// Results do not depend on the chunking: the iterations of a
// loops.parallel are independent by definition, and the kernels never split
// a reduction among chunks. So output is bitwise the same for any
// GOMAXPROCS and whichever goroutine runs a chunk.

// ttMinParallelWork is the least estimated work (iterations × the cost of
// one, in rough "operations") worth spreading over goroutines.
const ttMinParallelWork = 1 << 14

// ttChunksPerProc is the number of chunks per P a parallel loop is cut
// into.
const ttChunksPerProc = 4

// ttWorkerSpin is how long an idle worker polls the queue before it parks.
const ttWorkerSpin = 200 * time.Microsecond

// ttCallerSpin bounds how many times a caller whose chunks are done yields
// (running queued chunks of other loops, if any) while the workers finish
// theirs, before it parks.
const ttCallerSpin = 1000

// ttJob is one call of ttParallelFor.
type ttJob struct {
	fn      func(lo, hi int)
	n       int
	chunks  int32
	next    atomic.Int32 // next chunk to claim
	pending atomic.Int32 // chunks not finished
	done    chan struct{}

	mu       sync.Mutex
	panicked bool
	panicVal any
}

// ttParallelPanic carries a panic of a chunk to the goroutine that called
// ttParallelFor, where it is raised again.
type ttParallelPanic struct{ val any }

// ttPoolState is the pool: its queue of jobs with chunks to claim and the
// number of workers started.
var ttPoolState struct {
	mu      sync.Mutex
	workers int
	queue   chan *ttJob
}

// ttPoolQueue starts workers up to n and returns the queue.
func ttPoolQueue(n int) chan *ttJob {
	ttPoolState.mu.Lock()
	defer ttPoolState.mu.Unlock()
	if ttPoolState.queue == nil {
		ttPoolState.queue = make(chan *ttJob, 1024)
	}
	for ttPoolState.workers < n {
		ttPoolState.workers++
		go ttWorker(ttPoolState.queue)
	}
	return ttPoolState.queue
}

// ttWorker runs chunks of queued jobs forever.
func ttWorker(q chan *ttJob) {
	for {
		ttNextJob(q).work()
	}
}

// ttNextJob returns the next job of the queue, polling it for
// ttWorkerSpin before blocking.
func ttNextJob(q chan *ttJob) *ttJob {
	select {
	case j := <-q:
		return j
	default:
	}
	for start := time.Now(); time.Since(start) < ttWorkerSpin; {
		for range 64 {
			select {
			case j := <-q:
				return j
			default:
			}
		}
		runtime.Gosched()
	}
	return <-q
}

// work claims and runs chunks of j until none is left to claim.
func (j *ttJob) work() {
	for {
		c := j.next.Add(1) - 1
		if c >= j.chunks {
			return
		}
		j.run(int(c))
	}
}

// run runs chunk c, recording a panic instead of letting it kill a worker.
func (j *ttJob) run(c int) {
	defer func() {
		if r := recover(); r != nil {
			j.mu.Lock()
			if !j.panicked {
				j.panicked, j.panicVal = true, r
			}
			j.mu.Unlock()
		}
		if j.pending.Add(-1) == 0 {
			close(j.done)
		}
	}()
	lo, hi := ttChunk(j.n, int(j.chunks), c)
	j.fn(lo, hi)
}

// ttChunk returns the bounds of chunk c of n iterations split into chunks
// parts whose sizes differ by at most one.
func ttChunk(n, chunks, c int) (lo, hi int) {
	q, r := n/chunks, n%chunks
	lo = c*q + min(c, r)
	hi = lo + q
	if c < r {
		hi++
	}
	return lo, hi
}

// ttParallelFor runs fn over [0, n) in static chunks on the pool; see
// above. cost estimates the work of one iteration.
func ttParallelFor(n, cost int, fn func(lo, hi int)) {
	if n <= 0 {
		return
	}
	procs := runtime.GOMAXPROCS(0)
	if procs <= 1 || n <= 1 || n < ttMinParallelWork/max(cost, 1) {
		fn(0, n)
		return
	}
	chunks := min(n, ttChunksPerProc*procs)
	q := ttPoolQueue(procs - 1)
	j := &ttJob{fn: fn, n: n, chunks: int32(chunks), done: make(chan struct{})}
	j.pending.Store(int32(chunks))
	for range min(procs, chunks) - 1 { // one entry per helper
		select {
		case q <- j:
		default: // queue full: the caller and the workers already queued run the chunks
		}
	}
	j.work()
	for spins := 0; j.pending.Load() > 0 && spins < ttCallerSpin; spins++ {
		select {
		case other := <-q:
			other.work()
		default:
			runtime.Gosched()
		}
	}
	for waiting := j.pending.Load() > 0; waiting; {
		select {
		case <-j.done:
			waiting = false
		case other := <-q:
			other.work()
		}
	}
	if j.panicked {
		panic(ttParallelPanic{j.panicVal})
	}
}
