package difftest

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestUnsupportedReason checks which errors count as the GPU path's
// refusals and that one missing feature is one reason.
func TestUnsupportedReason(t *testing.T) {
	for _, tc := range []struct {
		msg, reason string
		ok          bool
	}{
		{"<stdin>:3:8: error: emit/ptx: math.sin on f64 is not supported in kernels", "emit/ptx: math.sin on f64 is not supported in kernels", true},
		{"<stdin>:12:3: error: emit/ptx: math.sin on f64 is not supported in kernels\n  more", "emit/ptx: math.sin on f64 is not supported in kernels", true},
		{"x.mlir:1:2: error: element type bf16 is not supported at the loop level (f32, f64, i1, i32 and i64 are)", "element type bf16 is not supported at the loop level (f32, f64, i1, i32 and i64 are)", true},
		{"kernel k0: ld.global: address 0x40 out of bounds", "", false},
		{"panic: index out of range [3] with length 3", "", false},
	} {
		reason, ok := Unsupported(tc.msg)
		if ok != tc.ok || reason != tc.reason {
			t.Errorf("Unsupported(%q) = %q, %v; want %q, %v", tc.msg, reason, ok, tc.reason, tc.ok)
		}
	}
}

// TestPTXSimBackend runs generated programs (forward and gradient) on
// the PTX simulator: each is either compared with the reference and
// agrees, or refused with a "not supported" reason; most are compared.
func TestPTXSimBackend(t *testing.T) {
	sum, err := Campaign(context.Background(), CampaignOptions{Seed: 1000, N: 80, Backends: []string{PTXSim}, Grad: true, Batch: 40})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range sum.Signatures {
		t.Errorf("%v\n%s", m.Failure, m.Case.Module)
	}
	refused := 0
	for r, n := range sum.Unsupported {
		if !strings.HasPrefix(r, PTXSim+": ") {
			t.Errorf("refusal %q of another backend", r)
		}
		refused += n
	}
	if sum.Compared[PTXSim]+refused != sum.Programs || sum.Compared[PTXSim] < sum.Programs/2 {
		t.Errorf("%d programs: %d compared on ptxsim, %d refused", sum.Programs, sum.Compared[PTXSim], refused)
	}
}

// refusingBackend refuses every program as a backend lacking a feature
// does; Check must not count that as a failure.
type refusingBackend struct{}

func (refusingBackend) Name() string { return "refusing" }

func (refusingBackend) RunBatch(_ context.Context, jobs []Job) []Outcome {
	out := make([]Outcome, len(jobs))
	for i := range out {
		msg := "<stdin>:1:1: error: emit/ptx: math.sin on f64 is not supported in kernels"
		reason, _ := Unsupported(msg)
		out[i] = Outcome{Err: errors.New(msg), Stage: StageLower, Unsupported: reason}
	}
	return out
}

func TestRefusalIsNotFailure(t *testing.T) {
	c := CaseOf(Generate(5, GenOptions{}), "p5")
	r := Check(context.Background(), Config{Extra: []Backend{refusingBackend{}}}, []*Case{c})[0]
	if len(r.Failures) != 0 || len(r.Unsupported) != 1 || r.Unsupported[0].Backend != "refusing" {
		t.Errorf("failures %v, refusals %v; want one refusal", r.Failures, r.Unsupported)
	}
}
