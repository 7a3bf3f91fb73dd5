// Package sim runs PTX kernels on the CPU with the GPU's execution
// semantics: warps of 32 threads in lockstep with active masks and
// reconvergence at immediate post-dominators, barriers across a CTA's
// warps, shared memory per CTA, global memory as bounded buffers, and the
// CTAs of a grid on parallel goroutines. It checks what a GPU does not
// (out-of-bounds and misaligned accesses, divergent barriers, member-mask
// violations, uninitialized registers, shared-memory races, runaway
// loops), each an error located in the PTX source and the grid, and it
// gathers the statistics that stand in for a profiler (instruction mix,
// coalescing, bank conflicts, divergence, occupancy).
//
// Load decodes a parsed module once; Program.Launch runs a kernel. The
// numerics of each instruction are exported (Cvt, Compare, DivInt, Prmt,
// Mma, ...) and documented in docs/design/ptxsim.md with the rounding and
// approximation choices.
package sim
