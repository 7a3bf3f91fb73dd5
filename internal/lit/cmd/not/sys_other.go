//go:build !unix

package main

import "os"

// crashed reports whether the process crashed; without signals, an exit
// status of 3 (abort) or above 255 (an exception code) counts as a crash.
func crashed(state *os.ProcessState) bool {
	code := state.ExitCode()
	return code == 3 || code > 255
}

// disableCoreDumps does nothing where core file limits do not exist.
func disableCoreDumps() {}
