// The online softmax normalizer runs lane by lane: 8 running maxima and
// sums in vector accumulators, merged after the loop when the row maximum
// is finite (else the scalar loop runs the row again), then the tail.
// RUN: tt-opt %s --pass-pipeline='builtin.module(decompose,canonicalize,cse,fuse,tensor-to-loops,plan-memory,vectorize,canonicalize,cse)' | filecheck %s
// RUN: tt-opt %s --pass-pipeline='builtin.module(decompose,canonicalize,cse,fuse,tensor-to-loops,plan-memory,vectorize)' --pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// STATS: Vectorize
// STATS-DAG: (S) 1 num-online-normalizers
// STATS-DAG: (S) 2 num-vectorized
// STATS-DAG: (S) 2 num-tails

// CHECK-LABEL: func.func @softmax
// CHECK: %[[V:.*]]:2 = loops.for %{{.*}} = %c0 to %c96 step %c8 iter_args(%[[M:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) -> (vector<8xf32>, vector<8xf64>) {
// CHECK: arith.maxf %[[M]], %{{.*}} : vector<8xf32>
// CHECK: math.exp %{{.*}} : vector<8xf64>
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
func.func @softmax(%x: tensor<32x100xf32>) -> tensor<32x100xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<32x100xf32>
  return %0 : tensor<32x100xf32>
}
