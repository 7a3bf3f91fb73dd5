// A gpu-level module runs in the reference interpreter: each block of 8
// threads reduces one row of x with warp shuffles (the sum with xor, the
// maximum with down and the valid flag), lane 0 passes both through
// workgroup memory, and after a barrier threads 0 and 1 write them.
// Inputs/rowstats_want.npy is numpy's x.sum(1) and x.max(1), stacked.
// RUN: tt-run %s --entry rowstats --input %S/../ttrun/Inputs/x.npy --out %t && npycmp %t/out0.npy %S/Inputs/rowstats_want.npy --rtol 1e-6 --atol 1e-6

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rowstats(%x: memref<4x8xf32>, %out: memref<4x2xf32>) workgroup(%w : memref<2xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %i1 = arith.constant 1 : i32
      %i4 = arith.constant 4 : i32
      %width = arith.constant 8 : i32
      %row = gpu.block_id x
      %tid = gpu.thread_id x
      %v = loops.load %x[%row, %tid] : memref<4x8xf32>
      %r:2 = loops.for %k = %c0 to %c3 step %c1 iter_args(%s = %v, %m = %v) -> (f32, f32) {
        %k32 = arith.index_cast %k : index to i32
        %off = arith.shrui %i4, %k32 : i32
        %o, %ok = gpu.shuffle xor %s, %off, %width : f32
        %s2 = arith.addf %s, %o : f32
        %d, %valid = gpu.shuffle down %m, %off, %width : f32
        %dm = arith.maxf %m, %d : f32
        %m2 = arith.select %valid, %dm, %m : f32
        loops.yield %s2, %m2 : f32, f32
      }
      %lane = gpu.lane_id
      %first = arith.cmpi eq, %lane, %c0 : index
      loops.if %first {
        loops.store %r#0, %w[%c0] : memref<2xf32, #gpu.address_space<workgroup>>
        loops.store %r#1, %w[%c1] : memref<2xf32, #gpu.address_space<workgroup>>
        loops.yield
      }
      gpu.barrier
      %writer = arith.cmpi ult, %tid, %c2 : index
      loops.if %writer {
        %y = loops.load %w[%tid] : memref<2xf32, #gpu.address_space<workgroup>>
        loops.store %y, %out[%row, %tid] : memref<4x2xf32>
        loops.yield
      }
      gpu.return
    }
  }
  func.func @rowstats(%x: memref<4x8xf32>) -> memref<4x2xf32> {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %out = loops.alloc() : memref<4x2xf32>
    gpu.launch_func @kernels::@rowstats blocks in (%c4, %c1, %c1) threads in (%c8, %c1, %c1) args(%x : memref<4x8xf32>, %out : memref<4x2xf32>)
    return %out : memref<4x2xf32>
  }
}
