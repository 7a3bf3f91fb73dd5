// Verifier errors of the gpu dialect, with MLIR 16's messages
// (invalid-mlir-opt.mlir checks the same expectations against mlir-opt-16).
// RUN: tt-opt %s --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @nk(%a: memref<?xf32>) { gpu.return }
  }
  func.func @h(%a: memref<?xf32>, %i: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @k::@nk blocks in (%i, %i, %i) threads in (%i, %i, %i) args(%a : memref<?xf32>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a: memref<?xf32>) kernel { gpu.return }
  }
  func.func @h(%a: memref<?xf32>, %i: index) {
    // expected-error@+1 {{'gpu.launch_func' op got 2 kernel operands but expected 1}}
    gpu.launch_func @k::@f blocks in (%i, %i, %i) threads in (%i, %i, %i) args(%a : memref<?xf32>, %i : index)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a: memref<?xf32>) kernel { gpu.return }
  }
  func.func @h(%a: memref<4xf32>, %i: index) {
    // expected-error@+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @k::@f blocks in (%i, %i, %i) threads in (%i, %i, %i) args(%a : memref<4xf32>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @h(%a: memref<4xf32>, %i: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel module 'k' is undefined}}
    gpu.launch_func @k::@f blocks in (%i, %i, %i) threads in (%i, %i, %i) args(%a : memref<4xf32>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
  }
  func.func @h(%a: memref<4xf32>, %i: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function '@k::@f' is undefined}}
    gpu.launch_func @k::@f blocks in (%i, %i, %i) threads in (%i, %i, %i) args(%a : memref<4xf32>)
    return
  }
}

// -----

module {
  func.func @h(%a: memref<4xf32>, %i: index) {
    // expected-error@+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
    gpu.launch_func @k::@f blocks in (%i, %i, %i) threads in (%i, %i, %i) args(%a : memref<4xf32>)
    return
  }
}

// -----

gpu.module @k {
  // expected-error@+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @f(%a: memref<?xf32>) workgroup(%w : memref<4xf32, #gpu.address_space<private>>) kernel { gpu.return }
}

// -----

gpu.module @k {
  // expected-error@+1 {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @f(%a: memref<?xf32>) private(%w : memref<4xf32, #gpu.address_space<workgroup>>) kernel { gpu.return }
}

// -----

gpu.module @k {
  // expected-error@+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @f(%a: memref<?xf32>) private(%w : f32) kernel { gpu.return }
}

// -----

gpu.module @k {
  // expected-error@+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @f(%a: memref<?xf32>) -> f32 kernel {
    %c = arith.constant 1.0 : f32
    gpu.return %c : f32
  }
}

// -----

gpu.module @k {
  // expected-note@+1 {{return type declared here}}
  gpu.func @f(%a: memref<?xf32>) -> f32 {
    // expected-error@+1 {{'gpu.return' op expected 1 result operands}}
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @f(%a: memref<?xf32>) -> f32 {
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'gpu.return' op unexpected type `'i32'' for operand #0}}
    gpu.return %c : i32
  }
}

// -----

// expected-error@+1 {{'gpu.func' op expects parent op 'gpu.module'}}
gpu.func @f() kernel { gpu.return }

// -----

func.func @f(%v: f16, %o: i32) {
  // expected-error@+1 {{'gpu.shuffle' op operand #0 must be i32 or f32, but got 'f16'}}
  %a, %b = gpu.shuffle xor %v, %o, %o : f16
  return
}

// -----

func.func @f(%i: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %i, %gy = %i, %gz = %i) threads(%tx, %ty, %tz) in (%sx = %i, %sy = %i, %sz = %i) {
    // expected-error@+1 {{'gpu.return' op expects parent op 'gpu.func'}}
    gpu.return
  }
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'gpu.terminator' op expects parent op 'gpu.launch'}}
  gpu.terminator
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'gpu.launch' op unexpected number of region arguments}}
  "gpu.launch"(%i, %i, %i, %i, %i, %i) ({
  ^bb0(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index):
    "gpu.terminator"() : () -> ()
  }) {operand_segment_sizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0>} : (index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'gpu.module_end' op expects parent op 'gpu.module'}}
  "gpu.module_end"() : () -> ()
}
