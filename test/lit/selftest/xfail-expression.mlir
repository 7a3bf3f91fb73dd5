// Self-test: XFAIL with a feature expression that holds everywhere.
//
// XFAIL: tt-lit-selftest-nonexistent-feature, go || !go
// RUN: echo expected | grep -q unexpected
