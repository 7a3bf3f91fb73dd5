package numerics

import "embed"

// Source is the package's own Go source (its non-test files are what
// emit/go copies into generated code; test files are included but not
// used).
//
//go:embed *.go
var Source embed.FS
