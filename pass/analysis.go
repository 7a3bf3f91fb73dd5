package pass

import (
	"fmt"
	"sync"
	"time"

	"github.com/tt-compiler/tt/ir"
)

// Analysis describes an analysis of an operation: a name (shown in timing
// reports as "(A) name") and how to compute it. Declare one as a package
// variable and get its result with Get:
//
//	var Liveness = &pass.Analysis[*MyLiveness]{Name: "Liveness", Compute: computeLiveness}
//	...
//	lv := pass.Get(am, Liveness)
type Analysis[T any] struct {
	// Name identifies the analysis in timing reports.
	Name string
	// Compute computes the analysis of op; am gives access to other
	// analyses of op.
	Compute func(op *ir.Operation, am *AnalysisManager) T
}

func (a *Analysis[T]) analysisName() string { return a.Name }

// AnalysisKey identifies an analysis in Preserve; *Analysis[T] implements it.
type AnalysisKey interface{ analysisName() string }

// Dominance is the dominance analysis of an operation's regions.
var Dominance = &Analysis[*ir.DominanceInfo]{
	Name:    "DominanceInfo",
	Compute: func(*ir.Operation, *AnalysisManager) *ir.DominanceInfo { return ir.NewDominanceInfo() },
}

// AnalysisManager caches the analyses of one operation (and, through nested
// managers, of the operations inside it) while passes run. After each pass,
// the analyses the pass did not declare preserved are dropped. A manager is
// used by one goroutine at a time.
type AnalysisManager struct {
	op     *ir.Operation
	parent *AnalysisManager

	mu       sync.Mutex // guards children
	children map[*ir.Operation]*AnalysisManager

	cache       map[AnalysisKey]any
	preserved   map[AnalysisKey]bool
	preserveAll bool
	ex          *execCtx
}

func newAnalysisManager(op *ir.Operation, parent *AnalysisManager) *AnalysisManager {
	return &AnalysisManager{op: op, parent: parent, cache: map[AnalysisKey]any{}}
}

// Op returns the operation the manager caches analyses of.
func (am *AnalysisManager) Op() *ir.Operation { return am.op }

// nest returns the manager of op, which is nested in am's operation.
func (am *AnalysisManager) nest(op *ir.Operation) *AnalysisManager {
	am.mu.Lock()
	defer am.mu.Unlock()
	if am.children == nil {
		am.children = map[*ir.Operation]*AnalysisManager{}
	}
	c := am.children[op]
	if c == nil {
		c = newAnalysisManager(op, am)
		c.ex = am.ex
		am.children[op] = c
	}
	return c
}

// Nested returns the analysis manager of an operation nested in this one.
func (am *AnalysisManager) Nested(op *ir.Operation) *AnalysisManager {
	c := am.nest(op)
	if c.ex == nil {
		c.ex = am.ex
	}
	return c
}

// Get returns the analysis a of am's operation, computing and caching it
// if needed.
func Get[T any](am *AnalysisManager, a *Analysis[T]) T {
	if v, ok := am.cache[a]; ok {
		return v.(T)
	}
	var start time.Time
	var timer *Timer
	if am.ex != nil && am.ex.timer != nil {
		timer = am.ex.timer.Nest(a, "(A) "+a.Name)
		start = time.Now()
	}
	v := a.Compute(am.op, am)
	if timer != nil {
		timer.Add(time.Since(start))
	}
	am.cache[a] = v
	return v
}

// dynamicPipelineKey identifies the timer of a pipeline a pass runs on
// operations of one name.
type dynamicPipelineKey struct {
	pm     *PassManager
	opName string
}

// TimeAnalysis runs compute, an analysis the running pass computes for
// itself rather than through Get (so it is not cached), and reports its
// time as "(A) name" under the pass, as MLIR's timing does for analyses.
func TimeAnalysis(am *AnalysisManager, name string, compute func()) {
	if am.ex == nil || am.ex.timer == nil {
		compute()
		return
	}
	defer am.ex.timer.Nest(analysisTimerKey(name), "(A) "+name).Start()()
	compute()
}

// analysisTimerKey identifies a TimeAnalysis timer among a pass's children.
type analysisTimerKey string

// Cached returns the analysis a of am's operation if it is cached.
func Cached[T any](am *AnalysisManager, a *Analysis[T]) (T, bool) {
	v, ok := am.cache[a]
	if !ok {
		var zero T
		return zero, false
	}
	return v.(T), true
}

// Preserve declares that the running pass kept the given analyses valid.
func (am *AnalysisManager) Preserve(keys ...AnalysisKey) {
	if am.preserved == nil {
		am.preserved = map[AnalysisKey]bool{}
	}
	for _, k := range keys {
		am.preserved[k] = true
	}
}

// PreserveAll declares that the running pass did not change the IR, so
// every analysis (of this operation and the ones nested in it) stays valid.
// The verifier is not run after such a pass.
func (am *AnalysisManager) PreserveAll() { am.preserveAll = true }

// IsPreserved reports whether the running pass declared k preserved.
func (am *AnalysisManager) IsPreserved(k AnalysisKey) bool { return am.preserveAll || am.preserved[k] }

func (am *AnalysisManager) beginPass(ex *execCtx) {
	am.ex = ex
	am.preserved = nil
	am.preserveAll = false
}

// endPass drops what the pass did not preserve.
func (am *AnalysisManager) endPass() {
	if !am.preserveAll {
		am.invalidate(am.preserved)
	}
	am.preserved = nil
}

func (am *AnalysisManager) invalidate(keep map[AnalysisKey]bool) {
	for k := range am.cache {
		if !keep[k] {
			delete(am.cache, k)
		}
	}
	am.mu.Lock()
	defer am.mu.Unlock()
	if len(keep) == 0 {
		am.children = nil
		return
	}
	for _, c := range am.children {
		c.invalidate(keep)
	}
}

// Emit reports a diagnostic (a warning, remark, or an error before
// returning ErrFailed) through the context's handler. Diagnostics emitted
// this way stay in operation order when passes run in parallel.
func (am *AnalysisManager) Emit(d *ir.Diagnostic) {
	if am.ex != nil {
		am.ex.emit(d)
		return
	}
	am.op.Context().Emit(d)
}

// Output returns a writer for text that must stay in order with the IR
// dumps and diagnostics of the run (debug output of a pass, for instance).
func (am *AnalysisManager) Output() *OrderedWriter { return &OrderedWriter{am: am} }

// OrderedWriter writes to the run's output in pipeline order; see
// AnalysisManager.Output.
type OrderedWriter struct{ am *AnalysisManager }

// Write writes p to the run's output, in pipeline order.
func (w *OrderedWriter) Write(p []byte) (int, error) {
	if w.am.ex != nil {
		w.am.ex.write(p)
	}
	return len(p), nil
}

// RunPipeline runs pm on op, which must be am's operation or nested in it,
// from inside a running pass (the inliner runs its simplification pipeline
// on callees this way). Instrumentation, verification and timing apply as
// for the enclosing pipeline.
func (am *AnalysisManager) RunPipeline(pm *PassManager, op *ir.Operation) error {
	if !isAny(pm.anchor) && op.Name() != pm.anchor {
		return ir.Errorf(op.Loc(), "can't run '%s' pass manager on '%s' op", pm.anchor, op.Name())
	}
	if op != am.op && !am.op.IsAncestorOf(op) {
		return fmt.Errorf("RunPipeline: '%s' op is not nested in the '%s' op the pass runs on", op.Name(), am.op.Name())
	}
	ex := am.ex
	if ex == nil {
		r := &runner{opts: &RunOptions{}, ctx: op.Context(), threads: 1}
		ex = &execCtx{r: r}
	}
	target := am
	if op != am.op {
		target = am.nest(op)
	}
	saved := target.ex
	timer := ex.timer
	if timer != nil {
		// A pipeline a pass runs (the inliner's simplification) is
		// reported beside the pass, as "'func.func' Pipeline", as MLIR
		// reports the pipelines it nests under the callable's op name.
		parent := timer
		if timer.parent != nil {
			parent = timer.parent
		}
		timer = parent.Nest(dynamicPipelineKey{pm, op.Name()}, fmt.Sprintf("'%s' Pipeline", op.Name()))
		defer timer.Start()()
	}
	err := ex.with(ex.sink, timer, false).runPipeline(pm, op, target)
	target.ex = saved
	am.ex = ex
	return err
}
