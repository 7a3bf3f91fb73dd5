package pass

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
)

// Timer accumulates wall time for one named activity and holds the timers
// of the activities nested in it: a tool's root timer holds "Parser",
// "Output" and the pipeline's timers, a nested pipeline's timer holds its
// passes' timers, a pass's timer holds "(A) DominanceInfo" and so on. It is
// safe for concurrent use: passes running on several goroutines add their
// time to the same timer.
type Timer struct {
	name     string
	mu       sync.Mutex
	wall     time.Duration
	children []*Timer
	byKey    map[any]*Timer
	parent   *Timer // nil for a root
}

// NewTimer returns a root timer.
func NewTimer(name string) *Timer { return &Timer{name: name} }

// Name returns the timer's name.
func (t *Timer) Name() string { return t.name }

// Nest returns the child timer identified by key, creating it with the
// given name on first use. Children are reported in creation order.
func (t *Timer) Nest(key any, name string) *Timer {
	t.mu.Lock()
	defer t.mu.Unlock()
	if c, ok := t.byKey[key]; ok {
		return c
	}
	if t.byKey == nil {
		t.byKey = map[any]*Timer{}
	}
	c := &Timer{name: name, parent: t}
	t.byKey[key] = c
	t.children = append(t.children, c)
	return c
}

// Add adds d to the timer.
func (t *Timer) Add(d time.Duration) {
	t.mu.Lock()
	t.wall += d
	t.mu.Unlock()
}

// Start starts timing; the returned function stops it and adds the time.
func (t *Timer) Start() (stop func()) {
	start := time.Now()
	return func() { t.Add(time.Since(start)) }
}

// Wall returns the accumulated time.
func (t *Timer) Wall() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.wall
}

func (t *Timer) snapshot() []*Timer {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.children)
}

// TimingDisplay selects the layout of the timing report.
type TimingDisplay int

// Timing report layouts, as MLIR's --mlir-timing-display.
const (
	// TimingTree shows the timers nested as they ran.
	TimingTree TimingDisplay = iota
	// TimingList merges timers of the same name and sorts them by time.
	TimingList
)

// ParseTimingDisplay parses "tree" or "list".
func ParseTimingDisplay(s string) (TimingDisplay, error) {
	switch s {
	case "tree":
		return TimingTree, nil
	case "list":
		return TimingList, nil
	}
	return 0, fmt.Errorf("invalid timing display %q (expected list or tree)", s)
}

const reportRule = "===-------------------------------------------------------------------------===\n"

func writeReportHeader(w io.Writer, title string) {
	io.WriteString(w, reportRule)
	io.WriteString(w, strings.Repeat(" ", (80-len(title))/2)+title+"\n")
	io.WriteString(w, reportRule)
}

// WriteReport writes the execution time report of the root timer t in
// MLIR's format. The total is t's own time, or the sum of its children's
// when t was never timed itself. Times of passes run in parallel are summed
// over goroutines, so nested entries may add up to more than their parent.
func (t *Timer) WriteReport(w io.Writer, display TimingDisplay) {
	children := t.snapshot()
	total := t.Wall()
	var sum time.Duration
	for _, c := range children {
		sum += c.Wall()
	}
	if total == 0 {
		total = sum
	}
	writeReportHeader(w, "... Execution time report ...")
	fmt.Fprintf(w, "  Total Execution Time: %.4f seconds\n\n", total.Seconds())
	io.WriteString(w, "  ----Wall Time----  ----Name----\n")
	line := func(d time.Duration, indent int, name string) {
		pct := 0.0
		if total > 0 {
			pct = 100 * d.Seconds() / total.Seconds()
		}
		fmt.Fprintf(w, "  %8.4f (%5.1f%%)  %s%s\n", d.Seconds(), pct, strings.Repeat(" ", indent), name)
	}
	switch display {
	case TimingList:
		merged := map[string]time.Duration{}
		var names []string
		var walk func(ts []*Timer)
		walk = func(ts []*Timer) {
			for _, c := range ts {
				if _, ok := merged[c.name]; !ok {
					names = append(names, c.name)
				}
				merged[c.name] += c.Wall()
				walk(c.snapshot())
			}
		}
		walk(children)
		slices.SortStableFunc(names, func(a, b string) int {
			if merged[a] != merged[b] {
				if merged[a] > merged[b] {
					return -1
				}
				return 1
			}
			return strings.Compare(a, b)
		})
		for _, n := range names {
			line(merged[n], 0, n)
		}
	default:
		var walk func(ts []*Timer, indent int)
		walk = func(ts []*Timer, indent int) {
			for _, c := range ts {
				line(c.Wall(), indent, c.name)
				walk(c.snapshot(), indent+2)
			}
		}
		walk(children, 0)
	}
	rest := total - sum
	if rest < 0 {
		rest = 0
	}
	line(rest, 0, "Rest")
	line(total, 0, "Total")
}
