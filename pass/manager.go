package pass

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tt-compiler/tt/ir"
)

// PassManager is a pipeline of passes anchored on one kind of operation,
// like MLIR's OpPassManager. Its entries are passes, run on the operation the
// pipeline runs on, and nested pass managers, run on each operation of their
// anchor kind directly nested in that operation (in its regions' blocks).
type PassManager struct {
	anchor string
	items  []*pmItem
}

type pmItem struct {
	pass   Pass
	nested *PassManager
}

// NewPassManager returns an empty pipeline anchored on the named operation
// ("builtin.module", "func.func"), or on any operation for AnyOp or "any".
func NewPassManager(anchor string) *PassManager {
	if anchor == "any" {
		anchor = AnyOp
	}
	return &PassManager{anchor: anchor}
}

// Anchor returns the operation name the pipeline runs on, or AnyOp.
func (pm *PassManager) Anchor() string { return pm.anchor }

// AddPass appends a pass. A pass anchored on an operation can only be added
// to a pipeline anchored on that operation or on any operation.
func (pm *PassManager) AddPass(p Pass) error {
	if !isAny(p.Anchor()) && !isAny(pm.anchor) && p.Anchor() != pm.anchor {
		return fmt.Errorf("can't add pass '%s' restricted to '%s' on a PassManager intended to run on '%s', did you intend to nest?",
			p.Argument(), p.Anchor(), pm.anchor)
	}
	pm.items = append(pm.items, &pmItem{pass: p})
	return nil
}

// MustAddPass is AddPass for pipelines built by program code; it panics if
// the pass cannot be added.
func (pm *PassManager) MustAddPass(p Pass) *PassManager {
	if err := pm.AddPass(p); err != nil {
		panic(err)
	}
	return pm
}

// Nest appends a nested pipeline anchored on the named operation (or "any")
// and returns it.
func (pm *PassManager) Nest(anchor string) *PassManager {
	n := NewPassManager(anchor)
	pm.items = append(pm.items, &pmItem{nested: n})
	return n
}

// Size returns the number of entries (passes and nested pipelines).
func (pm *PassManager) Size() int { return len(pm.items) }

// Passes returns every pass of the pipeline and its nested pipelines, in
// pipeline order.
func (pm *PassManager) Passes() []Pass {
	var out []Pass
	for _, it := range pm.items {
		if it.pass != nil {
			out = append(out, it.pass)
		} else {
			out = append(out, it.nested.Passes()...)
		}
	}
	return out
}

// String returns the pipeline in MLIR's textual syntax, with every option
// of every pass, e.g.
// "builtin.module(func.func(cse,canonicalize{  max-iterations=10 ...}))".
func (pm *PassManager) String() string {
	var sb strings.Builder
	pm.write(&sb)
	return sb.String()
}

func (pm *PassManager) write(sb *strings.Builder) {
	sb.WriteString(anchorName(pm.anchor))
	sb.WriteByte('(')
	for i, it := range pm.items {
		if i > 0 {
			sb.WriteByte(',')
		}
		if it.pass != nil {
			sb.WriteString(it.pass.Argument())
			sb.WriteString(it.pass.Options().Format())
		} else {
			it.nested.write(sb)
		}
	}
	sb.WriteByte(')')
}

// RunOptions configures PassManager.Run. The zero value runs with
// verification after each pass, goroutine parallelism over isolated nested
// operations, no instrumentation and no timing.
type RunOptions struct {
	// DisableThreading runs nested pipelines on one goroutine.
	DisableThreading bool
	// MaxThreads bounds the worker goroutines of a nested pipeline; 0 means
	// runtime.GOMAXPROCS(0).
	MaxThreads int
	// DisableVerifier turns off running the verifier on the operation each
	// pass ran on (it is skipped anyway when the pass preserved all analyses).
	DisableVerifier bool
	// Instrumentations are told before and after every pass.
	Instrumentations []Instrumentation
	// Output receives the instrumentations' text (IR dumps). Nil discards it.
	Output io.Writer
	// Timing, when non-nil, is the timer that the pipeline's timers (one per
	// pass, nested pipeline and computed analysis) are nested under.
	Timing *Timer
}

// Failure is the error Run returns when a pass fails (or the IR fails to
// verify after it). Its diagnostic has already been emitted through the
// context's diagnostic handler, in order with the other diagnostics and
// instrumentation output, unless Emitted is false.
type Failure struct {
	// Pass is the pass that failed; nil when the IR failed to verify after
	// a nested pipeline (symbol uses are checked then).
	Pass Pass
	// Op is the operation it ran on.
	Op *ir.Operation
	// Diag describes the failure.
	Diag *ir.Diagnostic
	// Emitted reports whether Diag, or for a pass that returned ErrFailed
	// the pass's own error diagnostics (emitted with AnalysisManager.Emit),
	// went through the context's diagnostic handler.
	Emitted bool
}

// Error returns the failure's diagnostic as text.
func (f *Failure) Error() string { return f.Diag.Error() }

// Unwrap returns the diagnostic.
func (f *Failure) Unwrap() error { return f.Diag }

// Run runs the pipeline on op, which must be of the pipeline's anchor kind.
// Nested pipelines run on the matching operations nested in op, on several
// goroutines when those operations are isolated from above and there is
// more than one; the output (diagnostics and instrumentation text) is the
// same as a sequential run's. Run stops at the first failure and returns it
// (a *Failure, or a *ir.Diagnostic when the pipeline cannot run on op).
func (pm *PassManager) Run(op *ir.Operation, opts *RunOptions) error {
	if opts == nil {
		opts = &RunOptions{}
	}
	if !isAny(pm.anchor) && op.Name() != pm.anchor {
		return ir.Errorf(op.Loc(), "can't run '%s' pass manager on '%s' op", pm.anchor, op.Name())
	}
	r := &runner{opts: opts, ctx: op.Context()}
	threads := opts.MaxThreads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	r.threads = threads
	if opts.DisableThreading || r.needsSequential() {
		r.threads = 1
	}
	ex := &execCtx{r: r, timer: opts.Timing, parallelOK: r.threads > 1}
	am := newAnalysisManager(op, nil)
	return ex.runPipeline(pm, op, am)
}

// runner holds the state shared by one Run.
type runner struct {
	opts    *RunOptions
	ctx     *ir.Context
	threads int
	seq     atomic.Uint64
}

func (r *runner) needsSequential() bool {
	for _, in := range r.opts.Instrumentations {
		if p, ok := in.(*IRPrinter); ok && p.ModuleScope {
			return true // printing the whole module while others change it would race
		}
	}
	return false
}

// execCtx is the per-goroutine execution state: where output goes and which
// timer is current.
type execCtx struct {
	r          *runner
	sink       *sink // nil: write and emit directly
	timer      *Timer
	parallelOK bool
	// errors counts the error diagnostics emitted through this context.
	errors int
}

func (ex *execCtx) with(s *sink, t *Timer, parallel bool) *execCtx {
	return &execCtx{r: ex.r, sink: s, timer: t, parallelOK: parallel}
}

// write sends instrumentation text to the output, in order.
func (ex *execCtx) write(p []byte) {
	if ex.sink != nil {
		ex.sink.add(chunk{seq: ex.r.seq.Add(1), text: append([]byte(nil), p...)})
		return
	}
	if ex.r.opts.Output != nil {
		_, _ = ex.r.opts.Output.Write(p)
	}
}

// emit sends a diagnostic to the context's handler, in order.
func (ex *execCtx) emit(d *ir.Diagnostic) {
	if d.Severity == ir.SeverityError {
		ex.errors++
	}
	if ex.sink != nil {
		ex.sink.add(chunk{seq: ex.r.seq.Add(1), diag: d})
		return
	}
	ex.r.ctx.Emit(d)
}

type execWriter struct{ ex *execCtx }

func (w execWriter) Write(p []byte) (int, error) {
	w.ex.write(p)
	return len(p), nil
}

// sink buffers the output of one nested operation's pipeline run on a
// worker goroutine until it can be flushed in operation order.
type sink struct {
	chunks []chunk
}

type chunk struct {
	seq  uint64
	text []byte
	diag *ir.Diagnostic
}

func (s *sink) add(c chunk) { s.chunks = append(s.chunks, c) }

func (ex *execCtx) flush(chunks []chunk) {
	for _, c := range chunks {
		if c.diag != nil {
			ex.emit(c.diag)
		} else {
			ex.write(c.text)
		}
	}
}

func (ex *execCtx) runPipeline(pm *PassManager, op *ir.Operation, am *AnalysisManager) error {
	for _, it := range pm.items {
		var err error
		if it.pass != nil {
			err = ex.runPass(it.pass, op, am)
		} else {
			err = ex.runNested(it.nested, op, am)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// runPass runs one pass on op with instrumentation, verification, timing
// and analysis invalidation.
func (ex *execCtx) runPass(p Pass, op *ir.Operation, am *AnalysisManager) error {
	if !isAny(p.Anchor()) && op.Name() != p.Anchor() {
		d := ir.OpError(op, "trying to schedule pass '%s' (restricted to '%s') on an unsupported operation", p.Argument(), p.Anchor())
		ex.emit(d)
		return &Failure{Pass: p, Op: op, Diag: d, Emitted: true}
	}
	var start time.Time
	var timer *Timer
	if ex.timer != nil {
		timer = ex.timer.Nest(p, p.Name())
		start = time.Now()
	}
	ev := &PassEvent{Pass: p, Op: op, Out: execWriter{ex}}
	for _, in := range ex.r.opts.Instrumentations {
		in.BeforePass(ev)
	}

	passEx := ex.with(ex.sink, timer, ex.parallelOK)
	am.beginPass(passEx)
	err := runProtected(p, op, am)
	preservedAll := am.preserveAll
	am.endPass()

	if err == nil && !ex.r.opts.DisableVerifier && !preservedAll {
		verify := ir.Verify
		if op.ParentOp() != nil {
			// Symbol uses are checked from the parent once the nested
			// pipeline is done: resolving them reads sibling operations,
			// which other goroutines may be changing.
			verify = ir.VerifyStructure
		}
		if verr := verify(op); verr != nil {
			d := ir.AsDiagnostic(verr, op.Loc())
			d.AttachNote(op.Loc(), "the IR failed to verify after pass '%s' (%s) ran on this '%s' op", p.Argument(), p.Name(), op.Name())
			err = d
		}
	}
	var failure *Failure
	if err != nil {
		failure = ex.failure(p, op, err)
		if errors.Is(err, ErrFailed) && passEx.errors > 0 {
			failure.Emitted = true // the pass reported its errors itself
		}
	}
	ev.Err = err
	for i := len(ex.r.opts.Instrumentations) - 1; i >= 0; i-- {
		ex.r.opts.Instrumentations[i].AfterPass(ev)
	}
	if timer != nil {
		timer.Add(time.Since(start))
	}
	if failure != nil {
		return failure
	}
	return nil
}

// failure turns a pass's error into a Failure and emits its diagnostic.
func (ex *execCtx) failure(p Pass, op *ir.Operation, err error) *Failure {
	var f *Failure
	if errors.As(err, &f) {
		return f // a nested pipeline run by the pass failed; already emitted
	}
	if errors.Is(err, ErrFailed) {
		return &Failure{Pass: p, Op: op, Diag: ir.Errorf(op.Loc(), "pass '%s' failed", p.Argument())}
	}
	var d *ir.Diagnostic
	if !errors.As(err, &d) {
		d = ir.Errorf(op.Loc(), "pass '%s' failed: %v", p.Argument(), err)
	}
	ex.emit(d)
	return &Failure{Pass: p, Op: op, Diag: d, Emitted: true}
}

// runProtected runs the pass, turning a panic into an error so that one
// bad pass on one goroutine does not take the process down silently.
func runProtected(p Pass, op *ir.Operation, am *AnalysisManager) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = ir.Errorf(op.Loc(), "pass '%s' panicked: %v\n%s", p.Argument(), v, debug.Stack())
		}
	}()
	return p.Run(op, am)
}

// schedulable reports whether the nested pipeline npm runs on op, and if
// it matches by name but cannot run there, why.
func schedulable(npm *PassManager, op *ir.Operation) (bool, error) {
	if isAny(npm.anchor) {
		if !op.IsRegistered() || !op.HasTrait(ir.IsolatedFromAbove) {
			return false, nil
		}
		for _, it := range npm.items {
			if it.pass != nil && !isAny(it.pass.Anchor()) && it.pass.Anchor() != op.Name() {
				return false, nil
			}
		}
		return true, nil
	}
	if op.Name() != npm.anchor {
		return false, nil
	}
	if !op.IsRegistered() {
		return false, ir.OpError(op, "trying to schedule a pass on an unregistered operation")
	}
	if !op.HasTrait(ir.IsolatedFromAbove) {
		return false, ir.OpError(op, "trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'")
	}
	return true, nil
}

// runNested runs npm on every matching operation directly nested in op.
func (ex *execCtx) runNested(npm *PassManager, op *ir.Operation, am *AnalysisManager) error {
	var targets []*ir.Operation
	for child := range op.NestedOps() {
		ok, err := schedulable(npm, child)
		if err != nil {
			d := err.(*ir.Diagnostic)
			ex.emit(d)
			return &Failure{Op: child, Diag: d, Emitted: true}
		}
		if ok {
			targets = append(targets, child)
		}
	}
	var timer *Timer
	var start time.Time
	if ex.timer != nil {
		timer = ex.timer.Nest(npm, fmt.Sprintf("'%s' Pipeline", anchorName(npm.anchor)))
		start = time.Now()
		defer func() { timer.Add(time.Since(start)) }()
	}
	// Pass managers share nothing across nested operations, so the nested
	// analysis managers are created up front, on this goroutine.
	ams := make([]*AnalysisManager, len(targets))
	for i, t := range targets {
		ams[i] = am.nest(t)
	}
	var err error
	if !ex.parallelOK || len(targets) < 2 {
		child := ex.with(ex.sink, timer, ex.parallelOK)
		for i, t := range targets {
			if err = child.runPipeline(npm, t, ams[i]); err != nil {
				break
			}
		}
	} else {
		err = ex.runParallel(npm, targets, ams, timer)
	}
	if err != nil || ex.r.opts.DisableVerifier || len(npm.items) == 0 {
		return err
	}
	if verr := ir.VerifySymbolUses(op); verr != nil {
		d := ir.AsDiagnostic(verr, op.Loc())
		d.AttachNote(op.Loc(), "the IR failed to verify after the nested '%s' pipeline ran", anchorName(npm.anchor))
		ex.emit(d)
		return &Failure{Op: op, Diag: d, Emitted: true}
	}
	return nil
}

// runParallel runs npm on each target on a pool of worker goroutines and
// replays their output in target order, up to the first failure, so the
// result is what a sequential run would have produced.
func (ex *execCtx) runParallel(npm *PassManager, targets []*ir.Operation, ams []*AnalysisManager, timer *Timer) error {
	n := len(targets)
	sinks := make([]*sink, n)
	errs := make([]error, n)
	for i := range sinks {
		sinks[i] = &sink{}
	}

	// Diagnostics that passes emit straight through the context (rather
	// than through their AnalysisManager) are collected and put back in
	// order afterwards.
	var direct []chunk
	var directMu sync.Mutex
	ctx := ex.r.ctx
	old := ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) {
		directMu.Lock()
		direct = append(direct, chunk{seq: ex.r.seq.Add(1), diag: d})
		directMu.Unlock()
	})

	var next atomic.Int64
	var firstFail atomic.Int64
	firstFail.Store(int64(n))
	workers := min(ex.r.threads, n)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(n) || i > firstFail.Load() {
					return
				}
				child := ex.with(sinks[i], timer, false)
				if err := child.runPipeline(npm, targets[i], ams[i]); err != nil {
					errs[i] = err
					for {
						cur := firstFail.Load()
						if i >= cur || firstFail.CompareAndSwap(cur, i) {
							break
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	ctx.SetDiagnosticHandler(old)

	last := n - 1
	if f := int(firstFail.Load()); f < n {
		last = f
	}
	leftover := distributeDirect(direct, targets, sinks)
	for i := 0; i <= last; i++ {
		ex.flush(sinks[i].chunks)
	}
	ex.flush(leftover)
	if last < n-1 || errs[last] != nil {
		return errs[last]
	}
	return nil
}

// distributeDirect assigns diagnostics emitted directly through the context
// during a parallel run to the target operation they are located in, merges
// them into that target's output by emission order, and returns those it
// could not place.
func distributeDirect(direct []chunk, targets []*ir.Operation, sinks []*sink) []chunk {
	if len(direct) == 0 {
		return nil
	}
	owner := map[ir.Location]int{}
	for i, t := range targets {
		t.WalkPreOrder(func(o *ir.Operation) ir.WalkResult {
			if _, unknown := o.Loc().(ir.UnknownLoc); !unknown {
				owner[o.Loc()] = i
			}
			return ir.WalkAdvance
		})
	}
	var leftover []chunk
	touched := map[int]bool{}
	for _, c := range direct {
		i, ok := owner[c.diag.Loc]
		if !ok {
			i, ok = ownerByPosition(c.diag.Loc, targets)
		}
		if !ok {
			leftover = append(leftover, c)
			continue
		}
		sinks[i].chunks = append(sinks[i].chunks, c)
		touched[i] = true
	}
	for i := range touched {
		sort.SliceStable(sinks[i].chunks, func(a, b int) bool { return sinks[i].chunks[a].seq < sinks[i].chunks[b].seq })
	}
	return leftover
}

// ownerByPosition finds the last target starting at or before loc in the
// same file.
func ownerByPosition(loc ir.Location, targets []*ir.Operation) (int, bool) {
	fl, ok := ir.FileLocOf(loc)
	if !ok {
		return 0, false
	}
	best, found := 0, false
	for i, t := range targets {
		tl, ok := ir.FileLocOf(t.Loc())
		if !ok || tl.File != fl.File {
			continue
		}
		if tl.Line < fl.Line || (tl.Line == fl.Line && tl.Col <= fl.Col) {
			best, found = i, true
		}
	}
	return best, found
}
