// Self-test: an UNSUPPORTED test is skipped when an item is true (this one
// must never run, it would fail).
//
// UNSUPPORTED: true
// RUN: false
