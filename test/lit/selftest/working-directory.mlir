// Self-test: RUN lines execute in the directory of the test file.
//
// RUN: test -f ./working-directory.mlir
// RUN: test "$(pwd -P)" = "$(cd %S && pwd -P)"
// RUN: cd %T && test "$(pwd -P)" = "$(cd %T && pwd -P)"
// RUN: test -f ./working-directory.mlir
