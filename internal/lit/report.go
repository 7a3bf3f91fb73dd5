package lit

import (
	"fmt"
	"strings"
	"time"
)

// Report returns a human-readable account of the result: the status and
// file and, for a failed RUN line, the substituted command, its exit status
// and its output. For an XPASS it lists the commands that (unexpectedly)
// passed.
func (r *Result) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", r.Status, r.Name)
	fmt.Fprintf(&b, "file: %s\n", r.Path)
	if r.Reason != "" {
		fmt.Fprintf(&b, "reason: %s\n", r.Reason)
	}
	if c := r.FailedCommand(); c != nil {
		fmt.Fprintf(&b, "failed at RUN line %d (command %d of %d), after substitution:\n", c.Run.Line, len(r.Commands), r.NumRunLines)
		writeCommand(&b, c, r, true)
		return b.String()
	}
	if r.Status == XPass {
		for i := range r.Commands {
			fmt.Fprintf(&b, "passed RUN line %d: %s\n", r.Commands[i].Run.Line, r.Commands[i].Command)
		}
	}
	return b.String()
}

// writeCommand writes a command, how it ended, and its output; empty
// output streams are mentioned only when showEmpty is set.
func writeCommand(b *strings.Builder, c *CommandResult, r *Result, showEmpty bool) {
	fmt.Fprintf(b, "  $ %s\n", c.Command)
	fmt.Fprintf(b, "%s\n", c.ExitDescription(r.Timeout))
	writeOutput(b, "stdout", c.Stdout, showEmpty)
	writeOutput(b, "stderr", c.Stderr, showEmpty)
}

// ExitDescription describes how the command ended, e.g. "exit status: 1"
// or "killed by signal: segmentation fault". limit is the test's time limit,
// mentioned for a timeout.
func (c *CommandResult) ExitDescription(limit time.Duration) string {
	switch {
	case c.TimedOut:
		return fmt.Sprintf("timed out after %v; the command was killed", limit)
	case c.StartErr != nil:
		return fmt.Sprintf("failed to start: %v", c.StartErr)
	case c.Signal != "":
		return fmt.Sprintf("killed by signal: %s", c.Signal)
	}
	return fmt.Sprintf("exit status: %d", c.ExitCode)
}

// writeOutput writes one captured output stream under a header; an empty
// stream is noted when showEmpty is set and omitted otherwise.
func writeOutput(b *strings.Builder, name, out string, showEmpty bool) {
	if out == "" {
		if showEmpty {
			fmt.Fprintf(b, "--- %s: (empty)\n", name)
		}
		return
	}
	fmt.Fprintf(b, "--- %s:\n%s", name, out)
	if !strings.HasSuffix(out, "\n") {
		b.WriteByte('\n')
	}
}

// Transcript returns every executed command with its exit status and output,
// as printed in verbose mode.
func (r *Result) Transcript() string {
	var b strings.Builder
	for i := range r.Commands {
		c := &r.Commands[i]
		fmt.Fprintf(&b, "RUN line %d (%v):\n", c.Run.Line, c.Duration.Round(time.Millisecond))
		writeCommand(&b, c, r, false)
	}
	return b.String()
}
