package main

import (
	"math"
	"strings"
	"testing"
)

// TestTrainingConverges trains in the interpreter and checks that the loss
// falls and the held-out accuracy passes 90%.
func TestTrainingConverges(t *testing.T) {
	hist, err := train(config{epochs: 15, lr: 0.1, seed: 1, data: "data/digits.csv.gz", log: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	first, last := hist[0], hist[len(hist)-1]
	if !(last.meanLoss < first.meanLoss/3) {
		t.Errorf("loss fell from %.4f to only %.4f", first.meanLoss, last.meanLoss)
	}
	for i := 1; i < len(hist); i++ {
		if hist[i].meanLoss > hist[i-1].meanLoss*1.05 {
			t.Errorf("epoch %d: loss rose from %.4f to %.4f", i+1, hist[i-1].meanLoss, hist[i].meanLoss)
		}
	}
	if last.testAccuracy <= 0.90 {
		t.Errorf("test accuracy %.1f%%, want more than 90%%", 100*last.testAccuracy)
	}
}

func TestLoadDigits(t *testing.T) {
	d, err := loadDigits("data/digits.csv.gz")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.y) != 1797 || len(d.x[0]) != features {
		t.Fatalf("%d rows of %d features", len(d.y), len(d.x[0]))
	}
	if _, err := loadDigits("no/such/file.gz"); err == nil {
		t.Error("missing file: no error")
	}
}

// TestGoBackendMatchesInterpreter trains on both backends, the interpreter
// and the model compiled to Go (pt2-go, parallelize and vectorize
// included), from the same initial weights and batches, and checks that
// the per-epoch mean losses agree to 1e-4 relative and the test accuracies
// to one image: the compiled code fuses ops and reorders sums, so the
// weights drift apart only by rounding.
func TestGoBackendMatchesInterpreter(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated Go code")
	}
	const epochs = 5
	cfg := config{epochs: epochs, lr: 0.1, seed: 3, data: "data/digits.csv.gz", log: t.Logf}
	want, err := train(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.backend = "go"
	got, err := train(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != epochs || len(want) != epochs {
		t.Fatalf("%d and %d epochs, want %d", len(got), len(want), epochs)
	}
	for i := range got {
		g, w := got[i].meanLoss, want[i].meanLoss
		rel := math.Abs(g-w) / math.Abs(w)
		t.Logf("epoch %d: loss go %.9f, interp %.9f (relative difference %.2e); accuracy %.4f and %.4f", i+1, g, w, rel, got[i].testAccuracy, want[i].testAccuracy)
		if !(rel <= 1e-4) {
			t.Errorf("epoch %d: loss %.9g on go, %.9g in the interpreter (relative difference %.2e > 1e-4)", i+1, g, w, rel)
		}
		if math.Abs(got[i].testAccuracy-want[i].testAccuracy) > 1.5/359 {
			t.Errorf("epoch %d: test accuracy %.4f on go, %.4f in the interpreter", i+1, got[i].testAccuracy, want[i].testAccuracy)
		}
	}
	if !(got[epochs-1].meanLoss < got[0].meanLoss) {
		t.Errorf("the loss does not fall on go: %v", got)
	}
}

func TestUnknownBackend(t *testing.T) {
	_, err := train(config{epochs: 1, lr: 0.1, seed: 1, data: "data/digits.csv.gz", backend: "cuda"})
	if err == nil || !strings.Contains(err.Error(), "unknown backend") {
		t.Errorf("got %v, want an unknown backend error", err)
	}
}

// TestPTXSimBackendMatchesInterpreter trains one epoch with the kernels
// emitted as PTX and run on the simulator (tt-run --backend ptxsim's path)
// and checks the loss and accuracy against the interpreter's.
func TestPTXSimBackendMatchesInterpreter(t *testing.T) {
	if testing.Short() {
		t.Skip("the simulator is slow")
	}
	cfg := config{epochs: 1, lr: 0.1, seed: 3, data: "data/digits.csv.gz", log: t.Logf}
	want, err := train(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.backend = "ptxsim"
	got, err := train(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g, w := got[0].meanLoss, want[0].meanLoss
	rel := math.Abs(g-w) / math.Abs(w)
	t.Logf("loss ptxsim %.9f, interp %.9f (relative difference %.2e); accuracy %.4f and %.4f", g, w, rel, got[0].testAccuracy, want[0].testAccuracy)
	if !(rel <= 1e-4) {
		t.Errorf("loss %.9g on ptxsim, %.9g in the interpreter (relative difference %.2e > 1e-4)", g, w, rel)
	}
	if math.Abs(got[0].testAccuracy-want[0].testAccuracy) > 1.5/359 {
		t.Errorf("test accuracy %.4f on ptxsim, %.4f in the interpreter", got[0].testAccuracy, want[0].testAccuracy)
	}
}
