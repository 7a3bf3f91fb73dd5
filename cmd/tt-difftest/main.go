// Command tt-difftest runs a random-program differential campaign: it
// generates valid tensor-dialect programs from seeds, runs each on the
// tensor-level interpreter (the reference), the loop-level interpreter
// after pt2-go, the generated Go code and the PTX simulator (pt2-gpu),
// compares the results (a program the GPU path refuses with a "not
// supported" error is counted per reason, not as a failure), checks
// gradients against finite differences, minimizes each new failure and
// saves it as a regression case. See docs/difftest.md.
//
// Usage:
//
//	tt-difftest -seed 1 -n 1000 -backends loops,go -grad -out failures/
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/tt-compiler/tt/internal/difftest"
)

func main() {
	seed := flag.Int64("seed", 1, "seed of the first program (program i has seed+i)")
	n := flag.Int("n", 100, "number of programs")
	backends := flag.String("backends", "loops,go", "backends compared with the tensor-level interpreter, the reference, which always runs (interp, loops, go, ptxsim)")
	grad := flag.Bool("grad", false, "make the programs of odd seeds gradient programs (aot-autograd, checked against finite differences)")
	maxOps := flag.Int("max-ops", 8, "generation steps per program")
	batch := flag.Int("batch", 32, "programs the Go backend builds together")
	out := flag.String("out", "", "directory for minimized failures (regression cases)")
	minimize := flag.Bool("minimize", true, "minimize each new failure")
	duration := flag.Duration("time", 0, "stop after this long (0: no limit)")
	quiet := flag.Bool("q", false, "print only the summary")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "tt-difftest: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}
	var bes []string
	for _, b := range strings.Split(*backends, ",") {
		if b = strings.TrimSpace(b); b == "" {
			continue
		}
		if _, err := difftest.NewBackend(b); err != nil {
			fmt.Fprintf(os.Stderr, "tt-difftest: %v\n", err)
			os.Exit(2)
		}
		bes = append(bes, b)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := difftest.CampaignOptions{Seed: *seed, N: *n, Backends: bes, Grad: *grad, MaxOps: *maxOps, Batch: *batch, Out: *out, Minimize: *minimize}
	if *duration > 0 {
		opts.Deadline = time.Now().Add(*duration)
	}
	if !*quiet {
		opts.Log = os.Stderr
	}
	sum, err := difftest.Campaign(ctx, opts)
	if sum != nil {
		sum.Write(os.Stdout)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "tt-difftest: %v\n", err)
		os.Exit(1)
	}
	if len(sum.Failures) > 0 {
		os.Exit(1)
	}
}
