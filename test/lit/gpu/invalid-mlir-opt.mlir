// mlir-opt-16 meets the expectations of invalid.mlir: tt's verifier
// messages are MLIR's.
// REQUIRES: mlir-opt
// RUN: mlir-opt %S/invalid.mlir --split-input-file --verify-diagnostics --mlir-print-op-on-diagnostic=false
