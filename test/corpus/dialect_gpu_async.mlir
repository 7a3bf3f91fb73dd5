// Async launches of the gpu dialect: !gpu.async.token results and dependencies.
module attributes {gpu.container_module} {
  gpu.module @noargs {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @async(%arg0: index, %arg1: !gpu.async.token) -> (!gpu.async.token, !gpu.async.token) {
    %0 = gpu.launch_func async [%arg1] @noargs::@k blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0) 
    gpu.launch_func [%0, %arg1] @noargs::@k blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0) 
    %1 = gpu.launch async [%0] blocks(%arg2, %arg3, %arg4) in (%arg8 = %arg0, %arg9 = %arg0, %arg10 = %arg0) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg0, %arg12 = %arg0, %arg13 = %arg0) {
      gpu.terminator
    }
    return %0, %1 : !gpu.async.token, !gpu.async.token
  }
}
