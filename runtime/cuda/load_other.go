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

// OpenLibrary is Open with the driver library at path; tt loads the CUDA
// driver on Linux only.
func OpenLibrary(path string) (*Driver, error) {
	return openWith(func() (*api, error) {
		return nil, fmt.Errorf("%w: %s not loaded (tt loads the CUDA driver on linux only, not %s)", ErrNoDriver, path, runtime.GOOS)
	})
}
