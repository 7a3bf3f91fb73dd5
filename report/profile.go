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
