package sim

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/ptx"
)

// TestChecks runs every check's triggering kernel (which must fail with
// the check's error kind, naming the kernel, a block, a thread and the
// PTX line) and its twin (which must run cleanly).
func TestChecks(t *testing.T) {
	p := loadFile(t, "checks.ptx")
	x := p.Mem.Alloc(4 * 64)
	y := p.Mem.Alloc(4 * 64)
	cases := []struct {
		name     string
		kind     ErrorKind
		block    int
		args     []Arg
		maxSteps int64
		line     int  // the PTX line of the failing instruction
		addr     bool // the error names an address
		want     string
	}{
		{"oob", ErrOutOfBounds, 64, []Arg{Ptr(x), Ptr(y)}, 0, 19, true, "outside every global buffer"},
		{"misaligned", ErrMisaligned, 32, []Arg{Ptr(x), Ptr(y)}, 0, 49, true, "not 4-byte aligned"},
		{"shared_oob", ErrOutOfBounds, 64, nil, 0, 74, true, "0 bytes past the end of buf (128 bytes)"},
		{"barrier", ErrBarrier, 64, nil, 0, 98, false, "divergent code"},
		{"shfl_mask", ErrSyncMask, 32, []Arg{Ptr(y)}, 0, 139, false, "not in the member mask"},
		{"vote_converged", ErrSyncMask, 32, []Arg{Ptr(y)}, 0, 171, false, "not converged"},
		{"uninit", ErrUninitialized, 32, []Arg{Ptr(y)}, 0, 209, false, "%r2 read before it was written"},
		{"race", ErrRace, 64, []Arg{Ptr(y)}, 0, 247, true, "shared-memory race"},
		{"steps", ErrStepLimit, 32, nil, 1000, 289, false, "step budget"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := Launch{Grid: [3]int{2}, Block: [3]int{c.block}, Args: c.args, RaceCheck: true, MaxSteps: c.maxSteps}
			err := p.Launch("bad_"+c.name, l)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("bad_%s: got %v, want a *sim.Error", c.name, err)
			}
			if e.Kind != c.kind || e.Kernel != "bad_"+c.name || e.Pos.Line != c.line || e.HasAddr != c.addr ||
				!strings.Contains(e.Error(), c.want) {
				t.Errorf("bad_%s: got %v (kind %v, line %d), want kind %v at line %d containing %q",
					c.name, e, e.Kind, e.Pos.Line, c.kind, c.line, c.want)
			}
			msg := e.Error()
			for _, part := range []string{"checks.ptx:", "kernel bad_" + c.name, "block (0,0,0)", "thread ("} {
				if !strings.Contains(msg, part) {
					t.Errorf("message %q lacks %q", msg, part)
				}
			}
			if err := p.Launch("good_"+c.name, l); err != nil {
				t.Errorf("good_%s: %v", c.name, err)
			}
		})
	}
}

func TestBarrierDeadlock(t *testing.T) {
	p := loadFile(t, "checks.ptx")
	err := p.Launch("bad_barrier_deadlock", Launch{Block: [3]int{64}})
	var e *Error
	if !errors.As(err, &e) || e.Kind != ErrBarrier || !strings.Contains(e.Msg, "deadlock") {
		t.Fatalf("got %v, want a barrier deadlock error", err)
	}
}

func TestLaunchErrors(t *testing.T) {
	p := loadFile(t, "checks.ptx")
	y := p.Mem.Alloc(64)
	for _, c := range []struct {
		kernel string
		l      Launch
		want   string
	}{
		{"nope", Launch{}, "no kernel"},
		{"good_oob", Launch{Args: []Arg{Ptr(y)}}, "1 arguments for 2 parameters"},
		{"good_oob", Launch{Args: []Arg{Ptr(y), U32(1)}}, "argument 1 has 4 bytes"},
		{"good_steps", Launch{Block: [3]int{2048}}, "exceeds 1024 threads"},
	} {
		err := p.Launch(c.kernel, c.l)
		var e *Error
		if !errors.As(err, &e) || e.Kind != ErrLaunch || !strings.Contains(e.Error(), c.want) {
			t.Errorf("%s: got %v, want a launch error containing %q", c.kernel, err, c.want)
		}
	}
}

// TestWarpSyncConvergence checks bar.warp.sync: a full mask inside a
// branch half the warp takes is an error; the half mask is not.
func TestWarpSyncConvergence(t *testing.T) {
	src := `.version 7.8
.target sm_80
.address_size 64
.visible .entry k(.param .u32 mask)
{
	.reg .pred %p<2>;
	.reg .b32 %r<3>;
	ld.param.u32 %r2, [mask];
	mov.u32 %r1, %laneid;
	setp.lt.u32 %p1, %r1, 16;
	@!%p1 bra DONE;
	bar.warp.sync %r2;
DONE:
	ret;
}
`
	mod, err := ptx.ParseString("ws.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	err = p.Launch("k", Launch{Block: [3]int{32}, Args: []Arg{U32(0xffffffff)}})
	var e *Error
	if !errors.As(err, &e) || e.Kind != ErrSyncMask || e.Pos.Line != 12 {
		t.Fatalf("full mask: got %v, want a member-mask error at line 12", err)
	}
	if err := p.Launch("k", Launch{Block: [3]int{32}, Args: []Arg{U32(0xffff)}}); err != nil {
		t.Fatalf("half mask: %v", err)
	}
}

// TestSharedLimitPerKernel checks that the 227 KB limit applies to the
// shared memory a kernel uses, not to every .shared variable of the
// module: two kernels of 150 KB each launch, one of 230 KB does not.
func TestSharedLimitPerKernel(t *testing.T) {
	kernel := func(name string, size int) string {
		return fmt.Sprintf(`.visible .entry %[1]s()
{
	.shared .align 4 .b8 %[1]s_buf[%[2]d];
	.reg .b64 %%rd<2>;
	.reg .b32 %%r<2>;
	mov.u64 %%rd1, %[1]s_buf;
	mov.u32 %%r1, 1;
	st.shared.u32 [%%rd1], %%r1;
	ret;
}
`, name, size)
	}
	src := ".version 7.8\n.target sm_80\n.address_size 64\n" + kernel("a", 150*1024) + kernel("b", 150*1024) + kernel("big", 230*1024)
	mod, err := ptx.ParseString("shared.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"a", "b"} {
		if err := p.Launch(k, Launch{Block: [3]int{32}}); err != nil {
			t.Errorf("%s: %v", k, err)
		}
	}
	if err := p.Launch("big", Launch{Block: [3]int{32}}); err == nil || !strings.Contains(err.Error(), "235520 bytes of static") {
		t.Errorf("big: got %v, want the 227 KB limit", err)
	}
}

// TestGuardedTrapKeepsReconvergence checks that a device-side assert (a
// guarded trap inside a branch some lanes skip) does not move the point
// where the lanes meet again: the barrier after the branch is reached by
// the whole warp, and a lane whose guard holds still traps.
func TestGuardedTrapKeepsReconvergence(t *testing.T) {
	src := `.version 7.8
.target sm_80
.address_size 64
.visible .entry k(.param .u32 bad)
{
	.reg .pred %p<3>;
	.reg .b32 %r<3>;
	ld.param.u32 %r2, [bad];
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 5;
	@!%p1 bra SKIP;
	setp.eq.u32 %p2, %r1, %r2;
	@%p2 trap;
SKIP:
	bar.sync 0;
	ret;
}
`
	mod, err := ptx.ParseString("trap.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Launch("k", Launch{Block: [3]int{32}, Args: []Arg{U32(99)}}); err != nil {
		t.Fatalf("no lane traps: %v", err)
	}
	err = p.Launch("k", Launch{Block: [3]int{32}, Args: []Arg{U32(3)}})
	var e *Error
	if !errors.As(err, &e) || e.Kind != ErrTrap || e.Pos.Line != 13 {
		t.Fatalf("lane 3 traps: got %v, want a trap at line 13", err)
	}
}
