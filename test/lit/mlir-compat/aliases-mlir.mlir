// aliases.mlir under mlir-opt-16: the same aliases and flags.
// REQUIRES: mlir-opt
// RUN: mlir-opt %S/aliases.mlir -allow-unregistered-dialect | filecheck %S/aliases.mlir
// RUN: mlir-opt %S/aliases.mlir -allow-unregistered-dialect -mlir-print-op-generic | filecheck %S/aliases.mlir --check-prefix=GENERIC
// RUN: mlir-opt %S/aliases.mlir -allow-unregistered-dialect -mlir-print-local-scope | filecheck %S/aliases.mlir --check-prefix=LOCAL
// RUN: mlir-opt %S/aliases.mlir -allow-unregistered-dialect -mlir-elide-elementsattrs-if-larger=2 | filecheck %S/aliases.mlir --check-prefix=ELIDE
