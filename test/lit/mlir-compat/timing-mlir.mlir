// timing.mlir under mlir-opt-16: the same rows.
// REQUIRES: mlir-opt
// RUN: mlir-opt %S/timing.mlir -mlir-timing -mlir-disable-threading -pass-pipeline='builtin.module(func.func(cse,canonicalize),inline,symbol-dce)' -o /dev/null 2>&1 | filecheck %S/timing.mlir
// RUN: mlir-opt %S/timing.mlir -mlir-timing -mlir-disable-threading -cse -canonicalize -inline -o /dev/null 2>&1 | filecheck %S/timing.mlir --check-prefix=FLAGS
