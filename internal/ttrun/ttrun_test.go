package ttrun

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tt-compiler/tt/internal/ttopt"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
)

const addProg = `func.func @f(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tensor.add %x, %y : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
`

// write puts files in a fresh directory and returns its path.
func write(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func writeNPY(t *testing.T, path string, a *npy.Array) {
	t.Helper()
	if err := npy.WriteFile(path, a); err != nil {
		t.Fatal(err)
	}
}

// runMain runs Main in-process and returns the status and outputs.
func runMain(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestMainRunsAndWrites(t *testing.T) {
	dir := write(t, map[string]string{"p.mlir": addProg})
	x := &npy.Array{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{1, 2, 3, 4, 5, 6}}
	y := &npy.Array{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{0.5, 0.5, 0.5, -1, -1, -1}}
	writeNPY(t, filepath.Join(dir, "x.npy"), x)
	writeNPY(t, filepath.Join(dir, "y.npy"), y)
	out := filepath.Join(dir, "res")
	code, stdout, stderr := runMain(filepath.Join(dir, "p.mlir"), "--input", filepath.Join(dir, "x.npy"), "--input", filepath.Join(dir, "y.npy"), "--out", out)
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	got, err := npy.ReadFile(filepath.Join(out, "out0.npy"))
	if err != nil {
		t.Fatal(err)
	}
	want := &npy.Array{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{1.5, 2.5, 3.5, 3, 4, 5}}
	if err := CompareNPY(got, want, 0, 0); err != nil {
		t.Error(err)
	}
	// Without --out: the summary.
	code, stdout, _ = runMain(filepath.Join(dir, "p.mlir"), "--input", filepath.Join(dir, "x.npy"), "--input", filepath.Join(dir, "y.npy"))
	wantSummary := "result #0: tensor<2x3xf32>\n  shape [2 3], dtype f32, 6 elements\n  values [1.5, 2.5, 3.5, 3, 4, 5]\n  min 1.5, max 5, mean 3.25\n"
	if code != 0 || stdout != wantSummary {
		t.Errorf("exit %d, summary:\n%s\nwant:\n%s", code, stdout, wantSummary)
	}
	// From standard input.
	var so, se bytes.Buffer
	code = Main([]string{"-", "--random-inputs", "3"}, strings.NewReader(addProg), &so, &se)
	if code != 0 || !strings.HasPrefix(so.String(), "result #0: tensor<2x3xf32>") {
		t.Errorf("stdin: exit %d, %q %q", code, so.String(), se.String())
	}
}

func TestMainErrors(t *testing.T) {
	dir := write(t, map[string]string{
		"p.mlir":    addProg,
		"two.mlir":  addProg + strings.Replace(addProg, "@f", "@g", 1),
		"bad.mlir":  "func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n  return %y : tensor<2xf32>\n}\n",
		"none.mlir": "func.func private @p(%x: tensor<2xf32>) -> tensor<2xf32> {\n  return %x : tensor<2xf32>\n}\n",
	})
	writeNPY(t, filepath.Join(dir, "d.npy"), &npy.Array{DType: npy.Float64, Shape: []int{2, 3}, F64: make([]float64, 6)})
	writeNPY(t, filepath.Join(dir, "s.npy"), &npy.Array{DType: npy.Float32, Shape: []int{3, 2}, F32: make([]float32, 6)})
	writeNPY(t, filepath.Join(dir, "u8.npy"), &npy.Array{DType: npy.Uint8, Shape: []int{2, 3}, U8: make([]uint8, 6)})
	p := filepath.Join(dir, "p.mlir")
	d, s := filepath.Join(dir, "d.npy"), filepath.Join(dir, "s.npy")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no-file", nil, "tt-run: accepts 1 arg(s), received 0"},
		{"missing", []string{filepath.Join(dir, "missing.mlir")}, "tt-run: could not open input file: open " + filepath.Join(dir, "missing.mlir") + ": no such file or directory"},
		{"count", []string{p, "--input", s}, "tt-run: @f takes 2 arguments (%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>), but 1 --input file was given"},
		{"dtype", []string{p, "--input", s, "--input", d}, "tt-run: argument #0 (%arg0) of @f has type tensor<2x3xf32>, but " + s + " holds float32 [3 2] (tensor<3x2xf32>)"},
		{"dtype2", []string{p, "--input", d, "--random-inputs", "1"}, "tt-run: argument #0 (%arg0) of @f has type tensor<2x3xf32>, but " + d + " holds float64 [2 3] (tensor<2x3xf64>)"},
		{"u8", []string{p, "--input", filepath.Join(dir, "u8.npy"), "--random-inputs", "1"}, "holds uint8 [2 3] (no tensor element type)"},
		{"entry", []string{p, "--entry", "g", "--random-inputs", "1"}, "tt-run: no function @g in " + p + "; public functions: @f"},
		{"ambiguous", []string{filepath.Join(dir, "two.mlir"), "--random-inputs", "1"}, "has 2 public functions; choose one with --entry: @f, @g"},
		{"no-public", []string{filepath.Join(dir, "none.mlir"), "--random-inputs", "1"}, "none.mlir has no public func.func to run"},
		{"backend", []string{p, "--backend", "cuda9", "--random-inputs", "1"}, `tt-run: unknown backend "cuda9" (known backends: cuda, go, interp, ptxsim)`},
		// No GPU where the tests run: the CUDA driver's one-line error.
		{"cuda", []string{p, "--backend", "cuda", "--random-inputs", "1"}, `tt-run: no CUDA `},
		{"cuda stats", []string{p, "--backend", "cuda", "--stats", "--random-inputs", "1"}, `tt-run: --stats applies to --backend ptxsim (the simulator's statistics), not cuda`},
		{"pipeline", []string{p, "--pass-pipeline", "builtin.module(x)", "--random-inputs", "1"}, "MLIR Textual PassPipeline Parser:1:16: error: 'x' does not refer to a registered pass or pass pipeline"},
		{"parse", []string{filepath.Join(dir, "bad.mlir"), "--random-inputs", "1"}, "bad.mlir:2:10: error: use of undeclared SSA value name"},
		{"bench", []string{p, "--bench", "-1", "--random-inputs", "1"}, "tt-run: --bench must be positive, got -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runMain(tc.args...)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if stdout != "" {
				t.Errorf("stdout: %q", stdout)
			}
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr:\n%s\nwant it to contain:\n%s", stderr, tc.want)
			}
			if strings.Contains(stderr, "internal error") || strings.Contains(stderr, "panic") {
				t.Errorf("stderr reports a panic:\n%s", stderr)
			}
		})
	}
}

// TestErrorsRenderLikeTTOpt checks that parse and verification errors read
// exactly as tt-opt prints them.
func TestErrorsRenderLikeTTOpt(t *testing.T) {
	for name, src := range map[string]string{
		"parse.mlir":  "func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = tensor.nope %x : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n",
		"verify.mlir": "func.func @f(%x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<2xf32> {\n  %0 = \"tensor.add\"(%x, %y) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n",
	} {
		dir := write(t, map[string]string{name: src})
		path := filepath.Join(dir, name)
		code, _, got := runMain(path, "--random-inputs", "1")
		var out, want bytes.Buffer
		optCode := ttopt.Main([]string{path}, strings.NewReader(""), &out, &want)
		if code != 1 || optCode != 1 {
			t.Errorf("%s: exit %d (tt-opt %d)", name, code, optCode)
		}
		if got != want.String() {
			t.Errorf("%s: tt-run says\n%s\ntt-opt says\n%s", name, got, want.String())
		}
		if !regexp.MustCompile(`^` + regexp.QuoteMeta(path) + `:2:\d+: error: .*\n.*\n *\^\n$`).MatchString(got) {
			t.Errorf("%s: not a located error with source line and caret:\n%s", name, got)
		}
	}
}

func TestRunTimeErrorLocated(t *testing.T) {
	src := "func.func @f(%x: tensor<2x3xf32>, %t: tensor<2xi64>) -> tensor<f32> {\n" +
		"  %0 = tensor.cross_entropy %x, %t : tensor<2x3xf32>, tensor<2xi64>\n" +
		"  return %0 : tensor<f32>\n}\n"
	x, _ := interp.FromF32([]int64{2, 3}, make([]float32, 6))
	tg, _ := interp.FromI64(interp.I64, []int64{2}, []int64{0, 5})
	_, err := Run(context.Background(), Config{File: "ce.mlir", Source: []byte(src), Args: []*interp.Tensor{x, tg}})
	var loc *Located
	if !errors.As(err, &loc) {
		t.Fatalf("error %v (%T) is not located", err, err)
	}
	want := "ce.mlir:2:8: error: tensor.cross_entropy: target 5 at position 1 is out of bounds for 3 classes\n" +
		"  %0 = tensor.cross_entropy %x, %t : tensor<2x3xf32>, tensor<2xi64>\n       ^"
	if err.Error() != want {
		t.Errorf("error:\n%s\nwant:\n%s", err, want)
	}
}

func TestRandomInputs(t *testing.T) {
	src := `func.func @f(%a: tensor<?x64xf32>, %b: tensor<64xf16>, %c: tensor<64xbf16>, %d: tensor<64xf64>, %e: tensor<64xi32>, %f: tensor<64xi64>, %g: tensor<64xi1>, %h: index) -> tensor<?x64xf32> {
  return %a : tensor<?x64xf32>
}`
	prog, err := Load("r.mlir", []byte(src), "")
	if err != nil {
		t.Fatal(err)
	}
	e, err := prog.Entry("")
	if err != nil {
		t.Fatal(err)
	}
	gen := func(seed uint64, dim int64) []*interp.Tensor {
		args, err := ReadArgs(e, nil, &Random{Seed: seed, DimSize: dim})
		if err != nil {
			t.Fatal(err)
		}
		return args
	}
	a, b, c := gen(5, 3), gen(5, 3), gen(6, 3)
	for i := range a {
		if !interp.Equal(a[i], b[i]) {
			t.Errorf("argument %d differs between runs with the same seed", i)
		}
		if err := a[i].CheckType(e.Type.Inputs[i]); err != nil {
			t.Errorf("argument %d: %v", i, err)
		}
	}
	if interp.Equal(a[0], c[0]) || interp.Equal(a[5], c[5]) {
		t.Errorf("different seeds give the same data")
	}
	if got := a[0].Shape(); got[0] != 3 {
		t.Errorf("dynamic dimension has size %d, want --dim-size 3", got[0])
	}
	if got := gen(5, DefaultDimSize)[0].Shape()[0]; got != 4 {
		t.Errorf("default dynamic size %d", got)
	}
	for i := 0; i < 4; i++ {
		lo, hi := 1.0, -1.0
		for k := 0; k < a[i].Len(); k++ {
			v := a[i].Float(k)
			if !(v >= -1 && v < 1) {
				t.Fatalf("argument %d: value %v outside [-1, 1)", i, v)
			}
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		if lo > -0.5 || hi < 0.5 {
			t.Errorf("argument %d: values span only [%v, %v]", i, lo, hi)
		}
	}
	for i := 4; i < 6; i++ {
		seen := map[int64]bool{}
		for k := 0; k < a[i].Len(); k++ {
			v := a[i].Int(k)
			if v < 0 || v >= 10 {
				t.Fatalf("argument %d: %d outside [0, 10)", i, v)
			}
			seen[v] = true
		}
		if len(seen) < 8 {
			t.Errorf("argument %d: only %d distinct values", i, len(seen))
		}
	}
	trues := 0
	for _, v := range a[6].Bool() {
		if v {
			trues++
		}
	}
	if trues < 16 || trues > 48 {
		t.Errorf("i1 argument: %d of 64 true", trues)
	}
	if a[7].DType() != interp.Index || a[7].Rank() != 0 || a[7].Int(0) < 0 || a[7].Int(0) >= 10 {
		t.Errorf("index argument: %v", a[7])
	}
	// Each argument depends on its position only: an input file for
	// argument 0 leaves argument 1 unchanged.
	dir := t.TempDir()
	arr, err := ToNPY(a[0])
	if err != nil {
		t.Fatal(err)
	}
	writeNPY(t, filepath.Join(dir, "a.npy"), arr)
	d, err := ReadArgs(e, []string{filepath.Join(dir, "a.npy")}, &Random{Seed: 5, DimSize: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !interp.Equal(d[0], a[0]) || !interp.Equal(d[1], a[1]) {
		t.Errorf("an input file changed the random data of another argument")
	}
}

func TestHalfInputsAndOutputs(t *testing.T) {
	src := `func.func @f(%a: tensor<4xbf16>, %b: tensor<2xf16>, %n: index) -> (tensor<4xbf16>, tensor<2xf16>, index) {
  return %a, %b, %n : tensor<4xbf16>, tensor<2xf16>, index
}`
	dir := write(t, map[string]string{"h.mlir": src})
	// 1 + 2^-8 is a tie between two bfloat16 values: to even (1); 1 + 3*2^-8
	// rounds up to 1 + 2^-6.
	writeNPY(t, filepath.Join(dir, "a.npy"), &npy.Array{DType: npy.Float32, Shape: []int{4}, F32: []float32{1 + 1.0/256, 1 + 3.0/256, -2.5, 0.1}})
	writeNPY(t, filepath.Join(dir, "b.npy"), &npy.Array{DType: npy.Float16, Shape: []int{2}, F16: []uint16{0x3c00, 0xc000}})
	writeNPY(t, filepath.Join(dir, "n.npy"), &npy.Array{DType: npy.Int64, Shape: []int{}, I64: []int64{7}})
	out := filepath.Join(dir, "out")
	code, _, stderr := runMain(filepath.Join(dir, "h.mlir"), "--input", filepath.Join(dir, "a.npy"), "--input", filepath.Join(dir, "b.npy"), "--input", filepath.Join(dir, "n.npy"), "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	a, _ := npy.ReadFile(filepath.Join(out, "out0.npy"))
	want := []float32{1, 1 + 1.0/64, -2.5, interp.BF16ToF32(interp.F32ToBF16(0.1))}
	if a.DType != npy.Float32 || len(a.F32) != 4 {
		t.Fatalf("bf16 result written as %v %v", a.DType, a.Shape)
	}
	for i := range want {
		if a.F32[i] != want[i] {
			t.Errorf("bf16 element %d: %v, want %v", i, a.F32[i], want[i])
		}
	}
	b, _ := npy.ReadFile(filepath.Join(out, "out1.npy"))
	if b.DType != npy.Float16 || b.F16[0] != 0x3c00 || b.F16[1] != 0xc000 {
		t.Errorf("f16 result: %v %v", b.DType, b.F16)
	}
	n, _ := npy.ReadFile(filepath.Join(out, "out2.npy"))
	if n.DType != npy.Int64 || len(n.Shape) != 0 || n.I64[0] != 7 {
		t.Errorf("index result: %v %v %v", n.DType, n.Shape, n.I64)
	}
}

func TestToNPYDtypes(t *testing.T) {
	for _, tc := range []struct {
		dt   interp.DType
		want npy.DType
	}{
		{interp.F32, npy.Float32}, {interp.F64, npy.Float64}, {interp.F16, npy.Float16}, {interp.BF16, npy.Float32},
		{interp.I1, npy.Bool}, {interp.I32, npy.Int32}, {interp.I64, npy.Int64}, {interp.Index, npy.Int64},
	} {
		x := interp.MustNewTensor(tc.dt, []int64{2, 0, 3})
		a, err := ToNPY(x)
		if err != nil || a.DType != tc.want || len(a.Shape) != 3 {
			t.Errorf("%s: %v, %v", tc.dt, a, err)
		}
	}
}

func TestSummary(t *testing.T) {
	f, _ := interp.FromF32([]int64{10}, []float32{1, float32(math.NaN()), 3, -1, 0, 0, 0, 0, 0, 2})
	e, _ := interp.FromF32([]int64{0, 3}, nil)
	b, _ := interp.FromBool([]int64{3}, []bool{true, false, true})
	i, _ := interp.FromI32([]int64{}, []int32{-4})
	var buf bytes.Buffer
	WriteSummary(&buf, []*interp.Tensor{f, e, b, i}, nil)
	want := `result #0: tensor<10xf32>
  shape [10], dtype f32, 10 elements
  values [1, NaN, 3, -1, 0, 0, 0, 0, ...]
  min -1, max 3, mean 0.555556, 1 NaN
result #1: tensor<0x3xf32>
  shape [0 3], dtype f32, 0 elements
result #2: tensor<3xi1>
  shape [3], dtype i1, 3 elements
  values [true, false, true]
  2 true, 1 false
result #3: tensor<i32>
  shape [], dtype i32, 1 element
  values [-4]
  min -4, max -4
`
	if buf.String() != want {
		t.Errorf("summary:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestSummaryDeclaredTypes(t *testing.T) {
	prog, err := Load("s.mlir", []byte(`func.func @f(%x: tensor<?x2xf32>, %n: index) -> (tensor<?x2xf32>, index, tensor<2xi64>) {
  %c = tensor.iota dim = 0 : tensor<2xi64>
  return %x, %n, %c : tensor<?x2xf32>, index, tensor<2xi64>
}`), "")
	if err != nil {
		t.Fatal(err)
	}
	e, err := prog.Entry("f")
	if err != nil {
		t.Fatal(err)
	}
	x, _ := interp.FromF32([]int64{1, 2}, []float32{1, 2})
	n := interp.ScalarInt(interp.Index, 3)
	c, _ := interp.FromI64(interp.I64, []int64{2}, []int64{0, 1})
	var buf bytes.Buffer
	WriteSummary(&buf, []*interp.Tensor{x, n, c}, e.Type.Results)
	for _, want := range []string{"result #0: tensor<1x2xf32> (declared tensor<?x2xf32>)\n", "result #1: index\n", "result #2: tensor<2xi64>\n"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestBenchLine(t *testing.T) {
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	if got, want := BenchLine([]time.Duration{ms(3), ms(1), ms(2)}), "bench: median 2.000 ms, min 1.000 ms over 3 runs"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got, want := BenchLine([]time.Duration{ms(4), ms(1), ms(2), ms(10)}), "bench: median 3.000 ms, min 1.000 ms over 4 runs"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got, want := BenchLine([]time.Duration{ms(0.0125)}), "bench: median 0.013 ms, min 0.013 ms over 1 runs"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestBenchRuns(t *testing.T) {
	code, stdout, stderr := runMain(writeProg(t), "--random-inputs", "1", "--bench", "4")
	if code != 0 {
		t.Fatal(stderr)
	}
	re := regexp.MustCompile(`(?m)^bench: median \d+\.\d{3} ms, min \d+\.\d{3} ms over 4 runs$`)
	if !re.MatchString(stdout) || !strings.HasPrefix(stdout, "result #0:") {
		t.Errorf("output:\n%s", stdout)
	}
}

func writeProg(t *testing.T) string {
	dir := write(t, map[string]string{"p.mlir": addProg})
	return filepath.Join(dir, "p.mlir")
}

// fakeBackend records how tt-run drives a backend.
type fakeBackend struct {
	prepared []string
	runs     int
	sawGrad  bool
}

func (f *fakeBackend) Name() string { return "fake" }
func (f *fakeBackend) Prepare(_ context.Context, m *ir.Operation, entry string) error {
	f.prepared = append(f.prepared, entry)
	m.Walk(func(op *ir.Operation) {
		if ir.SymbolName(op) == "loss_grad" {
			f.sawGrad = true
		}
	})
	return nil
}
func (f *fakeBackend) Run(_ context.Context, args []*interp.Tensor) ([]*interp.Tensor, error) {
	f.runs++
	return args[:1], nil
}

func TestBackendInterface(t *testing.T) {
	src := `func.func @loss(%x: tensor<3xf32>) -> tensor<f32> {
  %0 = tensor.reduce_sum %x dims = [0] : tensor<3xf32>
  return %0 : tensor<f32>
}`
	fake := &fakeBackend{}
	bs := NewBackends()
	bs.Register("fake", func() Backend { return fake })
	res, err := Run(context.Background(), Config{File: "l.mlir", Source: []byte(src), Backend: "fake", Backends: bs,
		Pipeline: "builtin.module(aot-autograd{func=loss})", Entry: "loss_grad", Random: &Random{Seed: 1}, Bench: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(fake.prepared) != 1 || fake.prepared[0] != "loss_grad" || !fake.sawGrad {
		t.Errorf("Prepare calls %v (saw the pipeline's output: %v)", fake.prepared, fake.sawGrad)
	}
	if fake.runs != 4 || len(res.Times) != 3 {
		t.Errorf("%d runs and %d timings, want 4 and 3", fake.runs, len(res.Times))
	}
	if _, err := bs.New("interp"); err == nil || !strings.Contains(err.Error(), "known backends: fake") {
		t.Errorf("unknown backend: %v", err)
	}
	if got := DefaultBackends().Names(); !slices.Equal(got, []string{"cuda", "go", "interp", "ptxsim"}) {
		t.Errorf("default backends %v", got)
	}
}

func TestDirectArgsChecked(t *testing.T) {
	x, _ := interp.FromF32([]int64{3, 2}, make([]float32, 6))
	_, err := Run(context.Background(), Config{File: "p.mlir", Source: []byte(addProg), Args: []*interp.Tensor{x, x}})
	if err == nil || !strings.Contains(err.Error(), "argument #0 (%arg0) of @f has type tensor<2x3xf32>") {
		t.Errorf("error %v", err)
	}
	_, err = Run(context.Background(), Config{File: "p.mlir", Source: []byte(addProg), Args: []*interp.Tensor{x}})
	if err == nil || !strings.Contains(err.Error(), "@f takes 2 arguments") {
		t.Errorf("error %v", err)
	}
}

func TestCompareNPY(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	f := func(v ...float32) *npy.Array {
		return &npy.Array{DType: npy.Float32, Shape: []int{2, len(v) / 2}, F32: v}
	}
	if err := CompareNPY(f(1, nan, inf, -0.0), f(1, nan, inf, 0), 0, 0); err != nil {
		t.Errorf("equal arrays differ: %v", err)
	}
	if err := CompareNPY(f(1, 2, 3, 4.00003), f(1, 2, 3, 4), 1e-5, 0); err != nil {
		t.Errorf("within rtol: %v", err)
	}
	err := CompareNPY(f(1, 2, 1.5, nan), f(1, 2, 1.25, 4), 1e-5, 1e-8)
	want := "2 of 4 elements differ (|got - want| > atol + rtol*|want| with rtol 1e-05, atol 1e-08):\n" +
		"element [1 0]: got 1.5, want 1.25\nelement [1 1]: got NaN, want 4"
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant:\n%s", err, want)
	}
	if err := CompareNPY(f(inf, 0), f(-inf, 0), 1, 1); err == nil {
		t.Errorf("+inf matched -inf")
	}
	i := &npy.Array{DType: npy.Int64, Shape: []int{3}, I64: []int64{1, 2, 3}}
	j := &npy.Array{DType: npy.Int64, Shape: []int{3}, I64: []int64{1, 2, 4}}
	if err := CompareNPY(i, j, 1, 1); err == nil || !strings.Contains(err.Error(), "element [2]: got 3, want 4") {
		t.Errorf("integers compare exactly: %v", err)
	}
	if err := CompareNPY(i, f(1, 2), 0, 0); err == nil || err.Error() != "dtype: got int64, want float32" {
		t.Errorf("dtype: %v", err)
	}
	if err := CompareNPY(f(1, 2, 3, 4), &npy.Array{DType: npy.Float32, Shape: []int{4}, F32: []float32{1, 2, 3, 4}}, 0, 0); err == nil || err.Error() != "shape: got [2 2], want [4]" {
		t.Errorf("shape: %v", err)
	}
	many := make([]float32, 20)
	err = CompareNPY(&npy.Array{DType: npy.Float32, Shape: []int{20}, F32: many}, &npy.Array{DType: npy.Float32, Shape: []int{20}, F32: make([]float32, 20)}, 0, 0)
	if err != nil {
		t.Error(err)
	}
	for k := range many {
		many[k] = 1
	}
	err = CompareNPY(&npy.Array{DType: npy.Float32, Shape: []int{20}, F32: many}, &npy.Array{DType: npy.Float32, Shape: []int{20}, F32: make([]float32, 20)}, 0, 0)
	if err == nil || !strings.HasSuffix(err.Error(), "... and 15 more") {
		t.Errorf("long list: %v", err)
	}
}

// FuzzMain feeds arbitrary programs to tt-run with random inputs: every
// outcome is exit 0 or a reported error, never a panic (which Main would
// report as an internal error).
func FuzzMain(f *testing.F) {
	f.Add(addProg)
	f.Add("func.func @f(%x: tensor<?x3xf32>) -> tensor<3xf32> {\n  %0 = tensor.reduce_max %x dims = [0] : tensor<?x3xf32>\n  return %0 : tensor<3xf32>\n}\n")
	f.Add("func.func @f(%x: tensor<4xi64>) -> tensor<4xf32> {\n  %0 = tensor.cast %x : tensor<4xi64> -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n")
	f.Add("func.func @f(%x: tensor<2x2xf32>, %i: tensor<3xi64>) -> tensor<3x2xf32> {\n  %0 = tensor.gather %x, %i dim = 0 : tensor<2x2xf32>, tensor<3xi64>\n  return %0 : tensor<3x2xf32>\n}\n")
	f.Add("func.func @f(%x: memref<2xf32>) -> () {\n  return\n}\n")
	// Keep what a mutated shape can make tt-run allocate small.
	saved := interp.MaxTensorBytes
	interp.MaxTensorBytes = 1 << 20
	defer func() { interp.MaxTensorBytes = saved }()
	f.Fuzz(func(t *testing.T, src string) {
		var out, errb bytes.Buffer
		code := Main([]string{"-", "--random-inputs", "1", "--dim-size", "2"}, strings.NewReader(src), &out, &errb)
		if strings.Contains(errb.String(), "internal error") {
			t.Fatalf("exit %d:\n%s", code, errb.String())
		}
		if code != 0 && errb.Len() == 0 {
			t.Fatalf("exit %d without a message", code)
		}
	})
}
