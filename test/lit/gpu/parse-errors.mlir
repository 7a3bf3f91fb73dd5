// Parse errors of the gpu dialect's enums, with MLIR 16's first message
// (mlir-opt-16 adds a second one: "failed to parse GPU_..Attr parameter").
// RUN: tt-opt %s --split-input-file --verify-diagnostics

func.func @f(%v: f32, %o: i32) {
  // expected-error@+1 {{expected ::mlir::gpu::ShuffleMode to be one of: xor, up, down, idx}}
  %a, %b = gpu.shuffle foo %v, %o, %o : f32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{expected ::mlir::gpu::Dimension to be one of: x, y, z}}
  %0 = gpu.thread_id w
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{expected ::mlir::gpu::Dimension to be one of: x, y, z}}
  %0 = "gpu.thread_id"() {dimension = #gpu<dim w>} : () -> index
  return
}

// -----

// expected-error@+1 {{expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private}}
func.func @f(%v: memref<4xf32, #gpu.address_space<foo>>) {
  return
}
