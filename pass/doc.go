// Package pass is tt's pass manager: passes, their options and statistics,
// a registry of passes and named pipelines, MLIR's textual pipeline syntax,
// nested pipelines run in parallel over isolated operations, an analysis
// manager, and instrumentation (IR printing before and after passes, timing,
// statistics, verification after each pass).
//
// # Passes
//
// A Pass runs on one operation at a time, the operation its pipeline is
// anchored on. Embed Base for the descriptive methods and write Run:
//
//	type countOps struct {
//		pass.Base
//		n *pass.Statistic
//	}
//
//	func newCountOps() pass.Pass {
//		p := &countOps{Base: pass.NewBase(pass.Info{Argument: "count-ops", Summary: "Count operations", Anchor: "func.func"})}
//		p.n = p.NewStatistic("num-ops", "Number of operations")
//		return p
//	}
//
//	func (p *countOps) Run(op *ir.Operation, am *pass.AnalysisManager) error {
//		op.Walk(func(*ir.Operation) { p.n.Inc() })
//		am.PreserveAll()
//		return nil
//	}
//
// # Pipelines
//
// Register factories in a Registry and parse pipelines in MLIR's syntax:
//
//	r := pass.NewRegistry()
//	r.MustRegister(newCountOps)
//	pm, err := r.Parse("builtin.module(func.func(count-ops))")
//	...
//	err = pm.Run(module, &pass.RunOptions{})
//
// A pipeline is "anchor(element, ...)" where an element is a pass with
// optional options, "name{key=value key2=a,b}", a named pipeline, or a nested
// pipeline "anchor(...)". The anchor is an operation name or "any". A plain
// comma list ("canonicalize,cse") is anchored on any operation. A nested
// pipeline runs on each operation of its anchor kind directly inside the
// operation its parent runs on; those operations must be isolated from
// above, and they are processed on a pool of goroutines (at most
// GOMAXPROCS), with diagnostics and IR dumps replayed in operation order so
// the output is that of a sequential run.
//
// Mistakes in pipeline strings are reported as *PipelineError, printed like
// MLIR's:
//
//	MLIR Textual PassPipeline Parser:1:16: error: 'foo' does not refer to a registered pass or pass pipeline
//	builtin.module(foo)
//	               ^
//
// (MLIR counts columns from the start of the text inside the outermost
// anchor; tt counts them in the whole string.)
package pass
