package report

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// KernelProfile is one kernel's counters from a run with --profile.
type KernelProfile struct {
	Func, Loc, Op string
	Calls         int64
	Time          time.Duration
	Bytes         int64 // buffers read and written per call; -1 when dynamic
}

// ParseProfile reads a generated package's ProfileReport (one kernel per
// line: function, location, op, calls, nanoseconds, bytes, tab-separated)
// and sorts the kernels by time, most first.
func ParseProfile(text string) ([]KernelProfile, error) {
	var out []KernelProfile
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 6 {
			return nil, fmt.Errorf("malformed profile line %q", line)
		}
		calls, err1 := strconv.ParseInt(f[3], 10, 64)
		ns, err2 := strconv.ParseInt(f[4], 10, 64)
		bytes, err3 := strconv.ParseInt(f[5], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			return nil, fmt.Errorf("malformed profile line %q", line)
		}
		out = append(out, KernelProfile{Func: f[0], Loc: f[1], Op: f[2], Calls: calls, Time: time.Duration(ns), Bytes: bytes})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time > out[j].Time })
	return out, nil
}

// ProfileRow is a kernel's counters as the report and tt-run --profile
// show them: its share of the kernels' time, total and per-call
// milliseconds, MiB per call ("dynamic" when a size is) and GB/s ("?"
// when unknown).
type ProfileRow struct {
	KernelProfile
	Share, Total, PerCall, MiB, Rate string
}

// ProfileRows formats kernels' counters and returns their total time.
func ProfileRows(ks []KernelProfile) ([]ProfileRow, time.Duration) {
	var total time.Duration
	for _, k := range ks {
		total += k.Time
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	rows := make([]ProfileRow, 0, len(ks))
	for _, k := range ks {
		r := ProfileRow{KernelProfile: k, Share: "0.0%", PerCall: "0.000", MiB: "dynamic", Rate: "?"}
		r.Total = fmt.Sprintf("%.3f", ms(k.Time))
		if total > 0 {
			r.Share = fmt.Sprintf("%.1f%%", 100*float64(k.Time)/float64(total))
		}
		if k.Calls > 0 {
			r.PerCall = fmt.Sprintf("%.3f", ms(k.Time)/float64(k.Calls))
		}
		if k.Bytes >= 0 {
			r.MiB = fmt.Sprintf("%.3f", float64(k.Bytes)/(1<<20))
			if k.Time > 0 {
				r.Rate = fmt.Sprintf("%.2f", float64(k.Bytes)*float64(k.Calls)/k.Time.Seconds()/1e9)
			}
		}
		rows = append(rows, r)
	}
	return rows, total
}
