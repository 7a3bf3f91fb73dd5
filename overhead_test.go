package tt_test

import (
	"testing"

	"github.com/tt-compiler/tt"
)

func BenchmarkEagerAdd(b *testing.B) {
	x := tt.Ones(tt.Float32, 64, 64)
	for b.Loop() {
		x = tt.Add(x, x)
	}
}
