package gpuk_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/arithk"
	"github.com/tt-compiler/tt/interp/builtink"
	"github.com/tt-compiler/tt/interp/gpuk"
	"github.com/tt-compiler/tt/interp/loopsk"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// run parses and verifies src and runs its function @f on args with the
// kernels of the builtin, arith, loops and gpu dialects, the gpu kernels
// configured by o.
func run(t *testing.T, o gpuk.Options, src string, args ...interp.Value) ([]interp.Value, error) {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "test.mlir"})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, src)
	}
	r := interp.NewRegistry()
	builtink.Register(r)
	arithk.Register(r)
	loopsk.Register(r)
	gpuk.RegisterWith(r, o)
	return interp.New(m, r).Run("f", args...)
}

// forModes runs test with the threads of a block running at once and one
// at a time.
func forModes(t *testing.T, test func(t *testing.T, o gpuk.Options)) {
	for _, m := range []struct {
		name string
		o    gpuk.Options
	}{{"concurrent", gpuk.Options{}}, {"serial", gpuk.Options{Serial: true}}} {
		t.Run(m.name, func(t *testing.T) { test(t, m.o) })
	}
}

func mustRun(t *testing.T, o gpuk.Options, src string, args ...interp.Value) {
	t.Helper()
	if _, err := run(t, o, src, args...); err != nil {
		t.Fatalf("run: %v", err)
	}
}

// wantErr checks that err is a diagnostic at line:col of test.mlir whose
// message holds every part.
func wantErr(t *testing.T, err error, at string, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one at %s with %q", at, parts)
	}
	var d *ir.Diagnostic
	if !errors.As(err, &d) {
		t.Fatalf("error %v is not a diagnostic", err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "test.mlir:"+at+": error: ") {
		t.Errorf("error %q is not located at test.mlir:%s", msg, at)
	}
	for _, p := range parts {
		if !strings.Contains(msg, p) {
			t.Errorf("error %q lacks %q", msg, p)
		}
	}
}

func f32Tensor(t *testing.T, data []float32) *interp.Tensor {
	t.Helper()
	x, err := interp.FromF32([]int64{int64(len(data))}, data)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func index(v int64) *interp.Tensor { return interp.ScalarInt(interp.Index, v) }

// smallInts returns n floats that are small integers, so that sums are
// exact in any order.
func smallInts(n int, seed uint64) []float32 {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(r.IntN(17) - 8)
	}
	return out
}

// The pointwise kernel: c[i] = a[i] + b[i] for i = block_id*block_dim +
// thread_id below n, on a grid with more threads than elements.
const pointwise = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %in = arith.cmpi ult, %i, %n : index
      loops.if %in {
        %x = loops.load %a[%i] : memref<?xf32>
        %y = loops.load %b[%i] : memref<?xf32>
        %s = arith.addf %x, %y : f32
        loops.store %s, %c[%i] : memref<?xf32>
        loops.yield
      }
      gpu.return
    }
  }
  func.func @f(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index, %blocks: index) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@add blocks in (%blocks, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>, %n : index)
    return
  }
}`

func TestPointwise(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		const n = 80
		a, b := smallInts(n, 1), smallInts(n, 2)
		for i := range a {
			a[i] += 0.25
		}
		c := f32Tensor(t, make([]float32, n))
		mustRun(t, o, pointwise, f32Tensor(t, a), f32Tensor(t, b), c, index(n), index((n+31)/32))
		for i, got := range c.F32() {
			if want := a[i] + b[i]; got != want {
				t.Fatalf("c[%d] = %v, want %v", i, got, want)
			}
		}
	})
}

// The block reduction: each block of 64 threads sums its 64 elements in
// workgroup memory, halving the active threads after each barrier, and
// thread 0 writes the block's sum.
const blockReduce = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sum(%in: memref<?xf32>, %out: memref<?xf32>) workgroup(%w : memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %c32 = arith.constant 32 : index
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %x = loops.load %in[%i] : memref<?xf32>
      loops.store %x, %w[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      loops.for %k = %c0 to %c6 step %c1 {
        %s = arith.shrui %c32, %k : index
        %active = arith.cmpi ult, %tid, %s : index
        loops.if %active {
          %j = arith.addi %tid, %s : index
          %u = loops.load %w[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
          %v = loops.load %w[%j] : memref<64xf32, #gpu.address_space<workgroup>>
          %uv = arith.addf %u, %v : f32
          loops.store %uv, %w[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
          loops.yield
        }
        gpu.barrier
        loops.yield
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      loops.if %first {
        %r = loops.load %w[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
        loops.store %r, %out[%bid] : memref<?xf32>
        loops.yield
      }
      gpu.return
    }
  }
  func.func @f(%in: memref<?xf32>, %out: memref<?xf32>, %blocks: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@sum blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1) args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}`

func TestBlockReduction(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		const blocks = 5
		in := smallInts(64*blocks, 3)
		out := f32Tensor(t, make([]float32, blocks))
		mustRun(t, o, blockReduce, f32Tensor(t, in), out, index(blocks))
		for b := 0; b < blocks; b++ {
			var want float32
			for _, x := range in[64*b : 64*(b+1)] {
				want += x
			}
			if got := out.F32()[b]; got != want {
				t.Errorf("block %d: sum %v, want %v", b, got, want)
			}
		}
	})
}

// The warp reduction: a butterfly of xor shuffles leaves every lane of a
// warp with the warp's sum; lane 0 of each warp writes it.
const warpReduce = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sum(%in: memref<?xf32>, %out: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c16 = arith.constant 16 : i32
      %c32 = arith.constant 32 : index
      %width = arith.constant 32 : i32
      %tid = gpu.thread_id x
      %lane = gpu.lane_id
      %x = loops.load %in[%tid] : memref<?xf32>
      %r = loops.for %k = %c0 to %c5 step %c1 iter_args(%v = %x) -> (f32) {
        %k32 = arith.index_cast %k : index to i32
        %off = arith.shrui %c16, %k32 : i32
        %o, %valid = gpu.shuffle xor %v, %off, %width : f32
        %s = arith.addf %v, %o : f32
        loops.yield %s : f32
      }
      %first = arith.cmpi eq, %lane, %c0 : index
      loops.if %first {
        %warp = arith.divui %tid, %c32 : index
        loops.store %r, %out[%warp] : memref<?xf32>
        loops.yield
      }
      gpu.return
    }
  }
  func.func @f(%in: memref<?xf32>, %out: memref<?xf32>, %threads: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@sum blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}`

func TestWarpReduction(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		const warps = 4
		in := smallInts(32*warps, 4)
		out := f32Tensor(t, make([]float32, warps))
		mustRun(t, o, warpReduce, f32Tensor(t, in), out, index(32*warps))
		for w := 0; w < warps; w++ {
			var want float32
			for _, x := range in[32*w : 32*(w+1)] {
				want += x
			}
			if got := out.F32()[w]; got != want {
				t.Errorf("warp %d: sum %v, want %v", w, got, want)
			}
		}
	})
}

// shuffleModes writes, for every lane of a block of %n threads, what a
// shuffle of each mode reads (values are 100 + lane) and its valid flag.
const shuffleModes = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @modes(%vals: memref<4x?xi32>, %valid: memref<4x?xi1>, %off: i32, %width: i32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c100 = arith.constant 100 : i32
      %tid = gpu.thread_id x
      %t32 = arith.index_cast %tid : index to i32
      %v = arith.addi %t32, %c100 : i32
      %x, %xv = gpu.shuffle xor %v, %off, %width : i32
      %d, %dv = gpu.shuffle down %v, %off, %width : i32
      %u, %uv = gpu.shuffle up %v, %off, %width : i32
      %i, %iv = gpu.shuffle idx %v, %off, %width : i32
      loops.store %x, %vals[%c0, %tid] : memref<4x?xi32>
      loops.store %d, %vals[%c1, %tid] : memref<4x?xi32>
      loops.store %u, %vals[%c2, %tid] : memref<4x?xi32>
      loops.store %i, %vals[%c3, %tid] : memref<4x?xi32>
      loops.store %xv, %valid[%c0, %tid] : memref<4x?xi1>
      loops.store %dv, %valid[%c1, %tid] : memref<4x?xi1>
      loops.store %uv, %valid[%c2, %tid] : memref<4x?xi1>
      loops.store %iv, %valid[%c3, %tid] : memref<4x?xi1>
      gpu.return
    }
  }
  func.func @f(%vals: memref<4x?xi32>, %valid: memref<4x?xi1>, %off: i32, %width: i32, %n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@modes blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%vals : memref<4x?xi32>, %valid : memref<4x?xi1>, %off : i32, %width : i32)
    return
  }
}`

func TestShuffleModes(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		for _, tc := range []struct{ n, off, width int }{{32, 1, 32}, {32, 5, 32}, {16, 3, 16}, {8, 6, 8}, {32, 31, 32}} {
			vals, err := interp.NewTensor(interp.I32, []int64{4, int64(tc.n)})
			if err != nil {
				t.Fatal(err)
			}
			valid, err := interp.NewTensor(interp.I1, []int64{4, int64(tc.n)})
			if err != nil {
				t.Fatal(err)
			}
			mustRun(t, o, shuffleModes, vals, valid, interp.ScalarInt(interp.I32, int64(tc.off)), interp.ScalarInt(interp.I32, int64(tc.width)), index(int64(tc.n)))
			for lane := 0; lane < tc.n; lane++ {
				for m, src := range []int{lane ^ tc.off, lane + tc.off, lane - tc.off, tc.off} {
					ok := src >= 0 && src < tc.width
					want := int64(100 + lane)
					if ok {
						want = int64(100 + src)
					}
					k := m*tc.n + lane
					if got := vals.Int(k); got != want || valid.Bool()[k] != ok {
						t.Errorf("%+v mode %d lane %d: got %d valid %v, want %d valid %v", tc, m, lane, got, valid.Bool()[k], want, ok)
					}
				}
			}
		}
	})
}

// memories checks that every block gets its own workgroup memory and every
// thread its own private memory: threads write their ids there, and after
// a barrier thread t reads back what thread t^1 wrote.
const memories = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<?x?xi32>) workgroup(%w : memref<8xi32, #gpu.address_space<workgroup>>) private(%p : memref<2xi32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c10 = arith.constant 10 : i32
      %bid = gpu.block_id y
      %tid = gpu.thread_id x
      %b32 = arith.index_cast %bid : index to i32
      %t32 = arith.index_cast %tid : index to i32
      %b10 = arith.muli %b32, %c10 : i32
      %mine = arith.addi %b10, %t32 : i32
      loops.store %mine, %w[%tid] : memref<8xi32, #gpu.address_space<workgroup>>
      loops.store %mine, %p[%c1] : memref<2xi32, #gpu.address_space<private>>
      gpu.barrier
      %peer = arith.xori %tid, %c1 : index
      %theirs = loops.load %w[%peer] : memref<8xi32, #gpu.address_space<workgroup>>
      %own = loops.load %p[%c1] : memref<2xi32, #gpu.address_space<private>>
      %zero = loops.load %p[%c0] : memref<2xi32, #gpu.address_space<private>>
      %s = arith.addi %theirs, %own : i32
      %s2 = arith.addi %s, %zero : i32
      loops.store %s2, %out[%bid, %tid] : memref<?x?xi32>
      gpu.return
    }
  }
  func.func @f(%out: memref<?x?xi32>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c3, %c1) threads in (%c8, %c1, %c1) args(%out : memref<?x?xi32>)
    return
  }
}`

func TestWorkgroupAndPrivateMemory(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		out, err := interp.NewTensor(interp.I32, []int64{3, 8})
		if err != nil {
			t.Fatal(err)
		}
		mustRun(t, o, memories, out)
		for b := 0; b < 3; b++ {
			for tid := 0; tid < 8; tid++ {
				want := int64(10*b+(tid^1)) + int64(10*b+tid)
				if got := out.Int(8*b + tid); got != want {
					t.Errorf("block %d thread %d: %d, want %d", b, tid, got, want)
				}
			}
		}
	})
}

// The region form: gpu.launch with ids and sizes as region arguments, on a
// 2-D grid of 2-D blocks: out[y][x] = linear index of (x, y).
const launchRegion = `func.func @f(%out: memref<?x?xindex>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c3, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c2, %sz = %c1) {
    %x0 = arith.muli %bx, %sx : index
    %x = arith.addi %x0, %tx : index
    %y0 = arith.muli %by, %sy : index
    %y = arith.addi %y0, %ty : index
    %w = arith.muli %gx, %sx : index
    %row = arith.muli %y, %w : index
    %lin = arith.addi %row, %x : index
    %tidy = gpu.thread_id y
    %same = arith.cmpi eq, %tidy, %ty : index
    loops.if %same {
      loops.store %lin, %out[%y, %x] : memref<?x?xindex>
      loops.yield
    }
    gpu.terminator
  }
  return
}`

func TestLaunchRegion(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		out, err := interp.NewTensor(interp.Index, []int64{6, 8})
		if err != nil {
			t.Fatal(err)
		}
		mustRun(t, o, launchRegion, out)
		for i := 0; i < 48; i++ {
			if got := out.Int(i); got != int64(i) {
				t.Fatalf("out[%d] = %d, want %d", i, got, i)
			}
		}
	})
}

// kernelWith wraps a kernel body (of a kernel taking %out: memref<?xf32>)
// in a module launching it on one block of %n threads.
func kernelWith(body string) string {
	return `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %tid = gpu.thread_id x
      %low = arith.cmpi ult, %tid, %c16 : index
` + body + `
      gpu.return
    }
  }
  func.func @f(%out: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%out : memref<?xf32>)
    return
  }
}`
}

func TestErrors(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		out := func() *interp.Tensor { return f32Tensor(t, make([]float32, 64)) }
		for _, tc := range []struct {
			name, body string
			n          int64
			at         string
			parts      []string
		}{{
			name: "barrier not reached",
			body: `      loops.if %low {
        gpu.barrier
        loops.yield
      }`,
			n: 32, at: "9:9", parts: []string{"gpu.barrier: not reached by every thread it waits for",
				"thread (0, 0, 0) of block (0, 0, 0) waits here", "thread (16, 0, 0) of block (0, 0, 0) returned without reaching it"},
		}, {
			name: "different barriers",
			body: `      loops.if %low {
        gpu.barrier
        loops.yield
      } else {
        gpu.barrier
        loops.yield
      }`,
			n: 32, at: "9:9", parts: []string{"gpu.barrier: threads diverge", "thread (16, 0, 0) of block (0, 0, 0) waits at gpu.barrier (test.mlir:12:9)"},
		}, {
			name: "shuffle not reached",
			body: `      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %v = arith.constant 1.0 : f32
      loops.if %low {
        %r, %ok = gpu.shuffle xor %v, %c1, %c32 : f32
        loops.yield
      }`,
			n: 32, at: "12:19", parts: []string{"gpu.shuffle: not reached by every thread", "thread (16, 0, 0) of block (0, 0, 0) returned"},
		}, {
			name: "shuffle and barrier",
			body: `      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %v = arith.constant 1.0 : f32
      loops.if %low {
        %r, %ok = gpu.shuffle xor %v, %c1, %c32 : f32
        loops.yield
      } else {
        gpu.barrier
        loops.yield
      }`,
			n: 32, at: "12:19", parts: []string{"gpu.shuffle: threads diverge", "waits at gpu.barrier"},
		}, {
			name: "lane above width",
			body: `      %c1 = arith.constant 1 : i32
      %w16 = arith.constant 16 : i32
      %v = arith.constant 1.0 : f32
      %r, %ok = gpu.shuffle xor %v, %c1, %w16 : f32`,
			n: 32, at: "11:17", parts: []string{"lane 16 (thread (16, 0, 0) of block (0, 0, 0)) executes a shuffle of width 16"},
		}, {
			name: "missing lane",
			body: `      %c1 = arith.constant 20 : i32
      %c32 = arith.constant 32 : i32
      %v = arith.constant 1.0 : f32
      %r, %ok = gpu.shuffle idx %v, %c1, %c32 : f32`,
			n: 8, at: "11:17", parts: []string{"reads lane 20, which the block does not have (8 threads)"},
		}, {
			name: "store out of bounds while others wait",
			body: `      %v = arith.constant 1.0 : f32
      %c100 = arith.constant 100 : index
      loops.if %low {
        gpu.barrier
        loops.yield
      } else {
        loops.store %v, %out[%c100] : memref<?xf32>
        loops.yield
      }`,
			n: 32, at: "14:9", parts: []string{"loops.store"},
		}, {
			name: "block too large",
			body: ``, n: 2048, at: "14:5", parts: []string{"gpu.launch_func: a block of 2048×1×1 = 2048 threads exceeds the limit of 1024"},
		}} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := run(t, o, kernelWith(tc.body), out(), index(tc.n))
				wantErr(t, err, tc.at, tc.parts...)
			})
		}
	})
}

func TestIDOutsideLaunch(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		_, err := run(t, o, `func.func @f() -> index {
  %0 = gpu.thread_id x
  return %0 : index
}`)
		wantErr(t, err, "2:8", "gpu.thread_id: runs outside a kernel launch")
	})
}

func TestZeroSizedGrid(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		_, err := run(t, o, pointwise, f32Tensor(t, nil), f32Tensor(t, nil), f32Tensor(t, nil), index(0), index(0))
		wantErr(t, err, "23:5", "grid size x is 0; sizes must be at least 1")
	})
}

// A kernel calling a device function (a func.func of the gpu.module) from
// every thread, launched with dynamic shared memory (which the kernel does
// not use).
const deviceCall = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @twice(%x: f32) -> f32 {
      %y = arith.addf %x, %x : f32
      return %y : f32
    }
    gpu.func @k(%a: memref<?xf32>) kernel {
      %tid = gpu.thread_id x
      %x = loops.load %a[%tid] : memref<?xf32>
      %y = func.call @twice(%x) : (f32) -> f32
      loops.store %y, %a[%tid] : memref<?xf32>
      gpu.return
    }
  }
  func.func @f(%a: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %shared = arith.constant 256 : i32
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) dynamic_shared_memory_size %shared args(%a : memref<?xf32>)
    return
  }
}`

func TestDeviceFunctionCall(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		in := smallInts(96, 5)
		a := f32Tensor(t, append([]float32{}, in...))
		mustRun(t, o, deviceCall, a, index(96))
		for i, got := range a.F32() {
			if want := 2 * in[i]; got != want {
				t.Fatalf("a[%d] = %v, want %v", i, got, want)
			}
		}
	})
}

func TestAsyncLaunchUnsupported(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		_, err := run(t, o, `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @f(%n: index) -> !gpu.async.token {
    %t = gpu.launch_func async @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n)
    return %t : !gpu.async.token
  }
}`, index(1))
		wantErr(t, err, "8:10", "gpu.launch_func: asynchronous launches are not supported by the interpreter")
	})
}

// TestLargeBlock runs the block reduction with blocks of 1024 threads, the
// most a launch may ask for.
func TestLargeBlock(t *testing.T) {
	forModes(t, func(t *testing.T, o gpuk.Options) {
		src := strings.NewReplacer("64xf32", "1024xf32", "%c6 = arith.constant 6", "%c6 = arith.constant 10",
			"%c32 = arith.constant 32", "%c32 = arith.constant 512", "%c64 = arith.constant 64", "%c64 = arith.constant 1024").Replace(blockReduce)
		const blocks = 3
		in := smallInts(1024*blocks, 6)
		out := f32Tensor(t, make([]float32, blocks))
		mustRun(t, o, src, f32Tensor(t, in), out, index(blocks))
		for b := 0; b < blocks; b++ {
			var want float32
			for _, x := range in[1024*b : 1024*(b+1)] {
				want += x
			}
			if got := out.F32()[b]; got != want {
				t.Errorf("block %d: sum %v, want %v", b, got, want)
			}
		}
	})
}

// TestSerialOrderIsFixed runs a kernel whose threads race (each writes its
// id to the same workgroup element before a barrier) with the threads run
// one at a time: they run in linear order up to the barrier, so the last
// one's write is what every thread reads after it.
func TestSerialOrderIsFixed(t *testing.T) {
	const src = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<?xindex>) workgroup(%w : memref<1xindex, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      loops.store %tid, %w[%c0] : memref<1xindex, #gpu.address_space<workgroup>>
      gpu.barrier
      %last = loops.load %w[%c0] : memref<1xindex, #gpu.address_space<workgroup>>
      loops.store %last, %out[%tid] : memref<?xindex>
      gpu.return
    }
  }
  func.func @f(%out: memref<?xindex>, %n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1) args(%out : memref<?xindex>)
    return
  }
}`
	const n = 100
	for range 3 {
		out, err := interp.NewTensor(interp.Index, []int64{n})
		if err != nil {
			t.Fatal(err)
		}
		mustRun(t, gpuk.Options{Serial: true}, src, out, index(n))
		for i := 0; i < n; i++ {
			if got := out.Int(i); got != n-1 {
				t.Fatalf("thread %d read %d, want %d", i, got, n-1)
			}
		}
	}
}
