package lowering

import (
	"fmt"
	"slices"
	"strings"

	looptransforms "github.com/tt-compiler/tt/dialects/loops/transforms"
	"github.com/tt-compiler/tt/lowering/fuse"
	"github.com/tt-compiler/tt/lowering/loopstogpu"
	"github.com/tt-compiler/tt/lowering/tensortoloops"
	"github.com/tt-compiler/tt/pass"
)

// PipelineName is the name of the tensor-to-Go-ready-loops pipeline.
const PipelineName = "pt2-go"

// Stage is one pass of the pt2-go pipeline.
type Stage struct {
	// Name identifies the stage in the order constraints: the pass's
	// argument, qualified when the pass runs more than once ("early cse",
	// "late cse"), like the passes of Go's SSA backend.
	Name string
	// Pass is the argument of the registered pass the stage runs.
	Pass string
}

// Stages is the pt2-go pipeline, in order (docs/design/lowering.md): the
// tensor level (decompositions, cleanups, fusion), the conversion to loops,
// the loop-level transforms, and the final cleanups. It is fixed: adding,
// removing or moving a stage is an edit here, checked against Order.
var Stages = []Stage{
	{"decompose", "decompose"},
	{"early canonicalize", "canonicalize"},
	{"early cse", "cse"},
	{"fuse", "fuse"},
	{"tensor-to-loops", "tensor-to-loops"},
	{"plan-memory", "plan-memory"},
	{"parallelize", "parallelize"},
	{"vectorize", "vectorize"},
	{"late canonicalize", "canonicalize"},
	{"late cse", "cse"},
}

// Constraint says that stage Before must run before stage After, and why.
type Constraint struct {
	Before, After string
	Why           string
}

// Order lists what the stages need of each other (Go's SSA passOrder).
// CheckOrder checks Stages against it when the package is initialized and
// in the tests.
var Order = []Constraint{
	{"decompose", "early canonicalize", "decompositions leave constants, reshapes and broadcasts to fold"},
	{"decompose", "fuse", "fuse groups primitive tensor ops (composites have no loop lowering)"},
	{"early canonicalize", "fuse", "fusion decides on the folded graph (no kernels for what folds away)"},
	{"early cse", "fuse", "a value computed twice would be two fusion nodes"},
	{"fuse", "tensor-to-loops", "tensor-to-loops lowers the loops.kernel ops fuse forms"},
	{"tensor-to-loops", "plan-memory", "plan-memory plans the buffers tensor-to-loops allocates and marks tt.overwritten"},
	{"tensor-to-loops", "parallelize", "parallelize works on loop nests over buffers"},
	{"tensor-to-loops", "vectorize", "vectorize reads the reduction kinds tensor-to-loops declares on its loops"},
	{"parallelize", "vectorize", "vectorize's scalar tail loops break the perfect nests parallelize collapses; parallelize strip-mines innermost loops so that vectorize still finds unit-stride loops"},
	{"vectorize", "late canonicalize", "folds the constant bounds and broadcasts of the vector loops"},
	{"vectorize", "late cse", "shares the constants and broadcasts vectorize creates per loop"},
}

func init() {
	if err := CheckOrder(Stages, Order); err != nil {
		panic("lowering: " + err.Error())
	}
}

// CheckOrder checks that stage names are unique and that every constraint
// names two stages of stages, the first before the second.
func CheckOrder(stages []Stage, order []Constraint) error {
	pos := map[string]int{}
	for i, s := range stages {
		if _, dup := pos[s.Name]; dup {
			return fmt.Errorf("stage %q appears twice in %s", s.Name, PipelineName)
		}
		pos[s.Name] = i
	}
	for _, c := range order {
		i, ok1 := pos[c.Before]
		j, ok2 := pos[c.After]
		switch {
		case !ok1:
			return fmt.Errorf("order constraint %q before %q: no stage %q in %s", c.Before, c.After, c.Before, PipelineName)
		case !ok2:
			return fmt.Errorf("order constraint %q before %q: no stage %q in %s", c.Before, c.After, c.After, PipelineName)
		case i >= j:
			return fmt.Errorf("%s runs %q after %q, but it must run before it: %s", PipelineName, c.Before, c.After, c.Why)
		}
	}
	return nil
}

// Pipeline returns the textual pipeline of Stages.
func Pipeline() string {
	names := make([]string, len(Stages))
	for i, s := range Stages {
		names[i] = s.Pass
	}
	return strings.Join(names, ",")
}

// Passes returns the factories of the passes the lowering packages define:
// fuse, tensor-to-loops, loops-to-gpu, and the loop-level plan-memory, parallelize and
// vectorize. (decompose, canonicalize and cse come from
// dialects/tensor/transforms and rewrite.)
func Passes() []func() pass.Pass {
	return append([]func() pass.Pass{fuse.NewPass, tensortoloops.NewPass, loopstogpu.NewPass}, looptransforms.Passes()...)
}

// RegisterPipeline registers pt2-go in r; every pass of Stages must be
// registered already.
func RegisterPipeline(r *pass.Registry) error {
	var missing []string
	for _, s := range Stages {
		if r.Lookup(s.Pass) == nil && !slices.Contains(missing, s.Pass) {
			missing = append(missing, s.Pass)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s needs the passes %s, which are not registered", PipelineName, strings.Join(missing, ", "))
	}
	return r.RegisterPipeline(PipelineName, "Lower tensor functions to loops over buffers for the Go backend: "+Pipeline(), Pipeline())
}

// GPUPipelineName is the name of the tensor-to-gpu-kernels pipeline.
const GPUPipelineName = "pt2-gpu"

// GPUStages is the pt2-gpu pipeline: the front half of Stages up to
// plan-memory (parallelize and vectorize are CPU transforms), then
// loops-to-gpu and the final cleanups.
var GPUStages = func() []Stage {
	var out []Stage
	for _, s := range Stages {
		out = append(out, s)
		if s.Name == "plan-memory" {
			break
		}
	}
	return append(out, Stage{"loops-to-gpu", "loops-to-gpu"}, Stage{"late canonicalize", "canonicalize"}, Stage{"late cse", "cse"})
}()

// GPUPipeline returns the textual pipeline of GPUStages.
func GPUPipeline() string {
	names := make([]string, len(GPUStages))
	for i, s := range GPUStages {
		names[i] = s.Pass
	}
	return strings.Join(names, ",")
}

// RegisterGPUPipeline registers pt2-gpu in r; every pass of GPUStages must
// be registered already.
func RegisterGPUPipeline(r *pass.Registry) error {
	for _, s := range GPUStages {
		if r.Lookup(s.Pass) == nil {
			return fmt.Errorf("%s needs the pass %s, which is not registered", GPUPipelineName, s.Pass)
		}
	}
	return r.RegisterPipeline(GPUPipelineName, "Lower tensor functions to gpu kernels launched by a host function: "+GPUPipeline(), GPUPipeline())
}
