// Self-test: a test whose REQUIRES are not met is skipped (this one must
// never run, it would fail).
//
// REQUIRES: go, tt-lit-selftest-nonexistent-feature
// RUN: false
