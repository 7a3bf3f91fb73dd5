package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"strings"
	"time"
)

// Page is everything a compile report shows.
type Page struct {
	Title  string
	Stages []Stage // the IR after each stage, in pipeline order
	SVG    []byte  // the kernel graph drawn by Graphviz (may be empty)
	Dot    []byte  // the kernel graph in DOT (shown when there is no SVG)
	Model  []byte  // the generated Go package
	Build  string  // how the code was built
	// Profile is the generated program's kernel counters (tt-run
	// --profile; ProfileReport's text), "" when not profiled.
	Profile string
	Data    *Data
}

// Stage is the IR text after one stage of the pipeline.
type Stage struct {
	Name string
	Text string
}

// Write writes the report as one self-contained HTML file: no network,
// its style and script inline.
func Write(w io.Writer, p *Page) error {
	v := view{Page: p, Data: p.Data}
	if v.Data == nil {
		v.Data = &Data{}
	}
	if len(p.SVG) > 0 {
		v.Graph = template.HTML(stripXMLProlog(p.SVG))
	}
	model := string(p.Model)
	profile, err := ParseProfile(p.Profile)
	if err != nil {
		return fmt.Errorf("report: %v", err)
	}
	v.Profile, v.ProfileTotal = ProfileRows(profile)
	for i, k := range v.Data.Kernels {
		kv := kernelView{Kernel: k, ID: fmt.Sprintf("kernel-%d", i)}
		if k.Loc != "" {
			kv.Code = kernelCode(model, k.Loc)
			kv.Time = kernelTime(profile, "@"+k.Func, k.Loc, v.ProfileTotal)
		}
		v.Kernels = append(v.Kernels, kv)
	}
	for _, f := range v.Data.Functions {
		if len(f.Buffers) > 0 {
			v.Timelines = append(v.Timelines, timeline(f))
		}
	}
	for _, s := range v.Data.Saved {
		if s.Bytes > 0 {
			v.SavedBytes += s.Bytes
		}
	}
	var buf bytes.Buffer
	if err := page.Execute(&buf, v); err != nil {
		return fmt.Errorf("report: %v", err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

type view struct {
	*Page
	Data         *Data
	Graph        template.HTML
	Kernels      []kernelView
	Timelines    []timelineView
	SavedBytes   int64
	Profile      []ProfileRow
	ProfileTotal time.Duration
}

type kernelView struct {
	Kernel
	ID   string
	Code string
	Time string // its loop nests' share of the profile, "" when not profiled
}

// kernelTime sums the profile rows of a kernel (its function and
// location) into "N ms in M calls (S% of the kernels' time)".
func kernelTime(profile []KernelProfile, fn, loc string, total time.Duration) string {
	var t time.Duration
	var calls int64
	found := false
	for _, k := range profile {
		if k.Func == fn && k.Loc == loc {
			t += k.Time
			calls += k.Calls
			found = true
		}
	}
	if !found {
		return ""
	}
	share := 0.0
	if total > 0 {
		share = 100 * float64(t) / float64(total)
	}
	return fmt.Sprintf("%.3f ms in %d calls (%.1f%% of the kernels' time)", float64(t)/float64(time.Millisecond), calls, share)
}

// stripXMLProlog drops what precedes the <svg element (the XML
// declaration and DOCTYPE), which HTML does not take inline.
func stripXMLProlog(svg []byte) string {
	s := string(svg)
	if i := strings.Index(s, "<svg"); i >= 0 {
		return s[i:]
	}
	return ""
}

// kernelCode returns the blocks of generated Go that the emitter marked
// with a kernel's location: "// loops.parallel at LOC" (the first line of
// the block holding the parallel loop) and "// loops.for at LOC" (just
// before a top-level loop nest), each up to the line closing it, joined.
func kernelCode(model, loc string) string {
	lines := strings.Split(model, "\n")
	var out []string
	for i, l := range lines {
		start := -1
		switch strings.TrimSpace(l) {
		case "// loops.parallel at " + loc:
			start = i - 1
		case "// loops.for at " + loc:
			start = i
		}
		if start < 0 {
			continue
		}
		depth, opened := 0, false
		for j := start; j < len(lines); j++ {
			out = append(out, lines[j])
			depth += strings.Count(lines[j], "{") - strings.Count(lines[j], "}")
			opened = opened || depth > 0
			if opened && depth <= 0 {
				break
			}
		}
		out = append(out, "")
	}
	return strings.Join(out, "\n")
}

type timelineView struct {
	Func          string
	Width, Height int
	Bars          []bar
	Peak          string
}

type bar struct {
	X, Y, W, H int
	Label      string
	Title      string
}

const (
	rowHeight = 18
	labelW    = 260
	plotW     = 600
)

// timeline lays out one function's buffers as bars over its top-level
// op positions, with the peak of the bytes live at once.
func timeline(f Function) timelineView {
	n := max(f.Ops, 1)
	t := timelineView{Func: f.Name, Width: labelW + plotW + 10, Height: rowHeight*len(f.Buffers) + 24}
	live := make([]int64, n+1)
	for i, b := range f.Buffers {
		x := labelW + b.Start*plotW/n
		w := max((b.End-b.Start+1)*plotW/n, 2)
		size := "dynamic"
		if b.Bytes >= 0 {
			size = humanBytes(b.Bytes)
			for p := b.Start; p <= b.End && p <= n; p++ {
				live[p] += b.Bytes
			}
		}
		t.Bars = append(t.Bars, bar{X: x, Y: i*rowHeight + 4, W: w, H: rowHeight - 4,
			Label: fmt.Sprintf("%s (%s)", b.Type, size),
			Title: fmt.Sprintf("%s, %s, ops %d-%d, %s", b.Type, size, b.Start, b.End, b.Loc)})
	}
	var peak int64
	for _, v := range live {
		peak = max(peak, v)
	}
	t.Peak = humanBytes(peak)
	return t
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"bytes": func(n int64) string {
		if n < 0 {
			return "dynamic"
		}
		return humanBytes(n)
	},
	"join": strings.Join,
}).Parse(pageHTML))
