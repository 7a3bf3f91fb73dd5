//go:build linux

package cuda

import (
	"fmt"
	"strings"

	"github.com/ebitengine/purego"
)

// libraryNames are tried in order: libcuda.so.1 is the driver's soname,
// which every driver install provides; libcuda.so is the development
// link, present where only a toolkit's stub directory is on the path.
var libraryNames = []string{"libcuda.so.1", "libcuda.so"}

// loadSystemAPI opens the driver library and binds the entry points. The
// library is never closed: the driver starts threads and keeps state that
// outlive any one caller, and unloading it under them crashes the process.
func loadSystemAPI() (*api, error) {
	return loadAPI(libraryNames, purego.RTLD_NOW|purego.RTLD_GLOBAL)
}

// loadAPI loads the first of names that dlopen finds, with dlopen's mode.
// The driver is loaded RTLD_GLOBAL, as the CUDA runtime loads it; the
// tests' fake driver is loaded RTLD_LOCAL, so its symbols never stand in
// for the real driver's.
func loadAPI(names []string, mode int) (*api, error) {
	var dlerrs []error
	for _, name := range names {
		lib, err := purego.Dlopen(name, mode)
		if err != nil {
			dlerrs = append(dlerrs, err)
			continue
		}
		a := &api{}
		lookup := func(sym string) uintptr {
			addr, err := purego.Dlsym(lib, sym)
			if err != nil {
				return 0
			}
			return addr
		}
		if _, err := a.bind(lookup, purego.RegisterFunc); err != nil {
			return nil, fmt.Errorf("%w: %s: %w", ErrNoDriver, name, err)
		}
		return a, nil
	}
	return nil, fmt.Errorf("%w: %s not found: %w", ErrNoDriver, names[0], dlopenErrors(dlerrs))
}

// dlopenErrors are the loader's answers for each library name, on one line.
type dlopenErrors []error

func (e dlopenErrors) Error() string {
	msgs := make([]string, len(e))
	for i, err := range e {
		msgs[i] = err.Error()
	}
	return strings.Join(msgs, "; ")
}

func (e dlopenErrors) Unwrap() []error { return e }

// OpenLibrary is Open with the driver library at path instead of the
// loader's libcuda.so.1: a driver outside the library search path, or a
// test's fake. The library is loaded RTLD_LOCAL.
func OpenLibrary(path string) (*Driver, error) {
	return openWith(func() (*api, error) { return loadAPI([]string{path}, purego.RTLD_NOW|purego.RTLD_LOCAL) })
}
