// Package loopstogpu outlines the top-level loop nests of loop-level
// functions into gpu kernels: the loops-to-gpu pass of the pt2-gpu
// pipeline.
//
// Each loops.for directly in a func.func body becomes a gpu.func kernel
// of one gpu.module, and the loop is replaced by a gpu.launch_func whose
// grid and block sizes are computed on the host from the loop bounds, so
// that dynamic shapes need no recompilation. loops.alloc, loops.dealloc,
// copies and extern calls stay in the host function: they are the launch
// plan. A kernel is mapped, in the spirit of Inductor's Triton
// heuristics, as one of:
//
//   - pointwise: the outer loops of the nest whose iterations are
//     independent collapse into one index space with one thread per
//     point (blocks of 256 threads, a bounds guard on the last block);
//     what is left inside runs serially in each thread (for a pure
//     pointwise nest nothing is left; otherwise this is the correct
//     fallback for nests that are neither pointwise nor row reductions);
//   - row reduction: when the body of the collapsed loops is a sequence
//     of single loops over the row (the innermost dimension), one of them
//     at least a declared reduction, each row gets one block: its threads
//     stride over the row, combine their partial values by warp shuffles
//     (gpu.shuffle xor) and then across warps through workgroup memory;
//   - serial: a nest whose outermost loop carries values or has dependent
//     iterations runs in one thread;
//   - matmul and conv2d: tt.matmul and tt.conv2d calls become tiled
//     shared-memory GEMM kernels (gemm.go, conv.go; tt.max_pool2d calls
//     become pointwise loop nests, pool.go).
//
// A pointwise nest becomes a column_reduction (points reducing over an
// outer dimension: 32 columns × 8 row groups per block), a tiled_transpose
// (reads along another loop than the writes: 32×32 tiles through padded
// workgroup memory) or staged_rows (threads looping over short rows of
// their own: the block's rows moved through workgroup memory
// cooperatively) when it fits, and a looped softmax row makes two passes
// with the online normalizer (see the files of those names).
//
// The decision is recorded on the launch as the tt.kernel_kind attribute
// (pointwise, row_reduction, column_reduction, tiled_transpose,
// staged_rows, serial, matmul or conv2d).
package loopstogpu

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// KernelKindAttrName names the attribute of gpu.launch_func recording
// how loops-to-gpu mapped the kernel.
const KernelKindAttrName = "tt.kernel_kind"

// PersistentAttrName marks the launch of a row reduction whose threads
// keep their elements of the row in registers (each element loaded once).
const PersistentAttrName = "tt.persistent"

// ModuleName is the name of the gpu.module loops-to-gpu creates.
const ModuleName = "tt_kernels"

// The kernel kinds.
const (
	KindPointwise    = "pointwise"
	KindRowReduction = "row_reduction"
	KindSerial       = "serial"
)

// Stats reports what LoopsToGPU did.
type Stats struct {
	Kernels, Pointwise, RowReductions, Serial int
	// Transposes and ColumnReductions count the pointwise nests mapped
	// as tiled transposes and as column reductions.
	Transposes, ColumnReductions int
	// StagedRows counts the pointwise nests whose short rows are staged
	// through workgroup memory.
	StagedRows int
	// Matmuls counts the tt.matmul calls run as kernels (tiled, or
	// expanded into loop nests).
	Matmuls int
	// TiledMatmuls counts those run as tiled GEMM kernels, Convs the
	// tt.conv2d calls run as implicit-GEMM kernels, Pools the
	// tt.max_pool2d calls expanded into loop nests.
	TiledMatmuls, Convs, Pools int
	// Vectorized counts the pointwise kernels whose threads handle
	// vectorWidth consecutive points with 16-byte accesses.
	Vectorized int
}

type gpuPass struct {
	pass.Base
	block                            *int
	vectorize                        *bool
	kernels, pointwise, rows, serial *pass.Statistic
	gemms, convs                     *pass.Statistic
}

// NewPass returns the loops-to-gpu pass.
func NewPass() pass.Pass {
	p := &gpuPass{Base: pass.NewBase(pass.Info{
		Argument: "loops-to-gpu",
		Name:     "LoopsToGPU",
		Summary:  "Outline the top-level loop nests of loop-level functions into gpu kernels launched by the host",
		Description: "Every loops.for directly in a func.func body becomes a gpu.func kernel in the gpu.module @" + ModuleName +
			", launched by a gpu.launch_func with sizes computed from the loop bounds: pointwise nests get one thread per " +
			"point, row reductions one block per row (warp shuffles, then workgroup memory across warps), nests with " +
			"dependent outer iterations one thread. Allocations, copies and extern calls stay on the host.",
		Anchor: builtin.ModuleDef.Name,
	})}
	o := p.Options()
	p.block = o.Int("block-size", 256, "Threads per block of pointwise kernels and most threads per block of row reductions (a multiple of 32, at most 1024)")
	p.vectorize = o.Bool("vectorize", true, "Let pointwise threads handle 4 consecutive 32-bit points of a contiguous innermost loop with 16-byte loads and stores")
	p.kernels = p.NewStatistic("num-kernels", "Number of kernels outlined")
	p.pointwise = p.NewStatistic("num-pointwise", "Number of pointwise kernels (one thread per point)")
	p.rows = p.NewStatistic("num-row-reductions", "Number of row-reduction kernels (one block per row)")
	p.serial = p.NewStatistic("num-serial", "Number of kernels run by one thread")
	p.gemms = p.NewStatistic("num-gemm", "Number of tt.matmul calls run as tiled GEMM kernels")
	p.convs = p.NewStatistic("num-conv2d", "Number of tt.conv2d calls run as implicit-GEMM kernels")
	return p
}

// Run outlines the module's loop nests.
func (p *gpuPass) Run(op *ir.Operation, _ *pass.AnalysisManager) error {
	if *p.block < 32 || *p.block > 1024 || *p.block%32 != 0 {
		return fmt.Errorf("loops-to-gpu: block-size %d is not a multiple of 32 in [32, 1024]", *p.block)
	}
	st, err := loopsToGPU(op, *p.block, *p.vectorize)
	if err != nil {
		return err
	}
	p.kernels.Add(int64(st.Kernels))
	p.pointwise.Add(int64(st.Pointwise))
	p.rows.Add(int64(st.RowReductions))
	p.serial.Add(int64(st.Serial))
	p.gemms.Add(int64(st.TiledMatmuls))
	p.convs.Add(int64(st.Convs))
	return nil
}

// LoopsToGPU outlines the top-level loop nests of every func.func of
// module into kernels of one gpu.module, with blockSize threads per block
// for pointwise kernels.
func LoopsToGPU(module *ir.Operation, blockSize int) (Stats, error) {
	return loopsToGPU(module, blockSize, true)
}

func loopsToGPU(module *ir.Operation, blockSize int, vectorize bool) (Stats, error) {
	var st Stats
	body := module.Region(0).Front()
	var funcs []*ir.Operation
	for op := range body.Ops() {
		if op.Name() == function.FuncName && op.NumRegions() > 0 && op.Region(0).Front() != nil {
			funcs = append(funcs, op)
		}
	}
	var gm gpu.ModuleOp
	kernelModule := func() gpu.ModuleOp {
		if gm.Op == nil {
			b := ir.NewBuilder(module.Context())
			b.Loc = module.Loc()
			b.SetInsertionPointToStart(body)
			gm = gpu.Module(b, ModuleName)
			module.SetAttr(gpu.ContainerModuleAttrName, ir.UnitAttr{})
		}
		return gm
	}
	o := &outliner{blockSize: int64(blockSize), stats: &st, vectorize: vectorize}
	for _, fn := range funcs {
		name, _ := fn.Attr(ir.SymbolAttrName).(*ir.StringAttr)
		var calls []*ir.Operation
		for op := range fn.Region(0).Front().Ops() {
			if op.Name() == loops.CallExternName {
				calls = append(calls, op)
			}
		}
		tiled := 0
		for _, op := range calls {
			if tiledMatmul(kernelModule, op, fmt.Sprintf("%s_mm%d", name.Value, tiled)) {
				tiled++
				st.Matmuls++
				st.TiledMatmuls++
				st.Kernels++
				continue
			}
			if tiledConv2D(kernelModule, op, fmt.Sprintf("%s_conv%d", name.Value, st.Convs)) {
				st.Convs++
				st.Kernels++
				continue
			}
			if expandMaxPool2D(op) {
				st.Pools++
				continue
			}
			if expandMatmul(op) {
				st.Matmuls++
			}
		}
		var nests []*ir.Operation
		for op := range fn.Region(0).Front().Ops() {
			if op.Name() == loops.ForName {
				nests = append(nests, op)
			}
		}
		for i, l := range nests {
			kname := fmt.Sprintf("%s_k%d", name.Value, i)
			if err := o.outline(kernelModule(), l, kname); err != nil {
				return st, fmt.Errorf("loops-to-gpu: %s: %w", kname, err)
			}
			st.Kernels++
		}
	}
	return st, nil
}
