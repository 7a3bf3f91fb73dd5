// Package analysis holds analyses of loop-level code (the loops dialect)
// that several passes share: linear forms of index values, constant
// bounds and trip counts, work estimates of loop nests, and the number of
// passes a function makes over a buffer. The loop transforms
// (dialects/loops/transforms) use them, and so does tensor-to-loops for its
// statistics; the analyses only read the IR.
package analysis
