package difftest

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/tt-compiler/tt/backend/gobuild"
	"github.com/tt-compiler/tt/dialects/builtin"
	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/runtime/npy"
)

// Backend names.
const (
	// Tensor is the reference: the interpreter on the tensor-level module.
	Tensor = "tensor"
	// Interp is another name of Tensor (tt-run's name of the interpreter).
	Interp = "interp"
	// Loops is the interpreter on the module after pt2-go.
	Loops = "loops"
	// Go is the generated Go code, built and run in a child process.
	Go = "go"
)

// Job is one function to run: a module's text, the function, a pipeline
// to apply first (e.g. aot-autograd; empty for none) and the arguments.
type Job struct {
	Module   string
	Pipeline string
	Entry    string
	Inputs   []*interp.Tensor
}

// Stages of a run, which Outcome.Stage names on failure.
const (
	StageParse    = "parse"
	StagePipeline = "pipeline"
	StageLower    = "lower"
	StageBuild    = "build"
	StageRun      = "run"
)

// Outcome is what running a job gave: results, or the error and the stage
// where it happened.
type Outcome struct {
	Results []*interp.Tensor
	Err     error
	Stage   string
	// Unsupported, when set, is why the backend refused the program with
	// a located "not supported" error (a feature it lacks, not a bug):
	// the checker counts it apart from the failures.
	Unsupported string
}

// Backend runs jobs. Backends that build (the Go backend) build a batch of
// jobs at once. A new backend implements this interface and registers
// its name in NewBackend; one that refuses a program for a feature it
// lacks sets Outcome.Unsupported.
type Backend interface {
	Name() string
	RunBatch(ctx context.Context, jobs []Job) []Outcome
}

// Names lists the backends NewBackend knows, reference first.
var Names = []string{Tensor, Loops, Go, PTXSim}

// NewBackend returns the backend called name.
func NewBackend(name string) (Backend, error) {
	switch name {
	case Tensor, Interp:
		return interpBackend{lower: false}, nil
	case Loops:
		return interpBackend{lower: true}, nil
	case Go:
		return &goBackend{}, nil
	case PTXSim:
		return ptxsimBackend{}, nil
	}
	return nil, fmt.Errorf("unknown backend %q (known: %s)", name, strings.Join(Names, ", "))
}

// prepare parses a job's module and applies its pipeline, then pt2-go
// when lower is set. Panics become errors of their stage.
func prepare(job Job, lower bool) (m *ir.Operation, stage string, err error) {
	stage = StageParse
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	m, err = asm.ParseString(registry.NewContext(), job.Module, asm.ParseOptions{})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		return nil, stage, err
	}
	if job.Pipeline != "" {
		stage = StagePipeline
		if err := RunPipeline(m, job.Pipeline); err != nil {
			return nil, stage, err
		}
	}
	if lower {
		stage = StageLower
		if err := RunPipeline(m, "builtin.module(pt2-go)"); err != nil {
			return nil, stage, err
		}
	}
	return m, stage, nil
}

// RunPipeline runs a textual pass pipeline anchored on builtin.module.
func RunPipeline(m *ir.Operation, pipeline string) error {
	pm, err := registry.NewPassRegistry().ParseAnchored(pipeline, builtin.ModuleName)
	if err != nil {
		return err
	}
	return pm.Run(m, &pass.RunOptions{})
}

// interpBackend runs jobs in the interpreter, at the tensor level or
// after pt2-go.
type interpBackend struct{ lower bool }

func (b interpBackend) Name() string {
	if b.lower {
		return Loops
	}
	return Tensor
}

func (b interpBackend) RunBatch(ctx context.Context, jobs []Job) []Outcome {
	out := make([]Outcome, len(jobs))
	for i, job := range jobs {
		out[i] = b.run(ctx, job)
	}
	return out
}

func (b interpBackend) run(ctx context.Context, job Job) (o Outcome) {
	m, stage, err := prepare(job, b.lower)
	if err != nil {
		return Outcome{Err: err, Stage: stage}
	}
	defer func() {
		if r := recover(); r != nil {
			o = Outcome{Err: fmt.Errorf("panic: %v\n%s", r, debug.Stack()), Stage: StageRun}
		}
	}()
	vals := make([]interp.Value, len(job.Inputs))
	for i, x := range job.Inputs {
		vals[i] = x.Clone()
	}
	res, err := interp.New(m, kernels.NewRegistry()).RunContext(ctx, job.Entry, vals...)
	if err != nil {
		return Outcome{Err: err, Stage: StageRun}
	}
	ts, err := interp.ResultTensors(res)
	if err != nil {
		return Outcome{Err: err, Stage: StageRun}
	}
	return Outcome{Results: ts}
}

// goBackend lowers a batch of jobs as one module (their functions side by
// side; names must be distinct), builds it once and runs every entry in a
// child process. A batch that fails to lower or build is split in halves
// until the failing job is alone.
type goBackend struct {
	// SIMD is the --go-simd level (default auto).
	SIMD string
}

func (b *goBackend) Name() string { return Go }

func (b *goBackend) RunBatch(ctx context.Context, jobs []Job) []Outcome {
	out := make([]Outcome, len(jobs))
	// Each job's own pipeline runs on its own module first.
	var texts []string
	var idx []int
	for i, job := range jobs {
		m, stage, err := prepare(job, false)
		if err != nil {
			out[i] = Outcome{Err: err, Stage: stage}
			continue
		}
		texts = append(texts, moduleBody(asm.String(m, asm.PrintOptions{})))
		idx = append(idx, i)
	}
	b.runPrepared(ctx, jobs, texts, idx, out)
	return out
}

// moduleBody strips the "module {" ... "}" around a printed module.
func moduleBody(s string) string {
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutPrefix(s, "module {"); ok {
		return strings.TrimSuffix(rest, "}")
	}
	return s
}

func (b *goBackend) runPrepared(ctx context.Context, jobs []Job, texts []string, idx []int, out []Outcome) {
	if len(idx) == 0 {
		return
	}
	prog, pkg, stage, err := b.build(ctx, "module {\n"+strings.Join(texts, "\n")+"\n}\n")
	if err != nil {
		if len(idx) > 1 {
			h := len(idx) / 2
			b.runPrepared(ctx, jobs, texts[:h], idx[:h], out)
			b.runPrepared(ctx, jobs, texts[h:], idx[h:], out)
			return
		}
		out[idx[0]] = Outcome{Err: err, Stage: stage}
		return
	}
	for _, i := range idx {
		out[i] = runGo(ctx, prog, pkg, jobs[i])
	}
}

// build lowers, emits and builds a module.
func (b *goBackend) build(ctx context.Context, text string) (prog *gobuild.Program, pkg *goemit.Package, stage string, err error) {
	stage = StageLower
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	level, err := gobuild.ResolveSIMD(b.SIMD)
	if err != nil {
		return nil, nil, stage, err
	}
	m, err := asm.ParseString(registry.NewContext(), text, asm.ParseOptions{})
	if err != nil {
		return nil, nil, StageParse, err
	}
	if err := gobuild.Lower(ctx, m, registry.NewPassRegistry(), gobuild.LowerOptions{SIMD: level}); err != nil {
		return nil, nil, stage, err
	}
	stage = StageBuild
	pkg, err = goemit.Emit(m, goemit.Options{Package: goemit.DefaultPackage, SIMD: level})
	if err != nil {
		return nil, nil, stage, err
	}
	prog, err = gobuild.Build(ctx, pkg, gobuild.BuildOptions{Version: "difftest"})
	return prog, pkg, stage, err
}

// runGo runs one entry of a built program in a child process.
func runGo(ctx context.Context, prog *gobuild.Program, pkg *goemit.Package, job Job) Outcome {
	fn := pkg.Func(job.Entry)
	if fn == nil {
		return Outcome{Err: fmt.Errorf("no public function @%s in the generated package", job.Entry), Stage: StageBuild}
	}
	proc, err := prog.Start(fn.Name)
	if err != nil {
		return Outcome{Err: err, Stage: StageRun}
	}
	defer proc.Close()
	arrays := []*npy.Array{}
	for i, a := range job.Inputs {
		x, err := a.ToNPY()
		if err != nil {
			return Outcome{Err: fmt.Errorf("argument #%d: %v", i, err), Stage: StageRun}
		}
		arrays = append(arrays, x)
	}
	res, _, err := proc.Call(ctx, arrays)
	if err != nil {
		var ce *gobuild.CallError
		if errors.As(err, &ce) {
			err = errors.New(ce.Msg)
		}
		return Outcome{Err: err, Stage: StageRun}
	}
	if len(res) != len(fn.Results) {
		return Outcome{Err: fmt.Errorf("%d results, want %d", len(res), len(fn.Results)), Stage: StageRun}
	}
	ts := make([]*interp.Tensor, len(res))
	for i, r := range res {
		t, err := interp.FromNPY(r)
		if err == nil && fn.Results[i].Elem == goemit.Index {
			t, err = interp.FromI64(interp.Index, t.Shape(), t.I64())
		}
		if err != nil {
			return Outcome{Err: fmt.Errorf("result #%d: %v", i, err), Stage: StageRun}
		}
		ts[i] = t
	}
	return Outcome{Results: ts}
}
