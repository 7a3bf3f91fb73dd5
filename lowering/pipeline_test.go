package lowering_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/lowering"
	"github.com/tt-compiler/tt/pass"
)

// TestStagesOrder checks pt2-go against its order constraints, and that
// the check catches tables that break them.
func TestStagesOrder(t *testing.T) {
	if err := lowering.CheckOrder(lowering.Stages, lowering.Order); err != nil {
		t.Fatal(err)
	}
	swapped := slices.Clone(lowering.Stages)
	i := slices.IndexFunc(swapped, func(s lowering.Stage) bool { return s.Name == "parallelize" })
	swapped[i], swapped[i+1] = swapped[i+1], swapped[i]
	dup := append(slices.Clone(lowering.Stages), lowering.Stage{Name: "fuse", Pass: "fuse"})
	cases := []struct {
		name   string
		stages []lowering.Stage
		order  []lowering.Constraint
		want   string
	}{
		{"vectorize before parallelize", swapped, lowering.Order, `runs "parallelize" after "vectorize"`},
		{"a stage twice", dup, lowering.Order, `stage "fuse" appears twice`},
		{"unknown stage", lowering.Stages, append(slices.Clone(lowering.Order), lowering.Constraint{Before: "fuse", After: "tile"}), `no stage "tile"`},
		{"cycle", lowering.Stages, append(slices.Clone(lowering.Order), lowering.Constraint{Before: "late cse", After: "fuse"}), `runs "late cse" after "fuse"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := lowering.CheckOrder(c.stages, c.order)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("CheckOrder = %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// TestStagesRegistered checks that internal/registry has every pass of
// pt2-go and that the pipeline it registers is the text of Stages, and
// that registering the pipeline without its passes fails.
func TestStagesRegistered(t *testing.T) {
	r := registry.NewPassRegistry()
	for _, s := range lowering.Stages {
		if r.Lookup(s.Pass) == nil {
			t.Errorf("stage %q: pass %q is not registered in internal/registry", s.Name, s.Pass)
		}
	}
	pl := r.LookupPipeline(lowering.PipelineName)
	if pl == nil {
		t.Fatalf("internal/registry has no %s pipeline", lowering.PipelineName)
	}
	want := "decompose,canonicalize,cse,fuse,tensor-to-loops,plan-memory,parallelize,vectorize,canonicalize,cse"
	if pl.Pipeline != want || lowering.Pipeline() != want {
		t.Errorf("pipeline %q (Pipeline() = %q), want %q", pl.Pipeline, lowering.Pipeline(), want)
	}
	if !strings.HasSuffix(pl.Summary, want) {
		t.Errorf("the summary %q does not show the pipeline", pl.Summary)
	}
	partial := pass.NewRegistry().MustRegister(lowering.Passes()...)
	if err := lowering.RegisterPipeline(partial); err == nil || !strings.Contains(err.Error(), "decompose, canonicalize, cse") {
		t.Errorf("RegisterPipeline without decompose, canonicalize and cse: %v", err)
	}
}
