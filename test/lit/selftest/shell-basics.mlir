// Self-test of the lit runner: plain shell commands, pipes, pipefail,
// redirections and env.
//
// RUN: echo hello | grep -q hello
// RUN: echo hello > %t && grep -q hello < %t
// RUN: sh -c 'echo to-stderr >&2' 2>&1 | grep -q to-stderr
// RUN: echo first && echo second | grep -q second
// RUN: false || true
// RUN: ! (false | cat)
// RUN: env TT_LIT_SELFTEST=yes sh -c 'test "$TT_LIT_SELFTEST" = yes'
// RUN: cat < %s | grep -q 'Self-test of the lit runner'
