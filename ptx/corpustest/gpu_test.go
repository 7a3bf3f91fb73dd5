package corpustest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/ttptx"

	"github.com/tt-compiler/tt/runtime/cuda"
	"github.com/tt-compiler/tt/runtime/npy"
)

// TestCorpusOnGPU runs every corpus kernel, for every target, on GPU 0
// through the CUDA driver (runtime/cuda; the driver JIT-compiles the PTX),
// again through tt-ptx run --device cuda (in-process), and on the
// simulator, and compares: each buffer with the Go reference,
// within the kernel's tolerance, and, for the buffers whose reference is
// exact (integer and correctly rounded float operations only), the GPU's
// bits with the simulator's (any NaN matching any NaN). It skips without
// a driver or a device; tools/gpucheck/run.sh runs it where there is one.
func TestCorpusOnGPU(t *testing.T) {
	drv, err := cuda.Default()
	if err != nil {
		t.Skipf("no GPU: %v", err)
	}
	ctx, err := drv.NewContext(0)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Close()
	for _, k := range allKernels() {
		for _, target := range k.targetList() {
			t.Run(k.file+"."+target+"/"+k.kernel, func(t *testing.T) {
				path := ptxPath(k.file, target)
				kc := k.launch(target)
				gpu, err := runCUDA(ctx, path, k.kernel, kc)
				if err != nil {
					t.Fatal(err)
				}
				checkOutputs(t, kc, gpu)
				simOut, err := runSim(path, k.kernel, kc)
				if err != nil {
					t.Fatal(err)
				}
				bitwise := 0
				for _, c := range kc.checks {
					if c.tol != exactTol {
						continue
					}
					bitwise++
					if err := compare(gpu[c.arg], check{arg: c.arg, want: simOut[c.arg], tol: exactTol}); err != nil {
						t.Errorf("argument %d: GPU and simulator differ: %v", c.arg, err)
					}
				}
				// tt-ptx run --device cuda, in-process: the command's own
				// path (driver, module, .npy buffers in and out).
				cli, err := runTool(t, path, k.kernel, kc, func(args []string) ([]byte, error) {
					var out bytes.Buffer
					if ttptx.Main(append(args, "--device", "cuda"), &out, &out) != 0 {
						return out.Bytes(), fmt.Errorf("tt-ptx %s --device cuda failed", strings.Join(args, " "))
					}
					return out.Bytes(), nil
				})
				if err != nil {
					t.Fatal(err)
				}
				checkOutputs(t, kc, cli)
				for _, c := range kc.checks {
					if c.tol != exactTol {
						continue
					}
					if err := compare(cli[c.arg], check{arg: c.arg, want: simOut[c.arg], tol: exactTol}); err != nil {
						t.Errorf("argument %d: tt-ptx run --device cuda and the simulator differ: %v", c.arg, err)
					}
				}
				t.Logf("%d buffers checked (runtime/cuda and tt-ptx run --device cuda), %d of them bit for bit against the simulator", len(kc.checks), bitwise)
			})
		}
	}
}

// runCUDA runs a case on the GPU: the module loaded (JIT-compiled) from
// the PTX text, one device buffer per buffer argument, one launch, the
// buffers copied back.
func runCUDA(ctx *cuda.Context, path, kernel string, kc kernelCase) (map[int]*npy.Array, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	mod, err := ctx.LoadModule(path, string(src))
	if err != nil {
		return nil, err
	}
	defer mod.Unload()
	fn, err := mod.Function(kernel)
	if err != nil {
		return nil, err
	}
	args := make([]cuda.Arg, len(kc.args))
	bufs := map[int]*cuda.Buffer{}
	defer func() {
		for _, b := range bufs {
			_ = b.Free()
		}
	}()
	for i, a := range kc.args {
		switch a.kind {
		case argF32:
			args[i] = cuda.F32(float32(a.f))
		case argF64:
			args[i] = cuda.F64(a.f)
		case argS32:
			args[i] = cuda.S32(int32(a.i))
		case argU32:
			args[i] = cuda.U32(uint32(a.u))
		case argS64:
			args[i] = cuda.S64(a.i)
		case argU64:
			args[i] = cuda.U64(a.u)
		case argBuf:
			var w bytes.Buffer
			if err := binary.Write(&w, binary.LittleEndian, a.buf.Data()); err != nil {
				return nil, err
			}
			b, err := ctx.AllocFrom(w.Bytes())
			if err != nil {
				return nil, err
			}
			bufs[i], args[i] = b, cuda.Ptr(b.Ptr())
		case argZeros:
			b, err := ctx.Alloc(a.n * a.dtype.Size())
			if err != nil {
				return nil, err
			}
			if err := b.Memset(0); err != nil {
				return nil, err
			}
			bufs[i], args[i] = b, cuda.Ptr(b.Ptr())
		default:
			return nil, fmt.Errorf("argument %d: unknown kind %d", i, a.kind)
		}
	}
	dim := func(d dim3) cuda.Dim3 { return cuda.Dim3{X: uint32(d[0]), Y: uint32(d[1]), Z: uint32(d[2])} }
	if err := fn.Launch(cuda.LaunchConfig{Grid: dim(kc.grid), Block: dim(kc.block), SharedBytes: uint32(kc.shared)}, args...); err != nil {
		return nil, err
	}
	if err := ctx.Synchronize(); err != nil {
		return nil, err
	}
	out := map[int]*npy.Array{}
	for i, b := range bufs {
		a := kc.args[i]
		dt, n := a.dtype, a.n
		if a.kind == argBuf {
			dt, n = a.buf.DType, a.buf.Len()
		}
		raw := make([]byte, b.Len())
		if err := b.CopyToHost(raw); err != nil {
			return nil, err
		}
		arr := newArray(dt, n)
		if err := binary.Read(bytes.NewReader(raw), binary.LittleEndian, arr.Data()); err != nil {
			return nil, err
		}
		out[i] = arr
	}
	return out, nil
}
