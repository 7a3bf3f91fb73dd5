// The generic form of every gpu op, as mlir-opt-16 prints it (the GENERIC
// lines are its output): dimensions as #gpu<dim x>, shuffle modes as
// #gpu<shuffle_mode xor>, the implicit gpu.module_end written out, nine
// operand segments for gpu.launch_func and eight for gpu.launch; tt-opt
// reads its own generic output back.
// RUN: tt-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: tt-opt %s --print-op-generic | tt-opt --print-op-generic | filecheck %s --check-prefix=GENERIC

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "gpu.module"() ({
// GENERIC-NEXT: "gpu.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: memref<?xf32>, %arg1: index, %arg2: memref<32xf32, #gpu.address_space<workgroup>>, %arg3: memref<4xf32, #gpu.address_space<private>>):
// GENERIC-NEXT: %0 = "gpu.thread_id"() {dimension = #gpu<dim x>} : () -> index
// GENERIC-NEXT: %1 = "gpu.thread_id"() {dimension = #gpu<dim y>} : () -> index
// GENERIC-NEXT: %2 = "gpu.block_id"() {dimension = #gpu<dim z>} : () -> index
// GENERIC-NEXT: %3 = "gpu.block_dim"() {dimension = #gpu<dim x>} : () -> index
// GENERIC-NEXT: %4 = "gpu.grid_dim"() {dimension = #gpu<dim y>} : () -> index
// GENERIC-NEXT: %5 = "gpu.lane_id"() : () -> index
// GENERIC-NEXT: "gpu.barrier"() : () -> ()
// GENERIC-NEXT: %6 = "arith.constant"() {value = 1 : i32} : () -> i32
// GENERIC-NEXT: %7 = "arith.constant"() {value = 32 : i32} : () -> i32
// GENERIC-NEXT: %8 = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
// GENERIC-NEXT: %9:2 = "gpu.shuffle"(%8, %6, %7) {mode = #gpu<shuffle_mode xor>} : (f32, i32, i32) -> (f32, i1)
// GENERIC-NEXT: %10:2 = "gpu.shuffle"(%6, %6, %7) {mode = #gpu<shuffle_mode down>} : (i32, i32, i32) -> (i32, i1)
// GENERIC-NEXT: %11:2 = "gpu.shuffle"(%8, %6, %7) {mode = #gpu<shuffle_mode up>} : (f32, i32, i32) -> (f32, i1)
// GENERIC-NEXT: %12:2 = "gpu.shuffle"(%8, %6, %7) {mode = #gpu<shuffle_mode idx>} : (f32, i32, i32) -> (f32, i1)
// GENERIC-NEXT: "gpu.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = (memref<?xf32>, index) -> (), gpu.kernel, sym_name = "every_op", workgroup_attributions = 1 : i64} : () -> ()
// GENERIC-NEXT: "gpu.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: f32):
// GENERIC-NEXT: "gpu.return"(%arg0) : (f32) -> ()
// GENERIC-NEXT: }) {arg_attrs = [{foo.bar}], foo.y, function_type = (f32) -> f32, sym_name = "helper", workgroup_attributions = 0 : i64} : () -> ()
// GENERIC-NEXT: "gpu.module_end"() : () -> ()
// GENERIC-NEXT: }) {sym_name = "kernels"} : () -> ()
// GENERIC-NEXT: "gpu.module"() ({
// GENERIC-NEXT: "gpu.module_end"() : () -> ()
// GENERIC-NEXT: }) {sym_name = "empty"} : () -> ()
// GENERIC-NEXT: "func.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: memref<?xf32>, %arg1: index):
// GENERIC-NEXT: %0 = "arith.constant"() {value = 1 : index} : () -> index
// GENERIC-NEXT: %1 = "arith.constant"() {value = 64 : i32} : () -> i32
// GENERIC-NEXT: "gpu.launch_func"(%0, %0, %0, %arg1, %0, %0, %1, %arg0, %arg1) {kernel = @kernels::@every_op, operand_segment_sizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 2>} : (index, index, index, index, index, index, i32, memref<?xf32>, index) -> ()
// GENERIC-NEXT: "gpu.launch_func"(%0, %0, %0, %arg1, %0, %0, %arg0, %arg1) {foo = 1 : i32, kernel = @kernels::@every_op, operand_segment_sizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 2>} : (index, index, index, index, index, index, memref<?xf32>, index) -> ()
// GENERIC-NEXT: "gpu.launch"(%0, %0, %0, %arg1, %0, %0) ({
// GENERIC-NEXT: ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index, %arg9: index, %arg10: index, %arg11: index, %arg12: index, %arg13: index):
// GENERIC-NEXT: %2 = "arith.addi"(%arg2, %arg5) : (index, index) -> index
// GENERIC-NEXT: "gpu.terminator"() : () -> ()
// GENERIC-NEXT: }) {operand_segment_sizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0>} : (index, index, index, index, index, index) -> ()
// GENERIC-NEXT: "gpu.launch"(%0, %0, %0, %arg1, %0, %0, %1) ({
// GENERIC-NEXT: ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index, %arg9: index, %arg10: index, %arg11: index, %arg12: index, %arg13: index):
// GENERIC-NEXT: "gpu.terminator"() : () -> ()
// GENERIC-NEXT: }) {operand_segment_sizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1>} : (index, index, index, index, index, index, i32) -> ()
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = (memref<?xf32>, index) -> (), sym_name = "host"} : () -> ()
// GENERIC-NEXT: "gpu.module"() ({
// GENERIC-NEXT: "gpu.func"() ({
// GENERIC-NEXT: "gpu.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = () -> (), gpu.kernel, sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
// GENERIC-NEXT: "gpu.module_end"() : () -> ()
// GENERIC-NEXT: }) {sym_name = "noargs"} : () -> ()
// GENERIC-NEXT: "func.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: index):
// GENERIC-NEXT: "gpu.launch_func"(%arg0, %arg0, %arg0, %arg0, %arg0, %arg0) {kernel = @noargs::@k, operand_segment_sizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0>} : (index, index, index, index, index, index) -> ()
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = (index) -> (), sym_name = "host2"} : () -> ()
// GENERIC-NEXT: }) {gpu.container_module} : () -> ()

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
