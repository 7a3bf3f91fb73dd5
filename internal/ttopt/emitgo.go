package ttopt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/tt-compiler/tt/backend/gobuild"
	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/report"
)

// emitOptions are the flags of tt-opt's code generation: --emit=go writes
// the module (in loop-level form, after the passes) as a Go package instead
// of printing it.
type emitOptions struct {
	target    string // "" (print IR) or "go"
	goPackage string
	goSIMD    string      // --go-simd
	simd      goemit.SIMD // its level
	dumpDir   string
	ptxTarget string // --ptx-target, with --emit=ptx
	profile   bool   // --go-profile

	dump   map[string][]byte // stage files, for --dump-dir
	source string            // the input's name
}

// addEmitFlags declares --emit, --go-package and --dump-dir.
func addEmitFlags(f *pflag.FlagSet, eo *emitOptions) {
	f.StringVar(&eo.target, "emit", "", "write the module as code instead of IR: go (a Go package; the module must be in loop-level form) or ptx (the kernels of its gpu.module ops, after pt2-gpu)")
	f.StringVar(&eo.ptxTarget, "ptx-target", "sm_80", "with --emit=ptx: the SM architecture, sm_70 to sm_90")
	f.StringVar(&eo.goPackage, "go-package", goemit.DefaultPackage, "package name of the Go code --emit=go writes")
	f.StringVar(&eo.goSIMD, "go-simd", gobuild.SIMDAuto, "with --emit=go: hold vectors in simd/archsimd registers: "+gobuild.SIMDChoices+
		" (auto: what this host runs best; off: portable scalar Go)")
	f.BoolVar(&eo.profile, "go-profile", false, "with --emit=go: time every kernel and export "+goemit.ProfileReportName+" (what tt-run --profile uses)")
	f.StringVar(&eo.dumpDir, "dump-dir", "", "with --emit=go: write the IR before and after the lowering stages, kernels.dot (and .svg), model.go and build.txt into DIR")
}

// active reports whether code is emitted instead of IR.
func (eo *emitOptions) active() bool { return eo.target != "" }

// check validates the flags against the other options.
func (eo *emitOptions) check(opts *options) error {
	switch {
	case eo.target == "" && eo.dumpDir != "":
		return errors.New("tt-opt: --dump-dir applies to --emit=go")
	case eo.target == "" && eo.goPackage != goemit.DefaultPackage:
		return errors.New("tt-opt: --go-package applies to --emit=go")
	case eo.target == "" && eo.goSIMD != gobuild.SIMDAuto:
		return errors.New("tt-opt: --go-simd applies to --emit=go")
	case eo.target == "" && eo.profile:
		return errors.New("tt-opt: --go-profile applies to --emit=go")
	case eo.target == "":
		return nil
	case eo.target == "ptx":
		return checkPTX(eo, opts)
	case eo.target != "go":
		return fmt.Errorf("tt-opt: unknown --emit target %q (supported: go, ptx)", eo.target)
	case opts.splitInputFile:
		return errors.New("tt-opt: --emit=go writes one Go file and cannot be combined with --split-input-file")
	case opts.verifyDiagnostics:
		return errors.New("tt-opt: --emit=go cannot be combined with --verify-diagnostics")
	case !goemit.IsPackageName(eo.goPackage):
		return fmt.Errorf("tt-opt: --go-package %q is not a Go package name", eo.goPackage)
	}
	level, err := gobuild.ResolveSIMD(eo.goSIMD)
	if err != nil {
		return fmt.Errorf("tt-opt: %v", err)
	}
	eo.simd = level
	return nil
}

// begin records the parsed module (01-graph.mlir) and, with --dump-dir,
// adds the stage capture to the pass pipeline run.
func (eo *emitOptions) begin(file string, module *ir.Operation, po *passOptions) {
	eo.source = file
	if eo.target == "" || eo.dumpDir == "" {
		return
	}
	eo.dump = map[string][]byte{}
	record := func(name string, m *ir.Operation) {
		var b []byte
		w := &appendWriter{&b}
		_ = asm.Print(w, m, asm.PrintOptions{})
		eo.dump[name] = append(b, '\n')
	}
	record(gobuild.GraphFile, module)
	po.instruments = append(po.instruments, &gobuild.StageCapture{Root: module, Record: record})
}

type appendWriter struct{ b *[]byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	*w.b = append(*w.b, p...)
	return len(p), nil
}

// emitGo writes the module as a Go package to out (and the debug artifacts
// with --dump-dir). Errors located in the module go to report.
func emitGo(opts *options, module *ir.Operation, report func(*ir.Diagnostic), out, stderr io.Writer) bool {
	eo := &opts.emit
	pkg, err := goemit.Emit(module, goemit.Options{Package: eo.goPackage, Source: filepath.Base(eo.source), SIMD: eo.simd, Profile: eo.profile})
	if err != nil {
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			report(d)
		} else {
			fmt.Fprintf(stderr, "tt-opt: %v\n", err)
		}
		return false
	}
	if eo.dumpDir != "" {
		if err := writeDump(eo, module, pkg); err != nil {
			fmt.Fprintf(stderr, "tt-opt: --dump-dir: %v\n", err)
			return false
		}
	}
	if _, err := out.Write(pkg.Source); err != nil {
		fmt.Fprintf(stderr, "tt-opt: %v\n", err)
		return false
	}
	return true
}

// writeDump writes the stage files, the kernel graph (of the post-fusion
// module when the pipeline fused, else of the final module) and model.go.
func writeDump(eo *emitOptions, module *ir.Operation, pkg *goemit.Package) error {
	var b []byte
	_ = asm.Print(&appendWriter{&b}, module, asm.PrintOptions{})
	eo.dump[gobuild.FinalFile] = append(b, '\n')
	if err := gobuild.WriteStages(eo.dumpDir, eo.dump); err != nil {
		return err
	}
	graph := module
	if post, ok := eo.dump[gobuild.PostFusionFile]; ok {
		if m, err := asm.Parse(module.Context(), post, asm.ParseOptions{Filename: gobuild.PostFusionFile}); err == nil {
			graph = m
		}
	}
	if err := gobuild.WriteKernelGraph(context.Background(), eo.dumpDir, graph); err != nil {
		return err
	}
	if err := gobuild.WriteBuildInfo(eo.dumpDir, fmt.Sprintf("simd: %s\n", pkg.SIMD)); err != nil {
		return err
	}
	if err := gobuild.WriteSources(eo.dumpDir, pkg.Source, nil); err != nil {
		return err
	}
	// The stages were captured as text, so the kernels' ops have no
	// locations here (tt-run's --dump-dir has them).
	var post *ir.Operation
	if graph != module {
		post = graph
	}
	if err := gobuild.WriteReportData(eo.dumpDir, report.Collect(nil, post, module)); err != nil {
		return err
	}
	return gobuild.WriteReport(eo.dumpDir, "tt-opt --emit=go")
}
