package user

import "github.com/tt-compiler/tt/ir"

// Test files may spell op names, registered or not.
var _ = ir.OperationState{Name: "tensor.add"}
var _ = ir.OperationState{Name: "tensor.nope"}
