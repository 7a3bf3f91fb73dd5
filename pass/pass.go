package pass

import (
	"errors"
	"sync/atomic"

	"github.com/tt-compiler/tt/ir"
)

// Pass is a transformation or analysis run on one operation at a time.
//
// A pass declares what it is (its command-line argument, display name,
// summary and description), the operation it anchors on, its options and
// its statistics. Passes are created by factories (func() Pass), so every
// pipeline gets its own instance with its own option values.
//
// Run may be called concurrently on different operations when the pass is
// nested under an operation that is isolated from above (every func.func of
// a module, for instance): keep per-run state in local variables, treat
// options as read-only while running, and count with Statistics (they are
// atomic). Embed Base to get everything but Run.
type Pass interface {
	// Argument is the pass's name in pipeline strings and on the command
	// line, e.g. "cse".
	Argument() string
	// Name is the display name used in IR dumps, timing and statistics
	// reports, e.g. "CSE".
	Name() string
	// Summary is a one-line description.
	Summary() string
	// Description is the long description.
	Description() string
	// Anchor is the name of the operation the pass runs on ("func.func"),
	// or "" when it may run on any operation.
	Anchor() string
	// Options returns the pass's options (never nil).
	Options() *Options
	// Statistics returns the pass's counters in declaration order.
	Statistics() []*Statistic
	// Run transforms op, which is an operation of the anchor's kind. The
	// analysis manager caches analyses of op and records what the pass
	// preserved (nothing, unless the pass says so). A returned error fails
	// the pipeline; return an *ir.Diagnostic to give the location, or
	// ErrFailed after emitting diagnostics through am.Emit.
	Run(op *ir.Operation, am *AnalysisManager) error
}

// ErrFailed is returned by a pass that has already reported why it failed
// (through AnalysisManager.Emit), like MLIR's signalPassFailure.
var ErrFailed = errors.New("pass failed")

// Initializer is implemented by passes that need the registry the pipeline
// was built from, for example to build nested pipelines from their options
// (the inliner's default-pipeline). Initialize is called once after the
// pass's options are set, when it is added to a pipeline by a Registry.
type Initializer interface {
	Initialize(r *Registry) error
}

// AnyOp is the anchor of passes and pass managers that run on any operation.
// In pipeline strings it is written "any".
const AnyOp = ""

// Info describes a pass; it is what Base is built from.
type Info struct {
	// Argument is the command-line name ("cse"); it is required.
	Argument string
	// Name is the display name ("CSE"); it defaults to Argument.
	Name string
	// Summary is a one-line description.
	Summary string
	// Description is the long description.
	Description string
	// Anchor is the op name the pass runs on, or AnyOp.
	Anchor string
}

// Base implements every method of Pass except Run. Embed it in a pass and
// initialize it with NewBase:
//
//	type myPass struct {
//		pass.Base
//		limit *int
//		count *pass.Statistic
//	}
//
//	func newMyPass() pass.Pass {
//		p := &myPass{Base: pass.NewBase(pass.Info{Argument: "my-pass", Summary: "..."})}
//		p.limit = p.Options().Int("limit", 10, "how far to go")
//		p.count = p.NewStatistic("num-changed", "Number of operations changed")
//		return p
//	}
type Base struct {
	info  Info
	opts  *Options
	stats []*Statistic
}

// NewBase returns a Base describing a pass.
func NewBase(info Info) Base {
	if info.Name == "" {
		info.Name = info.Argument
	}
	return Base{info: info, opts: &Options{}}
}

// Argument implements Pass.
func (b *Base) Argument() string { return b.info.Argument }

// Name implements Pass.
func (b *Base) Name() string { return b.info.Name }

// Summary implements Pass.
func (b *Base) Summary() string { return b.info.Summary }

// Description implements Pass.
func (b *Base) Description() string { return b.info.Description }

// Anchor implements Pass.
func (b *Base) Anchor() string { return b.info.Anchor }

// Options implements Pass.
func (b *Base) Options() *Options {
	if b.opts == nil {
		b.opts = &Options{}
	}
	return b.opts
}

// Statistics implements Pass.
func (b *Base) Statistics() []*Statistic { return b.stats }

// NewStatistic declares a counter reported by --pass-statistics.
func (b *Base) NewStatistic(name, desc string) *Statistic {
	s := &Statistic{Name: name, Description: desc}
	b.stats = append(b.stats, s)
	return s
}

// Statistic is a named counter of a pass, safe for concurrent use.
type Statistic struct {
	// Name is the counter's name in reports, e.g. "num-cse'd".
	Name string
	// Description says what is counted.
	Description string
	v           atomic.Int64
}

// Add adds n to the counter.
func (s *Statistic) Add(n int64) { s.v.Add(n) }

// Inc adds one to the counter.
func (s *Statistic) Inc() { s.v.Add(1) }

// Value returns the counter's value.
func (s *Statistic) Value() int64 { return s.v.Load() }

// anchorName returns how an anchor is written in pipelines and messages.
func anchorName(a string) string {
	if a == AnyOp || a == "any" {
		return "any"
	}
	return a
}

// isAny reports whether an anchor means any operation.
func isAny(a string) bool { return a == AnyOp || a == "any" }
