package rt

// ttProfKernels stands in for the table the emitter writes into a
// program generated with profiling (never copied: generated code has its
// own).
var ttProfKernels = []ttProfKernel{{Func: "@f", Loc: "f.mlir:2:3", Op: "a loop nest", Bytes: 64}}
