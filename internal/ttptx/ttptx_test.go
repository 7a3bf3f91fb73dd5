package ttptx

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/ptx/sim"
	"github.com/tt-compiler/tt/runtime/npy"
)

func TestParseArg(t *testing.T) {
	tests := []struct {
		spec    string
		kind    argKind
		bits    uint64
		wantErr string
	}{
		{"f32:1.5", kindF32, 0x3fc00000, ""},
		{"f32:-0", kindF32, 0x80000000, ""},
		{"f64:2", kindF64, 0x4000000000000000, ""},
		{"s32:-1", kindS32, 0xffffffff, ""},
		{"s32:0x10", kindS32, 16, ""},
		{"u32:4294967295", kindU32, 0xffffffff, ""},
		{"s64:-2", kindS64, 0xfffffffffffffffe, ""},
		{"u64:18446744073709551615", kindU64, 0xffffffffffffffff, ""},
		{"s32:2147483648", 0, 0, `"2147483648" is not an s32 value`},
		{"u32:-1", 0, 0, `"-1" is not a u32 value`},
		{"f32:x", 0, 0, `"x" is not an f32 value`},
		{"f16:1", 0, 0, "want KIND:VALUE"},
		{"1.5", 0, 0, "want KIND:VALUE"},
		{"zeros:f4", 0, 0, "want zeros:DTYPE:N"},
		{"zeros:i2:3", 0, 0, "want zeros:DTYPE:N"},
		{"zeros:f4:x", 0, 0, "is not an element count"},
	}
	for _, tc := range tests {
		a, err := parseArg(tc.spec)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("parseArg(%q) error = %v, want one containing %q", tc.spec, err, tc.wantErr)
			}
			continue
		}
		if err != nil || a.kind != tc.kind || a.bits != tc.bits {
			t.Errorf("parseArg(%q) = kind %d bits %#x, %v; want kind %d bits %#x", tc.spec, a.kind, a.bits, err, tc.kind, tc.bits)
		}
	}
	for code, dt := range zerosDTypes {
		a, err := parseArg("zeros:" + code + ":3")
		if err != nil || a.array.DType != dt || a.array.Len() != 3 || len(arrayDataBytes(t, a.array)) != 3*dt.Size() {
			t.Errorf("zeros:%s:3 = %+v, %v", code, a.array, err)
		}
	}
}

// arrayDataBytes encodes a's data as sim buffers hold it.
func arrayDataBytes(t *testing.T, a *npy.Array) []byte {
	t.Helper()
	m := sim.NewMemory()
	b := m.Alloc(a.Len() * a.DType.Size())
	if err := b.Write(a.Data()); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestFits(t *testing.T) {
	tests := []struct {
		spec string
		p    sim.Type
		ok   bool
	}{
		{"f32:1", sim.TF32, true}, {"f32:1", sim.TB32, true}, {"f32:1", sim.TU32, false}, {"f32:1", sim.TF64, false},
		{"f64:1", sim.TF64, true}, {"f64:1", sim.TB64, true}, {"f64:1", sim.TF32, false},
		{"s32:1", sim.TU32, true}, {"u32:1", sim.TS32, true}, {"s32:1", sim.TB32, true}, {"s32:1", sim.TU64, false},
		{"s32:1", sim.TF32, false}, {"s64:1", sim.TU32, false}, {"u64:1", sim.TS64, true},
		{"s32:-1", sim.TS8, true}, {"s32:255", sim.TU8, true}, {"s32:256", sim.TU8, false}, {"u32:65535", sim.TB16, true},
		{"s32:-129", sim.TS8, false}, {"u32:70000", sim.TU16, false},
		{"zeros:f4:1", sim.TU64, true}, {"zeros:f4:1", sim.TB64, true}, {"zeros:f4:1", sim.TU32, false}, {"zeros:f4:1", sim.TF64, false},
	}
	for _, tc := range tests {
		a, err := parseArg(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.fits(tc.p); (err == nil) != tc.ok {
			t.Errorf("%s for .%s: fits = %v, want ok %v", tc.spec, tc.p, err, tc.ok)
		}
	}
}

func TestParseDims(t *testing.T) {
	tests := []struct {
		s    string
		want [3]int
		ok   bool
	}{
		{"8", [3]int{8, 1, 1}, true}, {"3,2", [3]int{3, 2, 1}, true}, {"1, 2, 3", [3]int{1, 2, 3}, true},
		{"0", [3]int{}, false}, {"-1", [3]int{}, false}, {"1,2,3,4", [3]int{}, false}, {"", [3]int{}, false}, {"a", [3]int{}, false},
	}
	for _, tc := range tests {
		got, err := parseDims("--grid", tc.s)
		if (err == nil) != tc.ok || tc.ok && got != tc.want {
			t.Errorf("parseDims(%q) = %v, %v; want %v (ok %v)", tc.s, got, err, tc.want, tc.ok)
		}
	}
}

// scaleAdd is y = a*x + y for i < n, as clang-16 compiles it.
const scaleAdd = `.version 7.8
.target sm_80
.address_size 64
.visible .entry scale_add(.param .u64 x, .param .u64 y, .param .f32 a, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .f32 %f<5>;
	.reg .b64 %rd<8>;
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mov.u32 %r4, %tid.x;
	mad.lo.s32 %r5, %r2, %r3, %r4;
	setp.ge.s32 %p1, %r5, %r1;
	@%p1 bra DONE;
	ld.param.f32 %f1, [a];
	ld.param.u64 %rd3, [x];
	ld.param.u64 %rd4, [y];
	cvta.to.global.u64 %rd5, %rd4;
	cvta.to.global.u64 %rd6, %rd3;
	mul.wide.s32 %rd7, %r5, 4;
	add.s64 %rd1, %rd5, %rd7;
	add.s64 %rd2, %rd6, %rd7;
	ld.global.f32 %f2, [%rd2];
	ld.global.f32 %f3, [%rd1];
	fma.rn.f32 %f4, %f1, %f2, %f3;
	st.global.f32 [%rd1], %f4;
DONE:
	ret;
}
`

// TestMainRun runs tt-ptx in-process: buffers in and out, shapes kept,
// scalars write no file, --stats prints the report.
func TestMainRun(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "k.ptx")
	if err := os.WriteFile(file, []byte(scaleAdd), 0o644); err != nil {
		t.Fatal(err)
	}
	x := &npy.Array{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{1, 2, 3, 4, 5, 6}}
	xFile := filepath.Join(dir, "x.npy")
	if err := npy.WriteFile(xFile, x); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	status := Main([]string{"run", file, "--kernel", "scale_add", "--grid", "2", "--block", "4",
		"--arg", "buf:" + xFile, "--arg", "zeros:f4:6", "--arg", "f32:0.5", "--arg", "s32:5", "--out", out, "--stats"}, &stdout, &stderr)
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	y, err := npy.ReadFile(filepath.Join(out, "arg1.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []float32{0.5, 1, 1.5, 2, 2.5, 0}; y.DType != npy.Float32 || len(y.Shape) != 1 || y.Shape[0] != 6 || !equal(y.F32, want) {
		t.Errorf("arg1.npy = %v %v %v, want float32 [6] %v", y.DType, y.Shape, y.F32, want)
	}
	x2, err := npy.ReadFile(filepath.Join(out, "arg0.npy"))
	if err != nil || len(x2.Shape) != 2 || x2.Shape[0] != 2 || !equal(x2.F32, x.F32) {
		t.Errorf("arg0.npy = %v, %v; want x unchanged, shape [2 3]", x2, err)
	}
	for _, f := range []string{"arg2.npy", "arg3.npy"} {
		if _, err := os.Stat(filepath.Join(out, f)); err == nil {
			t.Errorf("%s written for a scalar argument", f)
		}
	}
	if !strings.Contains(stdout.String(), "kernel scale_add: 2 CTAs of 4 threads") {
		t.Errorf("--stats output lacks the kernel line:\n%s", stdout.String())
	}
}

// TestMainErrors checks exit statuses and messages of bad invocations
// (test/lit/ttptx covers each message in full).
func TestMainErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "k.ptx")
	if err := os.WriteFile(file, []byte(scaleAdd), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.ptx")
	if err := os.WriteFile(bad, []byte(strings.Replace(scaleAdd, "%r4;", "%r9;", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	run := []string{"run", file, "--kernel", "scale_add", "--grid", "1", "--block", "8", "--out", filepath.Join(dir, "out")}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"check", bad}, "bad.ptx:14:"},
		{slices.Concat(run, []string{"--arg", "zeros:f4:8"}), "takes 4 parameters (.u64, .u64, .f32, .u32), but 1 --arg were given"},
		{[]string{"run", file, "--kernel", "scale_add", "--grid", "2", "--block", "8", "--out", filepath.Join(dir, "out"),
			"--arg", "zeros:f4:8", "--arg", "zeros:f4:8", "--arg", "f32:1", "--arg", "s32:9"}, "kernel scale_add, block (1,0,0), thread (0,0,0)"},
		// No GPU where the tests run: the driver's clear error.
		{slices.Concat(run, []string{"--device", "cuda", "--arg", "zeros:f4:8", "--arg", "zeros:f4:8", "--arg", "f32:1", "--arg", "s32:8"}), "no CUDA "},
		{[]string{"run", file, "--grid", "1", "--block", "1", "--out", dir}, "run needs --kernel"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		if status := Main(tc.args, &stdout, &stderr); status != 1 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("tt-ptx %s: status %d, stderr %q; want 1 and %q", strings.Join(tc.args, " "), status, stderr.String(), tc.want)
		}
	}
	var stdout, stderr bytes.Buffer
	if status := Main([]string{"check", file}, &stdout, &stderr); status != 0 || stdout.Len()+stderr.Len() != 0 {
		t.Errorf("tt-ptx check of a valid file: status %d, output %q %q", status, stdout.String(), stderr.String())
	}
}

func equal(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
