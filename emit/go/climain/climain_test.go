package climain

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/runtime/npy"
)

// TestNPYRoundTripWithRuntimeNPY checks the embedded codec against tt's
// .npy package both ways, for every dtype and rank 0 to 3.
func TestNPYRoundTripWithRuntimeNPY(t *testing.T) {
	arrays := []*npy.Array{
		{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{1, -2, 3.5, 0, 1e-30, -7}},
		{DType: npy.Float64, Shape: []int{}, F64: []float64{3.25}},
		{DType: npy.Bool, Shape: []int{4}, Bool: []bool{true, false, false, true}},
		{DType: npy.Int32, Shape: []int{1, 2, 2}, I32: []int32{-1, 2, -2147483648, 7}},
		{DType: npy.Int64, Shape: []int{3}, I64: []int64{-9223372036854775808, 0, 5}},
		{DType: npy.Float32, Shape: []int{0, 5}, F32: []float32{}},
	}
	for _, a := range arrays {
		var b bytes.Buffer
		if err := npy.Write(&b, a); err != nil {
			t.Fatal(err)
		}
		x, err := ttReadNPY(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("%v: %v", a.Shape, err)
		}
		var back bytes.Buffer
		if err := ttWriteNPY(&back, x); err != nil {
			t.Fatal(err)
		}
		raw := bytes.Clone(back.Bytes())
		y, err := npy.Read(&back)
		if err != nil {
			t.Fatalf("%v: tt's reader rejects the embedded writer's output: %v", a.Shape, err)
		}
		if fmt.Sprint(y) != fmt.Sprint(a) {
			t.Errorf("round trip: %v, want %v", y, a)
		}
		if hlen := int(raw[8]) | int(raw[9])<<8; (10+hlen)%64 != 0 || raw[10+hlen-1] != '\n' {
			t.Errorf("header of %d bytes is not padded to 64 bytes and ended by a newline", hlen)
		}
	}
}

func TestNPYHeaders(t *testing.T) {
	cases := []struct {
		head  string
		dtype string
		shape string
		bad   bool
	}{
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", "<f4", "[2 3]", false},
		{"{'descr':'|b1','fortran_order':False,'shape':(5,)}", "|b1", "[5]", false},
		{"{'shape': (), 'descr': '=i8', 'fortran_order': False}", "<i8", "[]", false},
		{"{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", "", "", true},
		{"{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }", "", "", true},
		{"{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", "", "", true},
		{"{'descr': '<f4', 'shape': (2, -1), }", "", "", true},
		{"garbage", "", "", true},
	}
	for _, c := range cases {
		dt, shape, err := ttParseHeader(c.head)
		if c.bad {
			if err == nil {
				t.Errorf("%s: accepted", c.head)
			}
			continue
		}
		if err != nil || dt != c.dtype || fmt.Sprint(shape) != c.shape {
			t.Errorf("%s: %q %v %v", c.head, dt, shape, err)
		}
	}
	if _, err := ttReadNPY(strings.NewReader("\x93NUMPY\x09\x00")); err == nil {
		t.Error("bad version accepted")
	}
	if _, err := ttReadNPY(strings.NewReader("\x93NUMPY\x01\x00\x05\x00{'de")); err == nil {
		t.Error("truncated header accepted")
	}
}

// writeNPY writes a tt .npy file for the CLI tests.
func writeNPY(t *testing.T, dir, name string, a *npy.Array) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := npy.WriteFile(p, a); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCommand(t *testing.T) {
	dir := t.TempDir()
	x := writeNPY(t, dir, "x.npy", &npy.Array{DType: npy.Float32, Shape: []int{3, 2}, F32: []float32{1, 2, 3, 4, 5, 6}})
	s := writeNPY(t, dir, "s.npy", &npy.Array{DType: npy.Float32, Shape: []int{}, F32: []float32{0.5}})
	zero := writeNPY(t, dir, "z.npy", &npy.Array{DType: npy.Float32, Shape: []int{}, F32: []float32{0}})
	wrong := writeNPY(t, dir, "w.npy", &npy.Array{DType: npy.Float32, Shape: []int{3, 3}, F32: make([]float32, 9)})
	run := func(args ...string) (int, string, string) {
		var o, e bytes.Buffer
		code := ttMain(args, strings.NewReader(""), &o, &e)
		return code, o.String(), e.String()
	}
	out := filepath.Join(dir, "out")
	if code, _, e := run("-input", x, "-input", s, "-out", out); code != 0 {
		t.Fatalf("status %d: %s", code, e)
	}
	r, err := npy.ReadFile(filepath.Join(out, "out0.npy"))
	if err != nil || fmt.Sprint(r.Shape) != "[3 2]" || fmt.Sprint(r.F32) != "[0.5 1 1.5 2 2.5 3]" {
		t.Fatalf("out0.npy = %v, %v", r, err)
	}
	code, o, _ := run("-entry", "@scale", "-input", x, "-input", s, "-bench", "3")
	if code != 0 || !strings.Contains(o, "result #0: <f4 [3 2]: [0.5 1 1.5 2 2.5 3]") ||
		!regexp.MustCompile(`(?m)^bench: median [0-9]+\.[0-9]{3} ms, min [0-9]+\.[0-9]{3} ms over 3 runs$`).MatchString(o) {
		t.Errorf("bench run: %d %q", code, o)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-input", x}, 2, "@scale takes 2 arguments"},
		{[]string{"-input", wrong, "-input", s}, 1, "argument #0 (in0) must be <f4[?x2], got <f4[3 3]"},
		{[]string{"-input", x, "-input", zero}, 1, "scale by zero"},
		{[]string{"-input", filepath.Join(dir, "missing.npy"), "-input", s}, 1, "missing.npy"},
		{[]string{"-entry", "nope"}, 2, `no function "nope"; functions: Scale (@scale)`},
		{[]string{"-bench", "-1", "-input", x, "-input", s}, 2, "-bench must not be negative"},
		{[]string{"extra"}, 2, "unexpected arguments"},
	} {
		code, _, e := run(c.args...)
		if code != c.code || !strings.Contains(e, c.want) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", c.args, code, e, c.code, c.want)
		}
	}
}

// request builds a -serve request.
func request(t *testing.T, arrays ...*npy.Array) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "run %d\n", len(arrays))
	for _, a := range arrays {
		if err := npy.Write(&b, a); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

func TestServe(t *testing.T) {
	x := &npy.Array{DType: npy.Float32, Shape: []int{1, 2}, F32: []float32{2, 4}}
	s := &npy.Array{DType: npy.Float32, Shape: []int{}, F32: []float32{3}}
	z := &npy.Array{DType: npy.Float32, Shape: []int{}, F32: []float32{0}}
	var in bytes.Buffer
	in.Write(request(t, x, s))
	in.WriteString("again\n")
	in.Write(request(t, x, z))
	in.Write(request(t, x))
	var out, errb bytes.Buffer
	if code := ttMain([]string{"-serve"}, &in, &out, &errb); code != 0 {
		t.Fatalf("status %d: %s", code, errb.String())
	}
	r := bufio.NewReader(&out)
	for i := 0; i < 2; i++ {
		line, _ := r.ReadString('\n')
		if !regexp.MustCompile(`^ok 1 [0-9]+\n$`).MatchString(line) {
			t.Fatalf("answer %d: %q", i, line)
		}
		a, err := npy.Read(r)
		if err != nil || fmt.Sprint(a.F32) != "[6 12]" {
			t.Fatalf("answer %d: %v %v", i, a, err)
		}
	}
	for _, want := range []string{"error \"tt: @scale: scale by zero\"\n", "error \"@scale takes 2 arguments, got 1\"\n"} {
		if line, _ := r.ReadString('\n'); line != want {
			t.Errorf("answer %q, want %q", line, want)
		}
	}
	// A profile request answers with the counters' text, its length first;
	// without profiling (ttProfile nil) it is an error answer, not a failure.
	var o, e bytes.Buffer
	if code := ttMain([]string{"-serve"}, strings.NewReader("profile\n"), &o, &e); code != 0 || o.String() != "profile 47\n@scale\tscale.mlir:2:8\tloops.parallel\t1\t1000\t64\n" {
		t.Errorf("profile: status %d, %q", code, o.String())
	}
	saved := ttProfile
	ttProfile = nil
	o.Reset()
	if code := ttMain([]string{"-serve"}, strings.NewReader("profile\n"), &o, &e); code != 0 || o.String() != "error \"the program was not generated with profiling\"\n" {
		t.Errorf("profile without profiling: status %d, %q", code, o.String())
	}
	ttProfile = saved
	for _, bad := range []string{"again\n", "hello\n", "run x\n", "run 1\n\x93NUMPY"} {
		var o, e bytes.Buffer
		if code := ttMain([]string{"-serve"}, strings.NewReader(bad), &o, &e); code != 2 {
			t.Errorf("%q: status %d", bad, code)
		}
	}
}

func TestRunsGetFreshArguments(t *testing.T) {
	a := &ttArray{dtype: "<f4", shape: []int{2}, f32: []float32{1, 2}}
	c := ttCloneArrays([]*ttArray{a})
	c[0].f32[0] = 9
	c[0].shape[0] = 5
	if a.f32[0] != 1 || a.shape[0] != 2 {
		t.Fatal("clone shares storage")
	}
}

func TestMain(m *testing.M) { os.Exit(m.Run()) }
