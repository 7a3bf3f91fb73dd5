package opclass

import (
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// MatchEpilogue recognizes the chains tt.matmul computes and nothing
// else: the exact gelu formulas (a wrong constant or operand is not gelu),
// a bias broadcast along the last dimension only, products used by the
// chain only.
func TestMatchEpilogue(t *testing.T) {
	const head = `func.func @f(%x: tensor<4x8xf32>, %w: tensor<8x3xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>, %i: tensor<4x8xi32>, %j: tensor<8x3xi32>) -> tensor<4x3xf32> {
  %m = tensor.matmul %x, %w : tensor<4x8xf32>, tensor<8x3xf32>
  %bb = tensor.broadcast %b dims = [1] : tensor<3xf32> -> tensor<4x3xf32>
  %cb = tensor.broadcast %c dims = [0] : tensor<4xf32> -> tensor<4x3xf32>
  %half = tensor.constant dense<0.5> : tensor<4x3xf32>
  %one = tensor.constant dense<1.0> : tensor<4x3xf32>
  %isq = tensor.constant dense<0.707106769> : tensor<4x3xf32>
  %six = tensor.constant dense<0.6> : tensor<4x3xf32>
`
	for _, tc := range []struct {
		name, body string
		act        string
		bias, ok   bool
	}{
		{"relu", "%r = tensor.relu %m : tensor<4x3xf32>", "relu", false, true},
		{"bias", "%r = tensor.add %bb, %m : tensor<4x3xf32>", "", true, true},
		{"bias relu", "%s = tensor.add %m, %bb : tensor<4x3xf32>\n  %r = tensor.relu %s : tensor<4x3xf32>", "relu", true, true},
		{"gelu", `%h = tensor.mul %half, %m : tensor<4x3xf32>
  %z = tensor.mul %m, %isq : tensor<4x3xf32>
  %e = tensor.erf %z : tensor<4x3xf32>
  %s = tensor.add %one, %e : tensor<4x3xf32>
  %r = tensor.mul %s, %h : tensor<4x3xf32>`, "gelu", false, true},
		{"gelu wrong constant", `%h = tensor.mul %six, %m : tensor<4x3xf32>
  %z = tensor.mul %m, %isq : tensor<4x3xf32>
  %e = tensor.erf %z : tensor<4x3xf32>
  %s = tensor.add %one, %e : tensor<4x3xf32>
  %r = tensor.mul %s, %h : tensor<4x3xf32>`, "", false, false},
		{"gelu of another value", `%h = tensor.mul %half, %m : tensor<4x3xf32>
  %z = tensor.mul %bb, %isq : tensor<4x3xf32>
  %e = tensor.erf %z : tensor<4x3xf32>
  %s = tensor.add %one, %e : tensor<4x3xf32>
  %r = tensor.mul %s, %h : tensor<4x3xf32>`, "", false, false},
		{"column broadcast", "%r = tensor.add %m, %cb : tensor<4x3xf32>", "", false, false},
		{"plain product", "%r = tensor.neg %m : tensor<4x3xf32>", "", false, false},
		{"product used twice", "%s = tensor.relu %m : tensor<4x3xf32>\n  %r = tensor.add %s, %m : tensor<4x3xf32>", "", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, tensor.Dialect)
			m, err := asm.ParseString(ctx, head+"  "+tc.body+"\n  return %r : tensor<4x3xf32>\n}", asm.ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
			var ret *ir.Operation
			m.Walk(func(op *ir.Operation) {
				if op.Name() == function.ReturnName {
					ret = op
				}
			})
			e, ok := MatchEpilogue(ret.Operand(0))
			if ok != tc.ok || ok && (e.Activation != tc.act || (e.Bias != nil) != tc.bias || e.Matmul == nil) {
				t.Fatalf("MatchEpilogue = %+v, %v; want activation %q, bias %v, ok %v", e, ok, tc.act, tc.bias, tc.ok)
			}
		})
	}
}
