package goemit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// ProfileReportName is the exported function of a package generated with
// Options.Profile that returns its kernels' counters, one per line:
// function, location, op, calls, nanoseconds and bytes, tab-separated.
const ProfileReportName = "ProfileReport"

// profKernel is a kernel of the profile table: a top-level loop nest or
// runtime kernel call of a function.
type profKernel struct {
	fn, loc, op string
	bytes       int64
}

// isProfiledKernel reports whether op is a kernel Options.Profile times:
// a loop nest or extern kernel call directly in a function's body.
func isProfiledKernel(op *ir.Operation) bool {
	p := op.ParentOp()
	if p == nil || p.Name() != function.FuncName {
		return false
	}
	switch op.Name() {
	case loops.ParallelName, loops.ForName, loops.CallExternName:
		return true
	}
	return false
}

// profileBegin starts timing a kernel op, returning the statement that
// ends it.
func (f *fnEmitter) profileBegin(op *ir.Operation) string {
	m := f.m
	k := len(m.prof)
	loc := ""
	if l := locComment(op); l != "" {
		loc = strings.TrimPrefix(l, " at ")
	}
	m.prof = append(m.prof, profKernel{fn: symbolText(f.info.sym), loc: loc, op: op.Name(), bytes: kernelBytes(op)})
	m.useRT("ttProfBegin")
	m.useRT("ttProfEnd")
	t := f.fresh("t")
	f.line("%s := ttProfBegin()", t)
	return fmt.Sprintf("ttProfEnd(%d, %s)", k, t)
}

// kernelBytes is the size of the buffers a kernel op reads or writes
// (each counted once), or -1 when one has a dynamic size.
func kernelBytes(op *ir.Operation) int64 {
	seen := map[ir.Value]bool{}
	var total int64
	add := func(v ir.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		n, ok := ir.StaticTypeBytes(v.Type())
		total += n
		return ok
	}
	ok := true
	op.Walk(func(o *ir.Operation) {
		switch o.Name() {
		case loops.LoadName, loops.StoreName, vector.LoadName, vector.StoreName:
			for _, v := range o.Operands() {
				if _, buf := v.Type().(*ir.MemRefType); buf {
					ok = add(v) && ok
				}
			}
		case loops.CallExternName:
			for _, v := range o.Operands() {
				if _, buf := v.Type().(*ir.MemRefType); buf {
					ok = add(v) && ok
				}
			}
		}
	})
	if !ok {
		return -1
	}
	return total
}

// profileTable writes the profile table and ProfileReport, when the module
// was emitted with Options.Profile.
func (m *modEmitter) profileTable() string {
	if !m.opts.Profile {
		return ""
	}
	m.useRT("ttProfReport")
	m.useRT("ttProfKernel")
	var b strings.Builder
	b.WriteString("// ttProfKernels are the counters of this package's kernels (Options.Profile).\n")
	b.WriteString("var ttProfKernels = []ttProfKernel{\n")
	for _, k := range m.prof {
		fmt.Fprintf(&b, "{Func: %s, Loc: %s, Op: %s, Bytes: %d},\n", strconv.Quote(k.fn), strconv.Quote(k.loc), strconv.Quote(k.op), k.bytes)
	}
	b.WriteString("}\n\n")
	fmt.Fprintf(&b, "// %s returns the calls, time and bytes of each kernel of the package\n", ProfileReportName)
	b.WriteString("// since it was loaded, one per line: function, location, op, calls,\n// nanoseconds and bytes, tab-separated.\n")
	fmt.Fprintf(&b, "func %s() string { return ttProfReport() }\n\n", ProfileReportName)
	return b.String()
}
