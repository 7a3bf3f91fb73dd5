package lit

import (
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDecide(t *testing.T) {
	f := NewFeatures("linux", "amd64", "go", "mlir-opt")
	tests := []struct {
		name                      string
		requires, unsupported, xf []string
		want                      Decision
	}{
		{name: "no directives", want: Decision{}},
		{name: "requires met", requires: []string{"go", "mlir-opt"}, want: Decision{}},
		{name: "requires expression met", requires: []string{"linux && !arm64"}, want: Decision{}},
		{
			name:     "requires missing",
			requires: []string{"go", "dot", "llvm-filecheck"},
			want:     Decision{Skip: true, Reason: "missing required feature(s): dot, llvm-filecheck"},
		},
		{
			name:        "unsupported",
			unsupported: []string{"arm64", "linux"},
			want:        Decision{Skip: true, Reason: "unsupported: UNSUPPORTED: linux"},
		},
		{name: "unsupported elsewhere", unsupported: []string{"arm64", "darwin"}, want: Decision{}},
		{name: "xfail star", xf: []string{"*"}, want: Decision{XFail: true}},
		{name: "xfail feature", xf: []string{"darwin", "amd64"}, want: Decision{XFail: true}},
		{name: "xfail elsewhere", xf: []string{"darwin", "arm64 && linux"}, want: Decision{}},
		{
			name:     "requires wins over xfail",
			requires: []string{"dot"}, xf: []string{"*"},
			want: Decision{Skip: true, Reason: "missing required feature(s): dot"},
		},
		{
			name:     "requires reported before unsupported",
			requires: []string{"dot"}, unsupported: []string{"linux"},
			want: Decision{Skip: true, Reason: "missing required feature(s): dot"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &Script{Requires: tc.requires, Unsupported: tc.unsupported, XFail: tc.xf}
			got, err := s.Decide(f)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Decide = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestDecideErrors(t *testing.T) {
	for _, s := range []*Script{
		{Requires: []string{"(go"}},
		{Unsupported: []string{"go &&"}},
		{XFail: []string{"*go"}},
		{Requires: []string{"*"}},
	} {
		if _, err := s.Decide(Features{}); err == nil {
			t.Errorf("Decide(%+v) succeeded, want an error", s)
		}
	}
}

func TestFeaturesSorted(t *testing.T) {
	f := Features{"b": true, "a": true, "off": false}
	if d := cmp.Diff([]string{"a", "b"}, f.Sorted()); d != "" {
		t.Errorf("Sorted differs (-want +got):\n%s", d)
	}
}

func TestDetectFeatures(t *testing.T) {
	f := DetectFeatures(&Tools{Built: []string{"filecheck", "not"}})
	for _, want := range []string{runtime.GOOS, runtime.GOARCH, "filecheck", "not"} {
		if !f.Has(want) {
			t.Errorf("feature %q missing from %v", want, f.Sorted())
		}
	}
	if got, want := f.Has("mlir-opt"), FindMLIROpt() != ""; got != want {
		t.Errorf("mlir-opt feature = %v, but FindMLIROpt found %q", got, FindMLIROpt())
	}
	if got, want := f.Has("llvm-filecheck"), FindFileCheck() != ""; got != want {
		t.Errorf("llvm-filecheck feature = %v, but FindFileCheck found %q", got, FindFileCheck())
	}
	for _, name := range f.Sorted() {
		if strings.TrimSpace(name) == "" {
			t.Errorf("empty feature name in %v", f.Sorted())
		}
	}
}
