package asm_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// TestDialectBodyForm checks the #dialect<mnemonic params> form MLIR uses
// for dialect attributes whose parameters are not a <...> body: it parses
// into the dialect's attribute and prints back the same way, while
// attributes with a <...> body keep the #dialect.mnemonic<...> form.
func TestDialectBodyForm(t *testing.T) {
	ctx := registry.NewContext()
	ctx.AllowUnregistered = true
	const src = `"test.op"() {a = #gpu.address_space<workgroup>, b = #gpu<address_space<private>>, d = #gpu<dim y>, s = #gpu<  shuffle_mode idx>} : () -> ()`
	op, err := asm.ParseOp(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := gpu.DimensionAttrDef.Value(op.Attr("d")); !ok || d != gpu.DimY {
		t.Errorf("d = %v", op.Attr("d"))
	}
	if m, ok := gpu.ShuffleModeAttrDef.Value(op.Attr("s")); !ok || m != gpu.ShuffleIdx {
		t.Errorf("s = %v", op.Attr("s"))
	}
	if s, ok := gpu.AddressSpaceAttrDef.Value(op.Attr("b")); !ok || s != gpu.Private {
		t.Errorf("b = %v", op.Attr("b"))
	}
	const want = `"test.op"() {a = #gpu.address_space<workgroup>, b = #gpu.address_space<private>, d = #gpu<dim y>, s = #gpu<shuffle_mode idx>} : () -> ()`
	if got := asm.String(op, asm.PrintOptions{}); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
	for _, tc := range []struct{ src, want string }{
		{`"test.op"() {d = #gpu<foo x>} : () -> ()`, "1:23: error: unknown attribute `foo` in dialect `gpu`"},
		{`"test.op"() {d = #gpu<dim w>} : () -> ()`, "1:27: error: expected ::mlir::gpu::Dimension to be one of: x, y, z"},
		{`"test.op"() {d = #gpu<dim x y>} : () -> ()`, "unexpected 'y'"},
		{`"test.op"() {d = #nope<dim x>} : () -> ()`, "expected dialect namespace"},
	} {
		_, err := asm.ParseOp(ctx, tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.src, err, tc.want)
		}
	}
}

// TestResultNamesPerResult checks that an op naming each of its results
// prints them one by one, and that uses refer to them by those names.
func TestResultNamesPerResult(t *testing.T) {
	ctx := registry.NewContext()
	const src = `func.func @f(%v: f32, %o: i32) -> (f32, i1) {
  %a, %b = gpu.shuffle xor %v, %o, %o : f32
  %c, %d = gpu.shuffle up %a, %o, %o : f32
  return %c, %b : f32, i1
}`
	m, err := asm.ParseString(ctx, src, asm.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	got := asm.String(m, asm.PrintOptions{})
	for _, want := range []string{
		"%shuffleResult, %valid = gpu.shuffle  xor %arg0, %arg1, %arg1 : f32",
		"%shuffleResult_0, %valid_1 = gpu.shuffle  up %shuffleResult, %arg1, %arg1 : f32",
		"return %shuffleResult_0, %valid : f32, i1",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("printed\n%s\nlacks %q", got, want)
		}
	}
	if generic := asm.String(m, asm.PrintOptions{Generic: true}); !strings.Contains(generic, `%0:2 = "gpu.shuffle"`) {
		t.Errorf("generic form names the results:\n%s", generic)
	}
}
