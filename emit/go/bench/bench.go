// Package bench measures the matmul the Go emitter generates (tt.matmul:
// packed, cache-blocked, register-tiled, parallel) against a plain loop
// nest (the same product lowered without the runtime kernel, as emitted),
// a hand-written naive Go loop, and gonum's Sgemm. It is a module of its
// own so that tt's main module does not depend on gonum.
//
//	go test -bench . -benchtime 5x              # gonum with its assembly kernels
//	go test -tags noasm -bench . -benchtime 5x  # gonum in pure Go
//
// model/model.go is generated from matmul.mlir (a test of emit/go checks
// that it is up to date):
//
//	tt-opt matmul.mlir --emit=go -o model/model.go
package bench

// naiveMatmul is the textbook i-j-p loop nest, for reference.
func naiveMatmul(m, n, k int, a, b, c []float32) {
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var s float32
			for p := 0; p < k; p++ {
				s += a[i*k+p] * b[p*n+j]
			}
			c[i*n+j] = s
		}
	}
}
