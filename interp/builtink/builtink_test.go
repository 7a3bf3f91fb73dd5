package builtink_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/cf"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/arithk"
	"github.com/tt-compiler/tt/interp/builtink"
	. "github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

func run(t *testing.T, src, fn string, args ...*interp.Tensor) ([]*interp.Tensor, error) {
	t.Helper()
	m, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	r := interp.NewRegistry()
	builtink.Register(r)
	arithk.Register(r)
	return interp.New(m, r).RunTensors(fn, args...)
}

// cf.cond_br splits its operands by operandSegmentSizes, by the older
// operand_segment_sizes, or by the successors' argument counts.
func TestCondBrSegments(t *testing.T) {
	for _, attr := range []string{"{operandSegmentSizes = array<i32: 1, 1, 1>}", "{operand_segment_sizes = array<i32: 1, 1, 1>}", ""} {
		src := `
func.func @pick(%c: i1, %a: i32, %b: i32) -> i32 {
  "cf.cond_br"(%c, %a, %b)[^t, ^f] ` + attr + ` : (i1, i32, i32) -> ()
^t(%x: i32):
  return %x : i32
^f(%y: i32):
  %z = "arith.muli"(%y, %y) : (i32, i32) -> i32
  return %z : i32
}`
		for _, c := range []struct {
			cond bool
			want int32
		}{{true, 3}, {false, 16}} {
			out, err := run(t, src, "pick", Bool(nil, c.cond), I32(nil, 3), I32(nil, 4))
			if err != nil || out[0].I32()[0] != c.want {
				t.Errorf("attr %q, cond %v: %v, %v; want %d", attr, c.cond, out, err, c.want)
			}
		}
	}
	_, err := run(t, `
func.func @bad(%c: i1, %a: i32) -> i32 {
  "cf.cond_br"(%c, %a)[^t, ^t] {operandSegmentSizes = array<i32: 1, 2, 0>} : (i1, i32) -> ()
^t(%x: i32):
  return %x : i32
}`, "bad", Bool(nil, true), I32(nil, 1))
	if err == nil || !strings.Contains(err.Error(), "does not describe 2 operands") {
		t.Errorf("bad segments: %v", err)
	}
}

func TestUnrealizedCast(t *testing.T) {
	out, err := run(t, `
func.func @id(%a: tensor<2xf32>) -> tensor<?xf32> {
  %0 = "builtin.unrealized_conversion_cast"(%a) : (tensor<2xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @bad(%a: tensor<2xf32>) -> tensor<2xi32> {
  %0 = "builtin.unrealized_conversion_cast"(%a) : (tensor<2xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}`, "id", F32(S(2), 1, 2))
	if err != nil || out[0].F32()[1] != 2 {
		t.Errorf("id: %v, %v", out, err)
	}
	_, err = run(t, `
func.func @bad(%a: tensor<2xf32>) -> tensor<2xi32> {
  %0 = "builtin.unrealized_conversion_cast"(%a) : (tensor<2xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}`, "bad", F32(S(2), 1, 2))
	if err == nil || !strings.Contains(err.Error(), "cannot convert operand #0 at run time") {
		t.Errorf("bad cast: %v", err)
	}
}

func TestCallErrors(t *testing.T) {
	_, err := run(t, `
func.func @f(%a: i32) -> i32 {
  %0 = "func.call"(%a) {callee = @missing} : (i32) -> i32
  return %0 : i32
}`, "f", I32(nil, 1))
	if err == nil || !strings.Contains(err.Error(), "no function named @missing") {
		t.Errorf("missing callee: %v", err)
	}
	_, err = run(t, `
func.func @g(%a: i32) -> i64 {
  return %a : i32
}
func.func @f(%a: i32) -> i64 {
  %0 = "func.call"(%a) {callee = @g} : (i32) -> i64
  return %0 : i64
}`, "f", I32(nil, 1))
	if err == nil || !strings.Contains(err.Error(), "result #0 of @g") {
		t.Errorf("mistyped callee result: %v", err)
	}
}

// The kernels run the registered cf ops, written in their custom form and
// verified, and the assertion holds on the path that checks it.
func TestRegisteredControlFlow(t *testing.T) {
	ctx := Context().MustLoadDialect(cf.Dialect, arith.Dialect)
	m, err := asm.ParseString(ctx, `
func.func @pick(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^t(%a : i32), ^f(%b : i32)
^t(%x: i32):
  cf.assert %c, "c holds"
  cf.br ^done(%x : i32)
^f(%y: i32):
  %z = arith.muli %y, %y : i32
  cf.br ^done(%z : i32)
^done(%r: i32):
  return %r : i32
}`, asm.ParseOptions{Filename: "cf.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	r := interp.NewRegistry()
	builtink.Register(r)
	arithk.Register(r)
	for _, c := range []struct {
		cond bool
		want int32
	}{{true, 3}, {false, 16}} {
		out, err := interp.New(m, r).RunTensors("pick", Bool(nil, c.cond), I32(nil, 3), I32(nil, 4))
		if err != nil || out[0].I32()[0] != c.want {
			t.Errorf("cond %v: %v, %v; want %d", c.cond, out, err, c.want)
		}
	}
}

// func.constant makes a function value; func.call_indirect calls it, and
// errors inside the callee get a note at the indirect call.
func TestCallIndirect(t *testing.T) {
	src := `
func.func @sq(%x: i32) -> i32 {
  %0 = "arith.muli"(%x, %x) : (i32, i32) -> i32
  return %0 : i32
}
func.func @twice(%x: i32) -> i32 {
  %f = func.constant @sq : (i32) -> i32
  %0 = func.call_indirect %f(%x) : (i32) -> i32
  %1 = func.call_indirect %f(%0) : (i32) -> i32
  return %1 : i32
}
func.func @div(%x: i32) -> i32 {
  %false = "arith.constant"() {value = false} : () -> i1
  "cf.assert"(%false) {msg = "boom"} : (i1) -> ()
  return %x : i32
}
func.func @bad(%x: i32) -> i32 {
  %f = func.constant @div : (i32) -> i32
  %0 = func.call_indirect %f(%x) : (i32) -> i32
  return %0 : i32
}`
	out, err := run(t, src, "twice", I32(nil, 3))
	if err != nil || out[0].I32()[0] != 81 {
		t.Errorf("twice(3) = %v, %v; want 81", out, err)
	}
	_, err = run(t, src, "bad", I32(nil, 3))
	if err == nil || !strings.Contains(err.Error(), "called from here") {
		t.Errorf("bad: %v; want an error with a note at the indirect call", err)
	}
}
