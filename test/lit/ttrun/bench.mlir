// --bench N: one warm-up run, whose results are printed (or written), then
// N timed runs, reported on one line.
// RUN: tt-run %s --random-inputs 7 --bench 3 | filecheck %s
// CHECK:      result #0: tensor<16x16xf32>
// CHECK:      {{^bench: median [0-9]+\.[0-9]{3} ms, min [0-9]+\.[0-9]{3} ms over 3 runs$}}
// With --out only the bench line is printed.
// RUN: tt-run %s --random-inputs 7 --bench 1 --out %t | filecheck %s --check-prefix=OUT
// OUT-NOT:    result
// OUT:        {{^bench: median [0-9]+\.[0-9]{3} ms, min [0-9]+\.[0-9]{3} ms over 1 runs$}}
// RUN: test -f %t/out0.npy

func.func @f(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = tensor.matmul %a, %b : tensor<16x16xf32>, tensor<16x16xf32>
  %1 = tensor.tanh %0 : tensor<16x16xf32>
  return %1 : tensor<16x16xf32>
}
