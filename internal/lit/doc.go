// Package lit is a small Go implementation of LLVM's lit test runner, as
// MLIR developers use it.
//
// A test is a file whose comments carry directives:
//
//	// RUN: tt-opt %s | filecheck %s
//	// REQUIRES: mlir-opt
//	// UNSUPPORTED: arm64
//	// XFAIL: *
//
// Each RUN line is a shell command. After substitution (%s, %S, %t, %T, %p,
// %{pathsep}, %%, see [Substitutions]) it is executed by bash with
// "set -o pipefail" in the directory of the test file, with the tools
// directory (binaries built from the module's cmd/* packages plus the "not"
// helper) first on PATH. RUN lines run in order and the first failing line
// fails the test.
//
// REQUIRES, UNSUPPORTED and XFAIL take comma-separated lists of boolean
// feature expressions (see [EvalExpr]); XFAIL also accepts "*". A test whose
// requirements are not met, or which is unsupported, is skipped. An XFAIL
// test must fail; if it passes it is reported as XPASS, which is a failure.
//
// The package is used by the driver in test/lit, which builds the tools once
// per "go test" run ([BuildTools]), detects features ([DetectFeatures]) and
// runs every discovered file as a parallel subtest ([Suite.Run]).
package lit
