package tensor_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
)

// foldCase folds the op defining the returned value of a function.
type foldCase struct {
	name string
	args string // function arguments
	body string // ops; the last one is folded
	want string // "none", "in place", "arg N", "op N" (result of the Nth op), or the constant's spelling
}

var foldCases = []foldCase{
	{"add-const", "", `%a = tensor.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %b = tensor.constant dense<[0.5, 4.0]> : tensor<2xf32>
    %r = tensor.add %a, %b : tensor<2xf32>`, "dense<[1.500000e+00, 6.000000e+00]> : tensor<2xf32>"},
	{"add-splat-large", "", `%a = tensor.constant dense<1.0> : tensor<100x100xf32>
    %r = tensor.add %a, %a : tensor<100x100xf32>`, "dense<2.000000e+00> : tensor<100x100xf32>"},
	{"add-too-large", "%x: tensor<2000xf32>", `%a = tensor.iota dim = 0 : tensor<2000xf32>
    %r = tensor.add %a, %a : tensor<2000xf32>`, "none"},
	{"add-i32-wraps", "", `%a = tensor.constant dense<2147483647> : tensor<2xi32>
    %b = tensor.constant dense<[1, 2]> : tensor<2xi32>
    %r = tensor.add %a, %b : tensor<2xi32>`, "dense<[-2147483648, -2147483647]> : tensor<2xi32>"},
	{"add-x-zero", "%x: tensor<2xf32>", `%z = tensor.constant dense<0.0> : tensor<2xf32>
    %r = tensor.add %x, %z : tensor<2xf32>`, "arg 0"},
	{"add-zero-x", "%x: tensor<2xi64>", `%z = tensor.constant dense<0> : tensor<2xi64>
    %r = tensor.add %z, %x : tensor<2xi64>`, "arg 0"},
	{"add-const-moves-right", "%x: tensor<2xf32>", `%z = tensor.constant dense<3.0> : tensor<2xf32>
    %r = tensor.add %z, %x : tensor<2xf32>`, "in place"},
	{"sub-x-zero", "%x: tensor<2xf32>", `%z = tensor.constant dense<0.0> : tensor<2xf32>
    %r = tensor.sub %x, %z : tensor<2xf32>`, "arg 0"},
	{"sub-zero-x", "%x: tensor<2xf32>", `%z = tensor.constant dense<0.0> : tensor<2xf32>
    %r = tensor.sub %z, %x : tensor<2xf32>`, "none"},
	{"mul-x-one", "%x: tensor<2xf32>", `%o = tensor.constant dense<1.0> : tensor<2xf32>
    %r = tensor.mul %x, %o : tensor<2xf32>`, "arg 0"},
	{"mul-one-x", "%x: tensor<2xi32>", `%o = tensor.constant dense<1> : tensor<2xi32>
    %r = tensor.mul %o, %x : tensor<2xi32>`, "arg 0"},
	{"div-x-one", "%x: tensor<2xf32>", `%o = tensor.constant dense<1.0> : tensor<2xf32>
    %r = tensor.div %x, %o : tensor<2xf32>`, "arg 0"},
	{"div-int-by-zero", "", `%a = tensor.constant dense<[4, 5]> : tensor<2xi32>
    %b = tensor.constant dense<[2, 0]> : tensor<2xi32>
    %r = tensor.div %a, %b : tensor<2xi32>`, "none"},
	{"div-int-trunc", "", `%a = tensor.constant dense<[7, -7]> : tensor<2xi64>
    %b = tensor.constant dense<2> : tensor<2xi64>
    %r = tensor.div %a, %b : tensor<2xi64>`, "dense<[3, -3]> : tensor<2xi64>"},
	{"pow-int", "", `%a = tensor.constant dense<[2, 3]> : tensor<2xi64>
    %b = tensor.constant dense<[10, 2]> : tensor<2xi64>
    %r = tensor.pow %a, %b : tensor<2xi64>`, "dense<[1024, 9]> : tensor<2xi64>"},
	{"max-self", "%x: tensor<2xf32>", `%r = tensor.max %x, %x : tensor<2xf32>`, "arg 0"},
	{"max-nan", "", `%a = tensor.constant dense<[0x7FC00000, 1.0]> : tensor<2xf32>
    %b = tensor.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %r = tensor.max %a, %b : tensor<2xf32>`, "dense<[0x7FC00000, 2.000000e+00]> : tensor<2xf32>"},
	{"min-bool", "", `%a = tensor.constant dense<[true, false]> : tensor<2xi1>
    %b = tensor.constant dense<true> : tensor<2xi1>
    %r = tensor.min %a, %b : tensor<2xi1>`, "dense<[true, false]> : tensor<2xi1>"},
	{"neg-neg", "%x: tensor<2xf32>", `%a = tensor.neg %x : tensor<2xf32>
    %r = tensor.neg %a : tensor<2xf32>`, "arg 0"},
	{"relu-relu", "%x: tensor<2xf32>", `%a = tensor.relu %x : tensor<2xf32>
    %r = tensor.relu %a : tensor<2xf32>`, "op 0"},
	{"exp-const", "", `%a = tensor.constant dense<[0.0, 1.0]> : tensor<2xf64>
    %r = tensor.exp %a : tensor<2xf64>`, "dense<[1.000000e+00, 2.7182818284590451]> : tensor<2xf64>"},
	{"sigmoid-f16", "", `%a = tensor.constant dense<0.0> : tensor<3xf16>
    %r = tensor.sigmoid %a : tensor<3xf16>`, "dense<5.000000e-01> : tensor<3xf16>"},
	{"relu-int", "", `%a = tensor.constant dense<[-3, 4]> : tensor<2xi32>
    %r = tensor.relu %a : tensor<2xi32>`, "dense<[0, 4]> : tensor<2xi32>"},
	{"gelu-const", "", `%a = tensor.constant dense<[0.0, 1.0]> : tensor<2xf32>
    %r = tensor.gelu %a : tensor<2xf32>`, "dense<[0.000000e+00, 0.841344714]> : tensor<2xf32>"}, // torch.nn.functional.gelu(tensor([0., 1.]))
	{"gelu-tanh-const", "", `%a = tensor.constant dense<[1.0]> : tensor<1xf32>
    %r = tensor.gelu %a approximate = tanh : tensor<1xf32>`, "dense<8.411920e-01> : tensor<1xf32>"},
	{"cmp-const", "", `%a = tensor.constant dense<[1.0, 2.0, 0x7FC00000]> : tensor<3xf32>
    %b = tensor.constant dense<2.0> : tensor<3xf32>
    %r = tensor.cmp lt, %a, %b : tensor<3xf32>`, "dense<[true, false, false]> : tensor<3xi1>"},
	{"cmp-ne-nan", "", `%a = tensor.constant dense<0x7FC00000> : tensor<2xf32>
    %r = tensor.cmp ne, %a, %a : tensor<2xf32>`, "dense<true> : tensor<2xi1>"},
	{"select-true", "%x: tensor<2xf32>, %y: tensor<2xf32>", `%c = tensor.constant dense<true> : tensor<2xi1>
    %r = tensor.select %c, %x, %y : tensor<2xf32>`, "arg 0"},
	{"select-false", "%x: tensor<2xf32>, %y: tensor<2xf32>", `%c = tensor.constant dense<false> : tensor<2xi1>
    %r = tensor.select %c, %x, %y : tensor<2xf32>`, "arg 1"},
	{"select-same", "%c: tensor<2xi1>, %x: tensor<2xf32>", `%r = tensor.select %c, %x, %x : tensor<2xf32>`, "arg 1"},
	{"select-const", "", `%c = tensor.constant dense<[true, false]> : tensor<2xi1>
    %a = tensor.constant dense<[1, 2]> : tensor<2xi32>
    %b = tensor.constant dense<[3, 4]> : tensor<2xi32>
    %r = tensor.select %c, %a, %b : tensor<2xi32>`, "dense<[1, 4]> : tensor<2xi32>"},
	{"cast-same", "%x: tensor<2xf32>", `%r = tensor.cast %x : tensor<2xf32> -> tensor<2xf32>`, "arg 0"},
	{"cast-roundtrip", "%x: tensor<2xf16>", `%a = tensor.cast %x : tensor<2xf16> -> tensor<2xf32>
    %r = tensor.cast %a : tensor<2xf32> -> tensor<2xf16>`, "arg 0"},
	{"cast-lossy-roundtrip", "%x: tensor<2xf32>", `%a = tensor.cast %x : tensor<2xf32> -> tensor<2xf16>
    %r = tensor.cast %a : tensor<2xf16> -> tensor<2xf32>`, "none"},
	{"cast-f-to-i", "", `%a = tensor.constant dense<[2.7, -2.7]> : tensor<2xf32>
    %r = tensor.cast %a : tensor<2xf32> -> tensor<2xi32>`, "dense<[2, -2]> : tensor<2xi32>"},
	{"cast-f-to-i-overflow", "", `%a = tensor.constant dense<[3.0e9, 0x7FC00000, -2.5]> : tensor<3xf32>
    %r = tensor.cast %a : tensor<3xf32> -> tensor<3xi32>`, "dense<[-2147483648, -2147483648, -2]> : tensor<3xi32>"}, // as torch on x86-64
	{"pow-int-negative-exponent", "", `%a = tensor.constant dense<[2, -1, 1, 0, 3]> : tensor<5xi32>
    %b = tensor.constant dense<[-1, -3, -5, 0, 21]> : tensor<5xi32>
    %r = tensor.pow %a, %b : tensor<5xi32>`, "dense<[0, -1, 1, 1, 1870418611]> : tensor<5xi32>"}, // torch.pow
	{"sigmoid-f32-tail", "", `%a = tensor.constant dense<[-90.0, -88.0]> : tensor<2xf32>
    %r = tensor.sigmoid %a : tensor<2xf32>`, "dense<[0.000000e+00, 6.05460149E-39]> : tensor<2xf32>"}, // torch.sigmoid
	{"relu-negative-zero", "", `%a = tensor.constant dense<[-0.0, -1.0]> : tensor<2xf32>
    %r = tensor.relu %a : tensor<2xf32>`, "dense<[-0.000000e+00, 0.000000e+00]> : tensor<2xf32>"}, // torch.relu keeps -0
	{"max-bool", "", `%a = tensor.constant dense<[true, false]> : tensor<2xi1>
    %b = tensor.constant dense<true> : tensor<2xi1>
    %r = tensor.max %a, %b : tensor<2xi1>`, "dense<true> : tensor<2xi1>"},
	{"cast-to-bool", "", `%a = tensor.constant dense<[0.0, -0.5]> : tensor<2xf32>
    %r = tensor.cast %a : tensor<2xf32> -> tensor<2xi1>`, "dense<[false, true]> : tensor<2xi1>"},
	{"cast-bool-to-f", "", `%a = tensor.constant dense<[true, false]> : tensor<2xi1>
    %r = tensor.cast %a : tensor<2xi1> -> tensor<2xbf16>`, "dense<[1.000000e+00, 0.000000e+00]> : tensor<2xbf16>"},
	{"full", "", `%r = tensor.full 2.0 : f32 -> tensor<100x100xf32>`, "dense<2.000000e+00> : tensor<100x100xf32>"},
	{"full-dynamic", "%n: index", `%r = tensor.full 2.0 : f32 sizes(%n) -> tensor<?xf32>`, "none"},
	{"iota", "", `%r = tensor.iota dim = 0 : tensor<2x3xi64>`, "dense<[[0, 0, 0], [1, 1, 1]]> : tensor<2x3xi64>"},
	{"iota-neg-dim", "", `%r = tensor.iota dim = -1 : tensor<2x3xf32>`, "dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00], [0.000000e+00, 1.000000e+00, 2.000000e+00]]> : tensor<2x3xf32>"},
	{"dim-static", "%x: tensor<?x3xf32>", `%r = tensor.dim %x dim = 1 : tensor<?x3xf32>`, "3 : index"},
	{"dim-dynamic", "%x: tensor<?x3xf32>", `%r = tensor.dim %x dim = 0 : tensor<?x3xf32>`, "none"},
	{"dim-of-full", "%n: index", `%f = tensor.full 0.0 : f32 sizes(%n) -> tensor<2x?xf32>
    %r = tensor.dim %f dim = 1 : tensor<2x?xf32>`, "arg 0"},
	{"broadcast-identity", "%x: tensor<2x3xf32>", `%r = tensor.broadcast %x dims = [0, 1] : tensor<2x3xf32> -> tensor<2x3xf32>`, "arg 0"},
	{"broadcast-identity-dynamic", "%x: tensor<?x3x?xf32>", `%n = tensor.dim %x dim = 0 : tensor<?x3x?xf32>
    %m = tensor.dim %x dim = -1 : tensor<?x3x?xf32>
    %r = tensor.broadcast %x dims = [0, 1, 2] sizes(%n, %m) : tensor<?x3x?xf32> -> tensor<?x3x?xf32>`, "arg 0"},
	{"broadcast-not-identity-dynamic", "%x: tensor<?x3x?xf32>", `%n = tensor.dim %x dim = 0 : tensor<?x3x?xf32>
    %r = tensor.broadcast %x dims = [0, 1, 2] sizes(%n, %n) : tensor<?x3x?xf32> -> tensor<?x3x?xf32>`, "none"},
	{"broadcast-const", "", `%a = tensor.constant dense<[1, 2, 3]> : tensor<3xi64>
    %r = tensor.broadcast %a dims = [1] : tensor<3xi64> -> tensor<2x3xi64>`, "dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi64>"},
	{"broadcast-const-size1", "", `%a = tensor.constant dense<[[1], [2]]> : tensor<2x1xi64>
    %r = tensor.broadcast %a dims = [0, 2] : tensor<2x1xi64> -> tensor<2x2x2xi64>`, "dense<[[[1, 1], [1, 1]], [[2, 2], [2, 2]]]> : tensor<2x2x2xi64>"},
	{"reshape-same", "%x: tensor<?x3xf32>", `%r = tensor.reshape %x : tensor<?x3xf32> -> tensor<?x3xf32>`, "arg 0"},
	{"reshape-const", "", `%a = tensor.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %r = tensor.reshape %a : tensor<4xi32> -> tensor<2x2xi32>`, "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>"},
	{"transpose-identity", "%x: tensor<2x3xf32>", `%r = tensor.transpose %x perm = [0, 1] : tensor<2x3xf32>`, "arg 0"},
	{"transpose-const", "", `%a = tensor.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %r = tensor.transpose %a perm = [1, 0] : tensor<2x3xi32>`, "dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>"},
	{"slice-all", "%x: tensor<2x3xf32>", `%r = tensor.slice %x start = [0, 0] limit = [2, 3] : tensor<2x3xf32>`, "arg 0"},
	{"slice-const", "", `%a = tensor.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %r = tensor.slice %a start = [0, 0] limit = [2, 3] step = [1, 2] : tensor<2x3xi32>`, "dense<[[1, 3], [4, 6]]> : tensor<2x2xi32>"},
	{"concat-one", "%x: tensor<2xf32>", `%r = tensor.concat %x dim = 0 : tensor<2xf32>`, "arg 0"},
	{"pad-zero", "%x: tensor<2xf32>", `%r = tensor.pad %x low = [0] high = [0] : tensor<2xf32>`, "arg 0"},
	{"reduce-nothing", "%x: tensor<2xf32>", `%r = tensor.reduce_sum %x dims = [] : tensor<2xf32>`, "arg 0"},
	{"iota-empty", "", `%r = tensor.iota dim = 0 : tensor<2x0xi64>`, "none"},
	{"reshape-empty", "", `%a = tensor.constant dense<> : tensor<0xf32>
    %r = tensor.reshape %a : tensor<0xf32> -> tensor<0x4xf32>`, "none"},
	{"constant", "", `%r = tensor.constant dense<1> : tensor<2xi1>`, "dense<true> : tensor<2xi1>"},
}

// TestFold runs the Fold hook of the last op of each case.
func TestFold(t *testing.T) {
	for _, c := range foldCases {
		t.Run(c.name, func(t *testing.T) { runFoldCase(t, c) })
	}
}

func runFoldCase(t *testing.T, c foldCase) {
	ctx := newCtx()
	m := parseModule(t, ctx, "func.func @f("+c.args+") {\n    "+c.body+"\n    return\n}")
	fn := builtin.ModuleBody(m).First()
	entry := fn.Region(0).Front()
	var ops []*ir.Operation
	for o := range entry.Ops() {
		ops = append(ops, o)
	}
	op := ops[len(ops)-2]
	res, ok := op.Def().Fold(op, nil)
	got := describeFold(entry, ops, res, ok)
	if got != c.want {
		t.Fatalf("folding %s: got %s, want %s", op.Name(), got, c.want)
	}
}

// describeFold spells a fold result the way the cases write it.
func describeFold(entry *ir.Block, ops []*ir.Operation, res []ir.FoldResult, ok bool) string {
	switch {
	case !ok:
		return "none"
	case len(res) == 0:
		return "in place"
	case res[0].Attr != nil:
		return res[0].Attr.String()
	}
	for i, a := range entry.Args() {
		if ir.Value(a) == res[0].Value {
			return "arg " + string(rune('0'+i))
		}
	}
	for i, o := range ops {
		if o.NumResults() > 0 && o.Result(0) == res[0].Value {
			return "op " + string(rune('0'+i))
		}
	}
	return "?"
}

// patternCase applies the canonicalization patterns of the last op.
type patternCase struct {
	name, args, body string
	want             string // the rewritten op as printed, or "none"
}

var patternCases = []patternCase{
	{"reshape-of-reshape", "%x: tensor<2x3xf32>", `%a = tensor.reshape %x : tensor<2x3xf32> -> tensor<3x2xf32>
    %r = tensor.reshape %a : tensor<3x2xf32> -> tensor<6xf32>`, "tensor.reshape %arg0 : tensor<2x3xf32> -> tensor<6xf32>"},
	{"transpose-of-transpose", "%x: tensor<2x3x4xf32>", `%a = tensor.transpose %x perm = [1, 2, 0] : tensor<2x3x4xf32>
    %r = tensor.transpose %a perm = [2, 0, 1] : tensor<3x4x2xf32>`, "tensor.transpose %arg0 perm = [0, 1, 2] : tensor<2x3x4xf32>"},
	{"transpose-of-transpose-2", "%x: tensor<2x3x4xf32>", `%a = tensor.transpose %x perm = [1, 2, 0] : tensor<2x3x4xf32>
    %r = tensor.transpose %a perm = [1, 0, 2] : tensor<3x4x2xf32>`, "tensor.transpose %arg0 perm = [2, 1, 0] : tensor<2x3x4xf32>"},
	{"broadcast-of-broadcast", "%x: tensor<3xf32>", `%a = tensor.broadcast %x dims = [1] : tensor<3xf32> -> tensor<1x3xf32>
    %r = tensor.broadcast %a dims = [1, 2] : tensor<1x3xf32> -> tensor<4x5x3xf32>`, "tensor.broadcast %arg0 dims = [2] : tensor<3xf32> -> tensor<4x5x3xf32>"},
	{"normalize-dim", "%x: tensor<2x3xf32>", `%r = tensor.softmax %x dim = -1 : tensor<2x3xf32>`, "tensor.softmax %arg0 dim = 1 : tensor<2x3xf32>"},
	{"normalize-dim-iota", "", `%r = tensor.iota dim = -2 : tensor<2x3xf32>`, "tensor.iota dim = 0 : tensor<2x3xf32>"},
	{"normalize-dims", "%x: tensor<2x3x4xf32>", `%r = tensor.reduce_sum %x dims = [-1, 0] : tensor<2x3x4xf32>`, "tensor.reduce_sum %arg0 dims = [0, 2] : tensor<2x3x4xf32>"},
	{"normalized-dims", "%x: tensor<2x3x4xf32>", `%r = tensor.reduce_sum %x dims = [0, 2] : tensor<2x3x4xf32>`, "none"},
	{"positive-dim", "%x: tensor<2x3xf32>", `%r = tensor.softmax %x dim = 1 : tensor<2x3xf32>`, "none"},
}

// TestCanonicalizationPatterns applies the patterns of the last op.
func TestCanonicalizationPatterns(t *testing.T) {
	for _, c := range patternCases {
		t.Run(c.name, func(t *testing.T) {
			ctx := newCtx()
			m := parseModule(t, ctx, "func.func @f("+c.args+") {\n    "+c.body+"\n    return\n}")
			entry := builtin.ModuleBody(m).First().Region(0).Front()
			op := entry.Last().Prev()
			changed := false
			rw := ir.NewPatternRewriter(ctx, nil)
			for _, p := range op.Def().Canonicalize {
				changed = p.MatchAndRewrite(op, rw) || changed
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("invalid after rewriting: %v", err)
			}
			if !changed {
				if c.want != "none" {
					t.Fatalf("no pattern applied")
				}
				return
			}
			if got := print(m, false); !strings.Contains(got, c.want) {
				t.Fatalf("got\n%s\nwant a line with %s", got, c.want)
			}
		})
	}
}
