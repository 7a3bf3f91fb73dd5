package ptx

import (
	"os"
	"testing"
)

// BenchmarkParseVerify measures parsing, verifying and printing clang-16's
// PTX of testdata/clang/kernels.cu (sm_80).
func BenchmarkParseVerify(b *testing.B) {
	src, err := os.ReadFile("testdata/clang/kernels_sm80.ptx")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		m, err := Parse("k.ptx", src)
		if err != nil {
			b.Fatal(err)
		}
		if err := Verify(m, nil); err != nil {
			b.Fatal(err)
		}
		_ = m.String()
	}
}
