//go:build !unix

package lit

import (
	"os"
	"os/exec"
)

// setProcessGroup is a no-op where process groups are not available; a
// timed-out command is killed by exec.CommandContext's default Cancel.
func setProcessGroup(cmd *exec.Cmd) {}

// exitSignal reports no signal where signals do not terminate processes.
func exitSignal(state *os.ProcessState) string { return "" }
