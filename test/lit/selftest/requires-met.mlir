// Self-test: REQUIRES with features that hold in every "go test" run.
//
// REQUIRES: go, !tt-lit-selftest-nonexistent-feature, (linux || !linux)
// REQUIRES: not
// RUN: go version | grep -q '^go version'
