package main

import (
	"bufio"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// torchScript is the PyTorch and NumPy side of the benchmark (see its
// docstring for the protocol).
//
//go:embed torchbench.py
var torchScript string

// openBLASDir is where Debian's libopenblas0-pthread puts its libblas.so.3.
// Debian selects the system BLAS with update-alternatives; a machine whose
// alternative points to the reference BLAS would make NumPy and PyTorch
// 20-30x slower at GEMM than a user with the default (OpenBLAS) gets, so
// with -blas-dir auto the child finds OpenBLAS's libblas.so.3 first through
// LD_LIBRARY_PATH when this directory exists. The table names the library
// the child has loaded.
const openBLASDir = "/usr/lib/x86_64-linux-gnu/openblas-pthread"

// The child's OpenMP threads (PyTorch's) wait passively (OMP_WAIT_POLICY=
// PASSIVE, unless the environment sets it): with GNU OpenMP's default
// spin-then-sleep, its spinning threads and OpenBLAS's own pthreads
// oversubscribe the cores, and a small training step (the digits MLP) took
// 8-16 ms instead of 0.1 ms on the 2-core machine this was written on.

// pyInfo is what the Python child reports when it starts.
type pyInfo struct {
	Torch   string   `json:"torch"`
	NumPy   string   `json:"numpy"`
	Threads int      `json:"threads"`
	BLAS    []string `json:"blas"`
}

// pyChild is the running Python side.
type pyChild struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	in     *bufio.Writer
	out    *bufio.Reader
	stderr *strings.Builder
	info   pyInfo
	dir    string   // holds the script
	env    []string // the variables set for the child
}

// startPython starts the script with the given interpreter, threads and
// BLAS directory ("" for the system's). It fails when the interpreter or
// its torch and numpy modules are missing.
func startPython(ctx context.Context, python string, threads int, blasDir string) (*pyChild, error) {
	if _, err := exec.LookPath(python); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "tt-bench-py-")
	if err != nil {
		return nil, err
	}
	script := filepath.Join(dir, "torchbench.py")
	if err := os.WriteFile(script, []byte(torchScript), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	cmd := exec.CommandContext(ctx, python, script, strconv.Itoa(threads))
	n := strconv.Itoa(threads)
	env := []string{"OMP_NUM_THREADS=" + n, "OPENBLAS_NUM_THREADS=" + n, "MKL_NUM_THREADS=" + n}
	if os.Getenv("OMP_WAIT_POLICY") == "" {
		env = append(env, "OMP_WAIT_POLICY=PASSIVE")
	}
	cmd.Env = append(os.Environ(), env...)
	if blasDir != "" {
		lib := blasDir
		if old := os.Getenv("LD_LIBRARY_PATH"); old != "" {
			lib += ":" + old
		}
		cmd.Env = append(cmd.Env, "LD_LIBRARY_PATH="+lib)
		env = append(env, "LD_LIBRARY_PATH="+blasDir+":...")
	}
	p := &pyChild{cmd: cmd, stderr: &strings.Builder{}, dir: dir, env: env}
	cmd.Stderr = p.stderr
	if p.stdin, err = cmd.StdinPipe(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	p.in, p.out = bufio.NewWriter(p.stdin), bufio.NewReader(stdout)
	line, err := p.out.ReadString('\n')
	if err != nil {
		p.Close()
		return nil, p.failure(err)
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "ready ")
	if !ok || json.Unmarshal([]byte(rest), &p.info) != nil {
		p.Close()
		return nil, fmt.Errorf("unexpected first line %q", strings.TrimSpace(line))
	}
	return p, nil
}

// failure describes a dead child: its standard error's last line (a
// Python traceback ends with the exception), or err.
func (p *pyChild) failure(err error) error {
	msg := strings.TrimSpace(p.stderr.String())
	if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
		msg = msg[i+1:]
	}
	if msg != "" {
		return errors.New(msg)
	}
	return err
}

// request sends one request line and returns the answer's number.
func (p *pyChild) request(line string) (int64, error) {
	if _, err := p.in.WriteString(line + "\n"); err != nil {
		return 0, p.failure(err)
	}
	if err := p.in.Flush(); err != nil {
		return 0, p.failure(err)
	}
	ans, err := p.out.ReadString('\n')
	if err != nil {
		return 0, p.failure(err)
	}
	ans = strings.TrimSpace(ans)
	if msg, ok := strings.CutPrefix(ans, "error "); ok {
		var s string
		if json.Unmarshal([]byte(msg), &s) == nil {
			msg = s
		}
		return 0, errors.New(msg)
	}
	v, ok := strings.CutPrefix(ans, "ok ")
	n, err := strconv.ParseInt(v, 10, 64)
	if !ok || err != nil {
		return 0, fmt.Errorf("unexpected answer %q", ans)
	}
	return n, nil
}

// torchLoad is a load request.
type torchLoad struct {
	Key   string  `json:"key"`
	Dir   string  `json:"dir"`
	N     int     `json:"n"`
	Train []int   `json:"train"`
	LR    float64 `json:"lr"`
	NumPy bool    `json:"numpy"`
}

// load loads a model whose arguments are dir/in<i>.npy; it returns the
// number of results it wrote (dir/torch<i>.npy, and dir/numpy0.npy).
func (p *pyChild) load(req torchLoad) (int, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return 0, err
	}
	n, err := p.request("load " + string(b))
	return int(n), err
}

// run times one run of the loaded model ("torch") or of NumPy's matmul
// ("numpy").
func (p *pyChild) run(what string) (time.Duration, error) {
	ns, err := p.request("run " + what)
	return time.Duration(ns), err
}

// Close ends the child.
func (p *pyChild) Close() {
	if p.stdin != nil {
		p.stdin.Close()
	}
	done := make(chan struct{})
	go func() {
		_ = p.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = p.cmd.Process.Kill()
		<-done
	}
	os.RemoveAll(p.dir)
}

// describe returns a line saying what the Python side is.
func (p *pyChild) describe() string {
	i := p.info
	blas := "no BLAS library mapped"
	if len(i.BLAS) > 0 {
		blas = strings.Join(i.BLAS, ", ")
	}
	return fmt.Sprintf("PyTorch %s eager, NumPy %s, torch threads %d; BLAS: %s; environment: %s", i.Torch, i.NumPy, i.Threads, blas, strings.Join(p.env, " "))
}
