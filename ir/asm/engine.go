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

// ParticipleEngine is the participle-based reference parser
// (ParseParticiple): generic form only.
type ParticipleEngine struct{}

// Parse implements Engine.
func (ParticipleEngine) Parse(ctx *ir.Context, src []byte, opts ParseOptions) (*ir.Operation, error) {
	return ParseParticiple(ctx, src, opts)
}

// EngineNames lists the names EngineByName accepts.
var EngineNames = []string{"fast", "participle"}

// EngineByName returns the parser engine called name: "fast" (also the
// empty name) or "participle".
func EngineByName(name string) (Engine, error) {
	switch name {
	case "", "fast":
		return FastEngine{}, nil
	case "participle":
		return ParticipleEngine{}, nil
	}
	return nil, fmt.Errorf("unknown parser %q (want one of: %s)", name, strings.Join(EngineNames, ", "))
}
