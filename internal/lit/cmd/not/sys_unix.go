//go:build unix

package main

import (
	"os"
	"syscall"
)

// crashed reports whether the process was terminated by a signal.
func crashed(state *os.ProcessState) bool {
	ws, ok := state.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled()
}

// disableCoreDumps sets this process's core file size limit, inherited by
// the command, to zero, so that expected crashes leave no core files.
func disableCoreDumps() {
	// Failure only means core dumps stay as configured.
	_ = syscall.Setrlimit(syscall.RLIMIT_CORE, &syscall.Rlimit{})
}
