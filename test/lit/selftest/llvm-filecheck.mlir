// Self-test of the FileCheck substitution (LLVM's FileCheck, when
// installed).
//
// REQUIRES: llvm-filecheck
// RUN: printf 'hello world\nsecond line\n' | FileCheck %s
// RUN: printf 'hello\n' | not FileCheck %s 2>&1 | FileCheck %s --check-prefix=ERR
//
// CHECK: hello world
// CHECK-NEXT: second line
// ERR: expected string not found in input
