// Package ptx is NVIDIA's PTX virtual ISA as data: a syntax tree for PTX
// modules, a parser with located errors (file:line:col), a printer
// (parse → print → parse is a fixed point), the instruction set as one
// table with a row per opcode (ISA), and a verifier that checks a module
// against that table: declared registers of compatible types, labels,
// parameters and call targets that resolve, instruction/target/version
// compatibility, state spaces and the static .shared limit.
//
//	m, err := ptx.Parse("k.ptx", src) // syntax; err is an ErrorList
//	err = ptx.Verify(m, nil)          // names, types, table, limits
//	text := m.String()                // PTX again
//
// The syntax tree is designed to be decoded once: opcodes (Op), types
// (Type), modifiers (Mod) and special registers (SpecialReg) are small
// integer enums, operands are one flat struct (Operand), and Resolve
// (which Verify runs) stores in each operand the index of its register in
// Function.Regs, the index of a branch target in Function.Insts, and the
// variable or function a symbol names.
//
// Semantics live elsewhere: package ptx/sim keeps its own table of
// execution hooks indexed by Op (an array of NumOps entries), next to
// this package's ISA table of syntax and type rules, so that neither
// package needs a switch over opcodes scattered over files. The ISA rows
// export what a decoder needs: the forms (allowed modifiers and types,
// operand rules), version and target requirements, and flags (branch,
// terminator, memory, barrier, warp-synchronous).
//
// The verifier's rules were calibrated against ptxas of CUDA 11.8, which
// accepts PTX ISA 7.8 and targets up to sm_90: Verify with nil Options
// checks against those limits, and the tests compare its verdicts with
// ptxas's on a corpus of valid and invalid files.
package ptx
