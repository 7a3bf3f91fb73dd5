// Self-test of RUN-line substitutions.
//
// RUN: test -f %s && test "$(basename %s)" = substitutions.mlir
// RUN: test -d %S && test "%S" = "%p" && test "%S" = "$(dirname %s)"
// RUN: test -f %S/Inputs/data.txt && grep -q 'selftest input data' %S/Inputs/data.txt
// RUN: test -d %T && test "$(dirname %t)" = "%T" && test ! -e %t
// RUN: mkdir %t && touch %t/file && test -f %T/substitutions.mlir.tmp/file
// RUN: test "%basename_t" = substitutions.mlir
// RUN: test "%{pathsep}" = ":"
// RUN: test "%/s" = "%s"
// RUN: printf '%%s\n' literal | grep -qx literal
// RUN: echo %arg0 | grep -qx '%arg0'
// RUN: test "%(line)" = 13 && test "%(line+1)" = 14 && test "%(line-2)" = 11
