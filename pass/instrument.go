package pass

import (
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// Instrumentation observes a pipeline run: it is told before and after
// every pass runs on an operation. Calls for different operations may come
// from different goroutines at the same time; text written to ev.Out comes
// out in pipeline order.
type Instrumentation interface {
	// BeforePass is called before p runs on op.
	BeforePass(ev *PassEvent)
	// AfterPass is called after the pass ran (and the IR was verified);
	// ev.Err is non-nil when the pass failed.
	AfterPass(ev *PassEvent)
}

// PassEvent describes one run of a pass on an operation.
type PassEvent struct {
	// Pass is the pass that runs.
	Pass Pass
	// Op is the operation it runs on.
	Op *ir.Operation
	// Err is the pass's error (AfterPass only).
	Err error
	// Out is the run's output (RunOptions.Output), kept in pipeline order.
	Out io.Writer
}

// IRPrinter is the instrumentation behind --print-ir-before/after: it prints
// the operation a pass runs on, with MLIR's header, e.g.
//
//	// -----// IR Dump After CSE (cse) //----- //
type IRPrinter struct {
	// BeforeAll and AfterAll print before (after) every pass.
	BeforeAll, AfterAll bool
	// Before and After list pass arguments to print before (after).
	Before, After []string
	// AfterChange prints after a pass only when the IR changed. With no
	// other after-selection it selects every pass (MLIR prints nothing then).
	AfterChange bool
	// AfterFailure prints after a pass only when it failed (header "IR Dump
	// After X Failed"), whatever else is selected, as in MLIR.
	AfterFailure bool
	// ModuleScope prints the top-level operation instead of the operation
	// the pass ran on. It forces a sequential run.
	ModuleScope bool
	// Print configures printing (generic form, locations).
	Print asm.PrintOptions

	mu     sync.Mutex
	before map[printKey]uint64
}

type printKey struct {
	pass Pass
	op   *ir.Operation
}

func (p *IRPrinter) printBefore(ps Pass) bool {
	return p.BeforeAll || slices.Contains(p.Before, ps.Argument())
}

func (p *IRPrinter) printAfter(ps Pass) bool {
	if p.AfterAll || p.AfterFailure || slices.Contains(p.After, ps.Argument()) {
		return true
	}
	return p.AfterChange && len(p.After) == 0
}

// BeforePass implements Instrumentation.
func (p *IRPrinter) BeforePass(ev *PassEvent) {
	if p.AfterChange && p.printAfter(ev.Pass) {
		fp := ir.OperationFingerprint(ev.Op)
		p.mu.Lock()
		if p.before == nil {
			p.before = map[printKey]uint64{}
		}
		p.before[printKey{ev.Pass, ev.Op}] = fp
		p.mu.Unlock()
	}
	if p.printBefore(ev.Pass) {
		p.dump(ev, fmt.Sprintf("// -----// IR Dump Before %s (%s)", ev.Pass.Name(), ev.Pass.Argument()))
	}
}

// AfterPass implements Instrumentation.
func (p *IRPrinter) AfterPass(ev *PassEvent) {
	var beforeFP uint64
	var haveFP bool
	if p.AfterChange {
		p.mu.Lock()
		beforeFP, haveFP = p.before[printKey{ev.Pass, ev.Op}]
		delete(p.before, printKey{ev.Pass, ev.Op})
		p.mu.Unlock()
	}
	if !p.printAfter(ev.Pass) {
		return
	}
	if ev.Err != nil {
		p.dump(ev, fmt.Sprintf("// -----// IR Dump After %s Failed (%s)", ev.Pass.Name(), ev.Pass.Argument()))
		return
	}
	if p.AfterFailure {
		return
	}
	if haveFP && ir.OperationFingerprint(ev.Op) == beforeFP {
		return
	}
	p.dump(ev, fmt.Sprintf("// -----// IR Dump After %s (%s)", ev.Pass.Name(), ev.Pass.Argument()))
}

func (p *IRPrinter) dump(ev *PassEvent, header string) {
	op := ev.Op
	if p.ModuleScope {
		header += fmt.Sprintf(" ('%s' operation", op.Name())
		if name, ok := op.StringAttr(ir.SymbolAttrName); ok {
			header += ": @" + name
		}
		header += ")"
		for op.ParentOp() != nil {
			op = op.ParentOp()
		}
	}
	text := header + " //----- //\n" + asm.String(op, p.Print) + "\n\n"
	_, _ = io.WriteString(ev.Out, text)
}
