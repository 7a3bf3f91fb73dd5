package ttrun

import (
	"context"
	"fmt"
	"io"
	"time"

	cudabackend "github.com/tt-compiler/tt/backend/cuda"
	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/cuda"
)

// PTXSimBackendName is the name of the PTX simulator backend.
const PTXSimBackendName = "ptxsim"

// CUDABackendName is the name of the GPU backend.
const CUDABackendName = "cuda"

// ptxsimBackend lowers with pt2-gpu, emits PTX and runs the kernels on
// the PTX simulator (or, as the "cuda" backend, on GPU 0 through the CUDA
// driver), the host function in the interpreter.
type ptxsimBackend struct {
	name  string
	r     ptxsim.Runner
	stats io.Writer
}

// NewPTXSimBackend returns the "ptxsim" backend (package backend/ptxsim).
func NewPTXSimBackend() Backend { return &ptxsimBackend{name: PTXSimBackendName} }

// NewCUDABackend returns the "cuda" backend (package backend/cuda): the
// same lowering and PTX, the kernels on a GPU. Without a CUDA driver or a
// GPU, Prepare fails with the driver's one-line error.
func NewCUDABackend() Backend { return newCUDABackend(nil) }

// newCUDABackend is the cuda backend on driver drv (nil: the system's).
func newCUDABackend(drv *cuda.Driver) Backend {
	b := &ptxsimBackend{name: CUDABackendName}
	b.r.Device = &cudabackend.Device{Driver: drv}
	b.r.TimeLaunches = true
	return b
}

// LastRunDuration is the device time of the last run's kernels, measured
// with CUDA events (the cuda backend; --bench prints it): the input copies
// and the interpreted host function are not in it.
func (b *ptxsimBackend) LastRunDuration() (time.Duration, bool) { return b.r.LastLaunchTime() }

func (b *ptxsimBackend) Name() string { return b.name }

// Close releases the GPU context (the cuda backend).
func (b *ptxsimBackend) Close() error {
	if d, ok := b.r.Device.(*cudabackend.Device); ok {
		return d.Close()
	}
	return nil
}

// SetDumpDir makes Prepare write kernels.ptx (and ptxas.txt) into dir.
func (b *ptxsimBackend) SetDumpDir(dir string) { b.r.DumpDir = dir }

// SetPTXTarget sets the SM architecture of the emitted PTX.
func (b *ptxsimBackend) SetPTXTarget(sm int) { b.r.Target = sm }

// SetStats makes every run print the simulator's statistics to w.
func (b *ptxsimBackend) SetStats(w io.Writer) { b.stats = w }

func (b *ptxsimBackend) Prepare(ctx context.Context, module *ir.Operation, entry string) error {
	return b.r.Prepare(ctx, module, entry)
}

func (b *ptxsimBackend) Run(ctx context.Context, args []*interp.Tensor) ([]*interp.Tensor, error) {
	vals := interp.Values(args...)
	for i, a := range args {
		vals[i] = a.Clone()
	}
	res, err := b.r.Run(ctx, vals)
	if err != nil {
		return nil, err
	}
	for i, v := range res {
		if buf, ok := v.(*interp.Buffer); ok {
			t, err := buf.Storage()
			if err != nil {
				return nil, fmt.Errorf("result #%d: %v", i, err)
			}
			res[i] = t
		}
	}
	if b.stats != nil {
		b.r.PrintStats(b.stats)
	}
	return interp.Tensors(res)
}
