// Self-test of the "not" helper, alone and inside pipelines.
//
// RUN: not false
// RUN: not sh -c 'exit 3'
// RUN: not not true
// RUN: not sh -c 'echo oops >&2; exit 1' 2>&1 | grep -q oops
// RUN: echo abc | not grep -q xyz
// RUN: not --crash sh -c 'kill -KILL $$'
//
// A crash is not an ordinary failure: plain "not" fails on it.
// RUN: ! not sh -c 'kill -KILL $$'
