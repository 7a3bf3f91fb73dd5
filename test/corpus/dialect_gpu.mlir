// The gpu dialect (MLIR 16): every op in its custom form, as mlir-opt-16 prints it.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @every_op(%arg0: memref<?xf32>, %arg1: index) workgroup(%arg2 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg3 : memref<4xf32, #gpu.address_space<private>>) kernel {
      %0 = gpu.thread_id  x
      %1 = gpu.thread_id  y
      %2 = gpu.block_id  z
      %3 = gpu.block_dim  x
      %4 = gpu.grid_dim  y
      %5 = gpu.lane_id
      gpu.barrier
      %c1_i32 = arith.constant 1 : i32
      %c32_i32 = arith.constant 32 : i32
      %cst = arith.constant 1.000000e+00 : f32
      %shuffleResult, %valid = gpu.shuffle  xor %cst, %c1_i32, %c32_i32 : f32
      %shuffleResult_0, %valid_1 = gpu.shuffle  down %c1_i32, %c1_i32, %c32_i32 : i32
      %shuffleResult_2, %valid_3 = gpu.shuffle  up %cst, %c1_i32, %c32_i32 : f32
      %shuffleResult_4, %valid_5 = gpu.shuffle  idx %cst, %c1_i32, %c32_i32 : f32
      gpu.return
    }
    gpu.func @helper(%arg0: f32 {foo.bar}) -> f32 attributes {foo.y} {
      gpu.return %arg0 : f32
    }
  }
  gpu.module @empty {
  }
  func.func @host(%arg0: memref<?xf32>, %arg1: index) {
    %c1 = arith.constant 1 : index
    %c64_i32 = arith.constant 64 : i32
    gpu.launch_func  @kernels::@every_op blocks in (%c1, %c1, %c1) threads in (%arg1, %c1, %c1) dynamic_shared_memory_size %c64_i32 args(%arg0 : memref<?xf32>, %arg1 : index)
    gpu.launch_func  @kernels::@every_op blocks in (%c1, %c1, %c1) threads in (%arg1, %c1, %c1) args(%arg0 : memref<?xf32>, %arg1 : index) {foo = 1 : i32}
    gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg1, %arg12 = %c1, %arg13 = %c1) {
      %0 = arith.addi %arg2, %arg5 : index
      gpu.terminator
    }
    gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg1, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %c64_i32 {
      gpu.terminator
    }
    return
  }
  gpu.module @noargs {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @host2(%arg0: index) {
    gpu.launch_func  @noargs::@k blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0) 
    return
  }
}
