package rt

import (
	"fmt"
	"runtime"
)

// ttError is the error an emitted function returns when its run fails: an
// argument of the wrong size, an integer division by zero, an index out of
// range. It names the function (its IR symbol).
type ttError struct {
	fn  string
	msg string
}

func (e *ttError) Error() string { return "tt: " + e.fn + ": " + e.msg }

// ttFail is a failure raised inside generated code (a panic with this
// value); ttRecover turns it into a *ttError.
type ttFail struct{ msg string }

// ttFailf raises a ttFail. It returns an int so that it can stand for an
// index expression whose evaluation must fail at run time.
func ttFailf(format string, args ...any) int {
	panic(ttFail{fmt.Sprintf(format, args...)})
}

// ttRecover, deferred by every exported function, turns a panic of the
// run (a ttFail, or a run-time error such as an integer division by zero
// or an index out of range) into the function's error result. Other panics
// are not tt's and are re-raised.
func ttRecover(fn string, err *error) {
	r := recover()
	if r == nil {
		return
	}
	switch v := r.(type) {
	case ttFail:
		*err = &ttError{fn, v.msg}
	case ttParallelPanic:
		switch w := v.val.(type) {
		case ttFail:
			*err = &ttError{fn, w.msg}
		case runtime.Error:
			*err = &ttError{fn, ttRuntimeMessage(w)}
		default:
			panic(v.val)
		}
	case runtime.Error:
		*err = &ttError{fn, ttRuntimeMessage(v)}
	default:
		panic(r)
	}
}

// ttRuntimeMessage words a Go run-time error the way the interpreter words
// the same failure where there is one.
func ttRuntimeMessage(e runtime.Error) string {
	msg := e.Error()
	switch msg {
	case "runtime error: integer divide by zero":
		return "integer division by zero"
	}
	return msg
}

// ttCheckLen fails unless a buffer argument holds want elements.
func ttCheckLen(name string, got, want int) {
	if got != want {
		ttFailf("%s has %d elements, want %d", name, got, want)
	}
}

// ttCheckDim fails when a dynamic size argument is negative.
func ttCheckDim(name string, d int) {
	if d < 0 {
		ttFailf("%s is %d, want a size >= 0", name, d)
	}
}

// ttSize returns the element count of a buffer with the given dimension
// sizes, failing when a size is negative or the count overflows int. (dims
// must not escape: callers' argument slices then stay on the stack.)
func ttSize(dims ...int) int {
	n := 1
	for _, d := range dims {
		if d < 0 {
			ttFailf("negative buffer size %d", d)
		}
		if d != 0 && n > (1<<62)/d {
			ttFailf("buffer of more than %d elements is too large", n)
		}
		n *= d
	}
	return n
}

// ttTrip returns the number of iterations of lb, lb+step, ... below ub,
// failing unless step is positive.
func ttTrip(lb, ub, step int) int {
	if step <= 0 {
		ttFailf("loop step %d is not positive", step)
	}
	if ub <= lb {
		return 0
	}
	d, s := uint(ub-lb), uint(step)
	n := d / s
	if d%s != 0 {
		n++
	}
	return int(n)
}

// ttCopy copies a buffer into one of the same size (loops.copy).
func ttCopy[T any](dst, src []T) {
	if len(dst) != len(src) {
		ttFailf("loops.copy: source has %d elements, target %d", len(src), len(dst))
	}
	copy(dst, src)
}
