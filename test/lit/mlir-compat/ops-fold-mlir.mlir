// ops-fold.mlir under mlir-opt-16: the same folds.
// REQUIRES: mlir-opt
// RUN: mlir-opt %S/ops-fold.mlir -canonicalize -split-input-file | filecheck %S/ops-fold.mlir
