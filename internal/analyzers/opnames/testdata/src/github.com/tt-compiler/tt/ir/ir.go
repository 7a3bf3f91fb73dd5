// Package ir is a stand-in for the IR core with the types the analyzer
// looks at.
package ir

type Context struct{}

type OpDef struct{}

func (c *Context) LookupOp(name string) *OpDef { return nil }

type OperationState struct {
	Name string
}

type Operation struct{ name string }

func (op *Operation) Name() string { return op.name }

// ModuleOpName is allowed as a literal here.
const ModuleOpName = "builtin.module"
