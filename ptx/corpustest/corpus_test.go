package corpustest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tt-compiler/tt/ptx"
	"github.com/tt-compiler/tt/ptx/sim"
	"github.com/tt-compiler/tt/runtime/npy"
)

// corpusDir is the corpus, relative to this package.
const corpusDir = "../testdata/corpus"

// allKernels is every corpus kernel with its reference.
func allKernels() []corpusKernel {
	return slices.Concat(basicKernels, warpKernels, mathKernels, convertKernels)
}

// tempDir holds the tt-ptx command, which ttPTX builds on first use (the
// GPU test, run alone where there may be no Go toolchain, never needs it).
var tempDir string

// ttPTX returns the tt-ptx command, building it the first time.
var ttPTX = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(tempDir, "tt-ptx")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/tt-compiler/tt/cmd/tt-ptx").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build ./cmd/tt-ptx: %v\n%s", err, out)
	}
	return bin, nil
})

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "corpustest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	tempDir = dir
	return m.Run()
}

// ptxPath is the PTX file of a corpus file for a target.
func ptxPath(file, target string) string {
	return filepath.Join(corpusDir, file+"."+target+".ptx")
}

// TestCorpus runs every kernel of every corpus file, for every target it
// is compiled for, through the simulator's Go API and through tt-ptx run,
// and compares the results with the Go references.
func TestCorpus(t *testing.T) {
	for _, k := range allKernels() {
		for _, target := range k.targetList() {
			t.Run(k.file+"."+target+"/"+k.kernel, func(t *testing.T) {
				t.Parallel()
				path := ptxPath(k.file, target)
				kc := k.launch(target)
				t.Run("sim", func(t *testing.T) {
					out, err := runSim(path, k.kernel, kc)
					if err != nil {
						t.Fatal(err)
					}
					checkOutputs(t, kc, out)
				})
				t.Run("tt-ptx", func(t *testing.T) {
					out, err := runCLI(t, path, k.kernel, kc)
					if err != nil {
						t.Fatal(err)
					}
					checkOutputs(t, kc, out)
				})
			})
		}
	}
}

// checkOutputs compares the buffers after a launch with the case's
// expectations.
func checkOutputs(t *testing.T, kc kernelCase, out map[int]*npy.Array) {
	t.Helper()
	for _, c := range kc.checks {
		if err := compare(out[c.arg], c); err != nil {
			t.Errorf("argument %d: %v", c.arg, err)
		} else if c.tol != exactTol && out[c.arg].DType == npy.Float32 {
			rel, ulps := maxError(out[c.arg].F32, c.want.F32)
			t.Logf("argument %d within %s: largest error %.3g relative, %.3g ulp", c.arg, c.tol, rel, ulps)
		}
	}
	if kc.property != nil {
		if err := kc.property(out); err != nil {
			t.Error(err)
		}
	}
}

// runSim runs a case through the simulator's Go API: parse, load, one
// buffer per buffer argument, launch with the race detector on, read the
// buffers back.
func runSim(path, kernel string, kc kernelCase) (map[int]*npy.Array, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	mod, err := ptx.Parse(path, src)
	if err != nil {
		return nil, err
	}
	prog, err := sim.Load(mod)
	if err != nil {
		return nil, err
	}
	args := make([]sim.Arg, len(kc.args))
	bufs := map[int]*sim.Buffer{}
	for i, a := range kc.args {
		switch a.kind {
		case argF32:
			args[i] = sim.F32(float32(a.f))
		case argF64:
			args[i] = sim.F64(a.f)
		case argS32:
			args[i] = sim.S32(int32(a.i))
		case argU32:
			args[i] = sim.U32(uint32(a.u))
		case argS64:
			args[i] = sim.S64(a.i)
		case argU64:
			args[i] = sim.U64(a.u)
		case argBuf:
			b := prog.Mem.Alloc(a.buf.Len() * a.buf.DType.Size())
			if err := b.Write(a.buf.Data()); err != nil {
				return nil, err
			}
			bufs[i], args[i] = b, sim.Ptr(b)
		case argZeros:
			b := prog.Mem.Alloc(a.n * a.dtype.Size())
			bufs[i], args[i] = b, sim.Ptr(b)
		}
	}
	err = prog.Launch(kernel, sim.Launch{
		Grid: kc.grid, Block: kc.block, SharedBytes: kc.shared, Args: args, RaceCheck: true,
	})
	if err != nil {
		return nil, err
	}
	out := map[int]*npy.Array{}
	for i, b := range bufs {
		a := kc.args[i]
		dt, n := a.dtype, a.n
		if a.kind == argBuf {
			dt, n = a.buf.DType, a.buf.Len()
		}
		arr := newArray(dt, n)
		if err := b.Read(arr.Data()); err != nil {
			return nil, err
		}
		out[i] = arr
	}
	return out, nil
}

// runCLI runs a case through the tt-ptx command: buffers with contents
// go in as .npy files, results come back from DIR/arg<i>.npy. It also
// checks the contract around the files: one per buffer argument, none for
// scalars, the input's shape kept (or (N,) for zeros).
func runCLI(t *testing.T, path, kernel string, kc kernelCase) (map[int]*npy.Array, error) {
	return runTool(t, path, kernel, kc, func(args []string) ([]byte, error) {
		bin, err := ttPTX()
		if err != nil {
			return nil, err
		}
		return exec.Command(bin, args...).CombinedOutput()
	})
}

// runTool runs a case through tool, which runs tt-ptx with the arguments
// it is given (the built command, or the same code in-process).
func runTool(t *testing.T, path, kernel string, kc kernelCase, tool func(args []string) ([]byte, error)) (map[int]*npy.Array, error) {
	dir := t.TempDir()
	outDir := filepath.Join(dir, "out")
	cmdArgs := []string{"run", path, "--kernel", kernel, "--grid", kc.grid.String(), "--block", kc.block.String(), "--out", outDir}
	if kc.shared > 0 {
		cmdArgs = append(cmdArgs, "--shared", strconv.Itoa(kc.shared))
	}
	for i, a := range kc.args {
		file := ""
		if a.kind == argBuf {
			file = filepath.Join(dir, fmt.Sprintf("in%d.npy", i))
			if err := npy.WriteFile(file, a.buf); err != nil {
				return nil, err
			}
		}
		cmdArgs = append(cmdArgs, "--arg", a.spec(file))
	}
	output, err := tool(cmdArgs)
	if err != nil {
		return nil, fmt.Errorf("tt-ptx %s: %v\n%s", strings.Join(cmdArgs, " "), err, output)
	}
	out := map[int]*npy.Array{}
	for i, a := range kc.args {
		file := filepath.Join(outDir, fmt.Sprintf("arg%d.npy", i))
		arr, err := npy.ReadFile(file)
		if !a.isBuffer() {
			if !errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("argument %d is a scalar, but %s exists (or cannot be checked: %v)", i, file, err)
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		wantShape := []int{a.n}
		if a.kind == argBuf {
			wantShape = a.buf.Shape
		}
		if !slices.Equal(arr.Shape, wantShape) {
			return nil, fmt.Errorf("%s has shape %v, want %v", file, arr.Shape, wantShape)
		}
		out[i] = arr
	}
	return out, nil
}

// newArray returns a zero array of n elements.
func newArray(dt npy.DType, n int) *npy.Array {
	a := &npy.Array{DType: dt, Shape: []int{n}}
	switch dt {
	case npy.Float16:
		a.F16 = make([]uint16, n)
	case npy.Float32:
		a.F32 = make([]float32, n)
	case npy.Float64:
		a.F64 = make([]float64, n)
	case npy.Int8:
		a.I8 = make([]int8, n)
	case npy.Uint8:
		a.U8 = make([]uint8, n)
	case npy.Int32:
		a.I32 = make([]int32, n)
	case npy.Uint32:
		a.U32 = make([]uint32, n)
	case npy.Int64:
		a.I64 = make([]int64, n)
	case npy.Uint64:
		a.U64 = make([]uint64, n)
	default:
		a.Bool = make([]bool, n)
	}
	return a
}

// corpusSources returns the corpus's .cu files (base names) and, for
// each, the targets gen.sh compiles it for.
func corpusSources(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.cu"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .cu files in %s (%v)", corpusDir, err)
	}
	out := map[string][]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		targets := allTargets
		first, _, _ := strings.Cut(string(src), "\n")
		if list, ok := strings.CutPrefix(first, "// targets: "); ok {
			targets = strings.Fields(list)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".cu")] = targets
	}
	return out
}

var entryRE = regexp.MustCompile(`(?m)^\.visible \.entry (\w+)\(`)

// TestEveryKernelHasAReference checks that the corpus has exactly the PTX
// files gen.sh makes and that every kernel in them has a reference for
// every target.
func TestEveryKernelHasAReference(t *testing.T) {
	have := map[string]bool{}
	for _, k := range allKernels() {
		for _, target := range k.targetList() {
			have[k.file+"."+target+"/"+k.kernel] = true
		}
	}
	want := map[string]bool{}
	var wantFiles []string
	for file, targets := range corpusSources(t) {
		for _, target := range targets {
			path := ptxPath(file, target)
			wantFiles = append(wantFiles, filepath.Base(path))
			src, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%v (run go generate ./ptx/corpustest)", err)
				continue
			}
			for _, m := range entryRE.FindAllStringSubmatch(string(src), -1) {
				name := file + "." + target + "/" + m[1]
				want[name] = true
				if !have[name] {
					t.Errorf("kernel %s has no reference", name)
				}
			}
		}
	}
	for name := range have {
		if !want[name] {
			t.Errorf("reference %s has no kernel in the corpus", name)
		}
	}
	var gotFiles []string
	paths, _ := filepath.Glob(filepath.Join(corpusDir, "*.ptx"))
	for _, p := range paths {
		gotFiles = append(gotFiles, filepath.Base(p))
	}
	slices.Sort(wantFiles)
	if !slices.Equal(gotFiles, wantFiles) {
		t.Errorf("%s holds %v; gen.sh makes %v", corpusDir, gotFiles, wantFiles)
	}
}
