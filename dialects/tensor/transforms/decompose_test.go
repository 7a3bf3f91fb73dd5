package transforms_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/dialects/tensor/transforms"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
)

const src = `func.func @f(%x: tensor<2x3xf32>, %g: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = tensor.gelu %x : tensor<2x3xf32>
  %1 = tensor.softmax %0 dim = 1 : tensor<2x3xf32>
  %2 = tensor.layer_norm %1, %g, %g normalized_dims = 1 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
  return %2 : tensor<2x3xf32>
}`

// runPipeline parses src, runs the pipeline text on it and prints it.
func runPipeline(t *testing.T, text string) (string, error) {
	t.Helper()
	ctx := ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, tensor.Dialect)
	m, err := asm.ParseString(ctx, src, asm.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := pass.NewRegistry().MustRegister(transforms.NewDecomposePass)
	pm, err := r.ParseAnchored(text, "builtin.module")
	if err != nil {
		return "", err
	}
	if err := pm.Run(m, nil); err != nil {
		return "", err
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("invalid after %s: %v", text, err)
	}
	return asm.String(m, asm.PrintOptions{}), nil
}

func TestDecomposeAll(t *testing.T) {
	out, err := runPipeline(t, "builtin.module(decompose)")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"gelu", "softmax", "layer_norm", "reduce_mean"} {
		if strings.Contains(out, "tensor."+name+" ") {
			t.Errorf("tensor.%s left:\n%s", name, out)
		}
	}
}

func TestDecomposeSelected(t *testing.T) {
	out, err := runPipeline(t, "builtin.module(func.func(decompose{ops=softmax,gelu}))")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "tensor.softmax") || strings.Contains(out, "tensor.gelu") || !strings.Contains(out, "tensor.layer_norm") {
		t.Errorf("wrong selection:\n%s", out)
	}
}

func TestDecomposeBadOption(t *testing.T) {
	_, err := runPipeline(t, "builtin.module(decompose{ops=matmul})")
	if err == nil || !strings.Contains(err.Error(), "'matmul' is not a composite tensor op") {
		t.Fatalf("got %v", err)
	}
}
