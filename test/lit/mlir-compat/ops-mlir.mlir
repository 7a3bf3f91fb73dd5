// ops.mlir under mlir-opt-16: the same printed text.
// REQUIRES: mlir-opt
// RUN: mlir-opt %S/ops.mlir | filecheck %S/ops.mlir
// RUN: mlir-opt %S/ops.mlir -mlir-print-op-generic | filecheck %S/ops.mlir --check-prefix=GENERIC
