package tensor_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// everyOp uses every op of the dialect in its custom form, in the form
// the printer writes.
const everyOp = `module {
  func.func @f(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<4xi64>, %arg3: tensor<?x3xf32>) -> tensor<3x2xf32> {
    %0 = tensor.add %arg0, %arg1 : tensor<2x3xf32>
    %1 = tensor.sub %0, %arg1 : tensor<2x3xf32>
    %2 = tensor.mul %1, %arg1 : tensor<2x3xf32>
    %3 = tensor.div %2, %arg1 : tensor<2x3xf32>
    %4 = tensor.max %3, %arg1 : tensor<2x3xf32>
    %5 = tensor.min %4, %arg1 : tensor<2x3xf32>
    %6 = tensor.pow %5, %arg1 : tensor<2x3xf32>
    %7 = tensor.neg %6 : tensor<2x3xf32>
    %8 = tensor.abs %7 : tensor<2x3xf32>
    %9 = tensor.exp %8 : tensor<2x3xf32>
    %10 = tensor.log %9 : tensor<2x3xf32>
    %11 = tensor.sqrt %10 : tensor<2x3xf32>
    %12 = tensor.rsqrt %11 : tensor<2x3xf32>
    %13 = tensor.tanh %12 : tensor<2x3xf32>
    %14 = tensor.sigmoid %13 : tensor<2x3xf32>
    %15 = tensor.relu %14 : tensor<2x3xf32>
    %16 = tensor.sin %15 : tensor<2x3xf32>
    %17 = tensor.cos %16 : tensor<2x3xf32>
    %18 = tensor.erf %17 : tensor<2x3xf32>
    %19 = tensor.reciprocal %18 : tensor<2x3xf32>
    %20 = tensor.gelu %19 approximate = tanh : tensor<2x3xf32>
    %21 = tensor.gelu %20 : tensor<2x3xf32>
    %22 = tensor.cmp lt, %21, %arg1 : tensor<2x3xf32>
    %23 = tensor.select %22, %arg0, %arg1 : tensor<2x3xf32>
    %24 = tensor.cast %23 : tensor<2x3xf32> -> tensor<2x3xi32>
    %cst = tensor.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
    %25 = tensor.full 1.000000e+00 : f32 -> tensor<2x3xf32>
    %dim = tensor.dim %arg3 dim = 0 : tensor<?x3xf32>
    %26 = tensor.full true sizes(%dim) -> tensor<?x3xi1>
    %27 = tensor.iota dim = 1 : tensor<2x3xi64>
    %28 = tensor.iota dim = 0 sizes(%dim) : tensor<?xi32>
    %29 = tensor.broadcast %cst dims = [1] : tensor<3xf32> -> tensor<2x3xf32>
    %30 = tensor.broadcast %cst dims = [1] sizes(%dim) : tensor<3xf32> -> tensor<?x3xf32>
    %31 = tensor.reshape %arg0 : tensor<2x3xf32> -> tensor<6xf32>
    %32 = tensor.reshape %arg3 sizes(%dim, %dim) : tensor<?x3xf32> -> tensor<?x?xf32>
    %33 = tensor.transpose %arg0 perm = [1, 0] : tensor<2x3xf32>
    %34 = tensor.slice %arg0 start = [0, 1] limit = [2, 3] step = [1, 1] : tensor<2x3xf32>
    %35 = tensor.slice %arg0 start = [0, 1] limit = [2, 3] : tensor<2x3xf32>
    %36 = tensor.concat %arg0, %arg1 dim = 0 : tensor<2x3xf32>, tensor<2x3xf32>
    %37 = tensor.pad %arg0 low = [0, 1] high = [1, 0] {value = -1.000000e+00 : f32} : tensor<2x3xf32>
    %38 = tensor.gather %arg0, %arg2 dim = 1 : tensor<2x3xf32>, tensor<4xi64>
    %39 = tensor.scatter_add %38, %arg2, %38 dim = 1 : tensor<2x4xf32>, tensor<4xi64>, tensor<2x4xf32>
    %40 = tensor.reduce_sum %arg0 dims = [1] keepdim = true : tensor<2x3xf32>
    %41 = tensor.reduce_max %arg0 dims = [0, 1] : tensor<2x3xf32>
    %42 = tensor.reduce_min %arg0 dims = [] keepdim = false : tensor<2x3xf32>
    %43 = tensor.reduce_mean %arg0 dims = [-1] : tensor<2x3xf32>
    %44 = tensor.argmax %arg0 dim = 1 keepdim = true : tensor<2x3xf32>
    %45 = tensor.matmul %arg0, %33 : tensor<2x3xf32>, tensor<3x2xf32>
    %46 = tensor.softmax %arg0 dim = 1 : tensor<2x3xf32>
    %47 = tensor.log_softmax %arg0 dim = -1 : tensor<2x3xf32>
    %48 = tensor.layer_norm %arg0, %cst, %cst normalized_dims = 1 eps = 9.99999974E-6 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
    %cst_0 = tensor.constant dense<[0, 2]> : tensor<2xi64>
    %49 = tensor.cross_entropy %arg0, %cst_0 reduction = sum : tensor<2x3xf32>, tensor<2xi64>
    return %33 : tensor<3x2xf32>
  }
  func.func @conv(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<4x3x3x3xf32>) -> tensor<1x4x2x2xf32> {
    %0 = tensor.conv2d %arg0, %arg1 stride = [2, 2] padding = [1, 1] dilation = [1, 1] groups = 1 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
    %1 = tensor.max_pool2d %0 kernel = [2, 2] stride = [2, 2] padding = [0, 0] : tensor<1x4x4x4xf32>
    %2 = tensor.conv2d %arg0, %arg1 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
    return %1 : tensor<1x4x2x2xf32>
  }
}`

// TestFormatsCompile checks every declarative format.
func TestFormatsCompile(t *testing.T) {
	for _, def := range tensor.Ops {
		if err := asm.CheckFormat(def); err != nil {
			t.Error(err)
		}
		if def.Format == "" && (def.Print == nil || def.Parse == nil) {
			t.Errorf("%s has no custom form", def.Name)
		}
	}
}

// TestRoundTrip parses the custom form of every op, prints it back
// identically, and checks that the generic form parses to the same IR.
func TestRoundTrip(t *testing.T) {
	ctx := newCtx()
	m := parseModule(t, ctx, everyOp)
	custom := print(m, false)
	if custom != everyOp {
		t.Fatalf("custom form changed on printing:\n%s", custom)
	}
	generic := print(m, true)
	g := parseModule(t, ctx, generic)
	if got := print(g, false); got != everyOp {
		t.Fatalf("generic form does not parse to the same IR:\n%s", got)
	}
	if got := print(g, true); got != generic {
		t.Fatalf("generic form changed on printing:\n%s", got)
	}
	seen := map[string]bool{}
	m.Walk(func(o *ir.Operation) { seen[o.Name()] = true })
	for _, def := range tensor.Ops {
		if !seen[def.Name] {
			t.Errorf("%s is not in the round-trip test", def.Name)
		}
	}
}

// TestSelectLongForm checks that select also reads all three operand types.
func TestSelectLongForm(t *testing.T) {
	ctx := newCtx()
	m := parseModule(t, ctx, `func.func @f(%c: tensor<2xi1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tensor.select %c, %a, %a : tensor<2xi1>, tensor<2xf32>, tensor<2xf32>
  return %0 : tensor<2xf32>
}`)
	want := "%0 = tensor.select %arg0, %arg1, %arg1 : tensor<2xf32>"
	if got := print(m, false); !strings.Contains(got, want) {
		t.Fatalf("got\n%s\nwant a line %s", got, want)
	}
	_, err := asm.ParseString(ctx, `func.func @f(%c: tensor<2xi1>, %a: tensor<2xf32>) {
  %0 = tensor.select %c, %a, %a : tensor<2xi1>, tensor<2xf32>
  return
}`, asm.ParseOptions{})
	wantErr(t, err, "expected 1 type (of a and b) or 3 types (of cond, a and b), but found 2")
}
