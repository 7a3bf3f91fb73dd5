// Package cuda runs PTX on NVIDIA GPUs through the CUDA driver API,
// without cgo: it loads libcuda.so.1 at run time with purego and calls the
// driver's C entry points directly, so a CGO_ENABLED=0 binary runs kernels
// where a driver and a device are present and reports a clear error where
// they are not.
//
// Open (or Default, which opens once per process) loads the driver and
// initializes it; its error wraps ErrNoDriver when libcuda.so.1 cannot be
// loaded and ErrNoDevice when the driver sees no device. A Context (the
// device's primary context) allocates Buffers, loads Modules from PTX
// text, creates Streams and Events; a Module's Functions are launched with
// Args of the PTX parameter types. Every failed driver call is an *Error
// naming the call and the driver's name and description of the result
// ("cuLaunchKernel: CUDA_ERROR_INVALID_VALUE: invalid argument"); PTX the
// JIT rejects is a *JITError that quotes the JIT log with the PTX lines it
// names.
//
// The driver's current context is per OS thread; every method that needs
// it locks the calling goroutine to its thread and makes its context
// current for the duration of the call, so the types may be used from any
// goroutine. docs/design/cuda.md describes the calls and the traps.
package cuda
