package interp_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/arithk"
	"github.com/tt-compiler/tt/interp/builtink"
	. "github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/interp/tensork"
)

// Every kernel of builtink, arithk and tensork, given operands and attributes that do not fit it, reports
// an error instead of panicking: the interpreter turns a kernel panic into
// "internal error in kernel", which this test rejects. (Kernels may also
// succeed when the combination happens to be valid.)
func TestKernelsRejectBadInput(t *testing.T) {
	reg := interp.NewRegistry()
	builtink.Register(reg)
	arithk.Register(reg)
	tensork.Register(reg)
	values := []struct {
		typ string
		val *interp.Tensor
	}{
		{"tensor<2x3xf32>", F32(S(2, 3), 1, 2, 3, 4, 5, 6)},
		{"tensor<f32>", F32(nil, 1)},
		{"f32", F32(nil, 2)},
		{"tensor<0x3xf32>", F32(S(0, 3))},
		{"tensor<3xi64>", I64(S(3), 0, 5, -1)},
		{"tensor<2x3xi1>", Bool(S(2, 3), true, false, true, false, true, false)},
		{"i1", Bool(nil, true)},
		{"index", Index(nil, 7)},
		{"tensor<1x1x2x2xf16>", Floats(interp.F16, S(1, 1, 2, 2), 1, 2, 3, 4)},
		{"i32", I32(nil, -3)},
		{"tensor<2xbf16>", Floats(interp.BF16, S(2), 1, 2)},
	}
	attrs := []string{
		"",
		"{dim = 5 : i64, dims = array<i64: 0, 0>, keepdim = true}",
		"{dim = -1 : i64, dims = array<i64: -1>, perm = array<i64: 1>, kernel = array<i64: 3, 3>}",
		"{start = array<i64: 0>, limit = array<i64: 9>, step = array<i64: 0>, low = array<i64: -9>, high = array<i64: 1>}",
		`{predicate = "bogus", approximate = 3 : i64, reduction = "none", value = "x", normalized_dims = 9 : i64}`,
		"{predicate = 99 : i64, value = dense<[1.0, 2.0]> : tensor<2xf32>, groups = 0 : i64, stride = array<i64: 0, 1>}",
		"{eps = 1.0 : f32, normalized_dims = 1 : i64, dim = 0 : i64, value = 1.5 : f32, padding = array<i64: 5, 5>, kernel = array<i64: 1, 1>}",
	}
	results := []string{"tensor<2x3xf32>", "tensor<?xi64>", "i1", "tensor<*xf32>"}
	panics, parsed, ran := 0, 0, 0
	for _, name := range reg.Names() {
		if name == "func.call" || name == "func.return" || strings.HasPrefix(name, "cf.") {
			continue // need a callee or successors; covered elsewhere
		}
		for n := 0; n <= 3; n++ {
			for vi := 0; vi < len(values); vi++ {
				var in []string
				var args []*interp.Tensor
				for k := 0; k < n; k++ {
					v := values[(vi+3*k)%len(values)]
					in, args = append(in, v.typ), append(args, v.val)
				}
				for ai, a := range attrs {
					res := results[(vi+ai)%len(results)]
					op := Op{Name: name, Attrs: a, In: in, Out: []string{res}}
					_, err := Run(reg, op, args...)
					if err == nil || !strings.Contains(err.Error(), "parsing") {
						parsed++
					}
					if err == nil {
						ran++
					}
					if err != nil && strings.Contains(err.Error(), "internal error") {
						panics++
						if panics <= 20 {
							t.Errorf("%s: %v\n%s", name, err, op.Module())
						}
					}
				}
			}
		}
	}
	if panics > 0 {
		t.Errorf("%d kernel panics in total", panics)
	}
	if parsed < 2000 || ran < 50 {
		t.Errorf("only %d programs reached the interpreter and %d ran; the sweep is too weak", parsed, ran)
	}
	t.Logf("%d programs reached the interpreter, %d ran without error", parsed, ran)
}
