// tt-run's argument, entry, backend, pipeline and file errors: exit status
// 1 and one message naming what is wrong.

// Wrong number of inputs, both ways.
// RUN: not tt-run %s --entry f --input %S/Inputs/x.npy 2>&1 | filecheck %s --check-prefix=FEW
// FEW: tt-run: @f takes 2 arguments (%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>), but 1 --input file was given (give one --input per argument, or --random-inputs SEED for the rest)
// RUN: not tt-run %s --entry g --input %S/Inputs/x.npy --input %S/Inputs/y.npy 2>&1 | filecheck %s --check-prefix=MANY
// MANY: tt-run: @g takes 1 argument (%arg0: tensor<4x8xf32>), but 2 --input files were given{{$}}
// RUN: not tt-run %s --entry g --input %S/Inputs/x.npy --input %S/Inputs/y.npy --random-inputs 1 2>&1 | filecheck %s --check-prefix=MANY

// Wrong dtype, shape, rank; a dtype with no tensor element type.
// RUN: not tt-run %s --entry f --input %S/Inputs/x.npy --input %S/Inputs/x_f64.npy 2>&1 | filecheck %s --check-prefix=DTYPE
// DTYPE: tt-run: argument #1 (%arg1) of @f has type tensor<4x8xf32>, but {{.*}}Inputs/x_f64.npy holds float64 [4 8] (tensor<4x8xf64>)
// RUN: not tt-run %s --entry f --input %S/Inputs/x_3x8.npy --input %S/Inputs/y.npy 2>&1 | filecheck %s --check-prefix=SHAPE
// SHAPE: tt-run: argument #0 (%arg0) of @f has type tensor<4x8xf32>, but {{.*}}Inputs/x_3x8.npy holds float32 [3 8] (tensor<3x8xf32>)
// RUN: not tt-run %s --entry g --input %S/Inputs/x_rank1.npy 2>&1 | filecheck %s --check-prefix=RANK
// RANK: tt-run: argument #0 (%arg0) of @g has type tensor<4x8xf32>, but {{.*}}Inputs/x_rank1.npy holds float32 [32] (tensor<32xf32>)
// RUN: not tt-run %s --entry g --input %S/Inputs/x_int8.npy 2>&1 | filecheck %s --check-prefix=INT8
// INT8: tt-run: argument #0 (%arg0) of @g has type tensor<4x8xf32>, but {{.*}}Inputs/x_int8.npy holds int8 [4 8] (no tensor element type)
// An input file that is missing or not a .npy file.
// RUN: not tt-run %s --entry g --input %S/Inputs/nope.npy 2>&1 | filecheck %s --check-prefix=NONPY
// NONPY: tt-run: argument #0 (%arg0) of @g: {{.*}}nope.npy{{.*}}no such file or directory
// RUN: not tt-run %s --entry g --input %s 2>&1 | filecheck %s --check-prefix=NOTNPY
// NOTNPY: tt-run: argument #0 (%arg0) of @g: {{.*}}errors.mlir{{.*}}

// Entries: unknown, ambiguous (private functions are not candidates).
// RUN: not tt-run %s --entry nope --random-inputs 1 2>&1 | filecheck %s --check-prefix=ENTRY
// ENTRY: tt-run: no function @nope in {{.*}}errors.mlir; public functions: @f, @g{{$}}
// RUN: not tt-run %s --random-inputs 1 2>&1 | filecheck %s --check-prefix=AMBIGUOUS
// AMBIGUOUS: tt-run: {{.*}}errors.mlir has 2 public functions; choose one with --entry: @f, @g{{$}}
// A private function may still be named; a declaration cannot run.
// RUN: tt-run %s --entry h --random-inputs 1 | filecheck %s --check-prefix=PRIVATE
// PRIVATE: result #0: tensor<4x8xf32>
// RUN: not tt-run %s --entry decl --random-inputs 1 2>&1 | filecheck %s --check-prefix=DECL
// DECL: tt-run: @decl is only declared; it has no body to run

// Backends.
// RUN: not tt-run %s --entry g --random-inputs 1 --backend cuda9 2>&1 | filecheck %s --check-prefix=BACKEND
// BACKEND: tt-run: unknown backend "cuda9" (known backends: cuda, go, interp, ptxsim)
// --backend cuda without a GPU (or without the driver) is the driver's one-line error:
// RUN: not tt-run %s --entry g --random-inputs 1 --backend cuda 2>&1 | filecheck %s --check-prefix=CUDA
// CUDA: tt-run: no CUDA {{driver: libcuda.so.1 not found|device: }}
// RUN: tt-run %s --entry g --random-inputs 1 --backend interp | filecheck %s --check-prefix=PRIVATE

// Pipelines: syntax, unknown pass, a pass that fails.
// RUN: not tt-run %s --entry g --random-inputs 1 --pass-pipeline 'builtin.module(nosuchpass)' 2>&1 | filecheck %s --check-prefix=PIPE
// PIPE:      MLIR Textual PassPipeline Parser:1:16: error: 'nosuchpass' does not refer to a registered pass or pass pipeline
// PIPE-NEXT: builtin.module(nosuchpass)
// PIPE-NEXT: {{^               \^$}}
// RUN: not tt-run %s --entry g --random-inputs 1 --pass-pipeline 'builtin.module(cse' 2>&1 | filecheck %s --check-prefix=UNBALANCED
// UNBALANCED: MLIR Textual PassPipeline Parser:1:15: error: encountered unbalanced parentheses while parsing pipeline
// RUN: not tt-run %s --entry g --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=nope})' 2>&1 | filecheck %s --check-prefix=NOFUNC
// NOFUNC: errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: aot-autograd: no func.func named @nope
// A pass failure located in the program, with the source line and a caret
// (aot-autograd traces through calls, but a declaration has no body).
// RUN: not tt-run %s --entry g --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=k})' 2>&1 | filecheck %s --check-prefix=PASSFAIL
// PASSFAIL:      errors.mlir:[[# @LINE + 43]]:8: error: aot-autograd: @k calls @decl, a declaration without a body; only calls to functions with a body can be differentiated
// PASSFAIL-NEXT: {{^}}  %0 = func.call @decl(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
// PASSFAIL-NEXT: {{^       \^$}}
// The pipeline runs before the entry is looked up: @g_fwd exists (traced
// through the call to @h), @g_grad does not (@g does not return a scalar
// loss).
// RUN: tt-run %s --entry g_fwd --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=g})' | filecheck %s --check-prefix=FWD
// FWD: result #1: tensor<4x8xf32>
// RUN: not tt-run %s --entry g_grad --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=g})' 2>&1 | filecheck %s --check-prefix=NOGRAD
// NOGRAD: tt-run: no function @g_grad in {{.*}}errors.mlir; public functions: @f, @g, @g_fwd, @g_bwd

// Files and flags.
// RUN: not tt-run %S/missing.mlir 2>&1 | filecheck %s --check-prefix=MISSING
// MISSING: tt-run: could not open input file: open {{.*}}missing.mlir: no such file or directory
// RUN: not tt-run 2>&1 | filecheck %s --check-prefix=NOFILE
// NOFILE: tt-run: accepts 1 arg(s), received 0
// RUN: not tt-run %s --no-such-flag 2>&1 | filecheck %s --check-prefix=FLAG
// FLAG: tt-run: unknown flag: --no-such-flag
// RUN: not tt-run %s --entry g --random-inputs 1 --bench -2 2>&1 | filecheck %s --check-prefix=BENCH
// BENCH: tt-run: --bench must be positive, got -2
// RUN: not tt-run %s --entry g --random-inputs 1 --dim-size -1 2>&1 | filecheck %s --check-prefix=DIMSIZE
// DIMSIZE: tt-run: --dim-size must be non-negative, got -1
// RUN: not tt-run %s --entry g --input %S/Inputs/x.npy --dim-size 3 2>&1 | filecheck %s --check-prefix=DIMONLY
// DIMONLY: tt-run: --dim-size only applies with --random-inputs

func.func @f(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.add %x, %y : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func @g(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = func.call @h(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func private @h(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.exp %x : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func private @decl(%x: tensor<4x8xf32>) -> tensor<4x8xf32>

func.func private @k(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = func.call @decl(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
