package lowering_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	looptransforms "github.com/tt-compiler/tt/dialects/loops/transforms"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/interp/loopsk"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
	testprograms "github.com/tt-compiler/tt/test/programs"
)

// The loop-level stages before parallelize, and the stages 6-8 under test:
// parallelize with settings that parallelize even the tests' small loops
// (blocks of 16 so that strip-mining and collapsing happen too), then
// vectorize.
const (
	beforeStages = "decompose,canonicalize,cse,fuse,tensor-to-loops,plan-memory"
	forcedStages = "parallelize{threads=4 min-chunk=1 block=16},vectorize,canonicalize,cse"
)

// orderedRegistry returns every interpreter kernel, with loops.parallel
// visiting its iterations in the given order.
func orderedRegistry(o loopsk.Order) *interp.Registry {
	tmp := interp.NewRegistry()
	loopsk.RegisterWith(tmp, loopsk.Options{ParallelOrder: o, Seed: 0x5eed})
	r := kernels.NewRegistry()
	r.Replace("loops.parallel", tmp.Lookup("loops.parallel"))
	return r
}

// diffCase is a program with inputs for the before/after comparison.
type diffCase struct {
	name, src, fn, pre string // pre: a pipeline to run first (aot-autograd)
	inputs             []*interp.Tensor
}

// corpusCases returns the differential programs (with random inputs), the
// digits model, and the PyTorch fixtures of the interpreter and tt-run
// (with their inputs), skipping f16/bf16 programs.
func corpusCases(t *testing.T) []diffCase {
	t.Helper()
	var out []diffCase
	digits, err := os.ReadFile("../examples/digits/model.mlir")
	if err != nil {
		t.Fatal(err)
	}
	all := append(append([]program(nil), programs...),
		program{name: "digits_loss", fn: "loss", src: string(digits)},
		program{name: "digits_predict", fn: "predict", src: string(digits), dyn: 37})
	for _, p := range all {
		fn := funcNamed(t, parse(t, p.src), p.fn)
		dyn := p.dyn
		if dyn == 0 {
			dyn = 19
		}
		out = append(out, diffCase{name: p.name, src: p.src, fn: p.fn, inputs: randomInputs(t, fn, 3, dyn)})
	}
	for _, dir := range []string{filepath.Join("..", "interp", "testdata", "ref"), filepath.Join("..", "test", "refdata")} {
		for _, c := range loadFixtures(t, dir) {
			src := c.MLIR
			if c.MLIRFile != "" {
				b, err := os.ReadFile(filepath.Join(dir, c.MLIRFile))
				if err != nil {
					t.Fatal(err)
				}
				src = string(b)
			}
			var inputs []*interp.Tensor
			for _, in := range c.Inputs {
				a, err := npy.ReadFile(filepath.Join(dir, in))
				if err != nil {
					t.Fatal(err)
				}
				x, err := interp.FromNPY(a)
				if err != nil {
					t.Fatal(err)
				}
				inputs = append(inputs, x)
			}
			pre := strings.TrimSuffix(strings.TrimPrefix(c.Pipeline, "builtin.module("), ")")
			out = append(out, diffCase{name: filepath.Base(filepath.Dir(dir+"/x")) + "/" + c.Name, src: src, fn: c.Func, pre: pre, inputs: inputs})
		}
	}
	return out
}

// lowerStages parses src and runs pre (if any) then the stages.
func lowerStages(t *testing.T, c diffCase, stages string) *ir.Operation {
	t.Helper()
	m := parse(t, c.src)
	p := stages
	if c.pre != "" {
		p = c.pre + "," + stages
	}
	if err := runPipeline(t, m, p); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	return m
}

// countOps counts the ops of m whose name has the prefix.
func countOps(m *ir.Operation, prefix string) int {
	n := 0
	m.Walk(func(op *ir.Operation) {
		if strings.HasPrefix(op.Name(), prefix) {
			n++
		}
	})
	return n
}

// TestParallelizeVectorizeDifferential runs every corpus program at the
// loop level before parallelize and vectorize and after them (forced to
// parallelize small loops, and with the defaults of pt2-go), in the
// interpreter, with loops.parallel visiting iterations in row-major,
// reverse and shuffled order: results after the passes match the results
// before within the tolerance of reordered sums, and the order of parallel
// iterations changes no bit.
func TestParallelizeVectorizeDifferential(t *testing.T) {
	if !hasLoopKernels() {
		t.Skip("the interpreter has no loop-level kernels")
	}
	cases := corpusCases(t)
	if len(cases) < 150 {
		t.Fatalf("only %d cases", len(cases))
	}
	rowMajor, reverse, shuffled := orderedRegistry(loopsk.RowMajor), orderedRegistry(loopsk.Reverse), orderedRegistry(loopsk.Shuffled)
	var parallels, vectors int
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := lowerStages(t, c, beforeStages)
			want, err := interp.New(before, kernels.NewRegistry()).RunTensors(c.fn, cloneAll(c.inputs)...)
			if err != nil {
				t.Skipf("the loop-level run before the passes fails: %v", err)
			}
			for _, stages := range []string{forcedStages, "parallelize,vectorize,canonicalize,cse"} {
				after := lowerStages(t, c, beforeStages+","+stages)
				if stages == forcedStages {
					parallels += countOps(after, "loops.parallel")
					vectors += countOps(after, "vector.")
				}
				var first []*interp.Tensor
				for _, reg := range []*interp.Registry{rowMajor, reverse, shuffled} {
					args := cloneAll(c.inputs)
					got, err := interp.New(after, reg).RunTensors(c.fn, args...)
					if err != nil {
						t.Fatalf("after %s: %v\n%s", stages, err, printIR(after))
					}
					if len(got) != len(want) {
						t.Fatalf("%d results, want %d", len(got), len(want))
					}
					for i := range got {
						rtol, atol := 1e-5, 1e-6
						if got[i].DType() == interp.F64 {
							rtol, atol = 1e-9, 1e-12
						}
						if err := interp.Close(got[i], want[i], rtol, atol); err != nil {
							t.Errorf("after %s: result #%d: %v", stages, i, err)
						}
						if first != nil && !interp.Equal(got[i], first[i]) {
							t.Errorf("after %s: result #%d depends on the order of parallel iterations", stages, i)
						}
					}
					for i := range args {
						if !interp.Equal(args[i], c.inputs[i]) {
							t.Errorf("after %s: argument #%d was written", stages, i)
						}
					}
					if first == nil {
						first = got
					}
				}
				if t.Failed() {
					t.Logf("after %s:\n%s", stages, printIR(after))
					return
				}
			}
		})
	}
	// The passes must have done something on this corpus.
	if parallels < 100 || vectors < 500 {
		t.Errorf("%d loops.parallel and %d vector ops over the corpus: the passes hardly fired", parallels, vectors)
	}
}

// TestParallelizeBenchShapes checks the parallel depth the Inductor
// heuristic picks on the benchmark shapes with 2 and 16 threads.
func TestParallelizeBenchShapes(t *testing.T) {
	cases := []struct {
		name, src string
		threads   int
		parallel  int // loops.parallel ops
		stripped  int // strip-mined loops
	}{
		{"softmax_rows", testprograms.MustSource("softmax"), 2, 1, 0},
		{"batch_of_two", `func.func @f(%x: tensor<2x3x4096xf32>) -> tensor<2x3x4096xf32> {
  %0 = tensor.exp %x : tensor<2x3x4096xf32>
  return %0 : tensor<2x3x4096xf32>
}`, 4, 1, 1},
		{"tiny", `func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.exp %x : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}`, 16, 0, 0},
		{"column_sums", `func.func @f(%x: tensor<4096x64xf32>) -> tensor<64xf32> {
  %0 = tensor.reduce_sum %x dims = [0] : tensor<4096x64xf32>
  return %0 : tensor<64xf32>
}`, 2, 1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.src)
			if err := runPipeline(t, m, beforeStages); err != nil {
				t.Fatal(err)
			}
			st, err := looptransforms.Parallelize(m, looptransforms.ParallelizeOptions{Threads: c.threads})
			if err != nil {
				t.Fatal(err)
			}
			if st.Parallel != c.parallel || st.StripMined != c.stripped {
				t.Errorf("%+v, want %d parallel and %d strip-mined:\n%s", st, c.parallel, c.stripped, printIR(m))
			}
			if err := ir.Verify(m); err != nil {
				t.Fatal(err)
			}
		})
	}
}
