// Package gobuild is what tt-run's Go backend (and tt-opt --emit=go) do
// around the emitter (package goemit): lowering a module with the pt2-go
// pipeline while recording the debug artifacts, building the emitted
// package and its command with the Go toolchain into a cache, and running
// the command as a child process that serves calls.
//
// # Cache
//
// Builds live in CacheDir(): $TT_CACHE_DIR when set, else the user cache
// directory's "tt" (os.UserCacheDir()/tt), under go/<key>, where key hashes
// tt's version, the target platform and the generated sources (so the
// module, after lowering). Each entry is a module (go.mod "module ttgen")
// with the package in model/model.go, the command in main.go and the built
// binary "ttmodel". Builds run with CGO_ENABLED=0, GOWORK=off,
// GOTOOLCHAIN=local and GOFLAGS cleared, on amd64 Linux hosts with the
// x86-64-v3 features with GOAMD64=v3 unless the caller sets GOAMD64, and
// for code of a SIMD level (goemit.SIMD) with GOEXPERIMENT=simd (both
// levels are part of the cache key), in a temporary directory renamed
// into place when complete, so concurrent builds of one module are safe and
// a cache entry is never half written. A build failure is a bug of the
// emitter: the error names the generated files, kept under go/failed-<key>.
//
// # Child protocol
//
// The command runs with -serve: each call sends the arguments as .npy
// arrays on its standard input and reads the results as .npy arrays from
// its standard output, with the duration of the call measured inside the
// child (see emit/go/climain).
//
// # Debug artifacts
//
// With a dump directory, Lower writes the IR after each stage of the
// lowering (01-graph.mlir, 02-pre-fusion.mlir, 03-post-fusion.mlir,
// 04-loops.mlir, 05-final.mlir; the middle three when the pipeline runs
// passes named fuse and tensor-to-loops), kernels.dot (Graphviz: the fused
// kernels and the buffers between them) and kernels.svg when Graphviz's dot
// is installed; the caller adds model.go and main.go (WriteSources) and
// build.txt (WriteBuildInfo: the SIMD level, GOEXPERIMENT, GOAMD64 and the
// cache entry, as tt-run -v prints them).
//
// # SIMD levels
//
// Host reads the CPU features that decide the level (/proc/cpuinfo),
// ResolveSIMD turns a --go-simd value (off, auto, avx2, avx512) into a
// level, AutoSIMD is auto's choice, and LowerOptions.SIMD gives the
// pipeline's vectorize passes the level's vector widths (VectorWidths: one
// register of f32 and of f64 lanes).
package gobuild
