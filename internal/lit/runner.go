package lit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// DefaultTimeout is the time limit for all RUN lines of one test.
const DefaultTimeout = 60 * time.Second

// DefaultMaxOutput is the number of bytes of each output stream kept per
// command.
const DefaultMaxOutput = 16 * 1024

// waitDelay bounds how long a command's output pipes are read after the
// command exited or was killed (a background grandchild may hold them).
const waitDelay = 5 * time.Second

// Config configures a [Runner].
type Config struct {
	// Root is the directory test names are relative to.
	Root string
	// CommentPrefixes introduce directives; nil means
	// [DefaultCommentPrefixes].
	CommentPrefixes []string
	// Features are the features available to REQUIRES, UNSUPPORTED and
	// XFAIL.
	Features Features
	// ToolsDir, if set, is put first on the PATH of every command.
	ToolsDir string
	// Timeout limits the total run time of one test; zero means
	// [DefaultTimeout].
	Timeout time.Duration
	// Shell is the bash executable; "" means "bash" on PATH.
	Shell string
	// Env holds extra KEY=VALUE environment entries for every command.
	Env []string
	// MaxOutput is the number of bytes of stdout and of stderr kept per
	// command; zero means [DefaultMaxOutput].
	MaxOutput int
}

// Runner runs test files.
type Runner struct {
	cfg Config
}

// NewRunner returns a runner for cfg with defaults filled in.
func NewRunner(cfg Config) *Runner {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Shell == "" {
		cfg.Shell = "bash"
	}
	if cfg.MaxOutput <= 0 {
		cfg.MaxOutput = DefaultMaxOutput
	}
	if cfg.Features == nil {
		cfg.Features = Features{}
	}
	return &Runner{cfg: cfg}
}

// Config returns the runner's configuration, with defaults filled in.
func (r *Runner) Config() Config { return r.cfg }

// Status is the outcome of a test.
type Status int

// Test outcomes, named as in lit.
const (
	// Pass: every RUN line succeeded.
	Pass Status = iota
	// Fail: a RUN line failed.
	Fail
	// XFail: the test is marked XFAIL and a RUN line failed, as expected.
	XFail
	// XPass: the test is marked XFAIL but every RUN line succeeded.
	XPass
	// Unsupported: the test was skipped (REQUIRES or UNSUPPORTED).
	Unsupported
	// Unresolved: the test could not be run (bad directives, no RUN line).
	Unresolved
	// Timeout: the test ran past its time limit.
	Timeout
)

// String returns lit's name for the status, e.g. "PASS" or "XPASS".
func (s Status) String() string {
	switch s {
	case Pass:
		return "PASS"
	case Fail:
		return "FAIL"
	case XFail:
		return "XFAIL"
	case XPass:
		return "XPASS"
	case Unsupported:
		return "UNSUPPORTED"
	case Unresolved:
		return "UNRESOLVED"
	case Timeout:
		return "TIMEOUT"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Failed reports whether the status counts as a test failure.
func (s Status) Failed() bool {
	return s == Fail || s == XPass || s == Unresolved || s == Timeout
}

// CommandResult records the execution of one RUN line.
type CommandResult struct {
	// Run is the RUN line as parsed.
	Run RunLine
	// Command is the command after substitution, as executed.
	Command string
	// ExitCode is the shell's exit status, or -1 if it did not exit
	// normally.
	ExitCode int
	// Signal names the signal that killed the shell, if any.
	Signal string
	// TimedOut is set when the test's time limit expired during the command.
	TimedOut bool
	// StartErr is set when the shell could not be started.
	StartErr error
	// Stdout and Stderr hold the (possibly truncated) output.
	Stdout, Stderr string
	// Duration is the command's wall-clock time.
	Duration time.Duration
}

// Succeeded reports whether the command ran and exited with status 0.
func (c *CommandResult) Succeeded() bool {
	return c.StartErr == nil && !c.TimedOut && c.Signal == "" && c.ExitCode == 0
}

// Result is the outcome of one test file.
type Result struct {
	// Name is the path relative to the runner's Root, slash-separated.
	Name string
	// Path is the test file's absolute path.
	Path string
	// Status is the outcome.
	Status Status
	// Reason explains Unsupported, Unresolved, XPass and Timeout outcomes.
	Reason string
	// NumRunLines is the number of RUN lines of the test.
	NumRunLines int
	// Commands are the RUN lines executed, in order; when a command failed
	// it is the last one.
	Commands []CommandResult
	// Timeout is the time limit the test ran under.
	Timeout time.Duration
	// Elapsed is the total run time.
	Elapsed time.Duration
}

// FailedCommand returns the command that failed, or nil if none did.
func (r *Result) FailedCommand() *CommandResult {
	if n := len(r.Commands); n > 0 && !r.Commands[n-1].Succeeded() {
		return &r.Commands[n-1]
	}
	return nil
}

// RunFile runs the test file at path. tmpDir is the test's temporary
// directory (%T); if it is "", a directory is created and removed
// afterwards. The context bounds the run in addition to the configured
// timeout.
func (r *Runner) RunFile(ctx context.Context, path, tmpDir string) *Result {
	start := time.Now()
	res := &Result{Name: r.testName(path), Path: path, Timeout: r.cfg.Timeout}
	if abs, err := filepath.Abs(path); err == nil {
		res.Path = abs
	}
	defer func() { res.Elapsed = time.Since(start) }()

	script, err := ParseFile(res.Path, r.cfg.CommentPrefixes)
	if err != nil {
		return res.unresolved(err.Error())
	}
	decision, err := script.Decide(r.cfg.Features)
	if err != nil {
		return res.unresolved(err.Error())
	}
	if decision.Skip {
		res.Status, res.Reason = Unsupported, decision.Reason
		return res
	}
	if len(script.RunLines) == 0 {
		return res.unresolved("test has no 'RUN:' line")
	}
	res.NumRunLines = len(script.RunLines)
	if tmpDir == "" {
		tmpDir, err = os.MkdirTemp("", "lit-")
		if err != nil {
			return res.unresolved(err.Error())
		}
		defer os.RemoveAll(tmpDir)
	}
	r.runLines(ctx, res, script.RunLines, NewSubstitutions(res.Path, tmpDir))
	res.Status, res.Reason = classify(res, decision.XFail)
	return res
}

// testName returns path relative to the configured root, slash-separated,
// or the path itself if it is not below the root.
func (r *Runner) testName(path string) string {
	if r.cfg.Root != "" {
		root, err1 := filepath.Abs(r.cfg.Root)
		abs, err2 := filepath.Abs(path)
		if err1 == nil && err2 == nil {
			if rel, err := filepath.Rel(root, abs); err == nil && !strings.HasPrefix(rel, "..") {
				return filepath.ToSlash(rel)
			}
		}
	}
	return filepath.ToSlash(path)
}

// unresolved marks the result Unresolved with the given reason.
func (res *Result) unresolved(reason string) *Result {
	res.Status, res.Reason = Unresolved, reason
	return res
}

// runLines executes the RUN lines in order until one fails, appending their
// results to res.
func (r *Runner) runLines(ctx context.Context, res *Result, lines []RunLine, subs Substitutions) {
	ctx, cancel := context.WithTimeout(ctx, r.cfg.Timeout)
	defer cancel()
	env := r.environ()
	dir := filepath.Dir(res.Path)
	for _, line := range lines {
		cr := r.execLine(ctx, dir, env, subs.Apply(line.Command))
		cr.Run = line
		res.Commands = append(res.Commands, cr)
		if !cr.Succeeded() {
			return
		}
	}
}

// classify derives the status of a test whose commands have run.
func classify(res *Result, xfail bool) (Status, string) {
	failed := res.FailedCommand()
	switch {
	case failed != nil && failed.TimedOut:
		return Timeout, fmt.Sprintf("test timed out after %v", res.Timeout)
	case xfail && failed != nil:
		return XFail, ""
	case xfail:
		return XPass, "test is marked XFAIL but all RUN lines passed"
	case failed != nil:
		return Fail, ""
	}
	return Pass, ""
}

// environ returns the environment of every command: the process
// environment with ToolsDir prepended to PATH, shell start-up variables
// removed, and Config.Env added.
func (r *Runner) environ() []string {
	path := os.Getenv("PATH")
	if r.cfg.ToolsDir != "" {
		path = r.cfg.ToolsDir + string(os.PathListSeparator) + path
	}
	var env []string
	for _, kv := range os.Environ() {
		key, _, _ := strings.Cut(kv, "=")
		switch key {
		case "PATH", "BASH_ENV", "ENV", "CDPATH":
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "PATH="+path)
	return append(env, r.cfg.Env...)
}

// execLine runs one substituted command with bash in dir.
func (r *Runner) execLine(ctx context.Context, dir string, env []string, command string) CommandResult {
	cr := CommandResult{Command: command, ExitCode: -1}
	stdout := newCappedBuffer(r.cfg.MaxOutput)
	stderr := newCappedBuffer(r.cfg.MaxOutput)
	cmd := exec.CommandContext(ctx, r.cfg.Shell, "-c", "set -o pipefail\n"+command)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdout = stdout
	cmd.Stderr = stderr
	cmd.WaitDelay = waitDelay
	setProcessGroup(cmd)

	start := time.Now()
	err := cmd.Run()
	cr.Duration = time.Since(start)
	cr.Stdout, cr.Stderr = stdout.String(), stderr.String()
	if cmd.ProcessState == nil {
		if err == nil {
			err = errors.New("command did not run")
		}
		cr.StartErr = err
	} else {
		cr.ExitCode = cmd.ProcessState.ExitCode()
		cr.Signal = exitSignal(cmd.ProcessState)
	}
	// A command that completed successfully just before the deadline counts
	// as a success; anything else after the deadline is a timeout.
	cr.TimedOut = ctx.Err() != nil && !cr.Succeeded()
	return cr
}
