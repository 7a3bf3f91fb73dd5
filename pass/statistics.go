package pass

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// StatisticsDisplay selects the layout of the statistics report.
type StatisticsDisplay int

// Statistics report layouts, as MLIR's --mlir-pass-statistics-display.
const (
	// StatisticsPipeline mirrors the pipeline's structure.
	StatisticsPipeline StatisticsDisplay = iota
	// StatisticsList merges passes of the same name, sorted by name.
	StatisticsList
)

// ParseStatisticsDisplay parses "pipeline" or "list".
func ParseStatisticsDisplay(s string) (StatisticsDisplay, error) {
	switch s {
	case "pipeline":
		return StatisticsPipeline, nil
	case "list":
		return StatisticsList, nil
	}
	return 0, fmt.Errorf("invalid statistics display %q (expected list or pipeline)", s)
}

type statValue struct {
	name, desc string
	value      int64
}

// WriteStatistics writes the pass statistics report of the pipeline in
// MLIR's format: each pass with its counters, "(S) value name - description".
func (pm *PassManager) WriteStatistics(w io.Writer, display StatisticsDisplay) {
	writeReportHeader(w, "... Pass statistics report ...")
	switch display {
	case StatisticsList:
		merged := map[string][]statValue{}
		var names []string
		for _, p := range pm.Passes() {
			stats := p.Statistics()
			if len(stats) == 0 {
				continue
			}
			entry, ok := merged[p.Name()]
			if !ok {
				names = append(names, p.Name())
				for _, s := range stats {
					entry = append(entry, statValue{s.Name, s.Description, s.Value()})
				}
			} else {
				for i, s := range stats {
					if i < len(entry) {
						entry[i].value += s.Value()
					}
				}
			}
			merged[p.Name()] = entry
		}
		slices.Sort(names)
		for _, n := range names {
			writeStatEntry(w, 2, n, merged[n])
		}
	default:
		pm.writeStatPipeline(w, 0)
	}
	io.WriteString(w, "\n")
}

func (pm *PassManager) writeStatPipeline(w io.Writer, indent int) {
	for _, it := range pm.items {
		if it.nested != nil {
			writeStatEntry(w, indent, fmt.Sprintf("'%s' Pipeline", anchorName(it.nested.anchor)), nil)
			it.nested.writeStatPipeline(w, indent+2)
			continue
		}
		var vals []statValue
		for _, s := range it.pass.Statistics() {
			vals = append(vals, statValue{s.Name, s.Description, s.Value()})
		}
		writeStatEntry(w, indent, it.pass.Name(), vals)
	}
}

func writeStatEntry(w io.Writer, indent int, name string, stats []statValue) {
	fmt.Fprintf(w, "%s%s\n", strings.Repeat(" ", indent), name)
	if len(stats) == 0 {
		return
	}
	stats = slices.Clone(stats)
	slices.SortStableFunc(stats, func(a, b statValue) int { return strings.Compare(a.name, b.name) })
	nameW, valW := 0, 0
	for _, s := range stats {
		nameW = max(nameW, len(s.name))
		valW = max(valW, len(strconv.FormatInt(s.value, 10)))
	}
	for _, s := range stats {
		fmt.Fprintf(w, "%s(S) %*d %-*s - %s\n", strings.Repeat(" ", indent+2), valW, s.value, nameW, s.name, s.desc)
	}
}
