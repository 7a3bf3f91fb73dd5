// Package rewrite holds tt's pattern rewriting machinery and the generic
// passes built on it.
//
// The greedy driver (ApplyPatternsGreedily) follows MLIR's
// GreedyPatternRewriteDriver: a worklist of operations, each erased if
// trivially dead, else folded (OpDef.Fold; folded attributes become constants
// through Dialect.MaterializeConstant, uniqued and hoisted to the entry block
// of the nearest isolated region by a Folder, like MLIR's OperationFolder;
// constant operands of Commutative ops are moved last), else rewritten by the
// highest-benefit matching pattern of a FrozenPatternSet. Every change made
// through the ir.PatternRewriter puts the affected operations back on the
// worklist; the process repeats until nothing changes or the iteration limit
// is reached.
//
// The passes, registered in a pass.Registry by Register:
//
//   - canonicalize: folders and canonicalization patterns of every loaded op
//   - cse: common subexpression elimination, scoped by regions and dominance,
//     aware of memory effects
//   - dce: erase unreachable blocks, dead operations and dead block arguments
//   - symbol-dce: erase unreferenced private symbols
//   - inline: inline calls to callables with a body, erase dead private callees
//   - loop-invariant-code-motion: hoist pure invariant ops out of loops
//
// Each is also available as a function (EliminateCommonSubexpressions,
// SimplifyRegions, SymbolDCE, Inline, MoveLoopInvariantCode) for use from
// other passes. They know ops by their traits and interfaces (call,
// callable, branch, loop; docs/design/core.md), not by name.
//
// On ops of MLIR's dialects (arith, func) canonicalize and cse print exactly
// what mlir-opt-16 prints, op order included; a differential test checks it.
// Dead operations are those ir.IsTriviallyDead accepts: no memory effects
// other than allocating their own results. (MLIR also drops unused ops that
// only read memory.)
package rewrite
