package main

import "testing"

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
