package ir_test

import (
	"sync"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
)

// TestConcurrentContexts creates contexts on several goroutines (run with
// -race): loading a dialect writes shared OpDefs only once, under a lock.
func TestConcurrentContexts(t *testing.T) {
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := builtin.NewContext()
			if ctx.LookupOp("func.func").Dialect() != function.Dialect {
				t.Error("func.func has the wrong dialect")
			}
		}()
	}
	wg.Wait()
}
