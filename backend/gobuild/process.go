package gobuild

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tt-compiler/tt/runtime/npy"
)

// Process is a running command serving calls of one function (the child
// protocol of emit/go/climain). It is not safe for concurrent use.
type Process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	in     *bufio.Writer
	out    *bufio.Reader
	stderr *lockedBuffer
	entry  string
	closed bool
	handle *processHandle
}

// processHandle owns the child; a cleanup kills it when the Process is
// garbage collected without Close.
type processHandle struct{ cmd *exec.Cmd }

// lockedBuffer is the child's standard error.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.b.Len() > 1<<20 {
		return len(p), nil
	}
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.TrimSpace(l.b.String())
}

// Start runs the program's command serving calls of entry (a Go name or
// an IR symbol).
func (p *Program) Start(entry string) (*Process, error) {
	cmd := exec.Command(p.Binary, "-serve", "-entry", entry)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %v", p.Binary, err)
	}
	pr := &Process{cmd: cmd, stdin: stdin, in: bufio.NewWriter(stdin), out: bufio.NewReaderSize(stdout, 1<<16), stderr: stderr, entry: entry}
	pr.handle = &processHandle{cmd: cmd}
	runtime.AddCleanup(pr, func(h *processHandle) {
		if h.cmd.Process != nil {
			_ = h.cmd.Process.Kill()
			_ = h.cmd.Wait()
		}
	}, pr.handle)
	return pr, nil
}

// CallError is an error the called function reported (bad arguments or a
// run-time failure), as opposed to a failure of the child process.
type CallError struct{ Msg string }

func (e *CallError) Error() string { return e.Msg }

// Call runs the function with args (nil args: the arguments of the
// previous call, which the child kept) and returns its results and the
// duration of the call measured in the child.
func (pr *Process) Call(ctx context.Context, args []*npy.Array) ([]*npy.Array, time.Duration, error) {
	if pr.closed {
		return nil, 0, errors.New("gobuild: call on a closed process")
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	stop := context.AfterFunc(ctx, func() { _ = pr.cmd.Process.Kill() })
	defer stop()
	fail := func(err error) ([]*npy.Array, time.Duration, error) {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		_ = pr.Close()
		msg := pr.stderr.String()
		if msg != "" {
			return nil, 0, fmt.Errorf("the generated program failed: %v\n%s", err, msg)
		}
		return nil, 0, fmt.Errorf("the generated program failed: %v", err)
	}
	if args == nil {
		fmt.Fprintf(pr.in, "again\n")
	} else {
		fmt.Fprintf(pr.in, "run %d\n", len(args))
		for _, a := range args {
			if err := npy.Write(pr.in, a); err != nil {
				return fail(err)
			}
		}
	}
	if err := pr.in.Flush(); err != nil {
		return fail(err)
	}
	line, err := pr.out.ReadString('\n')
	if err != nil {
		return fail(fmt.Errorf("reading its answer: %v", err))
	}
	line = strings.TrimSuffix(line, "\n")
	if msg, ok := strings.CutPrefix(line, "error "); ok {
		s, err := strconv.Unquote(msg)
		if err != nil {
			return fail(fmt.Errorf("malformed answer %q", line))
		}
		return nil, 0, &CallError{Msg: s}
	}
	var n int
	var ns int64
	if _, err := fmt.Sscanf(line, "ok %d %d", &n, &ns); err != nil || n < 0 || n > 1<<16 {
		return fail(fmt.Errorf("malformed answer %q", line))
	}
	results := make([]*npy.Array, n)
	for i := range results {
		if results[i], err = npy.Read(pr.out); err != nil {
			return fail(fmt.Errorf("reading result #%d: %v", i, err))
		}
	}
	return results, time.Duration(ns), nil
}

// Profile returns the counters of the program's kernels (the package's
// ProfileReport: one kernel per line, function, location, op, calls,
// nanoseconds and bytes, tab-separated). It is an error for a program
// generated without goemit.Options.Profile.
func (pr *Process) Profile() (string, error) {
	if pr.closed {
		return "", errors.New("gobuild: profile of a closed process")
	}
	fmt.Fprintf(pr.in, "profile\n")
	if err := pr.in.Flush(); err != nil {
		return "", err
	}
	line, err := pr.out.ReadString('\n')
	if err != nil {
		return "", fmt.Errorf("reading the profile: %v", err)
	}
	line = strings.TrimSuffix(line, "\n")
	if msg, ok := strings.CutPrefix(line, "error "); ok {
		s, err := strconv.Unquote(msg)
		if err != nil {
			return "", fmt.Errorf("malformed answer %q", line)
		}
		return "", errors.New(s)
	}
	var n int
	if _, err := fmt.Sscanf(line, "profile %d", &n); err != nil || n < 0 || n > 1<<26 {
		return "", fmt.Errorf("malformed answer %q", line)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(pr.out, buf); err != nil {
		return "", fmt.Errorf("reading the profile: %v", err)
	}
	return string(buf), nil
}

// Close ends the child (closing its input) and waits for it.
func (pr *Process) Close() error {
	if pr.closed {
		return nil
	}
	pr.closed = true
	_ = pr.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- pr.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		_ = pr.cmd.Process.Kill()
		return <-done
	}
}
