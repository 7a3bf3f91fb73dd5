package llvmflags

import (
	"slices"
	"testing"

	"github.com/spf13/pflag"
)

func newFlagSet() *pflag.FlagSet {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	fs.StringP("output", "o", "-", "")
	fs.BoolP("verbose", "v", false, "")
	fs.Bool("split-input-file", false, "")
	fs.String("pass-pipeline", "", "")
	fl := fs.VarPF(new(stringValue), "canonicalize", "", "")
	fl.NoOptDefVal = "true"
	return fs
}

type stringValue string

func (s *stringValue) String() string     { return string(*s) }
func (s *stringValue) Set(v string) error { *s = stringValue(v); return nil }
func (s *stringValue) Type() string       { return "string" }

func TestNormalize(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []string
		want []string
	}{
		{"long with one dash", []string{"-split-input-file", "f.mlir"}, []string{"--split-input-file", "f.mlir"}},
		{"value after =", []string{"-pass-pipeline=builtin.module(cse)"}, []string{"--pass-pipeline=builtin.module(cse)"}},
		{"value in next argument", []string{"-pass-pipeline", "-x"}, []string{"--pass-pipeline", "-x"}},
		{"optional value", []string{"-canonicalize", "-split-input-file"}, []string{"--canonicalize", "--split-input-file"}},
		{"two dashes kept", []string{"--split-input-file", "--output", "-v"}, []string{"--split-input-file", "--output", "-v"}},
		{"short flags kept", []string{"-o", "-", "-v", "-ofile"}, []string{"-o", "-", "-v", "-ofile"}},
		{"stdin", []string{"-"}, []string{"-"}},
		{"help and version", []string{"-help", "-version"}, []string{"--help", "--version"}},
		{"unknown long", []string{"-no-such-flag"}, []string{"--no-such-flag"}},
		{"unknown starting with a short letter", []string{"-vx"}, []string{"-vx"}},
		{"after --", []string{"--", "-split-input-file"}, []string{"--", "-split-input-file"}},
		{"empty name", []string{"-=x"}, []string{"-=x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Normalize(newFlagSet(), tc.in); !slices.Equal(got, tc.want) {
				t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestParsesLikeLLVM checks that the normalized arguments parse to the
// values LLVM's cl would give.
func TestParsesLikeLLVM(t *testing.T) {
	fs := newFlagSet()
	args := []string{"-split-input-file=true", "-pass-pipeline", "builtin.module(cse)", "-o", "out.mlir", "in.mlir"}
	if err := fs.Parse(Normalize(fs, args)); err != nil {
		t.Fatal(err)
	}
	if v, _ := fs.GetBool("split-input-file"); !v {
		t.Error("split-input-file not set")
	}
	if v, _ := fs.GetString("pass-pipeline"); v != "builtin.module(cse)" {
		t.Errorf("pass-pipeline = %q", v)
	}
	if v, _ := fs.GetString("output"); v != "out.mlir" {
		t.Errorf("output = %q", v)
	}
	if !slices.Equal(fs.Args(), []string{"in.mlir"}) {
		t.Errorf("positional arguments = %q", fs.Args())
	}
}
