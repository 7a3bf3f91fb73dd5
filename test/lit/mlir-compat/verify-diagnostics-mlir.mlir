// verify-diagnostics.mlir under mlir-opt-16: the same designators pass.
// REQUIRES: mlir-opt
// RUN: mlir-opt %S/verify-diagnostics.mlir -split-input-file -verify-diagnostics -allow-unregistered-dialect
