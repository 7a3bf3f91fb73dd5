package difftest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// faultyBackend is the tensor-level interpreter with a wrong kernel: every
// tensor.exp computes sin instead. The differential check must see it, and
// the minimizer must reduce a failing program to the faulty op.
type faultyBackend struct{}

func (faultyBackend) Name() string { return "faulty" }

func (faultyBackend) RunBatch(ctx context.Context, jobs []Job) []Outcome {
	out := make([]Outcome, len(jobs))
	for i, j := range jobs {
		j.Module = strings.ReplaceAll(j.Module, "tensor.exp ", "tensor.sin ")
		out[i] = interpBackend{}.run(ctx, j)
	}
	return out
}

// TestInjectedFaultIsFoundAndMinimized checks the checker and the
// minimizer on a known fault: programs with exp fail, programs without
// pass, and each failure minimizes to a module whose only op is exp.
func TestInjectedFaultIsFoundAndMinimized(t *testing.T) {
	cfg := Config{Extra: []Backend{faultyBackend{}}, NoFD: true}
	found := 0
	for seed := int64(0); seed < 300 && found < 3; seed++ {
		p := Generate(seed, GenOptions{MaxOps: 10})
		if p.Ops["exp"] == 0 {
			continue
		}
		c := CaseOf(p, "f")
		r := Check(context.Background(), cfg, []*Case{c})[0]
		if len(r.Failures) == 0 {
			// exp of an empty tensor, or a result exp does not reach.
			continue
		}
		f := r.Failures[0]
		if f.Kind != KindMismatch || f.Backend != "faulty" {
			t.Fatalf("seed %d: failure %v, want a mismatch of the faulty backend", seed, f)
		}
		found++
		s := &Subject{Module: c.Module, Entry: c.Entry, Inputs: c.Inputs}
		small, st, err := Minimize(context.Background(), s, SamePredicate(cfg, c, f), nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if st.OpsAfter != 1 || !strings.Contains(small.Module, "tensor.exp") {
			t.Errorf("seed %d: minimized from %d to %d ops, want the exp alone:\n%s", seed, st.OpsBefore, st.OpsAfter, small.Module)
		}
	}
	if found == 0 {
		t.Fatal("no generated program exposed the injected fault")
	}
}

// TestNoFaultNoFailure checks that the interpreters agree on generated
// programs (forward and gradient, finite differences included): the
// counterpart of the test above.
func TestNoFaultNoFailure(t *testing.T) {
	var cases []*Case
	for seed := int64(0); seed < 60; seed++ {
		cases = append(cases, CaseOf(Generate(seed, GenOptions{Grad: seed%2 == 1}), caseName(seed, seed%2 == 1)))
	}
	for _, r := range Check(context.Background(), Config{Backends: []string{Loops}}, cases) {
		for _, f := range r.Failures {
			t.Errorf("%s: %v\n%s", r.Case.Name, f, r.Case.Module)
		}
	}
}

// TestRegressions replays the saved minimized failures under
// testdata/regress on the backends they failed on: fixed bugs must pass,
// known open ones (Meta.Expect) must still fail the same way.
func TestRegressions(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "regress", "*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		t.Fatal("no regression cases found")
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			c, meta, err := ReadRegression(dir)
			if err != nil {
				t.Fatal(err)
			}
			backends := meta.Backends
			if testing.Short() {
				backends = without(backends, Go)
			}
			r := Check(context.Background(), Config{Backends: backends}, []*Case{c})[0]
			if meta.Expect == "" {
				for _, f := range r.Failures {
					t.Errorf("%v (%s)", f, meta.Note)
				}
				return
			}
			for _, f := range r.Failures {
				if f.Signature() == meta.Expect {
					return
				}
			}
			t.Errorf("the known failure %q no longer happens (failures: %v): if it is fixed, clear \"expect\" in case.json", meta.Expect, r.Failures)
		})
	}
}

func without(xs []string, x string) []string {
	var out []string
	for _, y := range xs {
		if y != x {
			out = append(out, y)
		}
	}
	return out
}

// TestWriteReadRegression round-trips a regression case.
func TestWriteReadRegression(t *testing.T) {
	c := CaseOf(Generate(3, GenOptions{}), "p3")
	dir := t.TempDir()
	f := Failure{Kind: KindMismatch, Backend: Loops, Msg: "result #0: 1 of 4 elements differ"}
	if err := WriteRegression(dir, c, f); err != nil {
		t.Fatal(err)
	}
	got, meta, err := ReadRegression(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got.Module != c.Module || got.Entry != c.Entry || len(got.Inputs) != len(c.Inputs) || meta.Expect != f.Signature() {
		t.Fatalf("round trip changed the case: %+v %+v", got, meta)
	}
	if _, err := os.Stat(filepath.Join(dir, "case.mlir")); err != nil {
		t.Fatal(err)
	}
}

// TestSignature checks what a failure's class keeps and drops.
func TestSignature(t *testing.T) {
	build := func(hash, v string) Failure {
		return Failure{Kind: KindError, Backend: Go, Stage: StageBuild, Msg: "internal error: the generated Go code does not build; generated files: /c/go/failed-" + hash +
			"/model/model.go: go build: exit status 1\n# ttgen/model\nmodel/model.go:63:2: declared and not used: " + v}
	}
	if a, b := build("07adea97", "v1").Signature(), build("6a0ac9b4", "v12").Signature(); a != b {
		t.Errorf("the same build error has two signatures:\n%s\n%s", a, b)
	}
	if a, b := build("07adea97", "v1").Signature(), (Failure{Kind: KindError, Backend: Go, Stage: StageBuild, Msg: "x\nmodel.go:1:2: undefined: y"}).Signature(); a == b {
		t.Errorf("different build errors have one signature %s", a)
	}
	loc := func(line, v string) Failure {
		return Failure{Kind: KindError, Backend: Loops, Stage: StageRun, Msg: "<stdin>:" + line + ":10: error: " + v + " arith.remsi: integer division by zero"}
	}
	if a, b := loc("14", "%3").Signature(), loc("2", "%12").Signature(); a != b {
		t.Errorf("locations and names change the signature:\n%s\n%s", a, b)
	}
	mm := func(msg string) Failure { return Failure{Kind: KindMismatch, Backend: Go, Msg: msg} }
	if mm("result #0: 3 of 4 elements differ; got 1, want 2").Signature() == mm("result #0: shape [2], want [3]").Signature() {
		t.Error("a shape mismatch and a value mismatch have one signature")
	}
}

// TestCampaignSummary runs a small campaign on the interpreters and checks
// its figures.
func TestCampaignSummary(t *testing.T) {
	sum, err := Campaign(context.Background(), CampaignOptions{Seed: 7, N: 20, Backends: []string{Loops}, Grad: true, Batch: 8})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Programs != 20 || sum.GradPrograms != 10 {
		t.Errorf("%d programs (%d gradient), want 20 (10)", sum.Programs, sum.GradPrograms)
	}
	total := 0
	for _, n := range sum.Ops {
		total += n
	}
	if total < 20*4 {
		t.Errorf("only %d ops in 20 programs", total)
	}
	var sb strings.Builder
	sum.Write(&sb)
	if !strings.Contains(sb.String(), "programs: 20 (10 gradient)") || !strings.Contains(sb.String(), "failures: none") {
		t.Errorf("summary:\n%s", sb.String())
	}
}
