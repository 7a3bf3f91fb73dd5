// Package ttptx implements the tt-ptx command (cmd/tt-ptx) as a library,
// so that tests can run it in-process exactly as the command does.
//
// # Command line (a contract that outside tests rely on)
//
//	tt-ptx check FILE.ptx
//	  Parse and verify FILE (any PTX: tt's or LLVM's NVPTX output). Silent
//	  on success; every error as file:line:col: error: message with the
//	  source line and a caret, exit status 1.
//
//	tt-ptx run FILE.ptx --kernel NAME --grid X[,Y[,Z]] --block X[,Y[,Z]]
//	    [--shared BYTES] --arg A ... --out DIR [--stats] [--device sim|cuda]
//	    [--max-steps N] [--race=false]
//	  Parse, verify and run kernel NAME on the simulator (ptx/sim). One --arg
//	  per kernel parameter, in order:
//	    f32:V f64:V s32:V u32:V s64:V u64:V   scalars (integers also in 0x hex)
//	    buf:FILE.npy                          a global buffer holding the
//	                                          file's elements; the parameter
//	                                          gets its address
//	    zeros:DTYPE:N                         a zero-filled global buffer of N
//	                                          elements of DTYPE (f4 f8 i4 u4
//	                                          i8 u8 f2 u1, NumPy's codes)
//	  The count and kinds are checked against the kernel's parameters
//	  (a 32-bit kind for a 32-bit parameter, a float kind only for .f32/.f64
//	  or .b32/.b64, buffers for 64-bit integer parameters). After the
//	  kernel, buffer argument i is written to DIR/arg<i>.npy (DIR is
//	  created) with the same dtype and the input file's shape, or (N,).
//	  --shared is the dynamic shared memory per CTA (.extern .shared).
//	  --stats prints the simulator's statistics to standard output.
//	  --max-steps bounds the instructions each warp executes.
//	  --race (on by default) detects shared-memory data races.
//	  --device sim (the default) runs on the simulator; --device cuda runs
//	  the same kernel and arguments on GPU 0 through the CUDA driver
//	  (runtime/cuda, no cgo: the driver JIT-compiles the PTX), so that the
//	  simulator and hardware can be compared; without a driver or a GPU it
//	  is the driver's one-line error. The simulator's checks and --stats do
//	  not apply there; bool buffers and 8- or 16-bit parameters are
//	  refused.
//	  A simulation error (out-of-bounds or misaligned access, a barrier not
//	  reached by every thread, a shuffle or vote outside its member mask, a
//	  read of an unwritten register, a shared-memory race, the step budget
//	  running out) is printed as file:line:col: error: kernel K, block
//	  (x,y,z), thread (x,y,z): message, with the PTX source line; exit
//	  status 1. Bad flags are one-line errors, exit status 1; tt-ptx never
//	  panics on bad input.
package ttptx
