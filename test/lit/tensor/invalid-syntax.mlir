// Errors in the custom forms of tensor ops are located at the offending
// token.
// RUN: tt-opt %s --split-input-file --verify-diagnostics

func.func @f(%c: tensor<2xi1>, %a: tensor<2xf32>) {
  // expected-error@+1 {{expected 1 type (of a and b) or 3 types (of cond, a and b), but found 2}}
  %0 = tensor.select %c, %a, %a : tensor<2xi1>, tensor<2xf32>
  return
}

// -----

func.func @f(%c: tensor<2xi1>, %a: tensor<2xf32>) {
  // expected-error@+1 {{expected 3 operands (cond, a, b), but found 2}}
  %0 = tensor.select %c, %a : tensor<2xf32>
  return
}

// -----

func.func @f(%c: tensor<2xi1>, %a: tensor<2xf32>) {
  // expected-error@+1 {{expected a ranked tensor type, but got 'f32'}}
  %0 = tensor.select %c, %a, %a : f32
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{expected '[' in integer array}}
  %0 = tensor.transpose %a perm = 1 : tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{expected string attribute, one of "eq", "ne", "lt", "le", "gt", "ge" for attribute 'predicate'}}
  %0 = tensor.cmp %a, %a : tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{expected 'start'}}
  %0 = tensor.slice %a limit = [1] start = [0] : tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{expected ','}}
  %0 = tensor.gather %a dim = 0 : tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // The result type of an inferring op is computed while parsing.
  // expected-error@+1 {{'tensor.transpose' op perm has 1 entries, but the operand has rank 2}}
  %0 = tensor.transpose %a perm = [0] : tensor<2x3xf32>
  return
}
