package asm_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// genericFile returns a func.func in generic form with n ops of the kinds
// tools/parsebench generates.
func genericFile(n int) string {
	var sb strings.Builder
	sb.WriteString("\"func.func\"() ({\n^bb0(%arg0: tensor<4x?xf32>, %arg1: tensor<4x?xf32>):\n")
	for i := 0; i < n; i++ {
		a, b := "%arg0", "%arg1"
		if i > 0 {
			a = fmt.Sprintf("%%%d", i-1)
		}
		if i > 7 {
			b = fmt.Sprintf("%%%d", i-8)
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(&sb, "  %%%d = \"test.add\"(%s, %s) {alpha = %d : i64, tag = \"n%d\"} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>\n", i, a, b, i%97, i%13)
		case 1:
			fmt.Fprintf(&sb, "  %%%d = \"test.mul\"(%s, %s) {scale = %d.5 : f32} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>\n", i, a, b, i%10)
		case 2:
			fmt.Fprintf(&sb, "  %%%d = \"test.cast\"(%s) {dims = array<i64: 0, 1>, flag} : (tensor<4x?xf32>) -> tensor<4x?xf32>\n", i, a)
		default:
			fmt.Fprintf(&sb, "  %%%d = \"test.select\"(%s, %s, %s) {kind = \"lt\", weights = [1, 2, 3]} : (tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>\n", i, a, b, a)
		}
	}
	fmt.Fprintf(&sb, "  \"func.return\"(%%%d) : (tensor<4x?xf32>) -> ()\n", n-1)
	sb.WriteString("}) {function_type = (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>, sym_name = \"big\"} : () -> ()\n")
	return sb.String()
}

// BenchmarkParseVerifyPrint measures the whole tt-opt path on 20,000 ops;
// tools/parsebench compares it with mlir-opt-16 on 200,000.
func BenchmarkParseVerifyPrint(b *testing.B) {
	src := []byte(genericFile(20000))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		ctx := registry.NewContext()
		ctx.AllowUnregistered = true
		m, err := asm.Parse(ctx, src, asm.ParseOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			b.Fatal(err)
		}
		if err := asm.Print(io.Discard, m, asm.PrintOptions{Generic: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParse measures parsing alone.
func BenchmarkParse(b *testing.B) {
	src := []byte(genericFile(20000))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		ctx := registry.NewContext()
		ctx.AllowUnregistered = true
		if _, err := asm.Parse(ctx, src, asm.ParseOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
