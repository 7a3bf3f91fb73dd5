package main

import (
	"sync"
	"time"
)

// The roofline of a memory-bound model: a copy of the same number of
// bytes (half read, half written: a model that reads R bytes and writes W
// is compared with a copy of (R+W)/2 bytes) by GOMAXPROCS goroutines, each
// copying a contiguous part with Go's copy (memmove). A model's bandwidth
// is (R+W) / its time, the roofline's (R+W) / the copy's time, and the
// ratio of the two (the copy's time over the model's) says how close the
// model comes to moving its bytes as fast as a copy does on this machine
// with the same threads. Neither side avoids the caches: a 32 MiB copy
// partly stays in a 32 MiB L3 exactly as the model's data does.

// copier copies one buffer into another in parallel.
type copier struct {
	src, dst []byte
	procs    int
}

// newCopier allocates the buffers of a copy of n bytes and touches them.
func newCopier(n int64, procs int) *copier {
	c := &copier{src: make([]byte, n), dst: make([]byte, n), procs: max(procs, 1)}
	for i := range c.src {
		c.src[i] = byte(i)
	}
	c.run()
	return c
}

// run copies src to dst once and returns the time it took.
func (c *copier) run() time.Duration {
	start := time.Now()
	var wg sync.WaitGroup
	n := len(c.src)
	for p := range c.procs {
		lo, hi := p*n/c.procs, (p+1)*n/c.procs
		wg.Go(func() { copy(c.dst[lo:hi], c.src[lo:hi]) })
	}
	wg.Wait()
	return time.Since(start)
}
