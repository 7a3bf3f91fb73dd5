// Verifier errors of the tensor ops, one chunk per message (in custom form
// where the op parses, so inference errors are reported while parsing).
// RUN: tt-opt %s --split-input-file --verify-diagnostics

// element-wise operands have identical types
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.add' op requires the same type for all operands and results}}
  %0 = "tensor.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// no implicit broadcasting in the custom form either
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'tensor<2x3xf32>' vs 'tensor<3xf32>'}}
  %0 = tensor.mul %a, %b : tensor<2x3xf32>
  return
}

// -----

// arithmetic on i1
func.func @f(%a: tensor<4xi1>) {
  // expected-error@+1 {{'tensor.add' op operand #0 must be ranked tensor of f16, bf16, f32, f64, i32 or i64 values, but got 'tensor<4xi1>'}}
  %0 = "tensor.add"(%a, %a) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return
}

// -----

// transcendental ops need floats
func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'tensor.exp' op operand #0 must be ranked tensor of f16, bf16, f32 or f64 values, but got 'tensor<4xi32>'}}
  %0 = "tensor.exp"(%a) : (tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

// unsupported element type
func.func @f(%a: tensor<4xi8>) {
  // expected-error@+1 {{'tensor.neg' op operand #0 must be ranked tensor of f16, bf16, f32, f64, i32 or i64 values, but got 'tensor<4xi8>'}}
  %0 = "tensor.neg"(%a) : (tensor<4xi8>) -> tensor<4xi8>
  return
}

// -----

// unranked tensors are not supported
func.func @f(%a: tensor<*xf32>) {
  // expected-error@+1 {{'tensor.relu' op operand #0 must be ranked tensor}}
  %0 = "tensor.relu"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

// gelu approximate
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.gelu' op attribute 'approximate' failed to satisfy constraint: string attribute, one of "none", "tanh"}}
  %0 = "tensor.gelu"(%a) {approximate = "fast"} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// cmp predicate
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cmp' op attribute 'predicate' failed to satisfy constraint}}
  %0 = "tensor.cmp"(%a, %a) {predicate = "olt"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

// cmp without predicate
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cmp' op requires attribute 'predicate'}}
  %0 = "tensor.cmp"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}

// -----

// cmp operand types
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error@+1 {{'tensor.cmp' op requires all operands to have the same type}}
  %0 = "tensor.cmp"(%a, %b) {predicate = "eq"} : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xi1>
  return
}

// -----

// cmp result shape
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cmp' op inferred type(s) 'tensor<4xi1>' are incompatible with return type(s) of operation 'tensor<2x2xi1>'}}
  %0 = "tensor.cmp"(%a, %a) {predicate = "eq"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<2x2xi1>
  return
}

// -----

// select condition shape
func.func @f(%c: tensor<3xi1>, %a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.select' op condition shape [3] must equal the operand shape [2]}}
  %0 = "tensor.select"(%c, %a, %a) : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// select branches
func.func @f(%c: tensor<2xi1>, %a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error@+1 {{'tensor.select' op operands must have identical types (broadcasting is explicit: use tensor.broadcast), but got 'tensor<2xf32>' and 'tensor<2xf64>'}}
  %0 = "tensor.select"(%c, %a, %b) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return
}

// -----

// select condition type
func.func @f(%c: tensor<2xf32>, %a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.select' op operand #0 must be ranked tensor of i1 values, but got 'tensor<2xf32>'}}
  %0 = "tensor.select"(%c, %a, %a) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// cast keeps the shape
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.cast' op result shape [3] must equal the operand shape [2]}}
  %0 = tensor.cast %a : tensor<2xf32> -> tensor<3xi32>
  return
}

// -----

// constant type
func.func @f() {
  // expected-error@+1 {{'tensor.constant' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "tensor.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  return
}

// -----

// constant value
func.func @f() {
  // expected-error@+1 {{'tensor.constant' op attribute 'value' failed to satisfy constraint: dense elements attribute of a statically shaped tensor}}
  %0 = "tensor.constant"() {value = 1.0 : f32} : () -> tensor<f32>
  return
}

// -----

// full value type
func.func @f() {
  // expected-error@+1 {{'tensor.full' op attribute 'value' has type 'f64', but the element type is 'f32'}}
  %0 = tensor.full 1.0 : f64 -> tensor<2xf32>
  return
}

// -----

// full dynamic sizes
func.func @f() {
  // expected-error@+1 {{'tensor.full' op expected 1 size operand(s), one per dynamic dimension of the result type 'tensor<?x2xf32>', but got 0}}
  %0 = tensor.full 1.0 : f32 -> tensor<?x2xf32>
  return
}

// -----

// full value kind
func.func @f() {
  // expected-error@+1 {{'tensor.full' op attribute 'value' failed to satisfy constraint: integer, bool or float attribute of the element type}}
  %0 = "tensor.full"() {value = "one"} : () -> tensor<2xf32>
  return
}

// -----

// iota dim
func.func @f() {
  // expected-error@+1 {{'tensor.iota' op dim 2 is out of range for rank 2 (expected -2 to 1)}}
  %0 = tensor.iota dim = 2 : tensor<2x3xi64>
  return
}

// -----

// iota of booleans
func.func @f() {
  // expected-error@+1 {{'tensor.iota' op result #0 must be ranked tensor of f16, bf16, f32, f64, i32 or i64 values, but got 'tensor<3xi1>'}}
  %0 = tensor.iota dim = 0 : tensor<3xi1>
  return
}

// -----

// size operands are indices
func.func @f(%n: i64) {
  // expected-error@+1 {{'tensor.iota' op operand #0 must be index, but got 'i64'}}
  %0 = "tensor.iota"(%n) {dim = 0} : (i64) -> tensor<?xi64>
  return
}

// -----

// dim of a scalar
func.func @f(%a: tensor<f32>) {
  // expected-error@+1 {{'tensor.dim' op dim 0 is out of range: the operand has rank 0}}
  %0 = tensor.dim %a dim = 0 : tensor<f32>
  return
}

// -----

// dim result
func.func @f(%a: tensor<?xf32>) {
  // expected-error@+1 {{'tensor.dim' op result #0 must be index, but got 'i64'}}
  %0 = "tensor.dim"(%a) {dim = 0} : (tensor<?xf32>) -> i64
  return
}

// -----

// broadcast dims count
func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.broadcast' op dims has 2 entries, but the operand has rank 1}}
  %0 = tensor.broadcast %a dims = [0, 1] : tensor<3xf32> -> tensor<3x3xf32>
  return
}

// -----

// broadcast dims order
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.broadcast' op dims must be strictly increasing, but dims[1] = 0 follows 1}}
  %0 = tensor.broadcast %a dims = [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  return
}

// -----

// broadcast dims range
func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.broadcast' op dims[0] = 2 is out of range for the result rank 2}}
  %0 = tensor.broadcast %a dims = [2] : tensor<3xf32> -> tensor<2x3xf32>
  return
}

// -----

// broadcast sizes
func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.broadcast' op operand dimension 0 (size 3) must be 1 or equal to result dimension 1 (size 4)}}
  %0 = tensor.broadcast %a dims = [1] : tensor<3xf32> -> tensor<2x4xf32>
  return
}

// -----

// broadcast element type
func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.broadcast' op result element type 'f16' must equal the operand element type 'f32'}}
  %0 = tensor.broadcast %a dims = [0] : tensor<3xf32> -> tensor<3xf16>
  return
}

// -----

// broadcast needs dims
func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.broadcast' op requires attribute 'dims'}}
  %0 = "tensor.broadcast"(%a) : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

// broadcast dims kind
func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.broadcast' op attribute 'dims' failed to satisfy constraint: i64 dense array attribute}}
  %0 = "tensor.broadcast"(%a) {dims = [0]} : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

// reshape element count
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.reshape' op operand has 6 elements, but the result type 'tensor<4xf32>' has 4}}
  %0 = tensor.reshape %a : tensor<2x3xf32> -> tensor<4xf32>
  return
}

// -----

// reshape inferred dimension
func.func @f(%a: tensor<12xf32>) {
  // expected-error@+1 {{'tensor.reshape' op cannot infer the dynamic dimension: 12 elements do not divide into the static dimensions of 'tensor<?x5xf32>'}}
  %0 = tensor.reshape %a : tensor<12xf32> -> tensor<?x5xf32>
  return
}

// -----

// reshape with two unknown dimensions
func.func @f(%a: tensor<?xf32>) {
  // expected-error@+1 {{'tensor.reshape' op result type 'tensor<?x?xf32>' has 2 dynamic dimensions: give their sizes as operands}}
  %0 = tensor.reshape %a : tensor<?xf32> -> tensor<?x?xf32>
  return
}

// -----

// reshape element type
func.func @f(%a: tensor<6xf32>) {
  // expected-error@+1 {{'tensor.reshape' op result element type 'i32' must equal the operand element type 'f32'}}
  %0 = tensor.reshape %a : tensor<6xf32> -> tensor<6xi32>
  return
}

// -----

// transpose permutation
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.transpose' op perm [0 0] is not a permutation of 0..1 (entry 1 is 0)}}
  %0 = "tensor.transpose"(%a) {perm = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

// transpose perm length
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.transpose' op perm has 3 entries, but the operand has rank 2}}
  %0 = tensor.transpose %a perm = [0, 1, 2] : tensor<2x3xf32>
  return
}

// -----

// transpose result
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.transpose' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  %0 = "tensor.transpose"(%a) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// slice limit
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.slice' op limit[0] = 5 exceeds the size 4 of operand dimension 0}}
  %0 = tensor.slice %a start = [0] limit = [5] : tensor<4xf32>
  return
}

// -----

// slice start
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.slice' op start[0] = 3 must be in [0, limit[0] = 2]}}
  %0 = tensor.slice %a start = [3] limit = [2] : tensor<4xf32>
  return
}

// -----

// slice step
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.slice' op step[0] = 0 must be positive}}
  %0 = tensor.slice %a start = [0] limit = [2] step = [0] : tensor<4xf32>
  return
}

// -----

// slice rank
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.slice' op start has 2 entries, but the operand has rank 1}}
  %0 = tensor.slice %a start = [0, 0] limit = [2] : tensor<4xf32>
  return
}

// -----

// slice needs limit
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.slice' op requires attribute 'limit'}}
  %0 = "tensor.slice"(%a) {start = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// concat sizes
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error@+1 {{'tensor.concat' op operand #1 has size 3 in dimension 0, incompatible with size 2 of the other operands}}
  %0 = tensor.concat %a, %b dim = 1 : tensor<2x3xf32>, tensor<3x3xf32>
  return
}

// -----

// concat ranks
func.func @f(%a: tensor<2xf32>, %b: tensor<2x1xf32>) {
  // expected-error@+1 {{'tensor.concat' op operand #1 has rank 2, but operand #0 has rank 1}}
  %0 = tensor.concat %a, %b dim = 0 : tensor<2xf32>, tensor<2x1xf32>
  return
}

// -----

// concat element types
func.func @f(%a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{'tensor.concat' op operand #1 has element type 'i32', but operand #0 has 'f32'}}
  %0 = tensor.concat %a, %b dim = 0 : tensor<2xf32>, tensor<2xi32>
  return
}

// -----

// concat dim
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.concat' op dim -2 is out of range for rank 1 (expected -1 to 0)}}
  %0 = tensor.concat %a, %a dim = -2 : tensor<2xf32>, tensor<2xf32>
  return
}

// -----

// concat of nothing
func.func @f() {
  // expected-error@+1 {{'tensor.concat' op expects at least one operand}}
  %0 = "tensor.concat"() {dim = 0} : () -> tensor<2xf32>
  return
}

// -----

// pad amounts
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.pad' op padding of dimension 0 must be non-negative, but is low -1, high 0}}
  %0 = tensor.pad %a low = [-1] high = [0] : tensor<2xf32>
  return
}

// -----

// pad value type
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.pad' op attribute 'value' has type 'i32', but the element type is 'f32'}}
  %0 = tensor.pad %a low = [1] high = [0] {value = 1 : i32} : tensor<2xf32>
  return
}

// -----

// gather index rank
func.func @f(%a: tensor<10x4xf32>, %i: tensor<3x1xi64>) {
  // expected-error@+1 {{'tensor.gather' op idx must be a 1-D tensor of i64, but has type 'tensor<3x1xi64>'}}
  %0 = "tensor.gather"(%a, %i) {dim = 0} : (tensor<10x4xf32>, tensor<3x1xi64>) -> tensor<3x4xf32>
  return
}

// -----

// gather index type
func.func @f(%a: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error@+1 {{'tensor.gather' op operand #1 must be ranked tensor of i64 values, but got 'tensor<3xi32>'}}
  %0 = "tensor.gather"(%a, %i) {dim = 0} : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return
}

// -----

// gather dim
func.func @f(%a: tensor<10x4xf32>, %i: tensor<3xi64>) {
  // expected-error@+1 {{'tensor.gather' op dim 2 is out of range for rank 2}}
  %0 = tensor.gather %a, %i dim = 2 : tensor<10x4xf32>, tensor<3xi64>
  return
}

// -----

// scatter_add source
func.func @f(%a: tensor<10x4xf32>, %i: tensor<3xi64>, %s: tensor<3x5xf32>) {
  // expected-error@+1 {{'tensor.scatter_add' op src has size 5 in dimension 1, but 4 is expected}}
  %0 = tensor.scatter_add %a, %i, %s dim = 0 : tensor<10x4xf32>, tensor<3xi64>, tensor<3x5xf32>
  return
}

// -----

// scatter_add index count
func.func @f(%a: tensor<10x4xf32>, %i: tensor<3xi64>, %s: tensor<2x4xf32>) {
  // expected-error@+1 {{'tensor.scatter_add' op src has size 2 in dimension 0, but 3 is expected}}
  %0 = tensor.scatter_add %a, %i, %s dim = 0 : tensor<10x4xf32>, tensor<3xi64>, tensor<2x4xf32>
  return
}

// -----

// reduce dims unique
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.reduce_sum' op dims must be unique, but dimension 1 appears twice}}
  %0 = tensor.reduce_sum %a dims = [1, -1] : tensor<2x3xf32>
  return
}

// -----

// reduce dims range
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.reduce_max' op dims 2 is out of range for rank 2 (expected -2 to 1)}}
  %0 = tensor.reduce_max %a dims = [2] : tensor<2x3xf32>
  return
}

// -----

// reduce result
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.reduce_min' op inferred type(s) 'tensor<2x1xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  %0 = "tensor.reduce_min"(%a) {dims = array<i64: 1>, keepdim = true} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

// reduce keepdim
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.reduce_sum' op attribute 'keepdim' failed to satisfy constraint: bool attribute}}
  %0 = "tensor.reduce_sum"(%a) {dims = array<i64: 1>, keepdim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return
}

// -----

// mean of integers
func.func @f(%a: tensor<2x3xi32>) {
  // expected-error@+1 {{'tensor.reduce_mean' op operand #0 must be ranked tensor of f16, bf16, f32 or f64 values, but got 'tensor<2x3xi32>'}}
  %0 = "tensor.reduce_mean"(%a) {dims = array<i64: 1>} : (tensor<2x3xi32>) -> tensor<2xi32>
  return
}

// -----

// argmax result type
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.argmax' op result #0 must be ranked tensor of i64 values, but got 'tensor<2xi32>'}}
  %0 = "tensor.argmax"(%a) {dim = 1} : (tensor<2x3xf32>) -> tensor<2xi32>
  return
}

// -----

// argmax dim
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.argmax' op dim 3 is out of range for rank 2}}
  %0 = tensor.argmax %a dim = 3 : tensor<2x3xf32>
  return
}

// -----

// matmul contraction
func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error@+1 {{'tensor.matmul' op contraction dimensions differ: a has K = 3, b has K = 4}}
  %0 = tensor.matmul %a, %b : tensor<2x3xf32>, tensor<4x5xf32>
  return
}

// -----

// matmul batch
func.func @f(%a: tensor<5x2x3xf32>, %b: tensor<6x3x4xf32>) {
  // expected-error@+1 {{'tensor.matmul' op batch dimension 0 differs: 5 vs 6}}
  %0 = tensor.matmul %a, %b : tensor<5x2x3xf32>, tensor<6x3x4xf32>
  return
}

// -----

// matmul ranks
func.func @f(%a: tensor<2x3xf32>, %b: tensor<1x3x4xf32>) {
  // expected-error@+1 {{'tensor.matmul' op operands must have the same rank (batch dimensions are not broadcast), but have ranks 2 and 3}}
  %0 = tensor.matmul %a, %b : tensor<2x3xf32>, tensor<1x3x4xf32>
  return
}

// -----

// matmul vectors
func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.matmul' op operands must have rank >= 2, but have ranks 1 and 1}}
  %0 = tensor.matmul %a, %a : tensor<3xf32>, tensor<3xf32>
  return
}

// -----

// matmul element types
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf16>) {
  // expected-error@+1 {{'tensor.matmul' op operands must have the same element type, but have 'f32' and 'f16'}}
  %0 = tensor.matmul %a, %b : tensor<2x3xf32>, tensor<3x4xf16>
  return
}

// -----

// conv2d channels
func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error@+1 {{'tensor.conv2d' op input channels (3) must equal weight in-channels (2) times groups (1)}}
  %0 = tensor.conv2d %x, %w : tensor<1x3x8x8xf32>, tensor<4x2x3x3xf32>
  return
}

// -----

// conv2d groups
func.func @f(%x: tensor<1x4x8x8xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error@+1 {{'tensor.conv2d' op output channels (3) must be divisible by groups (2)}}
  %0 = tensor.conv2d %x, %w groups = 2 : tensor<1x4x8x8xf32>, tensor<3x2x3x3xf32>
  return
}

// -----

// conv2d kernel too large
func.func @f(%x: tensor<1x3x2x2xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+1 {{'tensor.conv2d' op the kernel (size 3 after dilation) does not fit into the padded input (size 2) along H}}
  %0 = tensor.conv2d %x, %w : tensor<1x3x2x2xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

// conv2d stride
func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+1 {{'tensor.conv2d' op stride entries must be >= 1, but stride = [0 1]}}
  %0 = tensor.conv2d %x, %w stride = [0, 1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

// conv2d padding pair
func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+1 {{'tensor.conv2d' op padding must have 2 entries [h, w], but has 1}}
  %0 = tensor.conv2d %x, %w padding = [1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

// conv2d groups positive
func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+1 {{'tensor.conv2d' op groups must be >= 1, but is 0}}
  %0 = tensor.conv2d %x, %w groups = 0 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

// conv2d layout
func.func @f(%x: tensor<3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+1 {{'tensor.conv2d' op x must be a 4-D NCHW tensor, but has type 'tensor<3x8x8xf32>'}}
  %0 = tensor.conv2d %x, %w : tensor<3x8x8xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

// max_pool2d padding
func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error@+1 {{'tensor.max_pool2d' op padding [2 0] must be at most half of the kernel [2 2]}}
  %0 = tensor.max_pool2d %x kernel = [2, 2] padding = [2, 0] : tensor<1x3x8x8xf32>
  return
}

// -----

// max_pool2d kernel
func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error@+1 {{'tensor.max_pool2d' op requires attribute 'kernel'}}
  %0 = "tensor.max_pool2d"(%x) : (tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
  return
}

// -----

// max_pool2d window
func.func @f(%x: tensor<1x3x2x8xf32>) {
  // expected-error@+1 {{'tensor.max_pool2d' op the kernel (size 3 after dilation) does not fit into the padded input (size 2) along H}}
  %0 = tensor.max_pool2d %x kernel = [3, 3] : tensor<1x3x2x8xf32>
  return
}

// -----

// softmax dim
func.func @f(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.softmax' op dim 2 is out of range for rank 2 (expected -2 to 1)}}
  %0 = tensor.softmax %x dim = 2 : tensor<2x3xf32>
  return
}

// -----

// log_softmax of integers
func.func @f(%x: tensor<2x3xi32>) {
  // expected-error@+1 {{'tensor.log_softmax' op operand #0 must be ranked tensor of f16, bf16, f32 or f64 values}}
  %0 = "tensor.log_softmax"(%x) {dim = 1} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return
}

// -----

// layer_norm normalized_dims
func.func @f(%x: tensor<2x3xf32>, %g: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.layer_norm' op normalized_dims = 3 must be in [1, 2] (the rank of x)}}
  %0 = tensor.layer_norm %x, %g, %g normalized_dims = 3 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
  return
}

// -----

// layer_norm gamma
func.func @f(%x: tensor<2x3xf32>, %g: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.layer_norm' op gamma has type 'tensor<4xf32>', but the normalized shape is [3] with element type 'f32'}}
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 1 : tensor<2x3xf32>, tensor<4xf32>, tensor<3xf32>
  return
}

// -----

// layer_norm beta
func.func @f(%x: tensor<2x3xf32>, %g: tensor<3xf32>, %b: tensor<3xf16>) {
  // expected-error@+1 {{'tensor.layer_norm' op beta has type 'tensor<3xf16>', but the normalized shape is [3] with element type 'f32'}}
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 1 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf16>
  return
}

// -----

// layer_norm eps
func.func @f(%x: tensor<2x3xf32>, %g: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.layer_norm' op eps must be finite and non-negative, but is -1}}
  %0 = tensor.layer_norm %x, %g, %g normalized_dims = 1 eps = -1.0 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
  return
}

// -----

// layer_norm eps type
func.func @f(%x: tensor<2x3xf32>, %g: tensor<3xf32>) {
  // expected-error@+1 {{'tensor.layer_norm' op attribute 'eps' failed to satisfy constraint: 32-bit float attribute}}
  %0 = "tensor.layer_norm"(%x, %g, %g) {normalized_dims = 1, eps = 1.0e-5 : f64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// cross_entropy batch
func.func @f(%l: tensor<8x10xf32>, %t: tensor<7xi64>) {
  // expected-error@+1 {{'tensor.cross_entropy' op target has 7 entries, but logits have N = 8 rows}}
  %0 = tensor.cross_entropy %l, %t : tensor<8x10xf32>, tensor<7xi64>
  return
}

// -----

// cross_entropy target type
func.func @f(%l: tensor<8x10xf32>, %t: tensor<8xi32>) {
  // expected-error@+1 {{'tensor.cross_entropy' op operand #1 must be ranked tensor of i64 values, but got 'tensor<8xi32>'}}
  %0 = "tensor.cross_entropy"(%l, %t) : (tensor<8x10xf32>, tensor<8xi32>) -> tensor<f32>
  return
}

// -----

// cross_entropy target rank
func.func @f(%l: tensor<8x10xf32>, %t: tensor<8x1xi64>) {
  // expected-error@+1 {{'tensor.cross_entropy' op target must be a 1-D [N] tensor of i64, but has type 'tensor<8x1xi64>'}}
  %0 = tensor.cross_entropy %l, %t : tensor<8x10xf32>, tensor<8x1xi64>
  return
}

// -----

// cross_entropy logits
func.func @f(%l: tensor<8xf32>, %t: tensor<8xi64>) {
  // expected-error@+1 {{'tensor.cross_entropy' op logits must be a 2-D [N, C] tensor, but has type 'tensor<8xf32>'}}
  %0 = tensor.cross_entropy %l, %t : tensor<8xf32>, tensor<8xi64>
  return
}

// -----

// cross_entropy result
func.func @f(%l: tensor<8x10xf32>, %t: tensor<8xi64>) {
  // expected-error@+1 {{'tensor.cross_entropy' op inferred type(s) 'tensor<f32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  %0 = "tensor.cross_entropy"(%l, %t) : (tensor<8x10xf32>, tensor<8xi64>) -> tensor<8xf32>
  return
}

// -----

// cross_entropy reduction
func.func @f(%l: tensor<8x10xf32>, %t: tensor<8xi64>) {
  // expected-error@+1 {{'tensor.cross_entropy' op attribute 'reduction' failed to satisfy constraint: string attribute, one of "mean", "sum"}}
  %0 = "tensor.cross_entropy"(%l, %t) {reduction = "none"} : (tensor<8x10xf32>, tensor<8xi64>) -> tensor<f32>
  return
}

// -----

// wrong operand count
func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.neg' op requires a single operand}}
  %0 = "tensor.neg"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}
