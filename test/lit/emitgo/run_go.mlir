// tt-run --backend go: pt2-go, the emitter, a cached go build and a child
// process; bitwise the results of the interpreter on the lowered program,
// and close to the interpreter's on the tensor program (whose f32 exp is a
// float32 polynomial; the loop level's math.exp is float64 rounded once);
// the same --bench line, the debug artifacts, and run-time errors of the
// generated code.
// REQUIRES: go
// RUN: rm -rf %t
// RUN: env TT_CACHE_DIR=%t/cache tt-run %s --backend go --random-inputs 5 --out %t/go --dump-dir %t/dump
// RUN: tt-run %s --pass-pipeline=pt2-go --random-inputs 5 --out %t/loops
// RUN: npycmp %t/go/out0.npy %t/loops/out0.npy --rtol 0 --atol 0
// RUN: npycmp %t/go/out1.npy %t/loops/out1.npy --rtol 0 --atol 0
// RUN: tt-run %s --random-inputs 5 --out %t/interp
// RUN: npycmp %t/go/out0.npy %t/interp/out0.npy --rtol 1e-6 --atol 0
// RUN: npycmp %t/go/out1.npy %t/interp/out1.npy --rtol 1e-6 --atol 0
// RUN: test -f %t/dump/model.go && test -f %t/dump/main.go && test -f %t/dump/kernels.dot && test -f %t/dump/05-final.mlir
// The compile report: its data (the kernels with their source ops) and the page.
// RUN: filecheck %s --check-prefix=REPORT < %t/dump/report.json
// REPORT: "kernels": [
// REPORT: "kind": "reduction",
// REPORT: "name": "tensor.mul",
// REPORT-NEXT: "loc": "{{.*}}run_go.mlir:{{[0-9]+}}:8",
// REPORT-NEXT: "source": "%0 = tensor.mul %x, %y : tensor<6x10xf32>"
// RUN: filecheck %s --check-prefix=PAGE < %t/dump/index.html
// PAGE: <title>@f — tt compile report</title>
// PAGE: <summary>05-final.mlir</summary>
// PAGE: <details id="kernel-0" class="searchable"><summary>fused_mul_
// PAGE: <td><code>%0 = tensor.mul %x, %y : tensor&lt;6x10xf32&gt;</code></td>
// PAGE: // loops.for at {{.*}}run_go.mlir:{{[0-9]+}}:8
// RUN: env TT_CACHE_DIR=%t/cache tt-run %s --backend go --random-inputs 5 --bench 3 | filecheck %s
// CHECK:      result #0: tensor<6x10xf32>
// CHECK:      {{^bench: median [0-9]+\.[0-9]{3} ms, min [0-9]+\.[0-9]{3} ms over 3 runs$}}
// The generated command is cached: the key hashes tt's version and the code.
// RUN: ls %t/cache/go | filecheck %s --check-prefix=CACHE
// CACHE: {{^[0-9a-f]{24}$}}
// A loop-level program runs as it is; a division by zero is an error.
// RUN: not env TT_CACHE_DIR=%t/cache tt-run %S/Inputs/div.mlir --backend go --random-inputs 1 2>&1 | filecheck %s --check-prefix=DIV
// DIV: tt-run: tt: @div: integer division by zero
// --dump-dir is the Go backend's.
// RUN: not tt-run %s --random-inputs 5 --dump-dir %t/x 2>&1 | filecheck %s --check-prefix=DUMP
// DUMP: tt-run: --dump-dir applies to --backend go, not interp
func.func @f(%x: tensor<6x10xf32>, %y: tensor<6x10xf32>) -> (tensor<6x10xf32>, tensor<6xf32>) {
  %0 = tensor.mul %x, %y : tensor<6x10xf32>
  %1 = tensor.exp %0 : tensor<6x10xf32>
  %2 = tensor.reduce_sum %1 dims = [1] : tensor<6x10xf32>
  return %1, %2 : tensor<6x10xf32>, tensor<6xf32>
}
