// Package ir is the core of tt: an MLIR-style intermediate representation.
//
// It defines the objects every dialect and pass works with — Context, Operation,
// Value, Block, Region, Type, Attribute and Location — together with the
// machinery that does not depend on any dialect: use-lists and
// replace-all-uses, a Builder with insertion points, walkers, cloning,
// symbol tables, dominance, the verifier, diagnostics, and the pattern
// rewriting interfaces used by canonicalization.
//
// The package knows nothing of concrete dialects. A dialect describes its
// operations as data (OpDef: operands, results, attributes, regions, traits)
// with small behavioural hooks (verify, fold, canonicalization patterns,
// custom assembly) and interfaces (call, callable, region-branch, loop,
// branch, memory effects), and is loaded into a Context. Types are uniqued
// by the Context, so two types are equal exactly when they are the same
// pointer and can be compared with ==. Attributes are immutable values
// compared with AttrEqual. Besides the builtin types and attributes, a
// dialect may define its own (DialectTypeDef, DialectAttrDef), with hooks
// that parse and print their parameters; docs/design/core.md describes
// how the pieces fit.
//
// The textual form of the IR (parsing and printing) lives in package ir/asm.
package ir
