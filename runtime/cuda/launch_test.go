package cuda

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// paramsKernelArgs are arguments for testdata/params.ptx, whose parameter
// list mixes 4- and 8-byte types so that most of them need padding.
var paramsKernelArgs = []Arg{
	Ptr(0x7f0000001000),
	U32(0xdeadbeef),
	U64(0x0123456789abcdef),
	S32(-2),
	F64(math.Float64frombits(0x7ff8000000000123)), // a NaN with a payload
	F32(-0.0),
	S64(math.MinInt64),
	F32(float32(math.Inf(1))),
	U32(7),
}

func TestPackParams(t *testing.T) {
	tests := []struct {
		name    string
		args    []Arg
		offsets []int
		size    int
	}{
		{"none", nil, []int{}, 0},
		{"u32", []Arg{U32(1)}, []int{0}, 4},
		{"u32 u64", []Arg{U32(1), U64(2)}, []int{0, 8}, 16},
		{"f32 f32 f64", []Arg{F32(1), F32(2), F64(3)}, []int{0, 4, 8}, 16},
		{"f32 f64 f32", []Arg{F32(1), F64(2), F32(3)}, []int{0, 8, 16}, 20},
		{"s32 ptr u32 f64", []Arg{S32(-1), Ptr(5), U32(3), F64(1)}, []int{0, 8, 16, 24}, 32},
		{"ptr ptr ptr u32", []Arg{Ptr(1), Ptr(2), Ptr(3), U32(4)}, []int{0, 8, 16, 24}, 28},
		{"params.ptx", paramsKernelArgs, []int{0, 8, 16, 24, 32, 40, 48, 56, 60}, 64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := packParams(tt.args)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(p.offsets, tt.offsets) || p.size != tt.size {
				t.Fatalf("offsets %v size %d, want %v size %d", p.offsets, p.size, tt.offsets, tt.size)
			}
			// The bytes at each offset are the value, little-endian, in
			// the parameter's width; padding is zero.
			want := make([]byte, tt.size)
			for i, a := range tt.args {
				for k := range a.Type.Size() {
					want[tt.offsets[i]+k] = byte(a.Bits >> (8 * k))
				}
			}
			if got := p.bytes(); !slices.Equal(got, want) {
				t.Fatalf("block % x, want % x", got, want)
			}
		})
	}
}

func TestPackParamsErrors(t *testing.T) {
	tests := []struct {
		args []Arg
		want string
	}{
		{[]Arg{U32(1), {}}, "argument 1: invalid parameter type ParamType(0)"},
		{[]Arg{{Type: ParamType(99), Bits: 1}}, "argument 0: invalid parameter type ParamType(99)"},
		{[]Arg{{Type: ParamU32, Bits: 1 << 32}}, "argument 0: u32 value 0x100000000 does not fit 32 bits"},
		{[]Arg{{Type: ParamF32, Bits: math.Float64bits(1)}}, "argument 0: f32 value 0x3ff0000000000000 does not fit 32 bits"},
	}
	for _, tt := range tests {
		if _, err := packParams(tt.args); err == nil || err.Error() != tt.want {
			t.Errorf("packParams(%v) = %v, want %q", tt.args, err, tt.want)
		}
	}
}

func TestArgConstructors(t *testing.T) {
	tests := []struct {
		got  Arg
		want Arg
	}{
		{U32(math.MaxUint32), Arg{ParamU32, 0xffffffff}},
		{S32(-1), Arg{ParamS32, 0xffffffff}},
		{S32(math.MinInt32), Arg{ParamS32, 0x80000000}},
		{U64(math.MaxUint64), Arg{ParamU64, math.MaxUint64}},
		{S64(-1), Arg{ParamS64, math.MaxUint64}},
		{F32(1.5), Arg{ParamF32, 0x3fc00000}},
		{F32(float32(math.NaN())), Arg{ParamF32, uint64(math.Float32bits(float32(math.NaN())))}},
		{F64(-2), Arg{ParamF64, 0xc000000000000000}},
		{Ptr(0xdead0000), Arg{ParamPointer, 0xdead0000}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %+v, want %+v", tt.got, tt.want)
		}
	}
}

func TestParamTypeOf(t *testing.T) {
	tests := []struct {
		in   string
		want ParamType
		ok   bool
	}{
		{"u32", ParamU32, true}, {".b32", ParamU32, true}, {"s32", ParamS32, true},
		{"u64", ParamU64, true}, {".b64", ParamU64, true}, {"s64", ParamS64, true},
		{".f32", ParamF32, true}, {"f64", ParamF64, true},
		{"f16", 0, false}, {"u8", 0, false}, {"", 0, false}, {".", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParamTypeOf(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParamTypeOf(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestPackParamsMatchesPtxas checks the layout against the compiler that
// defines it: ptxas records each kernel parameter's offset in the cubin
// (EIATTR_KPARAM_INFO, which cuobjdump -elf prints).
func TestPackParamsMatchesPtxas(t *testing.T) {
	ptxas, err1 := exec.LookPath("ptxas")
	cuobjdump, err2 := exec.LookPath("cuobjdump")
	if err1 != nil || err2 != nil {
		t.Skip("ptxas and cuobjdump (nvidia-cuda-toolkit) are not installed")
	}
	cubin := filepath.Join(t.TempDir(), "params.cubin")
	if out, err := exec.Command(ptxas, "-arch=sm_70", "-o", cubin, "testdata/params.ptx").CombinedOutput(); err != nil {
		t.Fatalf("ptxas: %v\n%s", err, out)
	}
	out, err := exec.Command(cuobjdump, "-elf", cubin).CombinedOutput()
	if err != nil {
		t.Fatalf("cuobjdump: %v\n%s", err, out)
	}
	re := regexp.MustCompile(`Ordinal\s*:\s*0x([0-9a-f]+)\s+Offset\s*:\s*0x([0-9a-f]+)\s+Size\s*:\s*0x([0-9a-f]+)`)
	p, err := packParams(paramsKernelArgs)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, m := range re.FindAllStringSubmatch(string(out), -1) {
		ord, _ := strconv.ParseInt(m[1], 16, 64)
		off, _ := strconv.ParseInt(m[2], 16, 64)
		size, _ := strconv.ParseInt(m[3], 16, 64)
		if int(ord) >= len(paramsKernelArgs) {
			t.Fatalf("ptxas reports parameter %d of %d", ord, len(paramsKernelArgs))
		}
		if int(off) != p.offsets[ord] || int(size) != paramsKernelArgs[ord].Type.Size() {
			t.Errorf("parameter %d: ptxas offset %d size %d, packParams offset %d size %d",
				ord, off, size, p.offsets[ord], paramsKernelArgs[ord].Type.Size())
		}
		seen++
	}
	if seen != len(paramsKernelArgs) {
		t.Fatalf("cuobjdump listed %d parameters, want %d:\n%s", seen, len(paramsKernelArgs), out)
	}
}

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
