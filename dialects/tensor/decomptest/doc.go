// Package decomptest checks the decompositions of the tensor dialect's
// composite ops numerically: each composite and its decomposition run
// through the reference interpreter (package interp) on random inputs and
// must agree within a tolerance. It holds tests only; it is a separate
// package so that the dialect's own tests do not depend on the
// interpreter.
package decomptest
