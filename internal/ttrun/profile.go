package ttrun

import (
	"fmt"
	"io"
	"time"

	"github.com/tt-compiler/tt/report"
)

// WriteProfile prints the kernels' counters as tt-run --profile does: a
// header, then per kernel its share of the total time, calls, total and
// per-call milliseconds, bytes moved per call and the rate, op, function
// and location.
func WriteProfile(w io.Writer, ks []report.KernelProfile) {
	rows, total := report.ProfileRows(ks)
	fmt.Fprintf(w, "profile: %d kernels, %.3f ms in kernels over all runs\n", len(ks), float64(total)/float64(time.Millisecond))
	fmt.Fprintf(w, "%6s %6s %10s %10s %10s %8s  %s\n", "time%", "calls", "total ms", "ms/call", "MiB/call", "GB/s", "kernel")
	for _, r := range rows {
		fmt.Fprintf(w, "%6s %6d %10s %10s %10s %8s  %s in %s at %s\n", r.Share, r.Calls, r.Total, r.PerCall, r.MiB, r.Rate, r.Op, r.Func, r.Loc)
	}
}
