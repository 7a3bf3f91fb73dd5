// Every verifier message of the loops dialect (and the errors of its custom
// parsers), at the offending op.
// RUN: tt-opt %s --split-input-file --verify-diagnostics

func.func @alloc_sizes(%n: index) {
  // expected-error@+1 {{'loops.alloc' op expects 1 dynamic size operands for memref<?x4xf32>, got 2}}
  %0 = loops.alloc(%n, %n) : memref<?x4xf32>
  return
}

// -----

func.func @alloc_not_memref() {
  // expected-error@+1 {{'loops.alloc' op result #0 must be memref of any type values, but got 'f32'}}
  %0 = "loops.alloc"() : () -> f32
  return
}

// -----

func.func @alloc_size_type(%n: i64) {
  // expected-error@+1 {{'loops.alloc' op operand #0 must be index, but got 'i64'}}
  %0 = "loops.alloc"(%n) : (i64) -> memref<?xf32>
  return
}

// -----

func.func @dealloc_not_memref(%x: tensor<4xf32>) {
  // expected-error@+1 {{'loops.dealloc' op operand #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  "loops.dealloc"(%x) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @load_indices(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'loops.load' op expects 2 indices for memref<4x4xf32>, got 1}}
  %0 = loops.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @load_type(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'loops.load' op result type f64 does not match the element type of memref<4xf32>}}
  %0 = "loops.load"(%m, %i) : (memref<4xf32>, index) -> f64
  return
}

// -----

func.func @load_unranked(%m: memref<*xf32>, %i: index) {
  // expected-error@+1 {{'loops.load' op operand #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "loops.load"(%m, %i) : (memref<*xf32>, index) -> f32
  return
}

// -----

func.func @load_index_type(%m: memref<4xf32>, %i: i32) {
  // expected-error@+1 {{'loops.load' op operand #1 must be index, but got 'i32'}}
  %0 = "loops.load"(%m, %i) : (memref<4xf32>, i32) -> f32
  return
}

// -----

func.func @store_indices(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'loops.store' op expects 1 indices for memref<4xf32>, got 2}}
  loops.store %v, %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @store_type(%m: memref<4xf32>, %i: index, %v: f64) {
  // expected-error@+1 {{'loops.store' op value type f64 does not match the element type of memref<4xf32>}}
  "loops.store"(%v, %m, %i) : (f64, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @dim_range(%m: memref<4xf32>) {
  // expected-error@+1 {{'loops.dim' op dimension 1 is out of range for memref<4xf32>}}
  %0 = loops.dim %m, 1 : memref<4xf32>
  return
}

// -----

func.func @dim_negative(%m: memref<4xf32>) {
  // expected-error@+1 {{'loops.dim' op dimension -1 is out of range for memref<4xf32>}}
  %0 = loops.dim %m, -1 : memref<4xf32>
  return
}

// -----

func.func @dim_missing(%m: memref<4xf32>) {
  // expected-error@+1 {{'loops.dim' op requires attribute 'dim'}}
  %0 = "loops.dim"(%m) : (memref<4xf32>) -> index
  return
}

// -----

func.func @copy_shapes(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error@+1 {{'loops.copy' op source memref<4xf32> and target memref<5xf32> differ}}
  loops.copy %a, %b : memref<4xf32>, memref<5xf32>
  return
}

// -----

func.func @copy_types(%a: memref<?xf32>, %b: memref<4xi32>) {
  // expected-error@+1 {{'loops.copy' op source memref<?xf32> and target memref<4xi32> differ}}
  loops.copy %a, %b : memref<?xf32>, memref<4xi32>
  return
}

// -----

func.func @yield_outside() {
  // expected-error@+1 {{'loops.yield' op expects parent op to be one of 'loops.for', 'loops.parallel', 'loops.if', 'loops.kernel'}}
  loops.yield
}

// -----

func.func @yield_count(%i: index, %x: f32) {
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    // expected-error@+1 {{'loops.yield' op expects 1 values to match the results of 'loops.for', got 0}}
    loops.yield
  }
  return
}

// -----

func.func @yield_type(%i: index, %x: f32) {
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    // expected-error@+1 {{'loops.yield' op value #0 has type index, but 'loops.for' result #0 has type f32}}
    loops.yield %j : index
  }
  return
}

// -----

func.func @yield_parallel(%i: index) {
  loops.parallel (%j) = (%i) to (%i) step (%i) {
    // expected-error@+1 {{'loops.yield' op expects 0 values to match the results of 'loops.parallel', got 1}}
    loops.yield %j : index
  }
  return
}

// -----

func.func @for_operands(%i: index) {
  // expected-error@+1 {{'loops.for' op expected 3 or more operands, but found 2}}
  "loops.for"(%i, %i) ({
  ^bb0(%j: index):
    "loops.yield"() : () -> ()
  }) : (index, index) -> ()
  return
}

// -----

func.func @for_inits(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op expects as many init operands (1) as results (0)}}
  "loops.for"(%i, %i, %i, %x) ({
  ^bb0(%j: index, %a: f32):
    "loops.yield"() : () -> ()
  }) : (index, index, index, f32) -> ()
  return
}

// -----

func.func @for_init_type(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op init operand #0 has type f32, but result #0 has type f64}}
  %0 = "loops.for"(%i, %i, %i, %x) ({
  ^bb0(%j: index, %a: f32):
    "loops.yield"(%a) : (f32) -> ()
  }) : (index, index, index, f32) -> f64
  return
}

// -----

func.func @for_step_zero(%i: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'loops.for' op constant step operand must be positive}}
  loops.for %j = %i to %i step %c0 {
    loops.yield
  }
  return
}

// -----

func.func @for_step_negative(%i: index) {
  %c = arith.constant -2 : index
  // expected-error@+1 {{'loops.for' op constant step operand must be positive}}
  loops.for %j = %i to %i step %c {
    loops.yield
  }
  return
}

// -----

func.func @for_no_body(%i: index) {
  // expected-error@+1 {{'loops.for' op expects a body}}
  "loops.for"(%i, %i, %i) ({
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_terminator(%i: index) {
  // expected-error@+1 {{'loops.for' op expects regions to end with 'loops.yield', found 'func.return'}}
  "loops.for"(%i, %i, %i) ({
  ^bb0(%j: index):
    "func.return"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_empty_block(%i: index) {
  // expected-error@+1 {{'loops.for' op expects region #0 to end with 'loops.yield', found an empty block}}
  "loops.for"(%i, %i, %i) ({
  ^bb0(%j: index):
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_body_arity(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op expects the body to have 2 arguments (induction variable and carried values), got 1}}
  %0 = "loops.for"(%i, %i, %i, %x) ({
  ^bb0(%j: index):
    "loops.yield"(%x) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_iv_type(%i: index) {
  // expected-error@+1 {{'loops.for' op expects the induction variable to be an index, got f32}}
  "loops.for"(%i, %i, %i) ({
  ^bb0(%j: f32):
    "loops.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_carried_type(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op body argument #1 has type i32, but init operand #0 has type f32}}
  %0 = "loops.for"(%i, %i, %i, %x) ({
  ^bb0(%j: index, %a: i32):
    "loops.yield"(%x) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_blocks(%i: index) {
  // expected-error@+1 {{'loops.for' op expects region #0 to have 0 or 1 blocks}}
  "loops.for"(%i, %i, %i) ({
  ^bb0(%j: index):
    "loops.yield"() : () -> ()
  ^bb1:
    "loops.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_iter_args_types(%i: index, %x: f32) {
  // expected-error@+1 {{expects 1 result types for the iter_args, got 2}}
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> (f32, f32) {
    loops.yield %a : f32
  }
  return
}

// -----

func.func @parallel_segments(%i: index) {
  // expected-error@+1 {{'loops.parallel' op requires dense i32 array attribute 'operand_segment_sizes'}}
  "loops.parallel"(%i, %i, %i) ({
  ^bb0(%j: index):
    "loops.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_counts(%i: index) {
  // expected-error@+1 {{'loops.parallel' op expects the same non-zero number of lower bounds, upper bounds and steps, got 1, 2 and 1}}
  "loops.parallel"(%i, %i, %i, %i) ({
  ^bb0(%j: index):
    "loops.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 2, 1>} : (index, index, index, index) -> ()
  return
}

// -----

func.func @parallel_zero_dims() {
  // expected-error@+1 {{'loops.parallel' op expects the same non-zero number of lower bounds, upper bounds and steps, got 0, 0 and 0}}
  "loops.parallel"() ({
    "loops.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 0, 0, 0>} : () -> ()
  return
}

// -----

func.func @parallel_step(%i: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'loops.parallel' op constant step operand must be positive}}
  loops.parallel (%j, %k) = (%i, %i) to (%i, %i) step (%i, %c0) {
    loops.yield
  }
  return
}

// -----

func.func @parallel_body_arity(%i: index) {
  // expected-error@+1 {{'loops.parallel' op expects the body to have 1 index arguments}}
  "loops.parallel"(%i, %i, %i) ({
  ^bb0(%j: index, %k: index):
    "loops.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1>} : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_body_types(%i: index) {
  // expected-error@+1 {{'loops.parallel' op expects the body's arguments to be indices, but #0 is i64}}
  "loops.parallel"(%i, %i, %i) ({
  ^bb0(%j: i64):
    "loops.yield"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1>} : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_terminator(%i: index) {
  // expected-error@+1 {{'loops.parallel' op expects regions to end with 'loops.yield', found 'func.return'}}
  "loops.parallel"(%i, %i, %i) ({
  ^bb0(%j: index):
    "func.return"() : () -> ()
  }) {operand_segment_sizes = array<i32: 1, 1, 1>} : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_custom_counts(%i: index) {
  // expected-error@+1 {{expects 2 values after 'to', got 1}}
  loops.parallel (%j, %k) = (%i, %i) to (%i) step (%i, %i) {
    loops.yield
  }
  return
}

// -----

func.func @if_condition(%c: i32) {
  // expected-error@+1 {{'loops.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "loops.if"(%c) ({
    "loops.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @if_regions(%c: i1) {
  // expected-error@+1 {{'loops.if' op requires 2 regions}}
  "loops.if"(%c) ({
    "loops.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @if_empty_then(%c: i1) {
  // expected-error@+1 {{'loops.if' op expects a non-empty then region}}
  "loops.if"(%c) ({
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @if_no_else(%c: i1, %x: f32) {
  // expected-error@+1 {{'loops.if' op expects an else region when it has results}}
  %0 = loops.if %c -> f32 {
    loops.yield %x : f32
  }
  return
}

// -----

func.func @if_arguments(%c: i1) {
  // expected-error@+1 {{'loops.if' op expects region #0 to have no arguments}}
  "loops.if"(%c) ({
  ^bb0(%x: index):
    "loops.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @if_terminator(%c: i1) {
  // expected-error@+1 {{'loops.if' op expects regions to end with 'loops.yield', found 'func.return'}}
  "loops.if"(%c) ({
    "loops.yield"() : () -> ()
  }, {
    "func.return"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @if_yield(%c: i1, %x: f32) {
  %0 = loops.if %c -> f32 {
    loops.yield %x : f32
  } else {
    // expected-error@+1 {{'loops.yield' op expects 1 values to match the results of 'loops.if', got 0}}
    loops.yield
  }
  return
}

// -----

func.func @kernel_attrs(%x: tensor<4xf32>) {
  // expected-error@+1 {{'loops.kernel' op requires attribute 'name'}}
  %0 = "loops.kernel"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    "loops.yield"(%a) : (tensor<4xf32>) -> ()
  }) {kind = "pointwise"} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @kernel_kind(%x: tensor<4xf32>) {
  // expected-error@+1 {{'loops.kernel' op attribute 'kind' failed to satisfy constraint: string attribute, one of "pointwise", "reduction", "matmul", "conv", "opaque"}}
  %0 = "loops.kernel"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    "loops.yield"(%a) : (tensor<4xf32>) -> ()
  }) {name = "k", kind = "fancy"} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @kernel_arity(%x: tensor<4xf32>) {
  // expected-error@+1 {{'loops.kernel' op expects the body to have one argument per input (1)}}
  %0 = loops.kernel "k" pointwise (%x) : (tensor<4xf32>) -> tensor<4xf32> {
    %c = tensor.constant dense<1.0> : tensor<4xf32>
    loops.yield %c : tensor<4xf32>
  }
  return
}

// -----

func.func @kernel_arg_type(%x: tensor<4xf32>) {
  // expected-error@+1 {{'loops.kernel' op body argument #0 has type tensor<4xf64>, but input #0 has type tensor<4xf32>}}
  %0 = loops.kernel "k" pointwise (%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf64>):
    loops.yield %a : tensor<4xf64>
  }
  return
}

// -----

func.func @kernel_isolated(%x: tensor<4xf32>) {
  %0 = loops.kernel "k" pointwise () : () -> tensor<4xf32> {
    // The body does not see enclosing values.
    // expected-error@+1 {{use of undeclared SSA value name}}
    loops.yield %x : tensor<4xf32>
  }
  return
}

// -----

func.func @kernel_yield(%x: tensor<4xf32>) {
  %0 = loops.kernel "k" opaque (%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    // expected-error@+1 {{'loops.yield' op expects 1 values to match the results of 'loops.kernel', got 0}}
    loops.yield
  }
  return
}

// -----

func.func @kernel_terminator(%x: tensor<4xf32>) {
  // expected-error@+1 {{'loops.kernel' op expects regions to end with 'loops.yield', found 'func.return'}}
  "loops.kernel"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    "func.return"() : () -> ()
  }) {name = "k", kind = "opaque"} : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @kernel_custom_types(%x: tensor<4xf32>) {
  // expected-error@+1 {{expects 1 input types, got 2}}
  %0 = loops.kernel "k" pointwise (%x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    loops.yield %a : tensor<4xf32>
  }
  return
}

// -----

func.func @call_extern_callee(%m: memref<4xf32>) {
  // expected-error@+1 {{'loops.call_extern' op requires attribute 'callee'}}
  "loops.call_extern"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @call_extern_results(%m: memref<4xf32>) {
  // expected-error@+1 {{'loops.call_extern' op requires zero results}}
  %0 = loops.call_extern "my.kernel"(%m) : (memref<4xf32>) -> f32
  return
}

// -----

func.func @matmul_count(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects 3 buffer operands (A, B, C and an optional bias), got 2}}
  loops.call_extern "tt.matmul"(%m, %m) : (memref<4x4xf32>, memref<4x4xf32>) -> ()
  return
}

// -----

func.func @matmul_operand(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects buffer operands, but operand #2 is index}}
  loops.call_extern "tt.matmul"(%m, %m, %i) : (memref<4x4xf32>, memref<4x4xf32>, index) -> ()
  return
}

// -----

func.func @matmul_types(%a: memref<4x4xf32>, %b: memref<4x4xf64>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects buffers of one element type, got memref<4x4xf32> and memref<4x4xf64>}}
  loops.call_extern "tt.matmul"(%a, %b, %a) : (memref<4x4xf32>, memref<4x4xf64>, memref<4x4xf32>) -> ()
  return
}

// -----

func.func @matmul_half_mixed(%a: memref<4x4xf16>, %b: memref<4x4xbf16>, %c: memref<4x4xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects buffers of one element type, got memref<4x4xf16> and memref<4x4xbf16>}}
  loops.call_extern "tt.matmul"(%a, %b, %c) : (memref<4x4xf16>, memref<4x4xbf16>, memref<4x4xf32>) -> ()
  return
}

// -----

func.func @matmul_half_f64(%a: memref<4x4xf16>, %c: memref<4x4xf64>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects buffers of one element type, got memref<4x4xf16> and memref<4x4xf64>}}
  loops.call_extern "tt.matmul"(%a, %a, %c) : (memref<4x4xf16>, memref<4x4xf16>, memref<4x4xf64>) -> ()
  return
}

// -----

func.func @matmul_rank(%a: memref<4xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects A, B and C of one rank of at least 2, got memref<4xf32>, memref<4xf32> and memref<4xf32>}}
  loops.call_extern "tt.matmul"(%a, %a, %a) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @matmul_shapes(%a: memref<2x3xf32>, %b: memref<4x5xf32>, %c: memref<2x5xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects A [..., M, K], B [..., K, N] and C [..., M, N], got memref<2x3xf32>, memref<4x5xf32> and memref<2x5xf32>}}
  loops.call_extern "tt.matmul"(%a, %b, %c) : (memref<2x3xf32>, memref<4x5xf32>, memref<2x5xf32>) -> ()
  return
}

// -----

func.func @matmul_transposed_shapes(%a: memref<3x2xf32>, %b: memref<3x5xf32>, %c: memref<2x5xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects A [..., K, M] (transpose_a), B [..., N, K] (transpose_b) and C [..., M, N], got memref<3x2xf32>, memref<3x5xf32> and memref<2x5xf32>}}
  loops.call_extern "tt.matmul"(%a, %b, %c) {transpose_a, transpose_b} : (memref<3x2xf32>, memref<3x5xf32>, memref<2x5xf32>) -> ()
  return
}

// -----

func.func @matmul_transpose_attr(%a: memref<2x2xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects 'transpose_b' to be a unit attribute, got true}}
  loops.call_extern "tt.matmul"(%a, %a, %a) {transpose_b = true} : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @matmul_bias(%a: memref<2x3xf32>, %b: memref<3x5xf32>, %c: memref<2x5xf32>, %bias: memref<2xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects a bias [N] for C memref<2x5xf32>, got memref<2xf32>}}
  loops.call_extern "tt.matmul"(%a, %b, %c, %bias) : (memref<2x3xf32>, memref<3x5xf32>, memref<2x5xf32>, memref<2xf32>) -> ()
  return
}

// -----

func.func @matmul_activation(%a: memref<2x2xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects 'activation' to be one of ["relu" "gelu" "gelu_tanh"], got "sigmoid"}}
  loops.call_extern "tt.matmul"(%a, %a, %a) {activation = "sigmoid"} : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  return
}

// -----

func.func @matmul_int_gelu(%a: memref<2x2xi32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' applies gelu to floating-point products only, got memref<2x2xi32>}}
  loops.call_extern "tt.matmul"(%a, %a, %a) {activation = "gelu"} : (memref<2x2xi32>, memref<2x2xi32>, memref<2x2xi32>) -> ()
  return
}

// -----

func.func @matmul_batch(%a: memref<2x3x4xf32>, %b: memref<3x4x5xf32>, %c: memref<2x3x5xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.matmul' expects A [..., M, K], B [..., K, N] and C [..., M, N], got memref<2x3x4xf32>, memref<3x4x5xf32> and memref<2x3x5xf32>}}
  loops.call_extern "tt.matmul"(%a, %b, %c) : (memref<2x3x4xf32>, memref<3x4x5xf32>, memref<2x3x5xf32>) -> ()
  return
}

// -----

func.func @conv_count(%x: memref<1x1x4x4xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.conv2d' expects 3 buffer operands (x, w, out), got 1}}
  loops.call_extern "tt.conv2d"(%x) : (memref<1x1x4x4xf32>) -> ()
  return
}

// -----

func.func @conv_rank(%x: memref<1x4x4xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.conv2d' expects 4-D buffers (NCHW, OIHW, NCHW), got memref<1x4x4xf32>, memref<1x4x4xf32> and memref<1x4x4xf32>}}
  loops.call_extern "tt.conv2d"(%x, %x, %x) : (memref<1x4x4xf32>, memref<1x4x4xf32>, memref<1x4x4xf32>) -> ()
  return
}

// -----

func.func @conv_int(%x: memref<1x1x4x4xi32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.conv2d' expects floating-point buffers, got memref<1x1x4x4xi32>}}
  loops.call_extern "tt.conv2d"(%x, %x, %x) : (memref<1x1x4x4xi32>, memref<1x1x4x4xi32>, memref<1x1x4x4xi32>) -> ()
  return
}

// -----

func.func @conv_stride_attr(%x: memref<1x1x4x4xf32>, %w: memref<1x1x1x1xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.conv2d' expects 'stride' to be an array<i64: h, w>, got [1, 1]}}
  loops.call_extern "tt.conv2d"(%x, %w, %x) {stride = [1, 1]} : (memref<1x1x4x4xf32>, memref<1x1x1x1xf32>, memref<1x1x4x4xf32>) -> ()
  return
}

// -----

func.func @conv_stride_zero(%x: memref<1x1x4x4xf32>, %w: memref<1x1x1x1xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.conv2d' expects 'stride' of at least 1, got array<i64: 1, 0>}}
  loops.call_extern "tt.conv2d"(%x, %w, %x) {stride = array<i64: 1, 0>} : (memref<1x1x4x4xf32>, memref<1x1x1x1xf32>, memref<1x1x4x4xf32>) -> ()
  return
}

// -----

func.func @conv_padding(%x: memref<1x1x4x4xf32>, %w: memref<1x1x1x1xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.conv2d' expects 'padding' of at least 0, got array<i64: -1, 0>}}
  loops.call_extern "tt.conv2d"(%x, %w, %x) {padding = array<i64: -1, 0>} : (memref<1x1x4x4xf32>, memref<1x1x1x1xf32>, memref<1x1x4x4xf32>) -> ()
  return
}

// -----

func.func @conv_dilation(%x: memref<1x1x4x4xf32>, %w: memref<1x1x1x1xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.conv2d' expects 'dilation' to be an array<i64: h, w>, got array<i64: 1, 1, 1>}}
  loops.call_extern "tt.conv2d"(%x, %w, %x) {dilation = array<i64: 1, 1, 1>} : (memref<1x1x4x4xf32>, memref<1x1x1x1xf32>, memref<1x1x4x4xf32>) -> ()
  return
}

// -----

func.func @conv_groups(%x: memref<1x1x4x4xf32>, %w: memref<1x1x1x1xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.conv2d' expects 'groups' to be a positive integer, got 0 : i64}}
  loops.call_extern "tt.conv2d"(%x, %w, %x) {groups = 0 : i64} : (memref<1x1x4x4xf32>, memref<1x1x1x1xf32>, memref<1x1x4x4xf32>) -> ()
  return
}

// -----

func.func @conv_shapes(%x: memref<1x4x8x8xf32>, %w: memref<6x2x3x3xf32>, %o: memref<1x6x8x8xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.conv2d' with stride [1 1], padding [0 0], dilation [1 1] and groups 2 cannot map memref<1x4x8x8xf32> and memref<6x2x3x3xf32> to memref<1x6x8x8xf32>}}
  loops.call_extern "tt.conv2d"(%x, %w, %o) {groups = 2 : i64} : (memref<1x4x8x8xf32>, memref<6x2x3x3xf32>, memref<1x6x8x8xf32>) -> ()
  return
}

// -----

func.func @conv_channels(%x: memref<1x4x8x8xf32>, %w: memref<6x4x3x3xf32>, %o: memref<1x6x6x6xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.conv2d' with stride [1 1], padding [0 0], dilation [1 1] and groups 2 cannot map memref<1x4x8x8xf32> and memref<6x4x3x3xf32> to memref<1x6x6x6xf32>}}
  loops.call_extern "tt.conv2d"(%x, %w, %o) {groups = 2 : i64} : (memref<1x4x8x8xf32>, memref<6x4x3x3xf32>, memref<1x6x6x6xf32>) -> ()
  return
}

// -----

func.func @reductions_count(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op expects 'reductions' to list one reduction kind per carried value (1), got 2}}
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    %s = arith.addf %a, %x : f32
    loops.yield %s : f32
  } {reductions = ["addf", "addf"]}
  return
}

// -----

func.func @reductions_not_strings(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op attribute 'reductions' failed to satisfy constraint: array of reduction kind strings}}
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    loops.yield %a : f32
  } {reductions = [1]}
  return
}

// -----

func.func @reductions_unknown_kind(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op carried value #0 has the unknown reduction kind 'add' (expected one of none, online_max, online_sum, addf, addi, andi, maxf, maximumf, maxsi, maxui, minf, minimumf, minsi, minui, mulf, muli, ori, xori)}}
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    %s = arith.addf %a, %x : f32
    loops.yield %s : f32
  } {reductions = ["add"]}
  return
}

// -----

func.func @reductions_kind_type(%i: index, %x: i32) {
  // expected-error@+1 {{'loops.for' op carried value #0 of reduction kind 'addf' has type i32}}
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> i32 {
    %s = arith.addi %a, %x : i32
    loops.yield %s : i32
  } {reductions = ["addf"]}
  return
}

// -----

func.func @reductions_online_unpaired(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op carried value #0: 'online_max' and 'online_sum' come as adjacent pairs (the running maximum, then the sum)}}
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    %s = arith.maxf %a, %x : f32
    loops.yield %s : f32
  } {reductions = ["online_max"]}
  return
}

// -----

func.func @reductions_wrong_combiner(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op carried value #0 (addf): expects it to reach 'loops.yield' through 'arith.addf' and nested 'loops.for' only, but 'arith.mulf' uses it}}
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    %s = arith.mulf %a, %x : f32
    loops.yield %s : f32
  } {reductions = ["addf"]}
  return
}

// -----

func.func @reductions_read_elsewhere(%i: index, %x: f32, %b: memref<4xf32>) {
  // expected-error@+1 {{'loops.for' op carried value #0 (addf): expects it to reach 'loops.yield' through 'arith.addf' and nested 'loops.for' only, each the only user of the value before}}
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    %s = arith.addf %a, %x : f32
    loops.store %a, %b[%j] : memref<4xf32>
    loops.yield %s : f32
  } {reductions = ["addf"]}
  return
}

// -----

func.func @reductions_nested_kind(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op carried value #0 (maxf): expects the nested 'loops.for' that carries it on to declare it 'maxf'}}
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    %1 = loops.for %k = %i to %i step %i iter_args(%b = %a) -> f32 {
      %s = arith.maxf %b, %x : f32
      loops.yield %s : f32
    }
    loops.yield %1 : f32
  } {reductions = ["maxf"]}
  return
}

// -----

func.func @reductions_nested_init(%i: index, %x: f32) {
  // expected-error@+1 {{'loops.for' op carried value #0 (maxf): expects it to reach 'loops.yield' through 'arith.maxf' and nested 'loops.for' only, but 'arith.maxf' uses it}}
  %0 = loops.for %j = %i to %i step %i iter_args(%a = %x) -> f32 {
    %1 = loops.for %k = %i to %i step %i iter_args(%b = %x) -> f32 {
      %s = arith.maxf %b, %a : f32
      loops.yield %s : f32
    } {reductions = ["maxf"]}
    loops.yield %1 : f32
  } {reductions = ["maxf"]}
  return
}

// -----

func.func @reductions_online_escapes(%i: index, %x: f32, %y: f64, %b: memref<4xf64>) {
  // expected-error@+1 {{'loops.for' op carried values #0 and #1 (online_max, online_sum): 'loops.store' reads them}}
  %0:2 = loops.for %j = %i to %i step %i iter_args(%m = %x, %s = %y) -> (f32, f64) {
    %m2 = arith.maxf %m, %x : f32
    %s2 = arith.addf %s, %y : f64
    loops.store %s2, %b[%j] : memref<4xf64>
    loops.yield %m2, %s2 : f32, f64
  } {reductions = ["online_max", "online_sum"]}
  return
}

// -----

func.func @reductions_online_crosses(%i: index, %x: f32, %y: f64) {
  // expected-error@+1 {{'loops.for' op carried values #0 and #1 (online_max, online_sum): the body yields a value computed from them as carried value #2}}
  %0:3 = loops.for %j = %i to %i step %i iter_args(%m = %x, %s = %y, %t = %y) -> (f32, f64, f64) {
    %m2 = arith.maxf %m, %x : f32
    %s2 = arith.addf %s, %y : f64
    loops.yield %m2, %s2, %s2 : f32, f64, f64
  } {reductions = ["online_max", "online_sum", "none"]}
  return
}

// -----

func.func @pool_kernel(%x: memref<1x1x4x4xf32>, %o: memref<1x1x2x2xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.max_pool2d' expects a 'kernel' attribute}}
  loops.call_extern "tt.max_pool2d"(%x, %o) : (memref<1x1x4x4xf32>, memref<1x1x2x2xf32>) -> ()
  return
}

// -----

func.func @pool_padding(%x: memref<1x1x4x4xf32>, %o: memref<1x1x2x2xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.max_pool2d' expects a padding of at most half the kernel [2 2], got [2 0]}}
  loops.call_extern "tt.max_pool2d"(%x, %o) {kernel = array<i64: 2, 2>, padding = array<i64: 2, 0>} : (memref<1x1x4x4xf32>, memref<1x1x2x2xf32>) -> ()
  return
}

// -----

func.func @pool_shapes(%x: memref<1x1x4x4xf32>, %o: memref<1x1x3x2xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.max_pool2d' with kernel [2 2], stride [2 2], padding [0 0] and dilation [1 1] cannot map memref<1x1x4x4xf32> to memref<1x1x3x2xf32>}}
  loops.call_extern "tt.max_pool2d"(%x, %o) {kernel = array<i64: 2, 2>} : (memref<1x1x4x4xf32>, memref<1x1x3x2xf32>) -> ()
  return
}

// -----

func.func @pool_rank(%x: memref<4x4xf32>) {
  // expected-error@+1 {{'loops.call_extern' op 'tt.max_pool2d' expects 4-D buffers (NCHW), got memref<4x4xf32> and memref<4x4xf32>}}
  loops.call_extern "tt.max_pool2d"(%x, %x) {kernel = array<i64: 1, 1>} : (memref<4x4xf32>, memref<4x4xf32>) -> ()
  return
}
