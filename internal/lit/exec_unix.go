//go:build unix

package lit

import (
	"os"
	"os/exec"
	"syscall"
)

// setProcessGroup makes cmd start in its own process group and makes
// cancellation kill the whole group, so that a timed-out pipeline leaves no
// children behind.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
			return cmd.Process.Kill()
		}
		return nil
	}
}

// exitSignal returns the name of the signal that terminated the process, or
// "" if it exited normally.
func exitSignal(state *os.ProcessState) string {
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal().String()
	}
	return ""
}
