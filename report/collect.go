package report

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// Data is what a compile report shows besides the files of the dump
// directory: the kernels fusion formed, the buffers of the loop-level
// functions and the partitioner's saved values. Collect gathers it from
// the modules of the pipeline's stages; it is written to the dump
// directory as report.json, which Write reads.
type Data struct {
	Kernels   []Kernel   `json:"kernels"`
	Functions []Function `json:"functions"`
	Saved     []Saved    `json:"saved,omitempty"`
	Fusion    []Remark   `json:"fusion,omitempty"`    // why fusion left nodes apart
	Partition []Remark   `json:"partition,omitempty"` // aot-autograd's saved values and recomputed ops
}

// Remark is a located message of a pass (fuse's remarks=true: a pair of
// nodes left in different kernels and why).
type Remark struct {
	Loc     string `json:"loc,omitempty"`
	Message string `json:"message"`
}

// Kernel is one loops.kernel of the post-fusion module.
type Kernel struct {
	Func   string     `json:"func"`
	Name   string     `json:"name"`
	Kind   string     `json:"kind"`
	Loc    string     `json:"loc"`
	Inputs []string   `json:"inputs"`  // operand types
	Output []string   `json:"outputs"` // result types
	Ops    []SourceOp `json:"ops"`     // the tensor ops fused into it
}

// SourceOp is a tensor op placed in a kernel, with its location and the
// source line there (when the file can be read).
type SourceOp struct {
	Name   string `json:"name"`
	Loc    string `json:"loc,omitempty"`
	Source string `json:"source,omitempty"`
}

// Function is a loop-level function and the buffers it allocates.
type Function struct {
	Name    string   `json:"name"`
	Ops     int      `json:"ops"` // top-level ops: the timeline's length
	Buffers []Buffer `json:"buffers"`
}

// Buffer is one loops.alloc: the top-level op positions where it is
// allocated and last used (or freed), and its size.
type Buffer struct {
	Type  string `json:"type"`
	Bytes int64  `json:"bytes"` // -1 when dynamic
	Start int    `json:"start"`
	End   int    `json:"end"`
	Loc   string `json:"loc,omitempty"`
}

// Saved is a value aot-autograd's partitioner saves for the backward
// function: an extra result of a NAME_fwd function.
type Saved struct {
	Func  string `json:"func"`
	Index int    `json:"index"`
	Type  string `json:"type"`
	Bytes int64  `json:"bytes"` // -1 when dynamic
	Op    string `json:"op"`    // the op computing it ("argument" for an argument)
	Loc   string `json:"loc,omitempty"`
}

// Collect gathers a report's data: kernels from post (the module after
// fusion), buffers from final (the loop-level module) and saved values
// from graph (the module as given to the pipeline). Any module may be nil.
func Collect(graph, post, final *ir.Operation) *Data {
	d := &Data{}
	src := &sources{files: map[string][]string{}}
	if post != nil {
		d.Kernels = collectKernels(post, src)
	}
	if final != nil {
		d.Functions = collectBuffers(final)
	}
	if graph != nil {
		d.Saved = collectSaved(graph)
	}
	return d
}

func funcName(fn *ir.Operation) string {
	if s, ok := fn.Attr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return "?"
}

func funcs(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	module.Walk(func(op *ir.Operation) {
		if op.Name() == function.FuncName && op.NumRegions() == 1 && !op.Region(0).Empty() {
			out = append(out, op)
		}
	})
	return out
}

func collectKernels(module *ir.Operation, src *sources) []Kernel {
	var out []Kernel
	for _, fn := range funcs(module) {
		for op := range fn.Region(0).Front().Ops() {
			k, ok := loops.AsKernelOp(op)
			if !ok {
				continue
			}
			kernel := Kernel{Func: funcName(fn), Name: k.Name(), Kind: k.Kind(), Loc: locText(op.Loc())}
			for _, v := range k.Inputs() {
				kernel.Inputs = append(kernel.Inputs, v.Type().String())
			}
			for _, v := range k.Results() {
				kernel.Output = append(kernel.Output, v.Type().String())
			}
			op.Walk(func(inner *ir.Operation) {
				if inner == op || inner.Dialect() != "tensor" {
					return
				}
				l := locText(inner.Loc())
				kernel.Ops = append(kernel.Ops, SourceOp{Name: inner.Name(), Loc: l, Source: src.line(inner.Loc())})
			})
			out = append(out, kernel)
		}
	}
	return out
}

func collectBuffers(module *ir.Operation) []Function {
	var out []Function
	for _, fn := range funcs(module) {
		block := fn.Region(0).Front()
		pos := map[*ir.Operation]int{}
		var ops []*ir.Operation
		for op := range block.Ops() {
			pos[op] = len(ops)
			ops = append(ops, op)
		}
		f := Function{Name: funcName(fn), Ops: len(ops)}
		for i, op := range ops {
			if op.Name() != loops.AllocName || op.NumResults() != 1 {
				continue
			}
			v := op.Result(0)
			end := i
			for u := range v.Uses() {
				top := u.Owner()
				for top != nil && top.Block() != block {
					top = top.ParentOp()
				}
				if top == nil {
					continue
				}
				if p := pos[top]; p > end {
					end = p
				}
			}
			bytes, ok := ir.StaticTypeBytes(v.Type())
			if !ok {
				bytes = -1
			}
			f.Buffers = append(f.Buffers, Buffer{Type: v.Type().String(), Bytes: bytes, Start: i, End: end, Loc: locText(op.Loc())})
		}
		out = append(out, f)
	}
	return out
}

func collectSaved(module *ir.Operation) []Saved {
	results := map[string]int{}
	for _, fn := range funcs(module) {
		results[funcName(fn)] = len(fnResults(fn))
	}
	var out []Saved
	for _, fn := range funcs(module) {
		name := funcName(fn)
		base, ok := strings.CutSuffix(name, "_fwd")
		if !ok {
			continue
		}
		n, ok := results[base]
		if !ok {
			continue
		}
		ret := fn.Region(0).Front().Terminator()
		if ret == nil {
			continue
		}
		for i := n; i < ret.NumOperands(); i++ {
			v := ret.Operand(i)
			s := Saved{Func: name, Index: i - n, Type: v.Type().String(), Op: "argument"}
			if b, ok := ir.StaticTypeBytes(v.Type()); ok {
				s.Bytes = b
			} else {
				s.Bytes = -1
			}
			if d := ir.DefiningOp(v); d != nil {
				s.Op, s.Loc = d.Name(), locText(d.Loc())
			}
			out = append(out, s)
		}
	}
	return out
}

func fnResults(fn *ir.Operation) []ir.Type {
	if ta, ok := fn.Attr("function_type").(*ir.TypeAttr); ok {
		if ft, ok := ta.Value.(*ir.FunctionType); ok {
			return ft.Results
		}
	}
	return nil
}

// LocText renders a location as file:line:col (the innermost file
// location of fused or call-site locations), or "" when it has none.
func LocText(l ir.Location) string { return locText(l) }

func locText(l ir.Location) string {
	if f := fileLoc(l); f != nil {
		return fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Col)
	}
	return ""
}

func fileLoc(l ir.Location) *ir.FileLineColLoc {
	switch l := l.(type) {
	case *ir.FileLineColLoc:
		return l
	case *ir.FusedLoc:
		for _, x := range l.Locs {
			if f := fileLoc(x); f != nil {
				return f
			}
		}
	case *ir.CallSiteLoc:
		return fileLoc(l.Callee)
	case *ir.NameLoc:
		return fileLoc(l.Child)
	}
	return nil
}

// sources reads the lines of source files on demand.
type sources struct {
	files map[string][]string
}

func (s *sources) line(l ir.Location) string {
	f := fileLoc(l)
	if f == nil {
		return ""
	}
	lines, ok := s.files[f.File]
	if !ok {
		lines = readLines(f.File)
		s.files[f.File] = lines
	}
	if f.Line < 1 || f.Line > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[f.Line-1])
}

func readLines(path string) []string {
	fh, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer fh.Close()
	var out []string
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}
