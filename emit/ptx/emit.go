// Package ptxemit translates the kernels of gpu.module ops (as
// loops-to-gpu makes them: loops, arith and math ops, gpu ids, shuffles and
// barriers over memrefs) into PTX, built as a syntax tree of package ptx
// and printed by it.
//
// Every SSA value gets a virtual register of its PTX type (.pred for i1,
// .b32 for i32, .b64 for i64 and index, .f32, .f64). A memref kernel
// argument becomes a .u64 parameter holding its global address followed
// by one .u64 parameter per dynamic dimension; element addresses are the
// row-major linear index scaled by the element size. Workgroup
// attributions become .shared arrays. loops.for and loops.if become
// branches; their carried values are registers copied at the back edge.
//
// Floating-point arithmetic uses the .rn forms (no contraction), division
// div.rn, square root sqrt.rn, and math.exp on f32 is numerics.ExpF32's
// branch-free sequence (the same operations, each rounded to f32), so the
// simulator computes the interpreter's bits.
package ptxemit

import (
	"fmt"
	"math"
	"strings"

	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ptx"
)

// Options configure Emit.
type Options struct {
	// Target is the SM architecture, 70 to 90 (0: 80).
	Target int
}

// Targets lists the supported SM architectures.
var Targets = []int{70, 75, 80, 86, 89, 90}

// versionFor returns the lowest PTX ISA version supporting target sm.
func versionFor(sm int) ptx.Version {
	switch {
	case sm >= 90:
		return ptx.Version{Major: 7, Minor: 8}
	case sm >= 89:
		return ptx.Version{Major: 7, Minor: 8}
	case sm >= 86:
		return ptx.Version{Major: 7, Minor: 1}
	case sm >= 80:
		return ptx.Version{Major: 7, Minor: 0}
	case sm >= 75:
		return ptx.Version{Major: 6, Minor: 3}
	}
	return ptx.Version{Major: 6, Minor: 0}
}

// Emit translates every kernel of the gpu.module ops in module.
func Emit(module *ir.Operation, o Options) (*ptx.Module, error) {
	if o.Target == 0 {
		o.Target = 80
	}
	if o.Target < 70 || o.Target > 90 {
		return nil, fmt.Errorf("emit/ptx: target sm_%d is not supported (sm_70 to sm_90)", o.Target)
	}
	m := &ptx.Module{File: "kernels.ptx", Version: versionFor(o.Target), Target: o.Target, AddressSize: 64}
	var err error
	consts := map[string]bool{}
	var fns []ptx.Decl
	module.Walk(func(op *ir.Operation) {
		if err != nil || op.Name() != gpu.FuncName || op.Attr(gpu.KernelAttrName) == nil {
			return
		}
		f, ok, mmaErr := mmaKernel(op, o.Target)
		if err = mmaErr; ok || err != nil {
			fns = append(fns, f)
			return
		}
		var used map[string]bool
		f, used, err = emitKernel(op, o.Target)
		if err == nil {
			fns = append(fns, f)
			for c := range used {
				consts[c] = true
			}
		}
	})
	if err != nil {
		return nil, err
	}
	// The tables in a fixed order, so that the text is deterministic.
	for _, c := range []struct {
		name string
		v    func() *ptx.Var
	}{{erfTableName, erfTableVar}, {mPi4Name, mPi4Var}} {
		if consts[c.name] {
			m.Decls = append(m.Decls, c.v())
		}
	}
	m.Decls = append(m.Decls, fns...)
	return m, nil
}

// KernelName returns the PTX name of a kernel @fn of gpu.module @mod.
func KernelName(fn string) string { return fn }

var modByName = func() map[string]ptx.Mod {
	out := map[string]ptx.Mod{}
	for m := ptx.ModNone + 1; m.String() != "?"; m++ {
		if _, dup := out[m.String()]; !dup {
			out[m.String()] = m
		}
	}
	return out
}()

// inst builds an instruction from its dotted spelling ("add.rn.f32").
func inst(spec string, ops ...ptx.Operand) *ptx.Instruction {
	words := strings.Split(spec, ".")
	in := &ptx.Instruction{}
	name, k := words[0], 1
	in.Op = ptx.OpByName(name)
	for j := 2; j <= len(words) && j <= 3; j++ {
		if o := ptx.OpByName(strings.Join(words[:j], ".")); o != ptx.OpInvalid {
			in.Op, k = o, j
		}
	}
	if in.Op == ptx.OpInvalid {
		panic("emit/ptx: unknown opcode " + spec)
	}
	for _, w := range words[k:] {
		if t := ptx.TypeByName(w); t != ptx.TypeNone {
			in.Types = append(in.Types, t)
			continue
		}
		md, ok := modByName[w]
		if !ok {
			panic("emit/ptx: unknown modifier " + w)
		}
		in.Mods = append(in.Mods, md)
	}
	in.Operands = ops
	return in
}

func reg(name string) ptx.Operand { return ptx.Operand{Kind: ptx.OpdReg, Name: name} }
func imm(v int64) ptx.Operand     { return ptx.Operand{Kind: ptx.OpdInt, Int: v} }
func f32imm(v float32) ptx.Operand {
	return ptx.Operand{Kind: ptx.OpdFloat, Bits: uint64(math.Float32bits(v))}
}
func f64imm(v float64) ptx.Operand {
	return ptx.Operand{Kind: ptx.OpdFloat, Bits: math.Float64bits(v), Float64: true}
}
func sym(name string) ptx.Operand { return ptx.Operand{Kind: ptx.OpdSymbol, Name: name} }
func addr(base string) ptx.Operand {
	return ptx.Operand{Kind: ptx.OpdAddr, Elems: []ptx.Operand{reg(base)}}
}
func special(s ptx.SpecialReg, comp uint8) ptx.Operand {
	return ptx.Operand{Kind: ptx.OpdSpecial, Special: s, Comp: comp}
}
