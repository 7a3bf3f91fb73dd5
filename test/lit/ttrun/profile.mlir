// tt-run --profile (Go backend): the generated code times each kernel (a
// top-level loop nest or runtime kernel call) over all the runs; tt-run
// prints the kernels, most time first, with their calls, time, bytes per
// call and rate, and with --dump-dir writes profile.tsv and adds a Profile
// section to the compile report.
// REQUIRES: go
// RUN: rm -rf %t && mkdir -p %t
// RUN: env TT_CACHE_DIR=%t/cache tt-run %s --backend go --random-inputs 3 --bench 2 --profile --out %t/o --dump-dir %t/dump | filecheck %s
// CHECK:      {{^bench: median}}
// CHECK-NEXT: {{^profile: 1 kernels, [0-9]+\.[0-9]{3} ms in kernels over all runs$}}
// CHECK-NEXT: {{^ time%  calls   total ms    ms/call   MiB/call     GB/s  kernel$}}
// The exp and the row max read %a over the same loops: one kernel (horizontal
// fusion), 1120 bytes per call (%a, %b, %e and %r).
// CHECK-NEXT: {{^100\.0% +3 +[0-9.]+ +[0-9.]+ +0\.001 +[0-9.]+  loops\.(parallel|for) in @f at .*profile\.mlir:}}[[@LINE+15]]:8
// RUN: filecheck %s --check-prefix=TSV < %t/dump/profile.tsv
// TSV: {{^@f	.*profile\.mlir:[0-9]+:8	loops\.(parallel|for)	3	[0-9]+	1120$}}
// RUN: filecheck %s --check-prefix=PAGE < %t/dump/index.html
// PAGE: Profile: {{[0-9.]+}} ms in 3 calls
// PAGE: <section id="profile"><h2>Profile</h2>
// PAGE: <td>loops.{{parallel|for}}</td><td>@f</td>
// Without the Go backend it is an error.
// RUN: not tt-run %s --random-inputs 3 --profile 2>&1 | filecheck %s --check-prefix=INTERP
// INTERP: tt-run: --profile applies to --backend go, not interp

func.func @f(%a: tensor<8x16xf32>, %b: tensor<16xf32>) -> (tensor<8x16xf32>, tensor<8xf32>) {
  %bb = tensor.broadcast %b dims = [1] : tensor<16xf32> -> tensor<8x16xf32>
  %s = tensor.add %a, %bb : tensor<8x16xf32>
  %e = tensor.exp %s : tensor<8x16xf32>
  %r = tensor.reduce_max %a dims = [1] : tensor<8x16xf32>
  return %e, %r : tensor<8x16xf32>, tensor<8xf32>
}
