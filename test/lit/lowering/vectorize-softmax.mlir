// The online softmax normalizer (log_softmax's max and Σ exp(x - max) in
// one loop) runs lane by lane: 8 running maxima and sums in vector
// accumulators, merged after the loop when the row maximum is finite (else
// the scalar loop runs the row again), then the tail. Softmax's three
// loops (the maximum; exp(x - max) stored into the output while Σ is
// summed; the output scaled by 1/Σ) vectorize as plain loops, with vector
// reductions.
// RUN: tt-opt %s --pass-pipeline='builtin.module(decompose,canonicalize,cse,fuse,tensor-to-loops,plan-memory,vectorize,canonicalize,cse)' | filecheck %s
// RUN: tt-opt %s --pass-pipeline='builtin.module(decompose,canonicalize,cse,fuse,tensor-to-loops,plan-memory,vectorize)' --pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// STATS: Vectorize
// STATS-DAG: (S) 1 num-online-normalizers
// STATS-DAG: (S) 3 num-vector-reductions
// STATS-DAG: (S) 5 num-vectorized
// STATS-DAG: (S) 5 num-tails

// CHECK-LABEL: func.func @log_softmax
// CHECK: %[[V:.*]]:2 = loops.for %{{.*}} = %c0 to %c96 step %c8 iter_args(%[[M:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) -> (vector<8xf32>, vector<8xf64>) {
// CHECK: arith.maxf %[[M]], %{{.*}} : vector<8xf32>
// CHECK: %[[E:.*]] = math.exp %{{.*}} : vector<8xf32>
// CHECK: arith.extf %[[E]] : vector<8xf32> to vector<8xf64>
// CHECK: arith.select %{{.*}}, %[[S]], %{{.*}} : vector<8xi1>, vector<8xf64>
// CHECK: %[[MAX:.*]] = vector.reduction <maxf>, %[[V]]#0 : vector<8xf32> into f32
// CHECK: %[[ABS:.*]] = math.absf %[[MAX]] : f32
// CHECK: %[[FIN:.*]] = arith.cmpf olt, %[[ABS]], %{{.*}} : f32
// CHECK: %[[R:.*]]:2 = loops.if %[[FIN]] -> (f32, f64) {
// CHECK: %[[MB:.*]] = vector.broadcast %[[MAX]] : f32 to vector<8xf32>
// CHECK: %[[D:.*]] = arith.subf %[[V]]#0, %[[MB]] : vector<8xf32>
// CHECK: vector.reduction <add>, %{{.*}} : vector<8xf64> into f64
// CHECK: } else {
// CHECK: loops.for %{{.*}} = %c0 to %c96 step %c1 iter_args
// CHECK: loops.for %{{.*}} = %c96 to %c100 step %c1 iter_args(%{{.*}} = %[[R]]#0, %{{.*}} = %[[R]]#1) -> (f32, f64) {
func.func @log_softmax(%x: tensor<32x100xf32>) -> tensor<32x100xf32> {
  %0 = tensor.log_softmax %x dim = 1 : tensor<32x100xf32>
  return %0 : tensor<32x100xf32>
}

// CHECK-LABEL: func.func @softmax
// CHECK: %[[MV:.*]] = loops.for %{{.*}} = %c0 to %c96 step %c8 iter_args(%[[MA:.*]] = %{{.*}}) -> vector<8xf32> {
// CHECK: arith.maxf %[[MA]], %{{.*}} : vector<8xf32>
// CHECK: vector.reduction <maxf>, %[[MV]] : vector<8xf32> into f32
// CHECK: %[[SV:.*]] = loops.for %[[J:.*]] = %c0 to %c96 step %c8 iter_args(%[[SA:.*]] = %{{.*}}) -> vector<8xf64> {
// CHECK: %[[E:.*]] = math.exp %{{.*}} : vector<8xf32>
// CHECK: %[[EW:.*]] = arith.extf %[[E]] : vector<8xf32> to vector<8xf64>
// CHECK: arith.addf %[[SA]], %[[EW]] : vector<8xf64>
// CHECK: vector.store %[[E]], %[[OUT:.*]][%{{.*}}, %[[J]]] : memref<32x100xf32>, vector<8xf32>
// CHECK: vector.reduction <add>, %[[SV]] : vector<8xf64> into f64
// CHECK: loops.for %{{.*}} = %c96 to %c100 step %c1 iter_args
// CHECK: %[[RW:.*]] = arith.divf %{{.*}}, %{{.*}} : f64
// CHECK: %[[R:.*]] = arith.truncf %[[RW]] : f64 to f32
// CHECK: %[[RV:.*]] = vector.broadcast %[[R]] : f32 to vector<8xf32>
// CHECK: loops.for %[[K:.*]] = %c0 to %c96 step %c8 {
// CHECK-NEXT: %[[Y:.*]] = vector.load %[[OUT]][%{{.*}}, %[[K]]] : memref<32x100xf32>, vector<8xf32>
// CHECK-NEXT: %[[Z:.*]] = arith.mulf %[[Y]], %[[RV]] : vector<8xf32>
// CHECK-NEXT: vector.store %[[Z]], %[[OUT]][%{{.*}}, %[[K]]] : memref<32x100xf32>, vector<8xf32>
// CHECK: loops.for %{{.*}} = %c96 to %c100 step %c1 {
// CHECK-NOT: math.exp
// CHECK: return
func.func @softmax(%x: tensor<32x100xf32>) -> tensor<32x100xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<32x100xf32>
  return %0 : tensor<32x100xf32>
}
