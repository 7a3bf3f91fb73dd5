package asm

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// Engine is a textual IR parser: both implementations build the same IR
// (with the implicit module of Parse) and report *ir.Diagnostic errors
// located in the text.
type Engine interface {
	Parse(ctx *ir.Context, src []byte, opts ParseOptions) (*ir.Operation, error)
}

// FastEngine is the hand-written recursive-descent parser (Parse): generic
// and custom forms.
type FastEngine struct{}

// Parse implements Engine.
func (FastEngine) Parse(ctx *ir.Context, src []byte, opts ParseOptions) (*ir.Operation, error) {
	return Parse(ctx, src, opts)
}

// ParticipleEngine is the participle-based parser (ParseParticiple):
// generic and custom forms, the latter through the ops' declarative
// formats and parse hooks.
type ParticipleEngine struct{}

// Parse implements Engine.
func (ParticipleEngine) Parse(ctx *ir.Context, src []byte, opts ParseOptions) (*ir.Operation, error) {
	return ParseParticiple(ctx, src, opts)
}

// EngineNames lists the names EngineByName accepts.
var EngineNames = []string{"fast", "participle"}

// DefaultEngineName names the engine tools use unless told otherwise.
const DefaultEngineName = "fast"

// EngineByName returns the parser engine called name: "fast" or
// "participle"; the empty name is DefaultEngineName.
func EngineByName(name string) (Engine, error) {
	if name == "" {
		name = DefaultEngineName
	}
	switch name {
	case "fast":
		return FastEngine{}, nil
	case "participle":
		return ParticipleEngine{}, nil
	}
	return nil, fmt.Errorf("unknown parser %q (want one of: %s)", name, strings.Join(EngineNames, ", "))
}
