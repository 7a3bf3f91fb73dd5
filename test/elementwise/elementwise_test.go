// Package elementwise_test is the differential test of tt's element-level
// semantics: every unary and binary element-wise op of the tensor dialect,
// and the arith and math ops at the scalar and loop level, run over edge
// values (signed zeros, infinities, NaN, subnormals, the ranges where exp
// and its kin under- and overflow, integer extremes, and the casts' out of
// range values) at every level that evaluates them: the op's folder, the
// interpreter, the interpreter after the pt2-go pipeline, and the Go code
// emit/go generates (built and run as tt-run --backend go does, once per
// element type; f16 and bf16, which the loop level does not have, only
// through the folders and the interpreter). Results must agree bit for bit, NaNs of any sign and
// payload counting as one value, except where package numerics documents a
// tolerance (math folds are correctly rounded, the run-time functions
// within an ulp or two).
package elementwise_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/backend/gobuild"
	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/internal/simdtest"
	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
)

// suite is the test of one element type: its argument values, the tensor
// ops (function @ops) and the scalar ops (function @arith, a loop per op
// over memrefs; function @fold holds each scalar op once for its folder).
type suite struct {
	elem   string
	args   map[string]*interp.Tensor // x, a, b, p, q
	tensor []opSpec
	scalar []opSpec
	// unfolded marks, per scalar op, the elements its folder leaves alone
	// (MLIR 16 does not fold them either: sqrt of a negative number, an
	// out-of-range fptosi, ...), which the fold level does not compare.
	unfolded [][]bool
}

func floatSuite(elem string, unary, binary []float64) *suite {
	dt := dtypeOf(elem)
	s := &suite{elem: elem, args: map[string]*interp.Tensor{}, tensor: tensorFloatOps(elem), scalar: arithFloatOps(elem)}
	a, b := pairs(binary, false)
	for name, v := range map[string][]float64{"x": unary, "a": a, "b": b} {
		s.args[name] = mustTensor(interp.FromFloats(dt, []int64{int64(len(v))}, v))
	}
	return s
}

func intSuite(elem string, unary, binary []int64) *suite {
	dt := map[string]interp.DType{"i32": interp.I32, "i64": interp.I64}[elem]
	s := &suite{elem: elem, args: map[string]*interp.Tensor{}, tensor: tensorIntOps(elem), scalar: arithIntOps(elem)}
	a, b := pairs(binary, false)
	p, q := pairs(binary, true)
	for name, v := range map[string][]int64{"x": unary, "a": a, "b": b, "p": p, "q": q} {
		s.args[name] = mustTensor(interp.FromInts(dt, []int64{int64(len(v))}, v))
	}
	return s
}

func mustTensor(t *interp.Tensor, err error) *interp.Tensor {
	if err != nil {
		panic(err)
	}
	return t
}

// argNames are the arguments of the functions, in order.
func (s *suite) argNames() []string {
	if _, ok := s.args["p"]; ok {
		return []string{"x", "a", "b", "p", "q"}
	}
	return []string{"x", "a", "b"}
}

func (s *suite) n(arg string) int { return s.args[arg].Len() }

// outType is an op's result element type.
func (s *suite) outType(o opSpec) string {
	if o.out != "" {
		return o.out
	}
	return s.elem
}

// instantiate writes op o applied to operands, with element or shaped
// type t.
func instantiate(o opSpec, t string, operands []string) string {
	line := o.line
	for i, v := range operands {
		line = strings.ReplaceAll(line, fmt.Sprintf("%%%d", i), v)
	}
	return strings.ReplaceAll(line, " T", " "+t)
}

// source returns the module: @ops on tensors, @arith on memrefs, and for
// integer types @divz (a division by zero).
func (s *suite) source() string {
	var b strings.Builder
	var params, results, rets []string
	for _, a := range s.argNames() {
		params = append(params, fmt.Sprintf("%%%s: tensor<%dx%s>", a, s.n(a), s.elem))
	}
	for i, o := range s.tensor {
		n := s.n(o.args[0])
		var operands []string
		for _, a := range o.args {
			operands = append(operands, "%"+a)
		}
		line := instantiate(o, fmt.Sprintf("tensor<%dx%s>", n, s.elem), operands)
		if o.out != "" { // casts name their result type
			line = strings.Replace(line, "-> "+o.out, fmt.Sprintf("-> tensor<%dx%s>", n, o.out), 1)
		}
		fmt.Fprintf(&b, "  %%r%d = %s\n", i, line)
		results = append(results, fmt.Sprintf("tensor<%dx%s>", n, s.outType(o)))
		rets = append(rets, fmt.Sprintf("%%r%d", i))
	}
	body := b.String()
	b.Reset()
	fmt.Fprintf(&b, "func.func @ops(%s) -> (%s) {\n%s  return %s : %s\n}\n\n", strings.Join(params, ", "),
		strings.Join(results, ", "), body, strings.Join(rets, ", "), strings.Join(results, ", "))

	params, results, rets = nil, nil, nil
	for _, a := range s.argNames() {
		params = append(params, fmt.Sprintf("%%%s: memref<%dx%s>", a, s.n(a), s.elem))
	}
	var loops strings.Builder
	fmt.Fprintf(&loops, "  %%c0 = arith.constant 0 : index\n  %%c1 = arith.constant 1 : index\n")
	for _, a := range s.argNames() {
		fmt.Fprintf(&loops, "  %%n_%s = arith.constant %d : index\n", a, s.n(a))
	}
	for i, o := range s.scalar {
		n, mt := s.n(o.args[0]), fmt.Sprintf("memref<%dx%s>", s.n(o.args[0]), s.outType(o))
		fmt.Fprintf(&loops, "  %%o%d = loops.alloc() : %s\n", i, mt)
		fmt.Fprintf(&loops, "  loops.for %%i%d = %%c0 to %%n_%s step %%c1 {\n", i, o.args[0])
		var operands []string
		for j, a := range o.args {
			fmt.Fprintf(&loops, "    %%v%d_%d = loops.load %%%s[%%i%d] : memref<%dx%s>\n", i, j, a, i, n, s.elem)
			operands = append(operands, fmt.Sprintf("%%v%d_%d", i, j))
		}
		fmt.Fprintf(&loops, "    %%s%d = %s\n", i, instantiate(o, s.elem, operands))
		fmt.Fprintf(&loops, "    loops.store %%s%d, %%o%d[%%i%d] : %s\n    loops.yield\n  }\n", i, i, i, mt)
		results = append(results, mt)
		rets = append(rets, fmt.Sprintf("%%o%d", i))
	}
	fmt.Fprintf(&b, "func.func @arith(%s) -> (%s) {\n%s  return %s : %s\n}\n", strings.Join(params, ", "),
		strings.Join(results, ", "), loops.String(), strings.Join(rets, ", "), strings.Join(results, ", "))
	if _, ok := s.args["p"]; ok {
		fmt.Fprintf(&b, "\nfunc.func @divz(%%a: tensor<2x%[1]s>, %%b: tensor<2x%[1]s>) -> tensor<2x%[1]s> {\n"+
			"  %%r = tensor.div %%a, %%b : tensor<2x%[1]s>\n  return %%r : tensor<2x%[1]s>\n}\n", s.elem)
	}
	return b.String()
}

// foldSource is @fold: each scalar op once, on the arguments %s0, %s1.
func (s *suite) foldSource() string {
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @fold(%%s0: %[1]s, %%s1: %[1]s) {\n", s.elem)
	for i, o := range s.scalar {
		operands := []string{"%s0", "%s1"}[:len(o.args)]
		fmt.Fprintf(&b, "  %%f%d = %s\n", i, instantiate(o, s.elem, operands))
	}
	b.WriteString("  return\n}\n")
	return b.String()
}

func TestFloat32(t *testing.T) { floatSuite("f32", floatEdges, floatPairs).run(t) }
func TestFloat64(t *testing.T) { floatSuite("f64", f64Edges, floatPairs).run(t) }
func TestInt32(t *testing.T)   { intSuite("i32", i32Edges, i32Pairs).run(t) }

// f16 and bf16 exist at the tensor level and in the interpreter only (the
// loop level computes in f32): their ops are compared between the folders
// and the interpreter.
func TestFloat16(t *testing.T)  { floatSuite("f16", floatEdges, floatPairs).run(t) }
func TestBFloat16(t *testing.T) { floatSuite("bf16", floatEdges, floatPairs).run(t) }
func TestInt64(t *testing.T)    { intSuite("i64", i64Edges, i64Pairs).run(t) }

// run evaluates every op at every level and compares with the reference.
func (s *suite) run(t *testing.T) {
	ctx := context.Background()
	src := s.source()
	load := func(pipeline string) *ir.Operation {
		t.Helper()
		p, err := ttrun.Load(s.elem+".mlir", []byte(src), pipeline)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		return p.Module
	}
	var args []*interp.Tensor
	for _, a := range s.argNames() {
		args = append(args, s.args[a])
	}

	// The reference: the interpreter on the ops themselves.
	ref := interpret(t, load(""), args)
	results := map[level]map[string][]*interp.Tensor{levelInterp: ref}

	// The folders.
	results[levelFold] = map[string][]*interp.Tensor{
		"ops":   s.foldTensorOps(t, load(""), args),
		"arith": s.foldScalarOps(t),
	}

	levels := []level{levelFold}
	if s.elem != "f16" && s.elem != "bf16" {
		// pt2-go with the vector widths of each SIMD level, then the
		// interpreter (once per set of widths) and generated Go code.
		simd, err := simdtest.Levels()
		if err != nil {
			t.Fatal(err)
		}
		interpreted := map[[2]int]bool{}
		for _, sl := range simd {
			lowered := load("")
			if err := gobuild.Lower(ctx, lowered, registry.NewPassRegistry(), gobuild.LowerOptions{SIMD: sl}); err != nil {
				t.Fatalf("pt2-go (%s): %v", sl, err)
			}
			f32, f64 := gobuild.VectorWidths(sl, 0)
			if !interpreted[[2]int{f32, f64}] {
				interpreted[[2]int{f32, f64}] = true
				lv := levelLoops.at(sl, len(interpreted) == 1)
				results[lv] = interpret(t, lowered, args)
				levels = append(levels, lv)
			}
			lv := levelGo.at(sl, sl == goemit.SIMDOff)
			results[lv] = runGo(t, ctx, lowered, args, s.elem, sl)
			levels = append(levels, lv)
		}
	}

	for _, fn := range []string{"ops", "arith"} {
		specs := s.tensor
		if fn == "arith" {
			specs = s.scalar
		}
		for _, lv := range levels {
			compared, elems := 0, 0 // (with the fold level's unfolded elements)
			var unfolded []string
			for i, o := range specs {
				got := results[lv][fn][i]
				if got == nil {
					unfolded = append(unfolded, o.label)
					continue
				}
				var skip []bool
				if lv == levelFold && fn == "arith" {
					skip = s.unfolded[i]
				}
				s.compare(t, lv, o, ref[fn][i], got, skip)
				compared, elems = compared+1, elems+got.Len()
			}
			t.Logf("@%s at level %s: %d of %d ops compared (%d elements); not folded: %v", fn, lv, compared, len(specs), elems, unfolded)
			if lv != levelFold && compared != len(specs) {
				t.Errorf("@%s at level %s: %d results for %d ops", fn, lv, compared, len(specs))
			}
		}
	}
}

// interpret runs @ops and @arith (and checks @divz fails) with the
// interpreter.
func interpret(t *testing.T, module *ir.Operation, args []*interp.Tensor) map[string][]*interp.Tensor {
	t.Helper()
	out := map[string][]*interp.Tensor{}
	for _, fn := range []string{"ops", "arith"} {
		be := ttrun.NewInterpBackend()
		if err := be.Prepare(context.Background(), module, fn); err != nil {
			t.Fatalf("@%s: %v", fn, err)
		}
		res, err := be.Run(context.Background(), args)
		if err != nil {
			t.Fatalf("@%s: %v", fn, err)
		}
		out[fn] = res
	}
	if f := findFunc(module, "divz"); f != nil {
		be := ttrun.NewInterpBackend()
		if err := be.Prepare(context.Background(), module, "divz"); err != nil {
			t.Fatal(err)
		}
		_, err := be.Run(context.Background(), divzArgs(args[0].DType()))
		if err == nil || !strings.Contains(err.Error(), "division by zero") {
			t.Errorf("@divz in the interpreter: err = %v, want a division by zero", err)
		}
	}
	return out
}

// divzArgs are the operands of @divz: a divisor 0.
func divzArgs(dt interp.DType) []*interp.Tensor {
	return []*interp.Tensor{mustTensor(interp.FromInts(dt, []int64{2}, []int64{7, 8})), mustTensor(interp.FromInts(dt, []int64{2}, []int64{1, 0}))}
}

func findFunc(module *ir.Operation, name string) *ir.Operation {
	var found *ir.Operation
	module.WalkPreOrder(func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "func.func" {
			if n, _ := op.StringAttr("sym_name"); n == name {
				found = op
			}
			return ir.WalkSkip
		}
		return ir.WalkAdvance
	})
	return found
}

// runGo emits, builds and runs @ops, @arith and @divz as generated Go.
func runGo(t *testing.T, ctx context.Context, lowered *ir.Operation, args []*interp.Tensor, elem string, simd goemit.SIMD) map[string][]*interp.Tensor {
	t.Helper()
	pkg, err := goemit.Emit(lowered, goemit.Options{Package: goemit.DefaultPackage, SIMD: simd})
	if err != nil {
		t.Fatalf("emit: %v", err)
	}
	prog, err := gobuild.Build(ctx, pkg, gobuild.BuildOptions{Version: ttrun.Version})
	if err != nil {
		t.Fatalf("build (%s): %v", elem, err)
	}
	call := func(fn string, args []*interp.Tensor) ([]*interp.Tensor, error) {
		proc, err := prog.Start(fn)
		if err != nil {
			t.Fatal(err)
		}
		defer proc.Close()
		var arrays []*npy.Array
		for _, a := range args {
			x, err := a.ToNPY()
			if err != nil {
				t.Fatal(err)
			}
			arrays = append(arrays, x)
		}
		res, _, err := proc.Call(ctx, arrays)
		if err != nil {
			return nil, err
		}
		var out []*interp.Tensor
		for _, r := range res {
			out = append(out, mustTensor(interp.FromNPY(r)))
		}
		return out, nil
	}
	out := map[string][]*interp.Tensor{}
	for _, fn := range []string{"ops", "arith"} {
		res, err := call(fn, args)
		if err != nil {
			t.Fatalf("@%s in Go: %v", fn, err)
		}
		out[fn] = res
	}
	if pkg.Func("divz") != nil {
		_, err := call("divz", divzArgs(args[0].DType()))
		if err == nil || !strings.Contains(err.Error(), "division by zero") {
			t.Errorf("@divz in Go: err = %v, want a division by zero", err)
		}
	}
	return out
}

// foldTensorOps calls the Fold hook of every op of @ops with the
// arguments as constants; an op that does not fold gives nil.
func (s *suite) foldTensorOps(t *testing.T, module *ir.Operation, args []*interp.Tensor) []*interp.Tensor {
	t.Helper()
	f := findFunc(module, "ops")
	block := f.Region(0).Front()
	consts := map[ir.Value]ir.Attribute{}
	for i := 0; i < block.NumArgs(); i++ {
		consts[block.Arg(i)] = denseOf(t, block.Arg(i).Type(), args[i])
	}
	var out []*interp.Tensor
	for op := block.First(); op != nil && op.Name() != "func.return"; op = op.Next() {
		out = append(out, fold(t, op, consts))
	}
	if len(out) != len(s.tensor) {
		t.Fatalf("@ops has %d ops, want %d", len(out), len(s.tensor))
	}
	return out
}

// fold runs op's Fold hook with constant operands and returns the folded
// value (nil when it does not fold).
func fold(t *testing.T, op *ir.Operation, consts map[ir.Value]ir.Attribute) *interp.Tensor {
	t.Helper()
	given := make([]ir.Attribute, op.NumOperands())
	for i := range given {
		given[i] = consts[op.Operand(i)]
	}
	if op.Def() == nil || op.Def().Fold == nil {
		return nil
	}
	res, ok := op.Def().Fold(op, given)
	if !ok || len(res) != 1 {
		return nil
	}
	a := res[0].Attr
	if res[0].Value != nil {
		a = consts[res[0].Value]
	}
	var v *interp.Tensor
	var err error
	switch a := a.(type) {
	case *ir.DenseElementsAttr:
		v, err = interp.FromDense(a)
	case nil:
		return nil
	default:
		v, err = interp.ScalarFromAttr(a)
	}
	if err != nil {
		t.Fatalf("%s folds to %v: %v", op.Name(), a, err)
	}
	return v
}

// denseOf is the constant of type typ holding v's elements.
func denseOf(t *testing.T, typ ir.Type, v *interp.Tensor) ir.Attribute {
	st := typ.(ir.ShapedType)
	if v.DType().IsFloat() {
		vals := make([]float64, v.Len())
		for i := range vals {
			vals[i] = v.Float(i)
		}
		return ir.DenseFloats(st, vals)
	}
	vals := make([]int64, v.Len())
	for i := range vals {
		vals[i] = v.Int(i)
	}
	return ir.DenseInts(st, vals)
}

// foldScalarOps folds every scalar op of @fold element by element (the
// arith and math folders fold scalars), recording in s.unfolded the
// elements that do not fold (nil when no element folds).
func (s *suite) foldScalarOps(t *testing.T) []*interp.Tensor {
	t.Helper()
	p, err := ttrun.Load("fold.mlir", []byte(s.foldSource()), "")
	if err != nil {
		t.Fatal(err)
	}
	f := findFunc(p.Module, "fold")
	block := f.Region(0).Front()
	elemType := block.Arg(0).Type()
	var out []*interp.Tensor
	i := 0
	for op := block.First(); op != nil && op.Name() != "func.return"; op, i = op.Next(), i+1 {
		o := s.scalar[i]
		n := s.n(o.args[0])
		dt := dtypeOf(s.outType(o))
		res := interp.MustNewTensor(dt, []int64{int64(n)})
		skip := make([]bool, n)
		folded := 0
		for e := 0; e < n; e++ {
			consts := map[ir.Value]ir.Attribute{}
			for j, a := range o.args {
				consts[block.Arg(j)] = scalarAttr(elemType, s.args[a], e)
			}
			v := fold(t, op, consts)
			if v == nil {
				skip[e] = true
				continue
			}
			folded++
			if dt.IsFloat() {
				res.SetFloat(e, v.Float(0))
			} else {
				res.SetInt(e, v.Int(0))
			}
		}
		if folded == 0 {
			res = nil
		}
		out = append(out, res)
		s.unfolded = append(s.unfolded, skip)
	}
	return out
}

// scalarAttr is element e of v as a constant of type typ.
func scalarAttr(typ ir.Type, v *interp.Tensor, e int) ir.Attribute {
	if v.DType().IsFloat() {
		return ir.Float(typ, v.Float(e))
	}
	return ir.Int(typ, v.Int(e))
}

func dtypeOf(elem string) interp.DType {
	return map[string]interp.DType{"f16": interp.F16, "bf16": interp.BF16, "f32": interp.F32, "f64": interp.F64,
		"i1": interp.I1, "i32": interp.I32, "i64": interp.I64}[elem]
}

// compare reports the elements where got differs from the reference by
// more than the op's tolerance at that level.
func (s *suite) compare(t *testing.T, lv level, o opSpec, want, got *interp.Tensor, skip []bool) {
	t.Helper()
	if got.DType() != want.DType() || !slices.Equal(got.Shape(), want.Shape()) {
		t.Errorf("%s %s at %s: %s, the interpreter gives %s", s.elem, o.label, lv, got.TypeString(), want.TypeString())
		return
	}
	tol := int64(o.tol[lv.base()])
	var bad []string
	worst := int64(0)
	defer func() {
		if worst > 0 && bad == nil {
			t.Logf("%s %s at level %s: within %d ulp of the interpreter (tolerance %d)", s.elem, o.label, lv, worst, tol)
		}
	}()
	for e := 0; e < want.Len(); e++ {
		if want.DType().IsFloat() && (skip == nil || !skip[e]) {
			if d := ulps(s.outType(o), want.Float(e), got.Float(e)); d != math.MaxInt64 {
				worst = max(worst, d)
			}
		}
		if skip != nil && skip[e] || same(want, got, e, s.outType(o), tol) {
			continue
		}
		if len(bad) < 4 {
			bad = append(bad, fmt.Sprintf("%s → %s, want %s", s.operands(o, e), show(got, e), show(want, e)))
		} else if len(bad) == 4 {
			bad = append(bad, "...")
		}
	}
	if bad != nil {
		t.Errorf("%s %s at level %s (tolerance %d ulp) differs from the interpreter:\n\t%s", s.elem, o.label, lv, tol, strings.Join(bad, "\n\t"))
	}
}

// same compares element e of two results: floats bit for bit (NaNs as one
// value) or within tol ulps, integers exactly.
func same(want, got *interp.Tensor, e int, elem string, tol int64) bool {
	if !want.DType().IsFloat() {
		return want.Int(e) == got.Int(e)
	}
	x, y := want.Float(e), got.Float(e)
	if x != x || y != y {
		return x != x && y != y
	}
	if tol == 0 {
		return x == y && (x != 0 || (1/x > 0) == (1/y > 0))
	}
	return ulps(elem, x, y) <= tol
}

// operands describes the operands of element e of op o.
func (s *suite) operands(o opSpec, e int) string {
	var parts []string
	for _, a := range o.args {
		parts = append(parts, show(s.args[a], e))
	}
	return o.label + "(" + strings.Join(parts, ", ") + ")"
}

// show prints element e exactly.
func show(v *interp.Tensor, e int) string {
	if v.DType().IsFloat() {
		f := v.Float(e)
		elem := "f64"
		if v.DType() == interp.F32 {
			elem = "f32"
		}
		return fmt.Sprintf("%g (%s)", f, formatFloat(elem, f))
	}
	return fmt.Sprint(v.Int(e))
}
