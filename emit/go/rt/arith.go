package rt

import (
	"math"

	"github.com/tt-compiler/tt/numerics"
)

// Small helpers the emitter writes calls to, for arith and math ops that
// are not a single Go operator and have no rule of their own. The rules
// of the ops (maximumf, remf, ipowi, fptosi, ...) are package numerics',
// which the emitter copies into generated code with the prefix ttNum, so
// that the interpreter and generated code compute them with the same
// source.

// ttSelect is arith.select on one element.
func ttSelect[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// ttB2I converts an i1 to 0 or 1.
func ttB2I[T numerics.Signed | numerics.Unsigned | numerics.Float](b bool) T {
	if b {
		return 1
	}
	return 0
}

// ttIsInf is math.isinf.
func ttIsInf[T numerics.Float](a T) bool { return math.IsInf(float64(a), 0) }

// ttIsFinite is math.isfinite.
func ttIsFinite[T numerics.Float](a T) bool {
	return !math.IsNaN(float64(a)) && !math.IsInf(float64(a), 0)
}

// ttDivI1 is integer division (rem false) or remainder (rem true) on i1:
// the divisor must be true (1); a/1 = a, a%1 = 0.
func ttDivI1(a, b, rem bool) bool {
	if !b {
		ttFailf("integer division by zero")
	}
	return a && !rem
}
