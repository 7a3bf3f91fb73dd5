//go:build !linux

package cuda

import (
	"fmt"
	"runtime"
)

// loadSystemAPI reports that tt loads the CUDA driver on Linux only.
func loadSystemAPI() (*api, error) {
	return nil, fmt.Errorf("%w: libcuda.so.1 not found (tt loads the CUDA driver on linux only, not %s)", ErrNoDriver, runtime.GOOS)
}
