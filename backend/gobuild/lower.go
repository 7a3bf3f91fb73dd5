package gobuild

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/report"
)

// Pipeline is the name of the named pipeline that lowers tensor programs
// to the loop level the Go emitter consumes.
const Pipeline = "pt2-go"

// Stage file names in a dump directory.
const (
	GraphFile      = "01-graph.mlir"
	PreFusionFile  = "02-pre-fusion.mlir"
	PostFusionFile = "03-post-fusion.mlir"
	LoopsFile      = "04-loops.mlir"
	FinalFile      = "05-final.mlir"
	DotFile        = "kernels.dot"
	SVGFile        = "kernels.svg"
	ModelFile      = "model.go"
	MainFile       = "main.go"
	BuildFile      = "build.txt"
	ReportDataFile = "report.json"
	ProfileFile    = "profile.tsv"
	ReportFile     = "index.html"
)

// ErrNoPipeline is returned (wrapped) by Lower when the module is not in
// loop-level form and tt has no pt2-go pipeline to lower it.
var ErrNoPipeline = errors.New("the " + Pipeline + " pipeline is not available in this build of tt")

// LowerOptions configure Lower.
type LowerOptions struct {
	// DumpDir, when not empty, receives the debug artifacts.
	DumpDir string
	// SIMD is the level the code will be emitted for: it sets the vector
	// widths of the pipeline's vectorize passes (VectorWidths).
	SIMD goemit.SIMD
	// VectorLanesF32, when positive, overrides the f32 lanes of SIMD's
	// widths (f64: half), to compare widths at one level.
	VectorLanesF32 int
	// Remarks of earlier passes (aot-autograd's partition decisions) for
	// the dump directory's compile report.
	Remarks []report.Remark
}

// VectorizePass is the argument of the pass whose widths LowerOptions set.
const VectorizePass = "vectorize"

// FusePass is the argument of the fusion pass, whose remarks a dump
// directory's report keeps.
const FusePass = "fuse"

// Lower brings module to the loop level in place: it runs the pt2-go
// pipeline of reg when reg has it, and otherwise checks that the module is already
// in loop-level form, returning an error wrapping ErrNoPipeline (located at
// the first tensor op) when it is not. With a dump directory it writes the
// stage files and the kernel graph.
func Lower(ctx context.Context, module *ir.Operation, reg *pass.Registry, opts LowerOptions) error {
	d := newDumper(opts.DumpDir)
	if d != nil {
		d.partition = opts.Remarks
	}
	d.capture(GraphFile, module)
	if reg == nil || reg.LookupPipeline(Pipeline) == nil {
		if op := firstTensorOp(module); op != nil {
			err := ir.Errorf(op.Loc(), "the Go backend needs the module in loop-level form (memrefs, loops, vector, arith); %v yet, and %s is %s", ErrNoPipeline, op.Name(), describeTensorUse(op))
			return &lowerError{diag: err}
		}
	} else {
		pm, err := reg.ParseAnchored(Pipeline, builtin.ModuleName)
		if err != nil {
			return fmt.Errorf("parsing the %s pipeline: %v", Pipeline, err)
		}
		// The named pipeline's passes with the widths of the level (the
		// pipeline stays the one definition, lowering.Stages).
		f32, f64 := VectorWidths(opts.SIMD, opts.VectorLanesF32)
		for _, p := range pm.Passes() {
			if p.Argument() == VectorizePass {
				if err := p.Options().Parse(fmt.Sprintf("width-f32=%d width-f64=%d", f32, f64), VectorizePass); err != nil {
					return fmt.Errorf("setting the vector widths of %s: %v", Pipeline, err)
				}
			}
		}
		run := &pass.RunOptions{}
		if d != nil {
			run.DisableThreading = true // stage captures print the whole module
			run.Instrumentations = append(run.Instrumentations, &StageCapture{Root: module, Record: d.capture})
			// The report says why fusion left nodes apart: fuse's remarks,
			// kept from the context's handler (which gets the rest).
			for _, p := range pm.Passes() {
				if p.Argument() == FusePass {
					if err := p.Options().Parse("remarks=true", FusePass); err != nil {
						return fmt.Errorf("asking %s for remarks: %v", FusePass, err)
					}
				}
			}
			ctx := module.Context()
			var old func(*ir.Diagnostic)
			old = ctx.SetDiagnosticHandler(func(diag *ir.Diagnostic) {
				if diag.Severity == ir.SeverityRemark && strings.HasPrefix(diag.Message, FusePass+": ") {
					d.remarks = append(d.remarks, report.Remark{Loc: report.LocText(diag.Loc), Message: diag.Message})
					return
				}
				if old != nil {
					old(diag)
				}
			})
			defer ctx.SetDiagnosticHandler(old)
		}
		if err := pm.Run(module, run); err != nil {
			return err
		}
	}
	d.capture(FinalFile, module)
	return d.finish(ctx, module)
}

// lowerError is a located error that also wraps ErrNoPipeline.
type lowerError struct{ diag *ir.Diagnostic }

func (e *lowerError) Error() string   { return e.diag.Error() }
func (e *lowerError) Unwrap() []error { return []error{e.diag, ErrNoPipeline} }

// firstTensorOp returns the first op that works on tensors (a tensor
// dialect op, a loops.kernel, or an op with tensor operands or results).
func firstTensorOp(module *ir.Operation) *ir.Operation {
	var found *ir.Operation
	module.WalkPreOrder(func(op *ir.Operation) ir.WalkResult {
		if found != nil {
			return ir.WalkInterrupt
		}
		if op.Dialect() == "tensor" || op.Name() == loops.KernelName {
			found = op
			return ir.WalkInterrupt
		}
		for _, t := range append(op.OperandTypes(), op.ResultTypes()...) {
			if isTensor(t) {
				found = op
				return ir.WalkInterrupt
			}
		}
		if op.Name() == function.FuncName {
			if ta, ok := op.Attr("function_type").(*ir.TypeAttr); ok {
				if ft, ok := ta.Value.(*ir.FunctionType); ok {
					for _, t := range append(append([]ir.Type{}, ft.Inputs...), ft.Results...) {
						if isTensor(t) {
							found = op
							return ir.WalkInterrupt
						}
					}
				}
			}
		}
		return ir.WalkAdvance
	})
	return found
}

func isTensor(t ir.Type) bool {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

func describeTensorUse(op *ir.Operation) string {
	if op.Name() == function.FuncName {
		return "a function on tensors"
	}
	return "a tensor-level op"
}

// StageCapture is a pass instrumentation that records the module around
// the passes that delimit the lowering's stages: before the first fuse
// (pre-fusion), after fuse (post-fusion) and after tensor-to-loops (loops).
// Run the pipeline without threading: it prints the whole module.
type StageCapture struct {
	// Root is the module.
	Root *ir.Operation
	// Record receives a stage's file name and the module.
	Record func(name string, module *ir.Operation)

	mu      sync.Mutex
	started bool
}

// BeforePass records the pre-fusion module before the first fuse.
func (s *StageCapture) BeforePass(ev *pass.PassEvent) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ev.Pass.Argument() == "fuse" && !s.started {
		s.started = true
		s.Record(PreFusionFile, s.Root)
	}
}

// AfterPass records the module after fuse and after tensor-to-loops (the
// last run wins when they run once per function).
func (s *StageCapture) AfterPass(ev *pass.PassEvent) {
	if ev.Err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch ev.Pass.Argument() {
	case "fuse":
		s.Record(PostFusionFile, s.Root)
	case "tensor-to-loops":
		s.Record(LoopsFile, s.Root)
	}
}

// dumper collects stage texts and writes them; a nil dumper does nothing.
type dumper struct {
	dir       string
	stages    map[string][]byte
	graph     *ir.Operation   // a copy of the module given, for the report
	post      *ir.Operation   // a copy of the post-fusion module, for the graph
	remarks   []report.Remark // fuse's
	partition []report.Remark // aot-autograd's, from LowerOptions
	err       error
}

func newDumper(dir string) *dumper {
	if dir == "" {
		return nil
	}
	return &dumper{dir: dir, stages: map[string][]byte{}}
}

// capture prints the module as a stage file.
func (d *dumper) capture(name string, module *ir.Operation) {
	if d == nil {
		return
	}
	var b bytes.Buffer
	if err := asm.Print(&b, module, asm.PrintOptions{}); err != nil && d.err == nil {
		d.err = err
	}
	b.WriteString("\n")
	d.stages[name] = b.Bytes()
	switch name {
	case GraphFile:
		d.graph = module.Clone(ir.NewMapping())
	case PostFusionFile:
		d.post = module.Clone(ir.NewMapping())
	}
}

// finish writes the stage files and the kernel graph.
func (d *dumper) finish(ctx context.Context, final *ir.Operation) error {
	if d == nil {
		return nil
	}
	if d.err != nil {
		return fmt.Errorf("printing the IR for --dump-dir: %v", d.err)
	}
	if err := WriteStages(d.dir, d.stages); err != nil {
		return err
	}
	graphOf := final
	if d.post != nil {
		graphOf = d.post
	}
	data := report.Collect(d.graph, d.post, final)
	data.Fusion, data.Partition = d.remarks, d.partition
	if err := WriteReportData(d.dir, data); err != nil {
		return err
	}
	return WriteKernelGraph(ctx, d.dir, graphOf)
}

// WriteReportData writes the data of the compile report (kernels and
// their source ops, buffers, saved values) into a dump directory as
// report.json.
func WriteReportData(dir string, data *report.Data) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // IR types keep their < and > readable
	enc.SetIndent("", " ")
	if err := enc.Encode(data); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ReportDataFile), b.Bytes(), 0o644)
}

// WriteProfile writes a program's kernel counters (Process.Profile's text)
// into a dump directory as profile.tsv, which WriteReport adds to the
// report.
func WriteProfile(dir, text string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ProfileFile), []byte(text), 0o644)
}

// WriteReport writes the compile report, index.html, from the files of a
// dump directory (the stages, the kernel graph, model.go, build.txt and
// report.json; each may be missing). Write it last, after WriteSources
// and WriteBuildInfo.
func WriteReport(dir, title string) error {
	read := func(name string) []byte {
		b, _ := os.ReadFile(filepath.Join(dir, name))
		return b
	}
	p := &report.Page{Title: title, SVG: read(SVGFile), Dot: read(DotFile), Model: read(ModelFile), Build: string(read(BuildFile)), Profile: string(read(ProfileFile))}
	for _, name := range []string{GraphFile, PreFusionFile, PostFusionFile, LoopsFile, FinalFile} {
		if b := read(name); b != nil {
			p.Stages = append(p.Stages, report.Stage{Name: name, Text: string(b)})
		}
	}
	if b := read(ReportDataFile); b != nil {
		p.Data = &report.Data{}
		if err := json.Unmarshal(b, p.Data); err != nil {
			return fmt.Errorf("%s: %v", ReportDataFile, err)
		}
	}
	var out bytes.Buffer
	if err := report.Write(&out, p); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ReportFile), out.Bytes(), 0o644)
}

// WriteKernelGraph writes kernels.dot for module into dir, and kernels.svg
// when Graphviz's dot is on PATH (best effort: a dot failure is ignored).
func WriteKernelGraph(ctx context.Context, dir string, module *ir.Operation) error {
	dotPath := filepath.Join(dir, DotFile)
	if err := os.WriteFile(dotPath, KernelGraph(module), 0o644); err != nil {
		return err
	}
	if dot, err := exec.LookPath("dot"); err == nil {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		_ = exec.CommandContext(ctx, dot, "-Tsvg", "-o", filepath.Join(dir, SVGFile), dotPath).Run()
	}
	return nil
}

// WriteSources writes the generated package and command into a dump
// directory as model.go and main.go (main may be nil).
func WriteSources(dir string, model, main []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, ModelFile), model, 0o644); err != nil {
		return err
	}
	if main != nil {
		return os.WriteFile(filepath.Join(dir, MainFile), main, 0o644)
	}
	return nil
}

// WriteBuildInfo writes the description of a build (the SIMD level and
// the build environment, see Program.BuildInfo) into a dump directory as
// build.txt.
func WriteBuildInfo(dir, info string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, BuildFile), []byte(info), 0o644)
}

// WriteStages writes stage files (name → IR text) into dir.
func WriteStages(dir string, stages map[string][]byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, text := range stages {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			return err
		}
	}
	return nil
}
