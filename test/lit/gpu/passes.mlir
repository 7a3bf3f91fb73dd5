// canonicalize and cse on a kernel: duplicate ids merge, unused ids and
// shuffles go (they are Pure, as in MLIR 16), barriers stay (their memory
// effects are unknown) and so do loads and stores across them.
// mlir-opt-16 --canonicalize --cse prints the same for this kernel with
// memref.load/store in place of loops.load/store.
// RUN: tt-opt --canonicalize --cse %s | filecheck %s

// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT: gpu.module @kernels {
// CHECK-NEXT: gpu.func @k(%arg0: memref<?xf32>) workgroup(%arg1 : memref<32xf32, #gpu.address_space<workgroup>>) kernel {
// CHECK-NEXT: %c32_i32 = arith.constant 32 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = gpu.thread_id  x
// CHECK-NEXT: %1 = gpu.thread_id  y
// CHECK-NEXT: %2 = loops.load %arg0[%0] : memref<?xf32>
// CHECK-NEXT: %shuffleResult, %valid = gpu.shuffle  xor %2, %c1_i32, %c32_i32 : f32
// CHECK-NEXT: loops.store %shuffleResult, %arg1[%0] : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %3 = loops.load %arg1[%1] : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: loops.store %3, %arg0[%0] : memref<?xf32>
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<?xf32>) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %t0 = gpu.thread_id x
      %t1 = gpu.thread_id x
      %t2 = gpu.thread_id y
      %unused = gpu.lane_id
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %x = loops.load %a[%t0] : memref<?xf32>
      %dead, %deadv = gpu.shuffle xor %x, %c1, %c32 : f32
      %s, %v = gpu.shuffle xor %x, %c1, %c32 : f32
      loops.store %s, %w[%t1] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      gpu.barrier
      %y = loops.load %w[%t2] : memref<32xf32, #gpu.address_space<workgroup>>
      loops.store %y, %a[%t0] : memref<?xf32>
      gpu.return
    }
  }
}
