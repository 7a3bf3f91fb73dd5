// Self-test: an XFAIL test passes when a RUN line fails.
//
// XFAIL: *
// RUN: true
// RUN: false
