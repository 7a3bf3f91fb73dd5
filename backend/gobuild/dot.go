package gobuild

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// KernelGraph returns a Graphviz description of the kernels of module and
// the buffers between them, one cluster per function.
//
// After fusion (a module with loops.kernel ops) the boxes are the fused
// kernels, labeled with their name and kind, and the edges the tensors
// between them. At the loop level the boxes are the function body's
// top-level loop nests, runtime kernel calls, copies and calls, the
// ellipses the buffers (arguments and allocations), and an edge goes from
// a buffer to each kernel reading it and from each kernel writing it.
func KernelGraph(module *ir.Operation) []byte {
	var b bytes.Buffer
	b.WriteString("digraph kernels {\n  rankdir=LR;\n  node [fontname=\"monospace\", fontsize=10];\n  edge [fontname=\"monospace\", fontsize=9];\n")
	g := &graph{b: &b, ids: map[any]string{}}
	n := 0
	if module != nil && module.NumRegions() == 1 && module.Region(0).Front() != nil {
		for fn := module.Region(0).Front().First(); fn != nil; fn = fn.Next() {
			if fn.Name() != function.FuncName || fn.NumRegions() != 1 || fn.Region(0).NumBlocks() != 1 {
				continue
			}
			fmt.Fprintf(&b, "  subgraph cluster_%d {\n    label=\"%s\";\n", n, dotEscape("@"+ir.SymbolName(fn)))
			n++
			body := fn.Region(0).Front()
			if hasKernels(body) {
				g.fused(body)
			} else {
				g.loops(body)
			}
			b.WriteString("  }\n")
		}
	}
	b.WriteString("}\n")
	return b.Bytes()
}

type graph struct {
	b   *bytes.Buffer
	ids map[any]string
	n   int
}

// node returns the id of key, declaring it on first use.
func (g *graph) node(key any, attrs string) string {
	if id, ok := g.ids[key]; ok {
		return id
	}
	g.n++
	id := fmt.Sprintf("n%d", g.n)
	g.ids[key] = id
	fmt.Fprintf(g.b, "    %s [%s];\n", id, attrs)
	return id
}

func (g *graph) edge(from, to, label string) {
	if label == "" {
		fmt.Fprintf(g.b, "    %s -> %s;\n", from, to)
		return
	}
	fmt.Fprintf(g.b, "    %s -> %s [label=\"%s\"];\n", from, to, dotEscape(label))
}

func hasKernels(b *ir.Block) bool {
	for op := b.First(); op != nil; op = op.Next() {
		if op.Name() == loops.KernelName {
			return true
		}
	}
	return false
}

// valueName renders a value for labels (%argN for arguments, the op name
// for results).
func valueName(v ir.Value) string {
	switch v := v.(type) {
	case *ir.BlockArgument:
		return fmt.Sprintf("%%arg%d", v.Index())
	case *ir.OpResult:
		return v.Owner().Name()
	}
	return "?"
}

// fused draws a post-fusion function: kernels and other ops as boxes,
// tensors as edges.
func (g *graph) fused(body *ir.Block) {
	producer := func(v ir.Value) string {
		if a, ok := v.(*ir.BlockArgument); ok {
			return g.node(a, fmt.Sprintf("shape=ellipse, label=\"%s\\n%s\"", dotEscape(valueName(a)), dotEscape(a.Type().String())))
		}
		if r, ok := v.(*ir.OpResult); ok {
			return g.opNode(r.Owner())
		}
		return ""
	}
	for op := body.First(); op != nil; op = op.Next() {
		if op.Name() == arith.ConstantName || op.Name() == tensor.ConstantName {
			continue // drawn where used would clutter; constants are inputs of their kernels
		}
		id := g.opNode(op)
		for _, v := range op.Operands() {
			if d := ir.DefiningOp(v); d != nil && (d.Name() == arith.ConstantName || d.Name() == tensor.ConstantName) {
				continue
			}
			if from := producer(v); from != "" {
				g.edge(from, id, v.Type().String())
			}
		}
	}
}

// opNode declares an op's box: kernels show their name and kind.
func (g *graph) opNode(op *ir.Operation) string {
	switch op.Name() {
	case loops.KernelName:
		name, _ := op.StringAttr("name")
		kind, _ := op.StringAttr("kind")
		return g.node(op, fmt.Sprintf("shape=box, style=\"rounded,filled\", fillcolor=\"%s\", label=\"%s\\n%s\"", kindColor(kind), dotEscape(name), dotEscape(kind)))
	case function.ReturnName:
		return g.node(op, "shape=doublecircle, label=\"return\"")
	case loops.CallExternName:
		callee, _ := op.StringAttr("callee")
		return g.node(op, fmt.Sprintf("shape=box, style=\"rounded,filled\", fillcolor=\"#f4cccc\", label=\"%s\\nextern\"", dotEscape(callee)))
	}
	label := op.Name()
	if op.Name() == function.CallName {
		if ref, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok {
			label = "call @" + ref.Root
		}
	}
	return g.node(op, fmt.Sprintf("shape=box, label=\"%s\"", dotEscape(label)))
}

func kindColor(kind string) string {
	switch kind {
	case "pointwise":
		return "#d9ead3"
	case "reduction":
		return "#cfe2f3"
	case "matmul", "conv":
		return "#f4cccc"
	}
	return "#eeeeee"
}

// loops draws a loop-level function: top-level loop nests and calls as
// boxes, buffers as ellipses.
func (g *graph) loops(body *ir.Block) {
	buffer := func(v ir.Value) string {
		return g.node(v, fmt.Sprintf("shape=ellipse, label=\"%s\\n%s\"", dotEscape(valueName(v)), dotEscape(v.Type().String())))
	}
	isBuf := func(v ir.Value) bool { _, ok := v.Type().(*ir.MemRefType); return ok }
	k := 0
	for op := body.First(); op != nil; op = op.Next() {
		reads, writes := accesses(op)
		if op.Name() == function.ReturnName {
			id := g.opNode(op)
			for _, v := range op.Operands() {
				if isBuf(v) {
					g.edge(buffer(v), id, "")
				}
			}
			continue
		}
		if len(reads) == 0 && len(writes) == 0 && op.NumRegions() == 0 && op.Name() != function.CallName {
			continue // scalar code and allocations: the buffers appear with their users
		}
		k++
		var label string
		switch op.Name() {
		case loops.CallExternName:
			callee, _ := op.StringAttr("callee")
			label = fmt.Sprintf("k%d: %s", k, callee)
		case function.CallName:
			label = fmt.Sprintf("k%d: call", k)
			if ref, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok {
				label += " @" + ref.Root
			}
		default:
			label = fmt.Sprintf("k%d: %s", k, op.Name())
		}
		if name, ok := op.StringAttr("name"); ok {
			label += "\n" + name
		}
		fill := "#d9ead3"
		if op.Name() == loops.CallExternName {
			fill = "#f4cccc"
		}
		id := g.node(op, fmt.Sprintf("shape=box, style=\"rounded,filled\", fillcolor=\"%s\", label=\"%s\"", fill, dotEscape(label)))
		for _, v := range reads {
			g.edge(buffer(v), id, "")
		}
		for _, v := range writes {
			g.edge(id, buffer(v), "")
		}
		if op.Name() == function.CallName {
			for _, r := range op.Results() {
				if isBuf(r) {
					g.edge(id, buffer(r), "")
				}
			}
		}
	}
}

// accesses returns the buffers defined outside op that op (or an op
// nested in it) reads and writes, in first-use order.
func accesses(op *ir.Operation) (reads, writes []ir.Value) {
	seenR, seenW := map[ir.Value]bool{}, map[ir.Value]bool{}
	outside := func(v ir.Value) bool {
		var owner *ir.Operation
		switch v := v.(type) {
		case *ir.OpResult:
			owner = v.Owner()
		case *ir.BlockArgument:
			owner = v.Owner().ParentOp()
		}
		return owner == nil || !op.IsAncestorOf(owner)
	}
	add := func(v ir.Value, write bool) {
		if _, ok := v.Type().(*ir.MemRefType); !ok || !outside(v) {
			return
		}
		if write && !seenW[v] {
			seenW[v] = true
			writes = append(writes, v)
		}
		if !write && !seenR[v] {
			seenR[v] = true
			reads = append(reads, v)
		}
	}
	op.WalkPreOrder(func(o *ir.Operation) ir.WalkResult {
		switch o.Name() {
		case loops.LoadName, vector.LoadName:
			if o.NumOperands() > 0 {
				add(o.Operand(0), false)
			}
		case loops.StoreName, vector.StoreName:
			if o.NumOperands() > 1 {
				add(o.Operand(1), true)
			}
		case loops.CopyName:
			if o.NumOperands() == 2 {
				add(o.Operand(0), false)
				add(o.Operand(1), true)
			}
		case loops.CallExternName:
			callee, _ := o.StringAttr("callee")
			for i, v := range o.Operands() {
				known := callee == "tt.matmul" || callee == "tt.conv2d"
				add(v, known && i == 2 || !known)
				if !known || i < 2 {
					add(v, false)
				}
			}
		case function.CallName:
			for _, v := range o.Operands() {
				add(v, false)
			}
		}
		return ir.WalkAdvance
	})
	return reads, writes
}

// dotEscape makes text safe inside a double-quoted DOT string: quotes and
// backslashes are escaped, newlines become \n, other control and
// non-ASCII characters become '?'.
func dotEscape(s string) string {
	var sb strings.Builder
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r == '\n':
			sb.WriteString("\\n")
		case r < ' ' || r > '~':
			sb.WriteByte('?')
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}
