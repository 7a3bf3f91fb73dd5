package pass_test

import (
	"fmt"
	"strings"
	"sync"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// recorder collects the runs of recordPass instances, for tests that check
// which ops passes ran on and in which order.
type recorder struct {
	mu   sync.Mutex
	runs []string
}

func (r *recorder) add(s string) {
	r.mu.Lock()
	r.runs = append(r.runs, s)
	r.mu.Unlock()
}

func (r *recorder) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.runs, " ")
}

// opLabel names an op for recordings: its symbol name or its op name.
func opLabel(op *ir.Operation) string {
	if s, ok := op.StringAttr(ir.SymbolAttrName); ok {
		return "@" + s
	}
	return op.Name()
}

// recordPass records "tag:op" for every op it runs on. It does not change
// the IR.
type recordPass struct {
	pass.Base
	rec *recorder
	tag *string
}

func newRecordPass(rec *recorder, arg, anchor string) func() pass.Pass {
	return func() pass.Pass {
		p := &recordPass{Base: pass.NewBase(pass.Info{Argument: arg, Name: "Record", Summary: "records runs", Anchor: anchor}), rec: rec}
		p.tag = p.Options().String("tag", arg, "label for the recording")
		return p
	}
}

func (p *recordPass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	p.rec.add(*p.tag + ":" + opLabel(op))
	am.PreserveAll()
	return nil
}

// optsPass declares one option of each kind.
type optsPass struct {
	pass.Base
}

func newOptsPass() pass.Pass {
	p := &optsPass{Base: pass.NewBase(pass.Info{Argument: "test-options", Summary: "has options"})}
	o := p.Options()
	o.Bool("flag", false, "a bool")
	o.Int("count", 3, "an int")
	o.String("name", "x", "a string")
	o.StringList("items", nil, "a list")
	o.IntList("sizes", []int{1, 2}, "an int list")
	o.Enum("mode", "fast", []string{"fast", "slow"}, "an enum")
	return p
}

func (p *optsPass) Run(op *ir.Operation, am *pass.AnalysisManager) error { return nil }

// failPass fails on the functions named in its "on" option, emitting a
// warning first on every function.
type failPass struct {
	pass.Base
	on     *[]string
	direct *bool
}

func newFailPass() pass.Pass {
	p := &failPass{Base: pass.NewBase(pass.Info{Argument: "test-fail", Name: "TestFail", Anchor: "func.func", Summary: "fails on some functions"})}
	p.on = p.Options().StringList("on", nil, "functions to fail on")
	p.direct = p.Options().Bool("direct", false, "emit through the context rather than the analysis manager")
	return p
}

func (p *failPass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	name := opLabel(op)
	d := &ir.Diagnostic{Severity: ir.SeverityWarning, Loc: op.Loc(), Message: "visiting " + name}
	if *p.direct {
		op.Context().Emit(d)
	} else {
		am.Emit(d)
	}
	for _, f := range *p.on {
		if "@"+f == name {
			return ir.OpError(op, "failing on purpose")
		}
	}
	am.PreserveAll()
	return nil
}

// renamePass appends a suffix to the sym_name of each function it runs on
// and adds an unregistered op, so that IR dumps show changes.
type renamePass struct {
	pass.Base
}

func newRenamePass() pass.Pass {
	return &renamePass{Base: pass.NewBase(pass.Info{Argument: "test-rename", Name: "TestRename", Anchor: "func.func", Summary: "renames functions"})}
}

func (p *renamePass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	name, _ := op.StringAttr(ir.SymbolAttrName)
	op.SetAttr(ir.SymbolAttrName, ir.String(name+"_r"))
	return nil
}

// breakPass erases the terminator of each function, which the verifier rejects.
type breakPass struct {
	pass.Base
}

func newBreakPass() pass.Pass {
	return &breakPass{Base: pass.NewBase(pass.Info{Argument: "test-break", Name: "TestBreak", Anchor: "func.func", Summary: "breaks the IR"})}
}

func (p *breakPass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	b := op.Region(0).Front()
	if b == nil || b.Last() == nil {
		return fmt.Errorf("no body")
	}
	b.Last().Erase()
	return nil
}
