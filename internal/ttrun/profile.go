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
	var total time.Duration
	for _, k := range ks {
		total += k.Time
	}
	fmt.Fprintf(w, "profile: %d kernels, %.3f ms in kernels over all runs\n", len(ks), ms(total))
	fmt.Fprintf(w, "%6s %6s %10s %10s %10s %8s  %s\n", "time%", "calls", "total ms", "ms/call", "MiB/call", "GB/s", "kernel")
	for _, k := range ks {
		share, per := 0.0, 0.0
		if total > 0 {
			share = 100 * float64(k.Time) / float64(total)
		}
		if k.Calls > 0 {
			per = ms(k.Time) / float64(k.Calls)
		}
		mib, rate := "?", "?"
		if k.Bytes >= 0 {
			mib = fmt.Sprintf("%.3f", float64(k.Bytes)/(1<<20))
			if k.Time > 0 {
				rate = fmt.Sprintf("%.2f", float64(k.Bytes)*float64(k.Calls)/k.Time.Seconds()/1e9)
			}
		}
		fmt.Fprintf(w, "%5.1f%% %6d %10.3f %10.3f %10s %8s  %s in %s at %s\n", share, k.Calls, ms(k.Time), per, mib, rate, k.Op, k.Func, k.Loc)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
