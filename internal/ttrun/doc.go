// Package ttrun implements the tt-run command (cmd/tt-run) as a library,
// so that tests can run programs in-process exactly as the command does.
//
// # Command line (a contract that outside tests rely on)
//
//	tt-run FILE.mlir [flags]
//	  --entry NAME          function to run (default: the only public func.func;
//	                        otherwise an error listing the public functions)
//	  --backend NAME        interp (default) or go (generated Go code, see
//	                        NewGoBackend); unknown names are an error listing
//	                        the known backends
//	  --pass-pipeline P     run this pipeline on the module first (tt-opt syntax,
//	                        anchored on builtin.module); the backend's own
//	                        lowering runs after it
//	  --input PATH.npy      one per function argument, in order (repeatable)
//	  --random-inputs SEED  fill arguments that have no --input with seeded data
//	  --dim-size N          size of dynamic dimensions of random inputs (default 4)
//	  --out DIR             write result i to DIR/out<i>.npy (DIR is created)
//	  --bench N             after one warm-up run, time N runs and print
//	                        "bench: median <ms> ms, min <ms> ms over N runs"
//	                        (--backend cuda: the kernels' device time, by
//	                        CUDA events)
//	  --dump-dir DIR        with --backend go: write the IR after each lowering
//	                        stage, kernels.dot (and .svg), model.go and main.go
//
// FILE may be "-" for standard input. Without --out each result's type and
// a summary are printed:
//
//	result #0: tensor<2x3xf32>
//	  shape [2 3], dtype f32, 6 elements
//	  values [1.5, 2.5, 3.5, 3, 4, 5]
//	  min 1.5, max 5, mean 3.25
//
// (integers: min and max; i1: the counts of true and false; NaNs are
// counted and left out of float statistics). With --bench the summary (or
// the --out files) comes from the warm-up run, and the bench line follows.
// Only the runs are timed, not parsing, the pipeline or preparation.
//
// # Arguments and results
//
// An argument of type tensor<...xT> takes a .npy array of T's dtype whose
// shape is the argument's, any size for a dynamic dimension; scalar
// arguments (f32, index, ...) take rank-0 arrays:
//
//	f32 <f4   f64 <f8   f16 <f2   bf16 <f4 (rounded to nearest even)
//	i1 |b1    i32 <i4   i64 <i8   index <i8
//
// Results are written with the same dtypes; bf16 results are widened
// (exactly) to float32, since NumPy has no bfloat16. A wrong number of
// inputs, or an input of another dtype or shape, is an error naming the
// argument and both types:
//
//	tt-run: argument #1 (%arg1) of @f has type tensor<4x8xf32>, but in.npy holds float64 [4 8] (tensor<4x8xf64>)
//
// --random-inputs SEED gives each argument without an input data drawn
// from a PCG generator seeded with (SEED, argument position), so an
// argument's data depends only on the seed and its position: floats
// uniform in [-1, 1) on a grid of 2^(p+1) values (p = 11 for f16, 8 for
// bf16, 24 for f32, 53 for f64, so every value is exact in the type),
// integers (i32, i64, index) uniform in [0, 10), i1 true or false with
// equal odds. Dynamic dimensions have size --dim-size.
//
// # Errors
//
// Exit status 0 on success, 1 on any error; tt-run does not panic. Errors
// in the program (parse, verification, pass failures, run-time errors of
// the backend) are printed as tt-opt prints them: file:line:col: error:
// message, the source line and a caret (see Located). Pipeline syntax
// errors point into the pipeline text. Other errors are one line starting
// with "tt-run: ".
//
// # Library
//
// Run does what the command does, given a Config; Load, Program.Entry,
// ReadArgs, ToNPY, WriteOutputs and WriteSummary are its steps. Backends
// implement Backend (Name, Prepare, Run) and are registered in a Backends
// set; DefaultBackends has "interp" (the reference interpreter). CompareNPY
// is the comparison of cmd/npycmp.
package ttrun
