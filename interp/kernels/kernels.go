// Package kernels registers every interpreter kernel package at once:
// builtin/func/cf (builtink), arith/math (arithk), tensor (tensork), loops
// (loopsk), vector (vectork) and gpu (gpuk).
// Tools that run whole programs (tt-run, tests) use it; a program that
// needs fewer dialects registers the packages it wants itself.
package kernels

import (
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/arithk"
	"github.com/tt-compiler/tt/interp/builtink"
	"github.com/tt-compiler/tt/interp/gpuk"
	"github.com/tt-compiler/tt/interp/loopsk"
	"github.com/tt-compiler/tt/interp/tensork"
	"github.com/tt-compiler/tt/interp/vectork"
)

// Register adds the kernels of every dialect to r.
func Register(r *interp.Registry) {
	builtink.Register(r)
	arithk.Register(r)
	tensork.Register(r)
	loopsk.Register(r)
	vectork.Register(r)
	gpuk.Register(r)
}

// NewRegistry returns a registry holding every kernel.
func NewRegistry() *interp.Registry {
	r := interp.NewRegistry()
	Register(r)
	return r
}
