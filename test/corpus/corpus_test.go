// Package corpus holds the round-trip corpus: MLIR files covering every
// builtin type, attribute and location form, checked against tt's own
// printer in both forms and against mlir-opt-16 when it is installed.
package corpus

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.mlir")
	if err != nil || len(files) < 30 {
		t.Fatalf("corpus has %d files (%v); want at least 30", len(files), err)
	}
	return files
}

func parse(t *testing.T, name string, src []byte) *ir.Operation {
	t.Helper()
	ctx := registry.NewContext()
	ctx.AllowUnregistered = true
	m, err := asm.Parse(ctx, src, asm.ParseOptions{Filename: name})
	if err != nil {
		t.Fatalf("parse %s: %v\n%s", name, err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify %s: %v", name, err)
	}
	return m
}

// TestRoundTrip checks parse(print(x)) == x for the custom and generic forms,
// with and without debug info, and that both forms describe the same IR.
func TestRoundTrip(t *testing.T) {
	for _, f := range corpusFiles(t) {
		t.Run(f, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m := parse(t, f, src)
			for _, opts := range []asm.PrintOptions{{}, {Generic: true}, {DebugInfo: true}, {Generic: true, DebugInfo: true}} {
				first := asm.String(m, opts)
				second := asm.String(parse(t, f+".printed", []byte(first)), opts)
				if first != second {
					t.Errorf("round trip with %+v differs:\nfirst:\n%s\nsecond:\n%s", opts, first, second)
				}
			}
			custom := asm.String(m, asm.PrintOptions{DebugInfo: true})
			fromGeneric := asm.String(parse(t, "generic", []byte(asm.String(m, asm.PrintOptions{Generic: true, DebugInfo: true}))), asm.PrintOptions{DebugInfo: true})
			if custom != fromGeneric {
				t.Errorf("generic form does not describe the same IR:\n%s\nvs\n%s", custom, fromGeneric)
			}
		})
	}
}

func mlirOpt(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"mlir-opt-16", "/usr/lib/llvm-16/bin/mlir-opt"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("mlir-opt-16 is not installed (apt-get install mlir-16-tools); skipping the MLIR interop check")
	return ""
}

// runMLIR runs mlir-opt on input (a file path when file is set, else stdin).
func runMLIR(t *testing.T, bin string, input []byte, file string, args ...string) []byte {
	t.Helper()
	args = append([]string{"--allow-unregistered-dialect"}, args...)
	if file != "" {
		args = append(args, file)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-opt %v: %v\n%s\ninput:\n%s", args, err, stderr.String(), input)
	}
	return out
}

// TestMLIRInterop feeds tt's generic output to mlir-opt-16 and checks that
// mlir-opt prints the same generic IR as for the original file.
func TestMLIRInterop(t *testing.T) {
	bin := mlirOpt(t)
	for _, f := range corpusFiles(t) {
		t.Run(f, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, debug := range []bool{false, true} {
				args := []string{"--mlir-print-op-generic"}
				if debug {
					args = append(args, "--mlir-print-debuginfo")
				}
				ours := asm.String(parse(t, f, src), asm.PrintOptions{Generic: true, DebugInfo: debug})
				want := runMLIR(t, bin, nil, f, args...)
				got := runMLIR(t, bin, []byte(ours), "", args...)
				if !bytes.Equal(got, want) {
					t.Errorf("debuginfo=%v: mlir-opt reads tt's generic output differently:\ntt generic:\n%s\nmlir-opt of tt output:\n%s\nmlir-opt of file:\n%s", debug, ours, got, want)
				}
			}
		})
	}
}

// TestMatchesMLIRPrinter checks that tt prints the corpus exactly as
// mlir-opt-16 does (custom and generic forms). Files using affine maps are
// left out: mlir-opt prints those through #map aliases, tt inline.
func TestMatchesMLIRPrinter(t *testing.T) {
	bin := mlirOpt(t)
	for _, f := range corpusFiles(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(src, []byte("affine_map")) {
			continue
		}
		t.Run(f, func(t *testing.T) {
			for _, generic := range []bool{false, true} {
				var args []string
				if generic {
					args = append(args, "--mlir-print-op-generic")
				}
				want := string(bytes.TrimRight(runMLIR(t, bin, nil, f, args...), "\n"))
				got := asm.String(parse(t, f, src), asm.PrintOptions{Generic: generic})
				if got != want {
					t.Errorf("generic=%v: tt prints\n%s\nmlir-opt prints\n%s", generic, got, want)
				}
			}
		})
	}
}
