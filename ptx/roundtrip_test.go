package ptx

import (
	"os"
	"testing"
)

// checkFixedPoint prints m, parses the text and prints again: the two
// texts must be equal and the reparsed module must verify the same way.
func checkFixedPoint(t *testing.T, name string, m *Module) {
	t.Helper()
	first := m.String()
	m2, err := ParseString(name+" (printed)", first)
	if err != nil {
		t.Fatalf("printed module does not parse:\n%s\nprinted:\n%s", err.(ErrorList).Render([]byte(first)), first)
	}
	if second := m2.String(); second != first {
		t.Fatalf("printing is not a fixed point:\nfirst:\n%s\nsecond:\n%s", first, second)
	}
	if (Verify(m, nil) == nil) != (Verify(m2, nil) == nil) {
		t.Fatalf("the printed module verifies differently: %v vs %v", Verify(m, nil), Verify(m2, nil))
	}
}

// TestRoundTrip parses every PTX file of testdata (valid, clang-16's
// output, the CUDA corpus, and the negative files that parse), prints it
// and checks that parse → print → parse is a fixed point.
func TestRoundTrip(t *testing.T) {
	files := ptxFiles(t, append(validDirs, "testdata/negative")...)
	n := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Parse(path, src)
		if err != nil {
			continue // a negative file with a syntax error
		}
		n++
		t.Run(path, func(t *testing.T) { checkFixedPoint(t, path, m) })
	}
	if n < 10 {
		t.Fatalf("only %d files parsed", n)
	}
}

// TestPrintInstruction checks the printed form of single instructions.
func TestPrintInstruction(t *testing.T) {
	tests := []struct{ src, want string }{
		{"@!%p1 ld.global.nc.v2.f32 {%f1, %f2}, [%rd1+8];", "@!%p1 ld.global.nc.v2.f32\t{%f1, %f2}, [%rd1+8];"},
		{"prmt.b32.f4e %r1, %r2, %r3, 0x3210;", "prmt.b32.f4e\t%r1, %r2, %r3, 0x3210;"},
		{"ld.param.u64 %rd1, [k_p+0];", "ld.param.u64\t%rd1, [k_p];"},
		{"ld.global.u32 %r1, [%rd1+-4];", "ld.global.u32\t%r1, [%rd1+-4];"},
		{"add.f64 %fd1, %fd2, 1.5;", "add.f64\t%fd1, %fd2, 0d3FF8000000000000;"},
		{"setp.lt.and.f32 %p1|%p2, %f1, 0f3F800000, !%p3;", "setp.lt.and.f32\t%p1|%p2, %f1, 0f3F800000, !%p3;"},
		{"mov.u32 %r1, %tid.x;", "mov.u32\t%r1, %tid.x;"},
		{"call.uni (retval0), f, (param0, param1);", "call.uni\t(retval0), f, (param0, param1);"},
		{"shfl.sync.bfly.b32 %r1, %r2, 16, 31, -1;", "shfl.sync.bfly.b32\t%r1, %r2, 16, 31, -1;"},
		{"add.u32 %r1, %r2, 4294967295U;", "add.u32\t%r1, %r2, 4294967295U;"},
		{"ret;", "ret;"},
	}
	for _, tc := range tests {
		if got := firstInst(t, tc.src).String(); got != tc.want {
			t.Errorf("%s printed as %q, want %q", tc.src, got, tc.want)
		}
	}
}
