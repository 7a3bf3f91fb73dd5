package ttrun

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
)

// Located is an error made of diagnostics located in a program's source:
// its message is the diagnostics rendered like tt-opt renders them
// ("file:line:col: error: message", the source line and a caret).
type Located struct {
	Diags   ir.DiagnosticList
	Sources *ir.SourceMgr
}

// Error implements error.
func (e *Located) Error() string {
	var sb strings.Builder
	for _, d := range e.Diags {
		sb.WriteString(d.Render(e.Sources))
	}
	return strings.TrimRight(sb.String(), "\n")
}

// Unwrap returns the diagnostics, so errors.As finds an *ir.Diagnostic.
func (e *Located) Unwrap() []error {
	out := make([]error, len(e.Diags))
	for i, d := range e.Diags {
		out[i] = d
	}
	return out
}

// preformatted is an error whose message is already complete (a pass
// pipeline syntax error with its own caret line); tt-run prints it as is.
type preformatted struct{ err error }

func (e *preformatted) Error() string { return e.err.Error() }
func (e *preformatted) Unwrap() error { return e.err }

// Program is a parsed, verified module, after the --pass-pipeline ran.
type Program struct {
	// File is the file name used in locations ("<stdin>" for standard input).
	File string
	// Module is the builtin.module.
	Module *ir.Operation
	// Sources holds the file's text, for rendering diagnostics.
	Sources *ir.SourceMgr
	// Remarks are the pipeline's remarks (aot-autograd's partition
	// decisions, when the Go backend writes a compile report).
	Remarks []*ir.Diagnostic
}

// ReadSource reads a program file; "-" reads stdin, named "<stdin>" in
// diagnostics.
func ReadSource(path string, stdin io.Reader) (src []byte, name string, err error) {
	if path == "-" {
		if stdin == nil {
			return nil, "", errors.New("no standard input to read the program from")
		}
		src, err = io.ReadAll(stdin)
		return src, "<stdin>", err
	}
	src, err = os.ReadFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("could not open input file: %w", err)
	}
	return src, path, nil
}

// Load parses src (the text of file) with every tt dialect, verifies it,
// and runs the pass pipeline (tt-opt's --pass-pipeline syntax, anchored on
// builtin.module; empty for none) on it. Parse, verification and pass
// errors are *Located errors; a malformed pipeline is an error whose
// message points into the pipeline text.
func Load(file string, src []byte, pipeline string) (*Program, error) {
	return load(file, src, pipeline, false)
}

// load is Load; with partitionRemarks, the pipeline's aot-autograd passes
// report their partition decisions, kept as Program.Remarks.
func load(file string, src []byte, pipeline string, partitionRemarks bool) (*Program, error) {
	var pm *pass.PassManager
	if strings.TrimSpace(pipeline) != "" {
		var err error
		pm, err = registry.NewPassRegistry().ParseAnchored(pipeline, builtin.ModuleName)
		if err != nil {
			return nil, &preformatted{err}
		}
		if partitionRemarks {
			for _, p := range pm.Passes() {
				if p.Argument() == autogradPass {
					if err := p.Options().Parse("remarks=true", autogradPass); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	sources := ir.NewSourceMgr()
	sources.Add(file, src)
	ctx := registry.NewContext()
	var diags ir.DiagnosticList
	ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) { diags = append(diags, d) })
	fail := func(err error, loc ir.Location) error {
		if err != nil && !isEmitted(err) {
			diags = append(diags, ir.AsDiagnostic(err, loc))
		}
		if !diags.HasErrors() {
			diags = append(diags, ir.Errorf(loc, "failed"))
		}
		return &Located{Diags: errorsOnly(diags), Sources: sources}
	}
	module, err := asm.Parse(ctx, src, asm.ParseOptions{Filename: file})
	if err != nil {
		return nil, fail(err, ir.FileLineCol(file, 1, 1))
	}
	if err := ir.Verify(module); err != nil {
		return nil, fail(err, ir.FileLineCol(file, 1, 1))
	}
	if pm != nil {
		if err := pm.Run(module, &pass.RunOptions{}); err != nil {
			return nil, fail(err, module.Loc())
		}
		if diags.HasErrors() {
			return nil, fail(nil, module.Loc())
		}
	}
	prog := &Program{File: file, Module: module, Sources: sources}
	for _, d := range diags {
		if d.Severity == ir.SeverityRemark {
			prog.Remarks = append(prog.Remarks, d)
		}
	}
	return prog, nil
}

// autogradPass is the argument of the pass whose remarks the Go backend's
// compile report shows.
const autogradPass = "aot-autograd"

// isEmitted reports whether a pipeline error already went through the
// context's diagnostic handler.
func isEmitted(err error) bool {
	var f *pass.Failure
	return errors.As(err, &f) && f.Emitted
}

// errorsOnly keeps the error diagnostics (warnings and remarks from passes
// are not tt-run's business when the run fails anyway).
func errorsOnly(l ir.DiagnosticList) ir.DiagnosticList {
	var out ir.DiagnosticList
	for _, d := range l {
		if d.Severity == ir.SeverityError {
			out = append(out, d)
		}
	}
	return out
}

// Locate turns an error from a backend into a *Located error when it
// carries diagnostics, so that it is shown with the source line.
func (p *Program) Locate(err error) error {
	if err == nil {
		return nil
	}
	var d *ir.Diagnostic
	if errors.As(err, &d) {
		return &Located{Diags: ir.DiagnosticList{d}, Sources: p.Sources}
	}
	return err
}

// Functions returns the func.func ops directly in the module, in order.
func (p *Program) Functions() []*ir.Operation {
	var out []*ir.Operation
	if p.Module.NumRegions() == 0 || p.Module.Region(0).Empty() {
		return nil
	}
	for op := p.Module.Region(0).Front().First(); op != nil; op = op.Next() {
		if op.Name() == function.FuncName {
			out = append(out, op)
		}
	}
	return out
}

// Entry is the function tt-run runs.
type Entry struct {
	Name string
	Func *ir.Operation
	Type *ir.FunctionType
}

// Entry resolves the function to run: the func.func called name, or, when
// name is empty, the module's only public func.func. The errors list the
// candidates.
func (p *Program) Entry(name string) (*Entry, error) {
	funcs := p.Functions()
	var public []string
	for _, f := range funcs {
		if ir.IsPublicSymbol(f) {
			public = append(public, "@"+ir.SymbolName(f))
		}
	}
	var fn *ir.Operation
	if name == "" {
		switch len(public) {
		case 0:
			return nil, fmt.Errorf("%s has no public func.func to run", p.File)
		case 1:
			name = public[0][1:]
		default:
			return nil, fmt.Errorf("%s has %d public functions; choose one with --entry: %s", p.File, len(public), strings.Join(public, ", "))
		}
	}
	name = strings.TrimPrefix(name, "@")
	for _, f := range funcs {
		if ir.SymbolName(f) == name {
			fn = f
			break
		}
	}
	if fn == nil {
		if len(public) == 0 {
			return nil, fmt.Errorf("no function @%s in %s, which has no public functions", name, p.File)
		}
		return nil, fmt.Errorf("no function @%s in %s; public functions: %s", name, p.File, strings.Join(public, ", "))
	}
	ta, _ := fn.Attr("function_type").(*ir.TypeAttr)
	var ft *ir.FunctionType
	if ta != nil {
		ft, _ = ta.Value.(*ir.FunctionType)
	}
	if ft == nil {
		return nil, fmt.Errorf("@%s has no function type", name)
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil, fmt.Errorf("@%s is only declared; it has no body to run", name)
	}
	return &Entry{Name: name, Func: fn, Type: ft}, nil
}
