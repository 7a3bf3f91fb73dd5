// verify-diagnostics-errors.mlir under mlir-opt-16: the same messages.
// REQUIRES: mlir-opt
// RUN: not mlir-opt %S/verify-diagnostics-errors.mlir -split-input-file -verify-diagnostics -allow-unregistered-dialect 2>&1 | filecheck %S/verify-diagnostics-errors.mlir -check-prefix=MLIR
