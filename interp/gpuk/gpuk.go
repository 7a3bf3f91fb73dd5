// Package gpuk holds the interpreter kernels of the gpu dialect, so that a
// module of gpu kernels and the host code launching them runs in the
// reference interpreter.
//
// gpu.launch_func and gpu.launch run the grid's blocks one after another;
// the threads of a block run at once, one goroutine each, with their own
// interp.Exec (interp.Exec.Fork) whose context carries the thread's ids.
// With Options.Serial they run one at a time instead, each until it waits
// at a barrier or shuffle or returns, in a fixed order.
// Workgroup attributions get one zero-filled buffer per block, private
// attributions one per thread; kernels load and store through the loops
// dialect's ops (interp/loopsk), global memory being the memrefs the host
// passes.
//
// gpu.barrier waits until every thread of the block has reached it;
// gpu.shuffle until every lane of the warp below the shuffle's width has.
// A barrier or shuffle that can never complete — a thread returned
// without reaching it, threads wait at different barriers, a warp's lanes
// at different shuffles or at a shuffle and a barrier — is an error
// located at the op and naming the threads, never a hang: when no thread
// of a block can run any more, the block's state says which. A lane at or
// above a shuffle's width that executes it, or a lane that reads a lane
// the block does not have, is an error too (undefined behaviour on a GPU).
//
// Threads of a block write global and workgroup memory concurrently, as on
// a GPU: a kernel whose threads write the same element without a barrier
// between is a data race, which Go's race detector reports (run serially,
// such a kernel gives the same result every time instead).
package gpuk

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

// WarpSize is the number of lanes of a warp (NVIDIA's; MLIR's subgroup).
const WarpSize = 32

// MaxThreadsPerBlock is the largest block a launch may ask for (CUDA's
// limit).
const MaxThreadsPerBlock = 1024

// Options configure the kernels of this package.
type Options struct {
	// Serial runs the threads of a block one at a time instead of at once:
	// each runs until it waits at a barrier or a shuffle or returns, then
	// the next thread that can run, in linear order (cyclically), takes
	// over. The interleaving is then fixed, so that even a kernel with a
	// data race gives the same result on every run, at the cost of hiding
	// the race from the race detector.
	Serial bool
}

// Register adds the kernels of the gpu dialect to r, with the threads of a
// block running at once.
func Register(r *interp.Registry) { RegisterWith(r, Options{}) }

// RegisterWith adds the kernels of the gpu dialect to r, configured by o.
func RegisterWith(r *interp.Registry, o Options) {
	for name, k := range map[string]interp.Kernel{
		gpu.LaunchFuncName: launchFuncKernel(o),
		gpu.LaunchName:     launchKernel(o),
		gpu.TerminatorName: endThread,
		gpu.ReturnName:     returnKernel,
		gpu.ThreadIDName:   idKernel(func(t *thread, d int) int64 { return t.tid[d] }),
		gpu.BlockIDName:    idKernel(func(t *thread, d int) int64 { return t.blk.bid[d] }),
		gpu.BlockDimName:   idKernel(func(t *thread, d int) int64 { return t.blk.grid.block[d] }),
		gpu.GridDimName:    idKernel(func(t *thread, d int) int64 { return t.blk.grid.grid[d] }),
		gpu.LaneIDName:     laneIDKernel,
		gpu.BarrierName:    barrierKernel,
		gpu.ShuffleName:    shuffleKernel,
	} {
		r.Register(name, k)
	}
}

// grid is the configuration of one launch.
type grid struct {
	grid, block [3]int64
}

func (g *grid) threadsPerBlock() int { return int(g.block[0] * g.block[1] * g.block[2]) }

// thread is what the kernels of one GPU thread know about it; it travels
// in the context of the thread's Exec.
type thread struct {
	tid [3]int64
	lin int // linear index in the block: x fastest
	blk *block
}

type threadKey struct{}

// current returns the thread running op's kernel.
func current(e *interp.Exec) (*thread, error) {
	t, ok := e.Context().Value(threadKey{}).(*thread)
	if !ok {
		return nil, errors.New("runs outside a kernel launch (gpu.launch_func or gpu.launch)")
	}
	return t, nil
}

func (t *thread) String() string {
	return fmt.Sprintf("thread (%d, %d, %d) of block (%d, %d, %d)", t.tid[0], t.tid[1], t.tid[2], t.blk.bid[0], t.blk.bid[1], t.blk.bid[2])
}

func idKernel(get func(t *thread, d int) int64) interp.Kernel {
	return func(e *interp.Exec, op *ir.Operation, _ []interp.Value) ([]interp.Value, error) {
		t, err := current(e)
		if err != nil {
			return nil, err
		}
		d, ok := gpu.Dim(op)
		if !ok {
			return nil, errors.New("has no valid dimension attribute")
		}
		return []interp.Value{interp.ScalarInt(interp.Index, get(t, int(d)))}, nil
	}
}

func laneIDKernel(e *interp.Exec, _ *ir.Operation, _ []interp.Value) ([]interp.Value, error) {
	t, err := current(e)
	if err != nil {
		return nil, err
	}
	return []interp.Value{interp.ScalarInt(interp.Index, int64(t.lin%WarpSize))}, nil
}

// endThread ends the running thread's region (gpu.terminator).
func endThread(e *interp.Exec, _ *ir.Operation, _ []interp.Value) ([]interp.Value, error) {
	e.Yield(nil)
	return nil, nil
}

// returnKernel is gpu.return: it ends a kernel's thread or returns the
// values of a device function.
func returnKernel(e *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	e.Yield(args)
	return nil, nil
}

func barrierKernel(e *interp.Exec, op *ir.Operation, _ []interp.Value) ([]interp.Value, error) {
	t, err := current(e)
	if err != nil {
		return nil, err
	}
	return nil, t.blk.barrier(t, op)
}

func shuffleKernel(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	t, err := current(e)
	if err != nil {
		return nil, err
	}
	if len(args) != 3 {
		return nil, fmt.Errorf("expected 3 operands, got %d", len(args))
	}
	v, ok := args[0].(*interp.Tensor)
	if !ok || v.Rank() != 0 {
		return nil, fmt.Errorf("operand #0 must be a scalar, got %v", args[0])
	}
	offset, err := i32Operand(args, 1)
	if err != nil {
		return nil, err
	}
	width, err := i32Operand(args, 2)
	if err != nil {
		return nil, err
	}
	mode, ok := gpu.Mode(op)
	if !ok {
		return nil, errors.New("has no valid mode attribute")
	}
	res, valid, err := t.blk.shuffle(t, op, shuffleArgs{mode: mode, value: v, offset: offset, width: width})
	if err != nil {
		return nil, err
	}
	return []interp.Value{res, interp.ScalarInt(interp.I1, boolInt(valid))}, nil
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func i32Operand(args []interp.Value, i int) (int64, error) {
	t, ok := args[i].(*interp.Tensor)
	if !ok || t.Rank() != 0 || !t.DType().IsInt() {
		return 0, fmt.Errorf("operand #%d must be an integer scalar, got %v", i, args[i])
	}
	return t.Int(0), nil
}

// sizes reads the grid and block sizes of a launch (operands 0-5 after the
// async dependencies) and checks them.
func sizes(op *ir.Operation, args []interp.Value) (*grid, error) {
	if len(gpu.AsyncDependencies(op)) > 0 || op.NumResults() > 0 {
		return nil, errors.New("asynchronous launches are not supported by the interpreter")
	}
	if len(args) < 6 {
		return nil, fmt.Errorf("expected grid and block sizes, got %d operands", len(args))
	}
	g := &grid{}
	for i := 0; i < 6; i++ {
		t, ok := args[i].(*interp.Tensor)
		if !ok || t.Rank() != 0 || !t.DType().IsInt() {
			return nil, fmt.Errorf("operand #%d must be an index scalar, got %v", i, args[i])
		}
		n := t.Int(0)
		what := "grid"
		if i >= 3 {
			what = "block"
		}
		if n < 1 {
			return nil, fmt.Errorf("%s size %c is %d; sizes must be at least 1", what, "xyz"[i%3], n)
		}
		if i < 3 {
			g.grid[i] = n
		} else {
			g.block[i-3] = n
		}
	}
	if n := g.block[0] * g.block[1] * g.block[2]; n > MaxThreadsPerBlock {
		return nil, fmt.Errorf("a block of %d×%d×%d = %d threads exceeds the limit of %d", g.block[0], g.block[1], g.block[2], n, MaxThreadsPerBlock)
	}
	if s := gpu.DynamicSharedMemorySize(op); s != nil {
		if n, _ := i32Operand(args, 6); n < 0 {
			return nil, fmt.Errorf("dynamic shared memory size %d is negative", n)
		}
	}
	return g, nil
}

func launchFuncKernel(o Options) interp.Kernel {
	return func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		return launchFunc(e, op, args, o)
	}
}

func launchFunc(e *interp.Exec, op *ir.Operation, args []interp.Value, o Options) ([]interp.Value, error) {
	g, err := sizes(op, args)
	if err != nil {
		return nil, err
	}
	ref := gpu.Kernel(op)
	if ref == nil {
		return nil, errors.New("has no kernel symbol")
	}
	fn := e.Interpreter().LookupSymbol(op, ref)
	if fn == nil || fn.Name() != gpu.FuncName {
		return nil, fmt.Errorf("kernel %s is not a gpu.func", ref)
	}
	if !gpu.IsKernel(fn) {
		return nil, fmt.Errorf("%s is not a kernel", ref)
	}
	kargs := args[len(args)-len(gpu.KernelOperands(op)):]
	workgroup, err := attributionTypes(gpu.WorkgroupAttributions(fn))
	if err != nil {
		return nil, err
	}
	private, err := attributionTypes(gpu.PrivateAttributions(fn))
	if err != nil {
		return nil, err
	}
	return nil, run(e, g, func(x *interp.Exec, t *thread) error {
		in := append([]interp.Value{}, kargs...)
		in = append(in, t.blk.workgroup...)
		for _, a := range private {
			b, err := interp.NewBuffer(a.dt, a.shape)
			if err != nil {
				return err
			}
			in = append(in, b)
		}
		_, err := x.RunIsolatedRegion(fn.Region(0), in)
		return err
	}, workgroup, o)
}

func launchKernel(o Options) interp.Kernel {
	return func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		return launch(e, op, args, o)
	}
}

func launch(e *interp.Exec, op *ir.Operation, args []interp.Value, o Options) ([]interp.Value, error) {
	g, err := sizes(op, args)
	if err != nil {
		return nil, err
	}
	return nil, run(e, g, func(x *interp.Exec, t *thread) error {
		in := make([]interp.Value, 0, gpu.NumConfigRegionArgs)
		for _, group := range [][3]int64{t.blk.bid, t.tid, g.grid, g.block} {
			for _, v := range group {
				in = append(in, interp.ScalarInt(interp.Index, v))
			}
		}
		_, err := x.RunRegion(op.Region(0), in)
		return err
	}, nil, o)
}

// attribution is the element type and static shape of an attribution.
type attribution struct {
	dt    interp.DType
	shape []int64
}

func attributionTypes(vs []ir.Value) ([]attribution, error) {
	out := make([]attribution, len(vs))
	for i, v := range vs {
		m, ok := v.Type().(*ir.MemRefType)
		if !ok {
			return nil, fmt.Errorf("attribution %d has type %s, not a memref", i, v.Type())
		}
		for _, d := range m.Shape() {
			if d == ir.Dynamic {
				return nil, fmt.Errorf("attribution %d has dynamic type %s; attributions need static shapes", i, m)
			}
		}
		dt, err := interp.DTypeOf(m.Elem)
		if err != nil {
			return nil, err
		}
		out[i] = attribution{dt, m.Shape()}
	}
	return out, nil
}

// run runs body for every thread of every block of the grid: the blocks one
// after another, the threads of a block each on its own goroutine.
func run(e *interp.Exec, g *grid, body func(x *interp.Exec, t *thread) error, workgroup []attribution, o Options) error {
	for z := int64(0); z < g.grid[2]; z++ {
		for y := int64(0); y < g.grid[1]; y++ {
			for x := int64(0); x < g.grid[0]; x++ {
				blk := newBlock(g, [3]int64{x, y, z}, o.Serial)
				for _, a := range workgroup {
					b, err := interp.NewBuffer(a.dt, a.shape)
					if err != nil {
						return err
					}
					blk.workgroup = append(blk.workgroup, b)
				}
				if err := blk.run(e, body); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// threadState is what a thread of a block is doing.
type threadState uint8

const (
	running threadState = iota
	atBarrier
	atShuffle
	exited
)

// shuffleArgs are one lane's operands of a gpu.shuffle.
type shuffleArgs struct {
	mode          gpu.ShuffleMode
	value         *interp.Tensor
	offset, width int64
}

// block is one block of a launch: its threads' states, guarded by mu, and
// the rendezvous of barriers and shuffles.
type block struct {
	grid      *grid
	bid       [3]int64
	workgroup []interp.Value
	threads   []*thread

	mu      sync.Mutex
	wake    []*sync.Cond // one per thread when serial, else one for all; all on mu
	serial  bool         // Options.Serial
	turn    int          // the thread that may run, when serial
	state   []threadState
	waitOp  []*ir.Operation // the barrier or shuffle a waiting thread is at
	lanes   []shuffleArgs   // the operands of a lane waiting at a shuffle
	result  []*interp.Tensor
	valid   []bool
	running int
	failed  error   // the first failure, which wakes every thread
	errs    []error // each thread's own error
	aborted []bool  // threads ended by another's failure
}

func newBlock(g *grid, bid [3]int64, serial bool) *block {
	n := g.threadsPerBlock()
	b := &block{
		grid: g, bid: bid, serial: serial, state: make([]threadState, n), waitOp: make([]*ir.Operation, n),
		lanes: make([]shuffleArgs, n), result: make([]*interp.Tensor, n), valid: make([]bool, n), running: n,
		errs: make([]error, n), aborted: make([]bool, n),
	}
	shared := sync.NewCond(&b.mu)
	for i := 0; i < n; i++ {
		// Threads running at once are woken together: one broadcast costs
		// far less than a signal per thread.
		c := shared
		if serial {
			c = sync.NewCond(&b.mu)
		}
		b.wake = append(b.wake, c)
		x := int64(i) % g.block[0]
		y := int64(i) / g.block[0] % g.block[1]
		z := int64(i) / (g.block[0] * g.block[1])
		b.threads = append(b.threads, &thread{tid: [3]int64{x, y, z}, lin: i, blk: b})
	}
	return b
}

// errAborted ends the threads of a block after another thread failed.
var errAborted = errors.New("aborted: another thread of the block failed")

// run runs the block's threads. It returns the error of the first thread
// (in linear order) that failed on its own, else the reason the threads
// could not proceed, so that the error does not depend on scheduling.
// Threads still running when another fails run on until they end or wait
// at a barrier or shuffle (which then ends them).
func (b *block) run(e *interp.Exec, body func(x *interp.Exec, t *thread) error) error {
	var wg sync.WaitGroup
	for _, t := range b.threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !b.start(t) {
				b.exit(t, nil)
				return
			}
			err := body(e.Fork(context.WithValue(e.Context(), threadKey{}, t)), t)
			b.exit(t, err)
		}()
	}
	wg.Wait()
	for _, err := range b.errs {
		if err != nil {
			return err
		}
	}
	return b.failed
}

// start waits for t's turn when the block runs its threads one at a time,
// and reports whether t is to run (not when another thread failed before
// its turn came; threads running at once all start, so that the failures
// reported do not depend on how they are scheduled).
func (b *block) start(t *thread) bool {
	if !b.serial {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.turn != t.lin && b.failed == nil {
		b.wake[t.lin].Wait()
	}
	if b.failed != nil {
		b.aborted[t.lin] = true
		return false
	}
	return true
}

// mayRun reports whether thread i may run: it is running and, when the
// block runs one thread at a time, it is its turn. b.mu is held.
func (b *block) mayRun(i int) bool {
	return b.state[i] == running && (!b.serial || b.turn == i)
}

// passTurn gives the turn to the first thread after `from` (cyclically)
// that can run, when the block runs one thread at a time. b.mu is held.
func (b *block) passTurn(from int) {
	if !b.serial {
		return
	}
	n := len(b.state)
	for k := 1; k <= n; k++ {
		if i := (from + k) % n; b.state[i] == running {
			b.turn = i
			b.wake[i].Signal()
			return
		}
	}
}

// fail records the block's first failure and wakes every thread. b.mu is
// held.
func (b *block) fail(err error) {
	if b.failed == nil {
		b.failed = err
		b.wakeAll()
	}
}

// wakeAll wakes every waiting thread. b.mu is held.
func (b *block) wakeAll() {
	if !b.serial {
		b.wake[0].Broadcast()
		return
	}
	for _, c := range b.wake {
		c.Signal()
	}
}

// exit records that t's region ended (with err, nil when it returned).
func (b *block) exit(t *thread, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err != nil && !b.aborted[t.lin] {
		b.errs[t.lin] = err
		b.fail(err)
	}
	b.state[t.lin] = exited
	b.running--
	b.settle()
	b.passTurn(t.lin)
}

// wait marks t as waiting at op in state s and blocks until a release
// sets it running again or the block fails. b.mu is held.
func (b *block) wait(t *thread, op *ir.Operation, s threadState) error {
	b.state[t.lin], b.waitOp[t.lin] = s, op
	b.running--
	b.settle()
	b.passTurn(t.lin)
	for !b.mayRun(t.lin) && b.failed == nil {
		b.wake[t.lin].Wait()
	}
	if b.failed != nil {
		b.aborted[t.lin] = true
		return errAborted
	}
	return nil
}

// barrier is gpu.barrier for thread t.
func (b *block) barrier(t *thread, op *ir.Operation) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.wait(t, op, atBarrier)
}

// shuffle is gpu.shuffle for thread t: it returns the value t reads and
// whether its source lane was in range.
func (b *block) shuffle(t *thread, op *ir.Operation, a shuffleArgs) (*interp.Tensor, bool, error) {
	lane := int64(t.lin % WarpSize)
	if a.width < 1 || a.width > WarpSize {
		return nil, false, fmt.Errorf("width %d is outside [1, %d]", a.width, WarpSize)
	}
	if lane >= a.width {
		return nil, false, fmt.Errorf("lane %d (%s) executes a shuffle of width %d: only lanes below the width may", lane, t, a.width)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.lanes[t.lin] = a
	if err := b.wait(t, op, atShuffle); err != nil {
		return nil, false, err
	}
	return b.result[t.lin], b.valid[t.lin], nil
}

// settle releases the barrier or the warps' shuffles that every thread
// taking part has reached, and fails the block when no thread can run any
// more. b.mu is held.
func (b *block) settle() {
	if b.failed != nil {
		return
	}
	n := len(b.state)
	released := false
	// Threads at different barriers are reported below: no thread runs.
	if b.count(0, n, atBarrier) == n && b.sameOp(0, n) {
		for i := range b.state {
			b.release(i)
		}
		released = true
	}
	for w := 0; w < n; w += WarpSize {
		if r, err := b.releaseWarp(w, min(w+WarpSize, n)); err != nil {
			b.fail(err)
			return
		} else if r {
			released = true
		}
	}
	if released {
		if !b.serial {
			b.wakeAll()
		}
		return
	}
	if b.running == 0 && b.count(0, n, exited) < n {
		b.fail(b.stuck())
	}
}

func (b *block) count(from, to int, s threadState) int {
	c := 0
	for i := from; i < to; i++ {
		if b.state[i] == s {
			c++
		}
	}
	return c
}

// sameOp reports whether the threads [from, to) wait at one op.
func (b *block) sameOp(from, to int) bool {
	for i := from + 1; i < to; i++ {
		if b.waitOp[i] != b.waitOp[from] {
			return false
		}
	}
	return true
}

// releaseWarp completes the shuffle of the warp of threads [from, to)
// when every lane below its width waits at the same shuffle with the same
// width; it reports whether it did.
func (b *block) releaseWarp(from, to int) (bool, error) {
	first := -1
	for i := from; i < to; i++ {
		if b.state[i] == atShuffle {
			first = i
			break
		}
	}
	if first < 0 {
		return false, nil
	}
	width := b.lanes[first].width
	last := min(to, from+int(width))
	for i := from; i < last; i++ {
		if b.state[i] != atShuffle || b.waitOp[i] != b.waitOp[first] || b.lanes[i].width != width {
			return false, nil
		}
	}
	for i := from; i < last; i++ {
		lane := int64(i - from)
		a := b.lanes[i]
		var src int64
		switch a.mode {
		case gpu.ShuffleXor:
			src = lane ^ a.offset
		case gpu.ShuffleDown:
			src = lane + a.offset
		case gpu.ShuffleUp:
			src = lane - a.offset
		case gpu.ShuffleIdx:
			src = a.offset
		}
		valid := src >= 0 && src < width
		b.result[i], b.valid[i] = a.value, valid
		if valid {
			if from+int(src) >= to {
				op := b.waitOp[i]
				return false, ir.Errorf(op.Loc(), "%s: lane %d (%s) reads lane %d, which the block does not have (%d threads)",
					op.Name(), lane, b.threads[i], src, len(b.state))
			}
			b.result[i] = b.lanes[from+int(src)].value
		}
	}
	for i := from; i < last; i++ {
		b.release(i)
	}
	return true, nil
}

// release lets waiting thread i run again (when it is its turn; settle
// wakes the threads). b.mu is held.
func (b *block) release(i int) {
	b.state[i] = running
	b.running++
}

// stuck describes why no thread of the block can go on: the first waiting
// thread and a thread that keeps it waiting.
func (b *block) stuck() error {
	n := len(b.state)
	w := -1
	for i := range b.state {
		if b.state[i] == atBarrier || b.state[i] == atShuffle {
			w = i
			break
		}
	}
	op := b.waitOp[w]
	peers := []int{}
	if b.state[w] == atBarrier {
		for i := 0; i < n; i++ {
			peers = append(peers, i)
		}
	} else {
		from := w - w%WarpSize
		for i := from; i < min(n, from+int(b.lanes[w].width)); i++ {
			peers = append(peers, i)
		}
	}
	for _, i := range peers {
		other := b.threads[i]
		switch {
		case b.state[i] == exited:
			return ir.Errorf(op.Loc(), "%s: not reached by every thread it waits for: %s waits here, %s returned without reaching it", op.Name(), b.threads[w], other)
		case b.waitOp[i] != op || b.state[i] != b.state[w]:
			return ir.Errorf(op.Loc(), "%s: threads diverge: %s waits here, %s waits at %s (%s)", op.Name(), b.threads[w], other, b.waitOp[i].Name(), where(b.waitOp[i]))
		case b.state[w] == atShuffle && b.lanes[i].width != b.lanes[w].width:
			return ir.Errorf(op.Loc(), "%s: lanes disagree on the width: %s uses %d, %s uses %d", op.Name(), b.threads[w], b.lanes[w].width, other, b.lanes[i].width)
		}
	}
	// A warp waits at a shuffle that its peers wait at too, but which a
	// lane below the width never reaches because another warp holds it: a
	// barrier. Name the first thread waiting elsewhere.
	for i := 0; i < n; i++ {
		if b.state[i] != exited && (b.waitOp[i] != op || b.state[i] != b.state[w]) {
			return ir.Errorf(op.Loc(), "%s: threads diverge: %s waits here, %s waits at %s (%s)", op.Name(), b.threads[w], b.threads[i], b.waitOp[i].Name(), where(b.waitOp[i]))
		}
	}
	return ir.Errorf(op.Loc(), "%s: the threads of the block cannot proceed", op.Name())
}

// where returns op's location as file:line:col (or MLIR's spelling of a
// location without a file position).
func where(op *ir.Operation) string {
	if f, ok := ir.FileLocOf(op.Loc()); ok {
		return fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Col)
	}
	return op.Loc().String()
}
