package sim

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/ptx"
)

// ErrorKind classifies a simulation error, so that callers and tests can
// tell the checks apart without matching messages.
type ErrorKind uint8

// The kinds of simulation errors.
const (
	ErrOther         ErrorKind = iota
	ErrOutOfBounds             // an access outside every buffer or variable
	ErrMisaligned              // an address not aligned to the access size
	ErrBarrier                 // a barrier not reached by every thread, or a deadlock
	ErrSyncMask                // shfl/vote/bar.warp.sync lanes and member mask disagree
	ErrUninitialized           // a register read before any write
	ErrRace                    // a shared-memory data race between barriers
	ErrStepLimit               // the step budget ran out
	ErrUnsupported             // an instruction form the simulator does not implement
	ErrLaunch                  // bad launch parameters or arguments
	ErrTrap                    // trap or brkpt executed
)

var errorKindNames = [...]string{"error", "out-of-bounds access", "misaligned access", "barrier error",
	"member mask error", "uninitialized register", "shared-memory race", "step limit", "unsupported",
	"launch error", "trap"}

// String names the kind.
func (k ErrorKind) String() string { return errorKindNames[k] }

// Error is a simulation error located in the PTX source and the grid.
type Error struct {
	Kind    ErrorKind
	File    string
	Pos     ptx.Pos // the instruction's position; zero when not tied to one
	Kernel  string
	Block   [3]int // ctaid of the failing thread
	Thread  [3]int // tid of the failing thread
	HasAddr bool
	Space   Space
	Addr    uint64 // the faulting address (in Space) when HasAddr
	Msg     string
}

// Error formats "file:line:col: error: kernel K, block (x,y,z), thread
// (x,y,z): message (space address 0x…)".
func (e *Error) Error() string { return e.located().Error() }

// Render formats the error like the rest of tt: the located message, then
// the source line and a caret under the column when src (the PTX text of
// e.File) has that line.
func (e *Error) Render(src []byte) string { return e.located().Render(src) }

// located returns the error as ptx's located diagnostic.
func (e *Error) located() *ptx.Error {
	return &ptx.Error{File: e.File, Pos: e.Pos, Msg: e.message()}
}

// message is the text after "error: ".
func (e *Error) message() string {
	var sb strings.Builder
	if e.Kernel != "" {
		fmt.Fprintf(&sb, "kernel %s", e.Kernel)
		if e.Kind != ErrLaunch && e.Kind != ErrUnsupported {
			fmt.Fprintf(&sb, ", block (%d,%d,%d), thread (%d,%d,%d)", e.Block[0], e.Block[1], e.Block[2],
				e.Thread[0], e.Thread[1], e.Thread[2])
		}
		sb.WriteString(": ")
	}
	sb.WriteString(e.Msg)
	if e.HasAddr {
		fmt.Fprintf(&sb, " (%s address 0x%x)", e.Space, e.Addr)
	}
	return sb.String()
}
