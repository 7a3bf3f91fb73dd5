package interp_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/interptest"
	. "github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
)

// testRegistry holds every kernel plus a few test ops: test.panic panics,
// test.bad returns an i32 for any result, test.repeat runs its region
// `count` times threading one value through, test.yield ends that region.
func testRegistry() *interp.Registry {
	r := kernels.NewRegistry()
	r.Register("test.panic", func(*interp.Exec, *ir.Operation, []interp.Value) ([]interp.Value, error) {
		var s []int
		_ = s[3] // an index-out-of-range runtime panic
		return nil, nil
	})
	r.Register("test.bad", func(*interp.Exec, *ir.Operation, []interp.Value) ([]interp.Value, error) {
		return []interp.Value{interp.ScalarInt(interp.I32, 1)}, nil
	})
	r.Register("test.repeat", func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		n, err := interp.AttrInt(op, "count")
		if err != nil {
			return nil, err
		}
		for i := int64(0); i < n; i++ {
			if args, err = e.RunRegion(op.Region(0), args); err != nil {
				return nil, err
			}
		}
		return args, nil
	})
	r.Register("test.yield", func(e *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		e.Yield(args)
		return nil, nil
	})
	return r
}

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := interptest.Parse(src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return m
}

const programs = `
func.func @mm(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tensor.matmul"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @static(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %a : tensor<2x3xf32>
}
func.func @unknown(%a: f32) -> f32 {
  %0 = "test.unknown"(%a) : (f32) -> f32
  return %0 : f32
}
func.func private @decl(f32) -> f32
func.func @calldecl(%a: f32) -> f32 {
  %0 = func.call @decl(%a) : (f32) -> f32
  return %0 : f32
}
func.func @rec(%a: f32) -> f32 {
  %0 = func.call @rec(%a) : (f32) -> f32
  return %0 : f32
}
func.func @panic(%a: f32) -> f32 {
  %0 = "test.panic"(%a) : (f32) -> f32
  return %0 : f32
}
func.func @bad(%a: f32) -> f32 {
  %0 = "test.bad"(%a) : (f32) -> f32
  return %0 : f32
}
func.func @spin() {
  "cf.br"()[^bb1] : () -> ()
^bb1:
  "cf.br"()[^bb1] : () -> ()
}
func.func @assert(%c: i1) {
  "cf.assert"(%c) {msg = "c must hold"} : (i1) -> ()
  return
}
`

func TestRunErrors(t *testing.T) {
	m := parse(t, programs)
	in := interp.New(m, testRegistry())
	in.MaxOps = 10000
	a23 := F32(S(2, 3), 1, 2, 3, 4, 5, 6)
	a43 := F32(S(4, 3), make([]float32, 12)...)
	one := F32(nil, 1)
	tests := []struct {
		name string
		fn   string
		args []*interp.Tensor
		want string // substring of the error
		line int    // line of the diagnostic, 0 to skip
	}{
		{"no such function", "nope", nil, "no function @nope", 0},
		{"argument count", "static", nil, "@static takes 1 arguments, got 0", 0},
		{"static shape", "static", []*interp.Tensor{a43}, "dimension 0 is 4, not 2", 0},
		{"element type", "static", []*interp.Tensor{Floats(interp.F64, S(2, 3), 1, 2, 3, 4, 5, 6)}, "expected element type f32", 0},
		{"dynamic dims checked at run time", "mm", []*interp.Tensor{a23, a43}, "tensor.matmul: inner dimensions differ at run time: 3 vs 4", 3},
		{"no kernel", "unknown", []*interp.Tensor{one}, "no interpreter kernel for operation 'test.unknown'", 10},
		{"declaration", "calldecl", []*interp.Tensor{one}, "@decl is only declared", 15},
		{"recursion", "rec", []*interp.Tensor{one}, "call depth limit (256) exceeded", 19},
		{"kernel panic", "panic", []*interp.Tensor{one}, "test.panic: internal error in kernel: runtime error: index out of range", 23},
		{"result type", "bad", []*interp.Tensor{one}, "test.bad: result #0: expected element type f32", 27},
		{"op budget", "spin", nil, "operation budget (10000) exhausted", 0},
		{"assert", "assert", []*interp.Tensor{Bool(nil, false)}, "cf.assert: assertion failed: c must hold", 36},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := in.RunTensors(tc.fn, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tc.want)
			}
			var d *ir.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("error %T is not a diagnostic", err)
			}
			if tc.line > 0 {
				fl, ok := ir.FileLocOf(d.Loc)
				if !ok || fl.Line != tc.line {
					t.Errorf("located at %v, want line %d", d.Loc, tc.line)
				}
			}
		})
	}
	// Dynamic dimensions take the arguments' sizes.
	out, err := in.RunTensors("mm", a23, F32(S(3, 1), 1, 1, 1))
	if err != nil || out[0].Dim(0) != 2 || out[0].F32()[1] != 15 {
		t.Errorf("mm = %v, %v", out, err)
	}
	// Recursion errors carry a bounded number of call-site notes.
	_, err = in.RunTensors("rec", one)
	if d := err.(*ir.Diagnostic); len(d.Notes) == 0 || len(d.Notes) > 8 {
		t.Errorf("recursion error has %d notes", len(d.Notes))
	}
}

func TestContextCancel(t *testing.T) {
	in := interp.New(parse(t, programs), testRegistry())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := in.RunContext(ctx, "spin")
	if err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Errorf("error = %v, want a cancellation", err)
	}
}

// A loop in unstructured control flow: sum of 1..n.
func TestCFGLoop(t *testing.T) {
	m := parse(t, `
func.func @sum(%n: i64) -> i64 {
  %c0 = "arith.constant"() {value = 0 : i64} : () -> i64
  %c1 = "arith.constant"() {value = 1 : i64} : () -> i64
  "cf.br"(%c1, %c0)[^loop] : (i64, i64) -> ()
^loop(%i: i64, %acc: i64):
  %done = "arith.cmpi"(%i, %n) {predicate = 4 : i64} : (i64, i64) -> i1
  "cf.cond_br"(%done, %acc)[^exit, ^body] {operandSegmentSizes = array<i32: 1, 1, 0>} : (i1, i64) -> ()
^body:
  %next = "arith.addi"(%acc, %i) : (i64, i64) -> i64
  %i1 = "arith.addi"(%i, %c1) : (i64, i64) -> i64
  "cf.br"(%i1, %next)[^loop] : (i64, i64) -> ()
^exit(%r: i64):
  return %r : i64
}`)
	in := interp.New(m, testRegistry())
	for n, want := range map[int64]int64{0: 0, 1: 1, 10: 55, 100: 5050} {
		out, err := in.RunTensors("sum", I64(nil, n))
		if err != nil || out[0].I64()[0] != want {
			t.Errorf("sum(%d) = %v, %v; want %d", n, out, err, want)
		}
	}
}

// A region-holding op runs its region through Exec.RunRegion, and the
// region sees values defined outside it.
func TestRegionOp(t *testing.T) {
	m := parse(t, `
func.func @f(%x: f32, %step: f32) -> f32 {
  %r = "test.repeat"(%x) ({
  ^bb0(%v: f32):
    %n = "arith.addf"(%v, %step) : (f32, f32) -> f32
    "test.yield"(%n) : (f32) -> ()
  }) {count = 5 : i64} : (f32) -> f32
  return %r : f32
}`)
	out, err := interp.New(m, testRegistry()).RunTensors("f", F32(nil, 1), F32(nil, 0.5))
	if err != nil || out[0].F32()[0] != 3.5 {
		t.Errorf("f = %v, %v; want 3.5", out, err)
	}
}

func TestCallsAndMultipleResults(t *testing.T) {
	m := parse(t, `
func.func @divmod(%a: i32, %b: i32) -> (i32, i32) {
  %q = "arith.divsi"(%a, %b) : (i32, i32) -> i32
  %r = "arith.remsi"(%a, %b) : (i32, i32) -> i32
  return %q, %r : i32, i32
}
func.func @main(%a: i32, %b: i32) -> (i32, i32) {
  %0:2 = func.call @divmod(%a, %b) : (i32, i32) -> (i32, i32)
  %1:2 = func.call @divmod(%0#0, %b) : (i32, i32) -> (i32, i32)
  return %1#0, %0#1 : i32, i32
}`)
	in := interp.New(m, testRegistry())
	out, err := in.RunTensors("main", I32(nil, -47), I32(nil, 3))
	if err != nil || out[0].I32()[0] != -5 || out[1].I32()[0] != -2 {
		t.Errorf("main = %v, %v; want -5, -2", out, err)
	}
	_, err = in.RunTensors("main", I32(nil, 1), I32(nil, 0))
	if err == nil || !strings.Contains(err.Error(), "arith.divsi: integer division by zero") || len(err.(*ir.Diagnostic).Notes) != 1 {
		t.Errorf("division by zero through a call = %v", err)
	}
}

// Runs of one interpreter may proceed concurrently.
func TestConcurrentRuns(t *testing.T) {
	in := interp.New(parse(t, programs), testRegistry())
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			a := F32(S(2, 2), float32(g), 1, 0, 1)
			out, err := in.RunTensors("mm", a, F32(S(2, 1), 1, 1))
			if err != nil || out[0].F32()[0] != float32(g+1) {
				errs <- fmt.Errorf("goroutine %d: %v, %v", g, out, err)
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
