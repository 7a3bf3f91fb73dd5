package lit

import (
	"strings"
	"testing"
)

func TestEvalExpr(t *testing.T) {
	f := NewFeatures("linux", "amd64", "mlir-opt", "x86_64-linux-gnu", "c++17")
	tests := []struct {
		expr string
		want bool
	}{
		{"linux", true},
		{"arm64", false},
		{"mlir-opt", true},
		{"x86_64-linux-gnu", true},
		{"c++17", true},
		{"!arm64", true},
		{"!!linux", true},
		{"linux && amd64", true},
		{"linux && arm64", false},
		{"arm64 || amd64", true},
		{"arm64 || darwin", false},
		{"linux && (arm64 || amd64)", true},
		{"!(linux && amd64)", false},
		{"arm64 || linux && amd64", true}, // && binds tighter
		{"true", true},
		{"false", false},
		{"  linux  ", true},
	}
	for _, tc := range tests {
		got, err := EvalExpr(tc.expr, f)
		if err != nil || got != tc.want {
			t.Errorf("EvalExpr(%q) = %v, %v; want %v", tc.expr, got, err, tc.want)
		}
	}
}

func TestEvalExprErrors(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"", "unexpected end"},
		{"linux &&", "unexpected end"},
		{"(linux", "missing ')'"},
		{"linux)", `unexpected ")"`},
		{"linux amd64", `unexpected "amd64"`},
		{"linux & amd64", `unexpected "&"`},
		{"*", `unexpected "*"`},
	}
	for _, tc := range tests {
		_, err := EvalExpr(tc.expr, Features{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("EvalExpr(%q) error = %v, want it to contain %q", tc.expr, err, tc.want)
		}
	}
}
