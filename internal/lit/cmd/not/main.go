// Command not runs a program and inverts its exit status, like LLVM's
// "not" utility used in lit RUN lines:
//
//	not CMD ARGS...          succeeds iff CMD exits with a non-zero status
//	                         without crashing
//	not --crash CMD ARGS...  succeeds iff CMD crashes
//
// A crash is termination by a signal. So that a panicking Go program counts
// as a crash rather than an ordinary exit with status 2, the command runs
// with GOTRACEBACK=crash, which makes the Go runtime abort on a fatal panic;
// core dumps are disabled for the command. Standard input, output and error
// are passed through. If CMD cannot be started, not fails.
package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command described by args and returns not's exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	expectCrash := false
	if len(args) > 0 && args[0] == "--crash" {
		expectCrash = true
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: not [--crash] command [args...]")
		return 1
	}
	disableCoreDumps()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	cmd.Env = childEnv(os.Environ(), expectCrash)
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintf(stderr, "not: error: %v\n", err)
		return 1
	}
	return verdict(expectCrash, crashed(cmd.ProcessState), cmd.ProcessState.ExitCode())
}

// verdict returns not's exit status for a command that crashed or exited
// with the given code.
func verdict(expectCrash, crashed bool, code int) int {
	switch {
	case expectCrash && crashed:
		return 0
	case expectCrash, crashed:
		return 1
	case code != 0:
		return 0
	}
	return 1
}

// childEnv returns env with GOTRACEBACK=crash and, when a crash is expected,
// LLVM's crash reporting and symbolization disabled (as LLVM's not does).
func childEnv(env []string, expectCrash bool) []string {
	out := append([]string(nil), env...)
	out = append(out, "GOTRACEBACK=crash")
	if expectCrash {
		out = append(out, "LLVM_DISABLE_CRASH_REPORT=1", "LLVM_DISABLE_SYMBOLIZATION=1")
	}
	return out
}
