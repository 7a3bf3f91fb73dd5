package rt

import "sync"

// Buffers that memory planning keeps inside a function (loops.alloc ops
// whose buffer is not returned) live in a per-function arena that is reused
// from one call to the next, so that repeated calls do not allocate them
// again. Arenas come from a free list: concurrent calls of one function get
// different arenas (emitted functions are safe for concurrent use), and a
// function holds as many arenas as it ever had concurrent calls.

// ttArenaPool is the free list of one function's arenas.
type ttArenaPool[A any] struct {
	mu   sync.Mutex
	free []*A
}

// get returns a free arena, or a new one.
func (p *ttArenaPool[A]) get() *A {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		a := p.free[n-1]
		p.free = p.free[:n-1]
		return a
	}
	return new(A)
}

// put returns an arena to the free list.
func (p *ttArenaPool[A]) put(a *A) {
	p.mu.Lock()
	p.free = append(p.free, a)
	p.mu.Unlock()
}

// ttSlot returns an arena buffer of n zeroed elements (loops.alloc
// returns zero-filled memory), reusing the slot's storage when it is large
// enough.
func ttSlot[T any](slot *[]T, n int) []T {
	if cap(*slot) < n {
		*slot = make([]T, n)
		return *slot
	}
	b := (*slot)[:n]
	clear(b)
	return b
}

// ttSlotDirty is ttSlot without the zeroing, for buffers whose first use
// overwrites every element (the output of tt.matmul, tt.conv2d or
// loops.copy).
func ttSlotDirty[T any](slot *[]T, n int) []T {
	if cap(*slot) < n {
		*slot = make([]T, n)
		return *slot
	}
	return (*slot)[:n]
}
