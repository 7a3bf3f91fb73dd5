package gpu_test

import (
	"testing"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// The builders make the ops the parser makes from their custom forms
// (this text is mlir-opt-16's output for it).
const built = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%arg0: memref<?xf32>) workgroup(%arg1 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg2 : memref<2xf32, #gpu.address_space<private>>) kernel {
      %0 = gpu.thread_id  x
      %1 = gpu.block_id  y
      %2 = gpu.block_dim  z
      %3 = gpu.grid_dim  x
      %4 = gpu.lane_id
      gpu.barrier
      %c1_i32 = arith.constant 1 : i32
      %cst = arith.constant 2.000000e+00 : f32
      %shuffleResult, %valid = gpu.shuffle  down %cst, %c1_i32, %c1_i32 : f32
      gpu.return
    }
  }
  func.func @host(%arg0: memref<?xf32>, %arg1: index) {
    gpu.launch_func  @kernels::@k blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1) args(%arg0 : memref<?xf32>)
    gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %arg1, %arg9 = %arg1, %arg10 = %arg1) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg1, %arg12 = %arg1, %arg13 = %arg1) {
      gpu.terminator
    }
    return
  }
}`

func TestBuilders(t *testing.T) {
	ctx := registry.NewContext()
	host, err := asm.ParseString(ctx, `module attributes {gpu.container_module} {
  func.func @host(%arg0: memref<?xf32>, %arg1: index) {
    return
  }
}`, asm.ParseOptions{Filename: "host.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	b := ir.NewBuilder(ctx)
	b.Loc = host.Loc()
	body := builtin.ModuleBody(host)
	b.SetInsertionPointBefore(body.First())
	mod := gpu.Module(b, "kernels")
	b.SetInsertionPointBefore(mod.Body().Last())
	f32 := ctx.F32()
	ws := ctx.MemRefWith([]int64{32}, f32, nil, gpu.AddressSpaceAttrDef.Get(gpu.Workgroup))
	ps := ctx.MemRefWith([]int64{2}, f32, nil, gpu.AddressSpaceAttrDef.Get(gpu.Private))
	dyn := ctx.MemRef([]int64{ir.Dynamic}, f32)
	fn := gpu.Func(b, "k", ctx.Function([]ir.Type{dyn}, nil), true, []ir.Type{ws}, []ir.Type{ps})
	b.SetInsertionPointToEnd(fn.Entry())
	gpu.ThreadID(b, gpu.DimX)
	gpu.BlockID(b, gpu.DimY)
	gpu.BlockDim(b, gpu.DimZ)
	gpu.GridDim(b, gpu.DimX)
	gpu.LaneID(b)
	gpu.Barrier(b)
	one := arith.Constant(b, ir.Int(ctx.I32(), 1))
	two := arith.Constant(b, ir.Float(f32, 2))
	gpu.Shuffle(b, gpu.ShuffleDown, two, one, one)
	gpu.Return(b)

	hostFn := body.Last()
	args := hostFn.Region(0).Front().ArgValues()
	b.SetInsertionPointBefore(hostFn.Region(0).Front().Last())
	n := args[1]
	gpu.LaunchFunc(b, ir.SymbolRef("kernels", "k"), [3]ir.Value{n, n, n}, [3]ir.Value{n, n, n}, args[0])
	l := gpu.Launch(b, [3]ir.Value{n, n, n}, [3]ir.Value{n, n, n})
	b.SetInsertionPointToEnd(l.BodyBlock())
	gpu.Terminator(b)

	if err := ir.Verify(host); err != nil {
		t.Fatalf("verify: %v\n%s", err, asm.String(host, asm.PrintOptions{}))
	}
	if got := asm.String(host, asm.PrintOptions{}); got != built {
		t.Errorf("built:\n%s\nwant:\n%s", got, built)
	}
	if got := gpu.PrivateAttributions(fn.Op); len(got) != 1 || got[0].Type() != ps {
		t.Errorf("private attributions %v", got)
	}
	if got := gpu.WorkgroupAttributions(fn.Op); len(got) != 1 || got[0].Type() != ws {
		t.Errorf("workgroup attributions %v", got)
	}
}

func TestMemorySpace(t *testing.T) {
	ctx := registry.NewContext()
	f32 := ctx.F32()
	for _, tc := range []struct {
		t    ir.Type
		want gpu.AddressSpace
		ok   bool
	}{
		{ctx.MemRef([]int64{4}, f32), gpu.Global, true},
		{ctx.MemRefWith([]int64{4}, f32, nil, gpu.AddressSpaceAttrDef.Get(gpu.Workgroup)), gpu.Workgroup, true},
		{ctx.MemRefWith([]int64{4}, f32, nil, ir.Int(ctx.I64(), 3)), 0, false},
		{f32, 0, false},
	} {
		got, ok := gpu.MemorySpace(tc.t)
		if got != tc.want || ok != tc.ok {
			t.Errorf("MemorySpace(%s) = %v, %v; want %v, %v", tc.t, got, ok, tc.want, tc.ok)
		}
	}
}
