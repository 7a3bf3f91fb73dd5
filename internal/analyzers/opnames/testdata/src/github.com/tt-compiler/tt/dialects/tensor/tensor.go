// Package tensor stands for the tensor dialect: its own op names may be
// literals, but must be registered.
package tensor

import "github.com/tt-compiler/tt/ir"

const AddName = "tensor.add"

func build() []ir.OperationState {
	return []ir.OperationState{
		{Name: AddName},
		{Name: "tensor.mul"},
		{Name: "tensor.ad"}, // want `op name "tensor.ad" is not registered by the tensor dialect \(did you mean "tensor.add", tensor.AddName\?\)`
	}
}
