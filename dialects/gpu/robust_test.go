package gpu_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// TestMalformedGenericForms checks that gpu ops written in generic form
// with the wrong structure fail verification with a message (never a
// panic) and still print, in generic form.
func TestMalformedGenericForms(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"launch_func segments", `func.func @f(%i: index) {
  "gpu.launch_func"(%i, %i, %i, %i, %i, %i) {kernel = @k::@f, operand_segment_sizes = array<i32: 0, 2, 0, 1, 1, 1, 1, 0, 0>} : (index, index, index, index, index, index) -> ()
  return
}`, "operand group gridSizeX requires 1 element, but found 2"},
		{"launch_func optional", `func.func @f(%i: index, %s: i32) {
  "gpu.launch_func"(%i, %i, %i, %i, %i, %i, %s, %s) {kernel = @k::@f, operand_segment_sizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 2, 0>} : (index, index, index, index, index, index, i32, i32) -> ()
  return
}`, "operand group dynamicSharedMemorySize requires 0 or 1 element, but found 2"},
		{"launch empty body", `func.func @f(%i: index) {
  "gpu.launch"(%i, %i, %i, %i, %i, %i) ({
  }) {operand_segment_sizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0>} : (index, index, index, index, index, index) -> ()
  return
}`, "unexpected number of region arguments"},
		{"func without body", `gpu.module @m {
  "gpu.func"() ({
  }) {function_type = (index) -> (), sym_name = "f"} : () -> ()
}`, "expected body with at least one block"},
		{"func missing arguments", `gpu.module @m {
  "gpu.func"() ({
  ^bb0(%a: index):
    "gpu.return"() : () -> ()
  }) {function_type = (index, index) -> (), sym_name = "f", workgroup_attributions = 0 : i64} : () -> ()
}`, "expected at least 2 arguments to body region"},
		{"func argument type", `gpu.module @m {
  "gpu.func"() ({
  ^bb0(%a: f32):
    "gpu.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "f"} : () -> ()
}`, "expected body region argument #0 to be of type index, got f32"},
		{"shuffle without mode", `func.func @f(%v: f32, %o: i32) {
  %0:2 = "gpu.shuffle"(%v, %o, %o) : (f32, i32, i32) -> (f32, i1)
  return
}`, "requires attribute 'mode'"},
		{"shuffle result type", `func.func @f(%v: f32, %o: i32) {
  %0:2 = "gpu.shuffle"(%v, %o, %o) {mode = #gpu<shuffle_mode xor>} : (f32, i32, i32) -> (i32, i1)
  return
}`, "all of {value, shuffleResult} have same type"},
		{"thread_id without dimension", `func.func @f() {
  %0 = "gpu.thread_id"() : () -> index
  return
}`, "requires attribute 'dimension'"},
		{"thread_id with a string", `func.func @f() {
  %0 = "gpu.thread_id"() {dimension = "x"} : () -> index
  return
}`, "dimension"},
		{"module without terminator", `"gpu.module"() ({
  "test.op"() : () -> ()
}) {sym_name = "m"} : () -> ()`, "gpu.module"},
		{"launch_func kernel not a symbol", `module attributes {gpu.container_module} {
  func.func @f(%i: index) {
    "gpu.launch_func"(%i, %i, %i, %i, %i, %i) {kernel = "k", operand_segment_sizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0>} : (index, index, index, index, index, index) -> ()
    return
  }
}`, "kernel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := registry.NewContext()
			ctx.AllowUnregistered = true
			m, err := asm.ParseString(ctx, tc.src, asm.ParseOptions{Filename: "bad.mlir"})
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			err = ir.Verify(m)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("verify: got %v, want %q", err, tc.want)
			}
			out := asm.String(m, asm.PrintOptions{})
			ctx2 := registry.NewContext()
			ctx2.AllowUnregistered = true
			if _, err := asm.ParseString(ctx2, out, asm.ParseOptions{Filename: "printed.mlir"}); err != nil {
				t.Errorf("printed form does not parse: %v\n%s", err, out)
			}
		})
	}
}
