// Self-test of the module's own filecheck (cmd/filecheck), when it has been
// built.
//
// REQUIRES: filecheck
// RUN: printf 'hello world\nsecond line\n' | filecheck %s
// RUN: printf 'goodbye\n' | not filecheck %s
//
// CHECK: hello world
// CHECK-NEXT: second line
