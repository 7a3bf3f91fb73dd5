// Command gpucheck is the Go half of tools/gpucheck/run.sh, the check tt
// runs where a GPU is present: it probes the CUDA driver, runs the
// PyTorch fixtures on a backend, runs the benchmarks, and writes the
// summary. Each command writes JSON lines (one object per case, flushed
// as it goes, so that a step killed by its timeout keeps what it did).
//
//	gpucheck probe                          the driver and GPU 0, one JSON object
//	gpucheck fixtures [--backend B] [--list] [--limit N]
//	                                        test/refdata and interp/testdata on B
//	gpucheck bench [--backend B] [--rows N] [--runs N] [--list] [--only NAME,...]
//	                                        copy kernel, softmax, layer_norm, GELU
//	                                        chain, matmul f32/f16, MLP training step
//	gpucheck summarize --out DIR            DIR/gpucheck.json and DIR/summary.txt
//
// It runs from the repository root (the fixtures' paths are relative to
// it). See docs/gpucheck.md.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs one gpucheck command and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: gpucheck probe|fixtures|bench|summarize [flags]")
		return 2
	}
	var err error
	switch args[0] {
	case "probe":
		err = probe(stdout)
	case "fixtures":
		err = fixtures(args[1:], stdout, stderr)
	case "bench":
		err = bench(args[1:], stdout, stderr)
	case "summarize":
		err = summarize(args[1:], stdout)
	default:
		err = fmt.Errorf("unknown command %q (probe, fixtures, bench, summarize)", args[0])
	}
	if err != nil {
		fmt.Fprintf(stderr, "gpucheck %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

// lineWriter writes one JSON object per line, each flushed at once.
type lineWriter struct {
	mu  sync.Mutex
	enc *json.Encoder
}

func newLineWriter(w io.Writer) *lineWriter { return &lineWriter{enc: json.NewEncoder(w)} }

func (l *lineWriter) write(v any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	_ = l.enc.Encode(v)
}
