package rt

import (
	"fmt"
	"strings"
	"sync/atomic"
	"time"
)

// ttProfKernel counts the calls and the time of one kernel of a program
// generated with profiling (goemit.Options.Profile): a top-level loop nest
// or runtime kernel call of a function. The emitter writes the table of
// them, ttProfKernels, with the kernel's function, location, op and the
// bytes of the buffers it reads and writes (-1 when a size is dynamic).
type ttProfKernel struct {
	Func, Loc, Op string
	Bytes         int64
	calls, nanos  atomic.Int64
}

// ttProfBegin starts timing a kernel.
func ttProfBegin() time.Time { return time.Now() }

// ttProfEnd adds a call of kernel k that started at t0.
func ttProfEnd(k int, t0 time.Time) {
	e := &ttProfKernels[k]
	e.calls.Add(1)
	e.nanos.Add(int64(time.Since(t0)))
}

// ttProfReport renders the counters, one kernel per line: function,
// location, op, calls, nanoseconds and bytes, tab-separated (tt-run's
// --profile reads them).
func ttProfReport() string {
	var b strings.Builder
	for i := range ttProfKernels {
		e := &ttProfKernels[i]
		fmt.Fprintf(&b, "%s\t%s\t%s\t%d\t%d\t%d\n", e.Func, e.Loc, e.Op, e.calls.Load(), e.nanos.Load(), e.Bytes)
	}
	return b.String()
}
