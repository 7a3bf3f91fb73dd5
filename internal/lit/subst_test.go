package lit

import "testing"

func TestSubstitutionsApply(t *testing.T) {
	s := Substitutions{
		File:   "/src/test/arith/fold.mlir",
		TmpDir: "/tmp/x",
		Extra:  map[string]string{"tool": "/bin/tool"},
	}
	tests := []struct{ in, want string }{
		{"tt-opt %s", "tt-opt /src/test/arith/fold.mlir"},
		{"cd %S && ls %p", "cd /src/test/arith && ls /src/test/arith"},
		{"echo x > %t", "echo x > /tmp/x/fold.mlir.tmp"},
		{"mkdir -p %T/sub", "mkdir -p /tmp/x/sub"},
		{"echo %basename_t", "echo fold.mlir"},
		{"%/s %/S %/t %/T %/p", "/src/test/arith/fold.mlir /src/test/arith /tmp/x/fold.mlir.tmp /tmp/x /src/test/arith"},
		{"PATH=a%{pathsep}b", "PATH=a:b"},
		{"%{fs-sep}", "/"},
		{"%{tool} -x", "/bin/tool -x"},
		{"printf '%%s' %s", "printf '%s' /src/test/arith/fold.mlir"},
		{"%%%s", "%/src/test/arith/fold.mlir"},
		{"%%t", "%t"},
		{"echo %arg0 %0 %c1_i32", "echo %arg0 %0 %c1_i32"},
		{"%{unknown} %{unterminated", "%{unknown} %{unterminated"},
		{"trailing %", "trailing %"},
		{"%/x", "%/x"},
		{"%s%s", "/src/test/arith/fold.mlir/src/test/arith/fold.mlir"},
	}
	for _, tc := range tests {
		if got := s.Apply(tc.in); got != tc.want {
			t.Errorf("Apply(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSubstitutionsNotRecursive(t *testing.T) {
	s := Substitutions{File: "/weird/%t/dir/a.mlir", TmpDir: "/tmp/%s"}
	if got, want := s.Apply("%s %T"), "/weird/%t/dir/a.mlir /tmp/%s"; got != want {
		t.Errorf("Apply = %q, want %q", got, want)
	}
}

func TestNewSubstitutionsAbsolute(t *testing.T) {
	s := NewSubstitutions("rel/a.mlir", "/tmp/x")
	if s.File == "rel/a.mlir" || s.File[0] != '/' {
		t.Errorf("File = %q, want an absolute path", s.File)
	}
}
