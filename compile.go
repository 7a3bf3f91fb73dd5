package tt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/tt-compiler/tt/autodiff"
	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/cuda"
)

// DefaultCacheLimit is the number of graphs Compile keeps per function
// before it runs further guard failures eagerly (PT2's cache_size_limit).
const DefaultCacheLimit = 8

// Option configures Compile and ValueAndGrad.
type Option func(*config)

type config struct {
	backend    string
	cacheLimit int
	logger     *log.Logger
	userLogger bool // the Logger option set logger
	dynamic    bool
	logs       logSet // TT_LOGS components
	logsSet    bool   // the Logs option set logs
}

// Backend selects the backend compiled graphs run on: "interp" (the
// reference interpreter, the default), "go" (generated Go, built with the
// Go toolchain and run in a child process), "ptxsim" (the pt2-gpu
// pipeline's PTX kernels on the PTX simulator) or "cuda" (the same kernels
// on GPU 0 through the CUDA driver). An unknown name panics with an *Error;
// so does the first call on "cuda" without a CUDA driver or device.
func Backend(name string) Option { return func(c *config) { c.backend = name } }

// CacheLimit sets how many graphs a compiled function keeps (default
// DefaultCacheLimit); a call that fails every guard once the limit is
// reached runs eagerly, with a warning.
func CacheLimit(n int) Option { return func(c *config) { c.cacheLimit = n } }

// Logger sets where recompiles (with the guard that failed), the cache
// limit warning, specializations and backend failures are reported
// (default: nowhere), and where the TT_LOGS components print (default:
// standard error).
func Logger(l *log.Logger) Option { return func(c *config) { c.logger, c.userLogger = l, l != nil } }

// AutomaticDynamic turns PT2's automatic dynamic shapes on (the default)
// or off (every new size compiles a static graph).
func AutomaticDynamic(on bool) Option { return func(c *config) { c.dynamic = on } }

// CounterSet counts what a compiled function did.
type CounterSet struct {
	Compiles       int // graphs traced and compiled
	Recompiles     int // compiles caused by a failed guard
	CacheHits      int // calls that reused a compiled graph
	GraphBreaks    int // graph breaks met while tracing
	EagerFallbacks int // calls run eagerly (cache limit, backend failure)
	DynamicCompile int // compiles with a dynamic (?) size
	GraphsBuilt    int // graphs built by the backend (with graph breaks, several per compile)
}

// tensorGuard is what a cached graph requires of one tensor argument.
type tensorGuard struct {
	dtype DType
	sizes []int // -1: dynamic
}

// entry is one cached graph and its guards.
type entry struct {
	tensors []tensorGuard
	scalars []any
	sym     []symGuard // comparisons fn made on symbolic sizes
	// run is the graph of a trace without breaks: a call that passes the
	// guards runs it without calling the Go function.
	run      *graphRunner
	captured []*interp.Tensor
	// withBreaks: the function reads traced values; every call traces it
	// again and reuses graphs by their text.
	withBreaks bool
	lastOuts   []reflect.Value // the results of the call that compiled e
}

// graphRunner runs one compiled graph.
type graphRunner struct {
	be ttrun.Backend
}

func (g *graphRunner) call(args []*interp.Tensor) ([]*interp.Tensor, error) {
	return g.be.Run(context.Background(), args)
}

func (g *graphRunner) close() {
	if c, ok := g.be.(io.Closer); ok {
		c.Close()
	}
}

// BreakReason is one graph break: why and where (the user's Go file:line).
type BreakReason struct {
	Reason string
	Where  string
}

// compiled is the state of a function returned by Compile.
type compiled struct {
	cfg   config
	fn    reflect.Value
	ftype reflect.Type
	grad  bool // the graphs are value-and-grad functions (ValueAndGrad)

	mu          sync.Mutex
	entries     []*entry
	byText      map[string]*graphRunner    // graphs of traces with breaks
	byTextGrad  map[string][2]*graphRunner // forward and backward graphs of differentiated traces with breaks
	dynamicDims map[[2]int]bool            // (tensor argument, dimension)
	specialized bool                       // a trace used a dynamic size as an int
	counters    CounterSet
	warnedLimit bool
	stderrLog   *log.Logger // where log components print without a Logger

	// For Explain.
	graphs []string
	breaks []BreakReason
}

var states sync.Map // closure pointer → *compiled

// funcKey identifies a func value: the pointer to its closure.
func funcKey(f any) unsafe.Pointer {
	type eface struct{ typ, data unsafe.Pointer }
	return (*eface)(unsafe.Pointer(&f)).data
}

var tensorType = reflect.TypeFor[*Tensor]()

// checkSignature panics unless ft is a func over *Tensor, int, float64 and
// bool returning one or more *Tensor: Compile's contract.
func checkSignature(ft reflect.Type) {
	if ft.Kind() != reflect.Func {
		panic(fmt.Sprintf("tt.Compile: %s is not a function", ft))
	}
	for i := range ft.NumIn() {
		switch t := ft.In(i); {
		case t == tensorType, t.Kind() == reflect.Int, t.Kind() == reflect.Float64, t.Kind() == reflect.Bool:
		default:
			panic(fmt.Sprintf("tt.Compile: argument %d of %s is %s; want *tt.Tensor, int, float64 or bool", i, ft, t))
		}
	}
	if ft.NumOut() == 0 || ft.IsVariadic() {
		panic(fmt.Sprintf("tt.Compile: %s must return *tt.Tensor values and not be variadic", ft))
	}
	for i := range ft.NumOut() {
		if ft.Out(i) != tensorType {
			panic(fmt.Sprintf("tt.Compile: result %d of %s is %s; want *tt.Tensor", i, ft, ft.Out(i)))
		}
	}
}

func newCompiled(fn any, opts []Option) *compiled {
	cfg := config{backend: "interp", cacheLimit: DefaultCacheLimit, dynamic: true}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.logger == nil {
		cfg.logger = log.New(io.Discard, "", 0)
	}
	if !cfg.logsSet {
		cfg.logs = envLogs()
	}
	if _, err := ttrun.DefaultBackends().New(cfg.backend); err != nil {
		panic(&Error{Msg: err.Error()})
	}
	v := reflect.ValueOf(fn)
	checkSignature(v.Type())
	return &compiled{cfg: cfg, fn: v, ftype: v.Type(), byText: map[string]*graphRunner{}, byTextGrad: map[string][2]*graphRunner{}, dynamicDims: map[[2]int]bool{}}
}

// Compile returns fn compiled: the first call traces fn into a
// tensor-dialect graph, compiles it for the backend and caches it under
// guards on the tensor arguments' dtypes, ranks and sizes and the values of
// the Go scalar arguments; later calls that pass the guards run the cached
// graph without calling fn. A failed guard recompiles; after a size change
// that size becomes dynamic (PT2's automatic dynamic shapes). Reading a
// traced value inside fn (Item, Float32s, ...) is a graph break: the graph
// so far runs compiled, the Go code gets the value, and tracing resumes
// into a new graph. F must be a func type over
// *Tensor, int, float64 and bool returning *Tensor values.
//
// Tensors fn reads from its closure are graph inputs bound to the tensors
// seen while tracing (pass tensors that change as arguments); Go side
// effects of fn happen while tracing only, as under torch.compile.
func Compile[F any](fn F, opts ...Option) F {
	c := newCompiled(fn, opts)
	f := reflect.MakeFunc(c.ftype, c.call).Interface().(F)
	states.Store(funcKey(f), c)
	return f
}

// Counters returns the counters of a function returned by Compile (zero
// for any other function).
func Counters(f any) CounterSet {
	if c, ok := states.Load(funcKey(f)); ok {
		c := c.(*compiled)
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.counters
	}
	return CounterSet{}
}

// Release stops the backends of a compiled function (the Go backend's
// child processes); the function recompiles if called again.
func Release(f any) {
	if c, ok := states.Load(funcKey(f)); ok {
		c.(*compiled).release()
	}
}

func (c *compiled) release() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.entries {
		if e.run != nil {
			e.run.close()
		}
	}
	for _, g := range c.byText {
		g.close()
	}
	for _, g := range c.byTextGrad {
		g[0].close()
		g[1].close()
	}
	c.entries, c.byText, c.byTextGrad = nil, map[string]*graphRunner{}, map[string][2]*graphRunner{}
}

// call is the compiled function.
func (c *compiled) call(args []reflect.Value) []reflect.Value {
	for _, a := range args {
		if t, ok := a.Interface().(*Tensor); ok && (t == nil || t.live()) {
			// Inside another trace (or a nil argument): inline fn.
			return c.fn.Call(args)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.lookup(args)
	if e == nil {
		var err error
		e, err = c.compile(args)
		if err != nil {
			return c.fallback(args, err)
		}
		if e == nil { // cache limit
			return c.fallback(args, nil)
		}
		if e.withBreaks {
			outs := e.lastOuts
			e.lastOuts = nil
			return outs
		}
	} else {
		c.counters.CacheHits++
	}
	if e.withBreaks {
		outs, err := c.traceAndRun(args, e)
		if err != nil {
			return c.fallback(args, err)
		}
		return outs
	}
	res, err := e.run.call(append(tensorData(args), e.captured...))
	if err != nil {
		return c.fallback(args, err)
	}
	return c.wrapResults(res)
}

// fallback runs fn eagerly after a failure to compile or run a graph (a
// nil err: the cache limit); gradients have no eager fallback.
func (c *compiled) fallback(args []reflect.Value, err error) []reflect.Value {
	if errors.Is(err, cuda.ErrNoDriver) || errors.Is(err, cuda.ErrNoDevice) {
		// The backend cannot run here at all: say so instead of running
		// every call eagerly.
		panic(&Error{Msg: err.Error()})
	}
	if c.grad {
		if err == nil {
			err = fmt.Errorf("cache limit (%d) reached", c.cfg.cacheLimit)
		}
		panic(&Error{Msg: err.Error()})
	}
	c.counters.EagerFallbacks++
	if err != nil {
		c.cfg.logger.Printf("tt: running eagerly: %v", err)
	}
	return c.fn.Call(args)
}

// tensorData returns the data of the tensor arguments, in order.
func tensorData(args []reflect.Value) []*interp.Tensor {
	var out []*interp.Tensor
	for _, a := range args {
		if t, ok := a.Interface().(*Tensor); ok {
			out = append(out, t.data)
		}
	}
	return out
}

// wrapResults turns graph results into fn's results.
func (c *compiled) wrapResults(res []*interp.Tensor) []reflect.Value {
	if c.grad {
		out := make([]reflect.Value, len(res))
		for i, r := range res {
			out[i] = reflect.ValueOf(fromInterp(r))
		}
		return out
	}
	out := make([]reflect.Value, c.ftype.NumOut())
	for i := range out {
		out[i] = reflect.ValueOf(fromInterp(res[i]))
	}
	return out
}

// matches reports whether args pass e's guards.
func (e *entry) matches(args []reflect.Value) bool {
	ti, si := 0, 0
	for _, a := range args {
		if t, ok := a.Interface().(*Tensor); ok {
			g := e.tensors[ti]
			ti++
			if t.dtype != g.dtype || len(t.shape) != len(g.sizes) {
				return false
			}
			for i, s := range t.shape {
				if g.sizes[i] != s && (g.sizes[i] != -1 || s < 2) {
					return false
				}
			}
			continue
		}
		if a.Interface() != e.scalars[si] {
			return false
		}
		si++
	}
	sizes := tensorSizes(args)
	for _, g := range e.sym {
		if !g.holds(sizes) {
			return false
		}
	}
	return true
}

// tensorSizes returns the sizes of the tensor arguments, in order.
func tensorSizes(args []reflect.Value) [][]int {
	var out [][]int
	for _, a := range args {
		if t, ok := a.Interface().(*Tensor); ok {
			out = append(out, t.shape)
		}
	}
	return out
}

// failedGuard describes the first guard of e that args fail.
func (e *entry) failedGuard(args []reflect.Value) string {
	ti, si := 0, 0
	for i, a := range args {
		if t, ok := a.Interface().(*Tensor); ok {
			g := e.tensors[ti]
			ti++
			switch {
			case t.dtype != g.dtype:
				return fmt.Sprintf("argument %d: dtype %s, guard %s", i, t.dtype, g.dtype)
			case len(t.shape) != len(g.sizes):
				return fmt.Sprintf("argument %d: rank %d, guard %d", i, len(t.shape), len(g.sizes))
			}
			for d, s := range t.shape {
				if g.sizes[d] != s && (g.sizes[d] != -1 || s < 2) {
					return fmt.Sprintf("argument %d: size(%d) == %d, guard %s", i, d, s, sizeGuard(g.sizes[d]))
				}
			}
			continue
		}
		if a.Interface() != e.scalars[si] {
			return fmt.Sprintf("argument %d: %v, guard == %v", i, a.Interface(), e.scalars[si])
		}
		si++
	}
	sizes := tensorSizes(args)
	for _, g := range e.sym {
		if !g.holds(sizes) {
			return fmt.Sprintf("size guard %s (now %d)", g, g.expr.eval(sizes))
		}
	}
	return "none"
}

func sizeGuard(s int) string {
	if s == -1 {
		return ">= 2 (dynamic)"
	}
	return fmt.Sprintf("== %d", s)
}

// guards describes e's guards, one per line.
func (e *entry) guards() []string {
	var out []string
	for i, g := range e.tensors {
		sizes := make([]string, len(g.sizes))
		for d, s := range g.sizes {
			sizes[d] = fmt.Sprint(s)
			if s == -1 {
				sizes[d] = "?"
			}
		}
		out = append(out, fmt.Sprintf("tensor %d: dtype %s, sizes [%s]", i, g.dtype, strings.Join(sizes, ", ")))
	}
	for i, s := range e.scalars {
		out = append(out, fmt.Sprintf("scalar %d: == %v", i, s))
	}
	for _, g := range e.sym {
		out = append(out, "size guard: "+g.String())
	}
	return out
}

func (c *compiled) lookup(args []reflect.Value) *entry {
	for _, e := range c.entries {
		if e.matches(args) {
			return e
		}
	}
	return nil
}

// markDynamic makes dynamic the sizes in which args differ from an entry
// with the same dtypes, ranks and scalars (automatic dynamic shapes).
func (c *compiled) markDynamic(args []reflect.Value) {
	for _, e := range c.entries {
		ti, si, same := 0, 0, true
		var diff [][2]int
		for _, a := range args {
			if t, ok := a.Interface().(*Tensor); ok {
				g := e.tensors[ti]
				if t.dtype != g.dtype || len(t.shape) != len(g.sizes) {
					same = false
					break
				}
				for d, s := range t.shape {
					if g.sizes[d] != s && g.sizes[d] != -1 && s >= 2 {
						diff = append(diff, [2]int{ti, d})
					}
				}
				ti++
				continue
			}
			if a.Interface() != e.scalars[si] {
				same = false
				break
			}
			si++
		}
		if same {
			for _, k := range diff {
				if !c.dynamicDims[k] {
					c.logf(LogDynamic, "automatic dynamic: size(%d) of tensor argument %d changed from %d: it becomes ?", k[1], k[0], e.tensors[k[0]].sizes[k[1]])
				}
				c.dynamicDims[k] = true
			}
		}
	}
}

// compile traces fn for args and caches the graph; nil (without error)
// when the cache is full.
func (c *compiled) compile(args []reflect.Value) (*entry, error) {
	if len(c.entries) > 0 {
		if len(c.entries) >= c.cfg.cacheLimit {
			if !c.warnedLimit {
				c.cfg.logger.Printf("tt: cache limit (%d) reached: %s runs eagerly for new guards (last failed guard: %s)",
					c.cfg.cacheLimit, c.ftype, c.entries[len(c.entries)-1].failedGuard(args))
				c.warnedLimit = true
			}
			return nil, nil
		}
		c.counters.Recompiles++
		failed := c.entries[len(c.entries)-1].failedGuard(args)
		if c.logOn(LogRecompiles) {
			c.logf(LogRecompiles, "recompiling %s: failed guard: %s", c.funcName(), failed)
		} else {
			c.cfg.logger.Printf("tt: recompiling %s: failed guard: %s", c.ftype, failed)
		}
		if c.cfg.dynamic {
			c.markDynamic(args)
		}
	}
	e := &entry{}
	ti := 0
	for _, a := range args {
		if t, ok := a.Interface().(*Tensor); ok {
			g := tensorGuard{dtype: t.dtype, sizes: append([]int(nil), t.shape...)}
			for _, d := range t.markedDynamic {
				c.dynamicDims[[2]int{ti, d}] = true
			}
			for d, s := range t.shape {
				if c.dynamicDims[[2]int{ti, d}] && s >= 2 && !c.specialized {
					g.sizes[d] = -1
				}
			}
			e.tensors = append(e.tensors, g)
			ti++
			continue
		}
		e.scalars = append(e.scalars, a.Interface())
	}
	c.counters.Compiles++
	got, err := c.compileEntry(args, e, ti)
	if err != nil && hasDynamic(e) {
		// Some rules and lowerings need static sizes (conv2d's
		// kernel sizes): fall back to static graphs.
		c.specialize(fmt.Sprintf("failed with dynamic sizes (%v)", err))
		got, err = c.compileEntry(args, c.staticEntry(args), ti)
	}
	return got, err
}

// compileEntry traces fn for e's guards (its first ti arguments of the
// graph are fn's tensors), builds the graph and caches it.
func (c *compiled) compileEntry(args []reflect.Value, e *entry, ti int) (*entry, error) {
	tr, outs, err := c.trace(args, e)
	if err != nil {
		return nil, err
	}
	if tr.anyShapeRead() && hasDynamic(e) {
		c.specialize("reads a dynamic size as a Go int (Shape, SymInt.Int, Reshape with sizes, Narrow, a comparison on an intermediate size)")
		e = c.staticEntry(args)
		if tr, outs, err = c.trace(args, e); err != nil {
			return nil, err
		}
	}
	e.sym = detachGuards(*tr.guards)
	if hasDynamic(e) {
		c.counters.DynamicCompile++
	}
	c.logGuards(e)
	c.logSymbols(e)
	c.entries = append(c.entries, e)
	if e.withBreaks {
		e.lastOuts = outs
		return e, nil
	}
	g, err := c.build(tr)
	if err != nil {
		c.entries = c.entries[:len(c.entries)-1]
		return nil, err
	}
	e.run = g
	e.captured = tr.args[ti:]
	return e, nil
}

// specialize makes every later graph of the function static: PT2
// specializes a symbolic size the code uses as an int.
func (c *compiled) specialize(why string) {
	c.specialized = true
	c.cfg.logger.Printf("tt: %s %s; compiling static graphs", c.ftype, why)
	c.logf(LogDynamic, "%s %s: compiling static graphs", c.funcName(), why)
}

// staticEntry returns an entry with args' exact sizes as guards.
func (c *compiled) staticEntry(args []reflect.Value) *entry {
	e := &entry{}
	for _, a := range args {
		if t, ok := a.Interface().(*Tensor); ok {
			e.tensors = append(e.tensors, tensorGuard{dtype: t.dtype, sizes: append([]int(nil), t.shape...)})
			continue
		}
		e.scalars = append(e.scalars, a.Interface())
	}
	return e
}

func hasDynamic(e *entry) bool {
	for _, g := range e.tensors {
		for _, s := range g.sizes {
			if s == -1 {
				return true
			}
		}
	}
	return false
}

// trace runs fn over symbolic arguments shaped by e's guards. Without a
// graph break it returns the finished trace; with one, the graphs ran (as
// traceAndRun does), e is marked withBreaks and outs are fn's results.
func (c *compiled) trace(args []reflect.Value, e *entry) (tr *tracer, outs []reflect.Value, err error) {
	tr = newTracer()
	tp := c.newTape()
	tr.onBreak = c.breakHandler(e, true, tp)
	in := c.symbolicArgs(tr, args, e, tp)
	defer func() {
		if r := recover(); r != nil {
			te, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			err = te
		}
	}()
	outs = c.fn.Call(in)
	if tr.next != nil {
		// After a graph break: run the graph traced since the last one.
		outs, err = c.runLast(tr.last(), outs, tp)
		return tr, outs, err
	}
	vals := make([]ir.Value, len(outs))
	for i, o := range outs {
		vals[i] = tr.value(o.Interface().(*Tensor))
	}
	tr.finish(vals)
	if c.grad {
		if err := c.differentiate(tr); err != nil {
			return nil, nil, err
		}
	}
	if err := ir.Verify(tr.module); err != nil {
		return nil, nil, fmt.Errorf("the captured graph does not verify: %v\n%s", err, tr.text())
	}
	c.addGraph(tr.text())
	return tr, outs, nil
}

// breakHandler returns the tracer's graph-break hook: it runs the graph so
// far (compiled once per distinct graph text) and records the break.
func (c *compiled) breakHandler(e *entry, first bool, tp *gradTape) func(tr *tracer, reason, where string) {
	return func(tr *tracer, reason, where string) {
		e.withBreaks = true
		if first {
			c.counters.GraphBreaks++
			c.logf(LogGraphBreaks, "graph break in %s: %s at %s", c.funcName(), reason, where)
			c.breaks = append(c.breaks, BreakReason{Reason: reason, Where: where})
		}
		err := tr.materialize(func(tr *tracer) ([]*interp.Tensor, error) {
			if tr.fn.Region(0).Front().NumOps() == 1 { // only the return
				return nil, nil
			}
			if tp != nil {
				return c.runForward(tr, tp)
			}
			g, err := c.graphFor(tr)
			if err != nil {
				return nil, err
			}
			return g.call(tr.args)
		})
		if err != nil {
			panic(&Error{Msg: fmt.Sprintf("%s: running the graph before a graph break: %v", where, err)})
		}
	}
}

// graphFor returns the compiled graph of a trace, by its text.
func (c *compiled) graphFor(tr *tracer) (*graphRunner, error) {
	if err := ir.Verify(tr.module); err != nil {
		return nil, fmt.Errorf("the captured graph does not verify: %v\n%s", err, tr.text())
	}
	text := tr.text()
	if g := c.byText[text]; g != nil {
		return g, nil
	}
	c.addGraph(text)
	g, err := c.build(tr)
	if err != nil {
		return nil, err
	}
	c.byText[text] = g
	return g, nil
}

// traceAndRun calls fn over symbolic arguments again (an entry with graph
// breaks): each graph is looked up by its text.
func (c *compiled) traceAndRun(args []reflect.Value, e *entry) (outs []reflect.Value, err error) {
	tr := newTracer()
	tp := c.newTape()
	tr.onBreak = c.breakHandler(e, false, tp)
	in := c.symbolicArgs(tr, args, e, tp)
	defer func() {
		if r := recover(); r != nil {
			te, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			err = te
		}
	}()
	outs = c.fn.Call(in)
	return c.runLast(tr.last(), outs, tp)
}

// symbolicArgs returns fn's arguments for a trace: the tensor arguments
// become inputs of tr with the sizes of e's guards (? where dynamic); a
// gradient tape records them.
func (c *compiled) symbolicArgs(tr *tracer, args []reflect.Value, e *entry, tp *gradTape) []reflect.Value {
	in := make([]reflect.Value, len(args))
	ti := 0
	for i, a := range args {
		t, ok := a.Interface().(*Tensor)
		if !ok {
			in[i] = a
			continue
		}
		shape := shape64(t.shape)
		for d, s := range e.tensors[ti].sizes {
			if s == -1 {
				shape[d] = ir.Dynamic
			}
		}
		ti++
		st := tr.input(t.data, shape)
		tr.inputs[st] = ti - 1
		if tp != nil {
			tp.inputs = append(tp.inputs, st)
		}
		in[i] = reflect.ValueOf(st)
	}
	return in
}

// runLast ends the trace recording at the end of fn (the whole function,
// or what follows its last graph break) and runs its graph, found by its
// text.
func (c *compiled) runLast(tr *tracer, outs []reflect.Value, tp *gradTape) ([]reflect.Value, error) {
	vals := make([]ir.Value, len(outs))
	for i, o := range outs {
		vals[i] = tr.value(o.Interface().(*Tensor))
	}
	tr.finish(vals)
	if tp != nil {
		res, err := c.runLastGrad(tr, outs[0].Interface().(*Tensor), tp)
		if err != nil {
			return nil, err
		}
		return c.wrapResults(res), nil
	}
	if tr.entry.NumOps() == 1 { // only the return: the results are concrete
		return outs, nil
	}
	g, err := c.graphFor(tr)
	if err != nil {
		return nil, err
	}
	res, err := g.call(tr.args)
	if err != nil {
		return nil, err
	}
	return c.wrapResults(res), nil
}

// build compiles the trace's function with the configured backend.
func (c *compiled) build(tr *tracer) (*graphRunner, error) {
	entry := graphName
	if c.grad {
		entry = graphName + "_grad"
	}
	return c.buildModule(tr.module, entry)
}

// buildModule compiles the function entry of module (which the backend
// may change) with the configured backend.
func (c *compiled) buildModule(module *ir.Operation, entry string) (*graphRunner, error) {
	be, err := ttrun.DefaultBackends().New(c.cfg.backend)
	if err != nil {
		return nil, err
	}
	c.counters.GraphsBuilt++
	if err := be.Prepare(context.Background(), module, entry); err != nil {
		return nil, fmt.Errorf("backend %s: %w", c.cfg.backend, err)
	}
	return &graphRunner{be: be}, nil
}

// differentiate runs aot-autograd on the trace's function, adding
// graph_grad (loss, gradients of the float arguments).
func (c *compiled) differentiate(tr *tracer) error {
	if err := ir.Verify(tr.module); err != nil {
		return fmt.Errorf("the captured graph does not verify: %v\n%s", err, tr.text())
	}
	res, err := autodiff.Differentiate(tr.fn, autodiff.RecomputeMinCut)
	if err != nil {
		return err
	}
	if res.Grad == nil {
		return errors.New(res.GradErr.Error())
	}
	return nil
}
