package rt

import "unsafe"

// The views of vector loops: a loop that loads and stores vectors of N
// lanes at consecutive positions of a buffer indexes a [][N]T view of the
// range it covers, checked once before the loop, instead of slicing the
// buffer per vector (two bounds checks each). The views share the
// buffer's memory; the loop's index is below the view's length, which
// Go's prove pass sees, so the loop has no bounds checks.

// ttViewCheck fails unless s[start:start+lanes·n] is in a buffer of
// length size (n > 0). (Small enough to be inlined: the failure is a
// call.)
func ttViewCheck(start, n, lanes, size int) {
	if start < 0 || start > size || n > (size-start)/lanes {
		ttViewFail(start, n, lanes, size)
	}
}

// ttViewFail is ttViewCheck's failure (not inlined, so that ttViewCheck
// is).
//
//go:noinline
func ttViewFail(start, n, lanes, size int) {
	ttFailf("index out of range [%d:%d] with length %d", start, start+lanes*n, size)
}

// ttView2 returns s[start:start+2n] as n arrays of 2 elements (nil when n
// is 0), failing as an index out of range unless the range is in s.
func ttView2[T any](s []T, start, n int) [][2]T {
	if n <= 0 {
		return nil
	}
	ttViewCheck(start, n, 2, len(s))
	return unsafe.Slice((*[2]T)(unsafe.Pointer(unsafe.SliceData(s[start:]))), n)
}

// ttView4 is ttView2 for 4 elements.
func ttView4[T any](s []T, start, n int) [][4]T {
	if n <= 0 {
		return nil
	}
	ttViewCheck(start, n, 4, len(s))
	return unsafe.Slice((*[4]T)(unsafe.Pointer(unsafe.SliceData(s[start:]))), n)
}

// ttView8 is ttView2 for 8 elements.
func ttView8[T any](s []T, start, n int) [][8]T {
	if n <= 0 {
		return nil
	}
	ttViewCheck(start, n, 8, len(s))
	return unsafe.Slice((*[8]T)(unsafe.Pointer(unsafe.SliceData(s[start:]))), n)
}

// ttView16 is ttView2 for 16 elements.
func ttView16[T any](s []T, start, n int) [][16]T {
	if n <= 0 {
		return nil
	}
	ttViewCheck(start, n, 16, len(s))
	return unsafe.Slice((*[16]T)(unsafe.Pointer(unsafe.SliceData(s[start:]))), n)
}

// ttView32 is ttView2 for 32 elements.
func ttView32[T any](s []T, start, n int) [][32]T {
	if n <= 0 {
		return nil
	}
	ttViewCheck(start, n, 32, len(s))
	return unsafe.Slice((*[32]T)(unsafe.Pointer(unsafe.SliceData(s[start:]))), n)
}

// ttView64 is ttView2 for 64 elements.
func ttView64[T any](s []T, start, n int) [][64]T {
	if n <= 0 {
		return nil
	}
	ttViewCheck(start, n, 64, len(s))
	return unsafe.Slice((*[64]T)(unsafe.Pointer(unsafe.SliceData(s[start:]))), n)
}
