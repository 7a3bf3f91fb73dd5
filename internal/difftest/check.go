package difftest

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
)

// Case is a program to check: a module, its entry function and inputs.
// Grad cases are differentiated with aot-autograd{func=Entry} and their
// Entry_grad is run and checked against finite differences.
type Case struct {
	Name   string
	Module string
	Entry  string
	Inputs []*interp.Tensor
	Grad   bool
}

// CaseOf returns the case of a generated program, its function named name.
func CaseOf(p *Program, name string) *Case {
	return &Case{Name: name, Module: p.Module(name), Entry: name, Inputs: p.Inputs, Grad: p.Grad}
}

// Failure kinds.
const (
	// KindInvalid: the reference backend rejects or fails on the program
	// (a generator bug, or a bug of the verifier or the interpreter).
	KindInvalid = "invalid"
	// KindError: a backend fails where the reference ran.
	KindError = "error"
	// KindMismatch: a backend's results differ from the reference's beyond
	// the tolerance.
	KindMismatch = "mismatch"
	// KindGradient: aot-autograd's gradient differs from finite
	// differences.
	KindGradient = "gradient"
)

// Failure is one way a case fails.
type Failure struct {
	Kind    string
	Backend string
	Stage   string
	Msg     string
}

func (f Failure) String() string {
	s := f.Kind + " " + f.Backend
	if f.Stage != "" {
		s += " (" + f.Stage + ")"
	}
	return s + ": " + firstLine(f.Msg)
}

var (
	digits    = regexp.MustCompile(`[0-9]+`)
	locPrefix = regexp.MustCompile(`^[^ ]*:#:#: `)
	values    = regexp.MustCompile(`%[A-Za-z_0-9#]+|@[A-Za-z_0-9#]+`)
	paths     = regexp.MustCompile(`[^ ]*/[^ ]*`)
	// goBuildError is the first error of the Go compiler in a build log.
	goBuildError = regexp.MustCompile(`(?m)^[^ ]*\.go:[0-9]+:[0-9]+: (.*)$`)
)

// Signature identifies a failure's class for minimization: kind, backend,
// stage and the first line of the message with numbers, locations, value
// and symbol names blanked, so that the same bug on a smaller program
// has the same signature.
func (f Failure) Signature() string {
	msg := firstLine(f.Msg)
	if m := goBuildError.FindStringSubmatch(f.Msg); m != nil {
		// The generated Go does not build: the compiler's message is the
		// class (the first line names temporary files).
		msg = "go build: " + m[1]
	}
	msg = paths.ReplaceAllString(msg, "PATH")
	msg = digits.ReplaceAllString(msg, "#")
	msg = locPrefix.ReplaceAllString(msg, "")
	msg = values.ReplaceAllString(msg, "%")
	if f.Kind == KindMismatch || f.Kind == KindGradient {
		// The numbers differ on a smaller program, the class does not.
		msg = numericClass(f.Msg)
	}
	return f.Kind + "|" + f.Backend + "|" + f.Stage + "|" + msg
}

// Class is the failure's class for summaries: kind, backend and stage.
func (f Failure) Class() string {
	s := f.Kind + "/" + f.Backend
	if f.Stage != "" {
		s += "/" + f.Stage
	}
	return s
}

// numericClass classifies a mismatch message: wrong shape or type, NaN
// where a number was expected (or the reverse), an infinity, or values.
func numericClass(msg string) string {
	switch {
	case strings.Contains(msg, "shape ["), strings.Contains(msg, "element type"), strings.Contains(msg, "results, want"), strings.Contains(msg, "elements, the argument"):
		return "shape"
	case strings.Contains(msg, "NaN"):
		return "nan"
	case strings.Contains(msg, "Inf"):
		return "inf"
	}
	return "values"
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// Tolerance is the comparison bound |got - want| <= ATol*scale + RTol*|want|
// where scale is max(1, the largest |want| of the result).
type Tolerance struct{ RTol, ATol float64 }

// ToleranceFor states the tolerance of a program by its op mix. Integer
// and boolean results always compare exactly (they only derive from exact
// values, see the generator). Floats: f32 2e-5 relative and 2e-6 absolute,
// f64 1e-10 and 1e-12, each times 1 + the number of ops that round
// differently on different backends (transcendental functions, fused
// multiply-adds in matmul and conv2d, reassociated sums and the composites),
// since every such op can add its error to the next one's input.
func ToleranceFor(module string, f64 bool) Tolerance {
	n := 0
	for _, op := range []string{"exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "sin", "cos", "erf", "gelu", "pow", "div",
		"reciprocal", "reduce_sum", "reduce_mean", "matmul", "conv2d", "softmax", "log_softmax", "layer_norm", "cross_entropy", "mul", "add", "sub"} {
		n += strings.Count(module, "tensor."+op+" ")
	}
	t := Tolerance{RTol: 2e-5, ATol: 2e-6}
	if f64 {
		t = Tolerance{RTol: 1e-10, ATol: 1e-12}
	}
	f := float64(1 + n)
	return Tolerance{RTol: t.RTol * f, ATol: t.ATol * f}
}

// Compare checks got against want within tol (see Tolerance).
func Compare(got, want []*interp.Tensor, tol Tolerance) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d results, want %d", len(got), len(want))
	}
	for i := range got {
		scale := 1.0
		if want[i].DType().IsFloat() {
			for k := 0; k < want[i].Len(); k++ {
				if v := math.Abs(want[i].Float(k)); v > scale && !math.IsInf(v, 0) {
					scale = v
				}
			}
		}
		if err := interp.Close(got[i], want[i], tol.RTol, tol.ATol*scale); err != nil {
			return fmt.Errorf("result #%d: %v", i, err)
		}
	}
	return nil
}

// Config is what Check runs.
type Config struct {
	// Backends compared with the reference (Tensor, always run).
	Backends []string
	// NoFD skips the finite-difference check of gradient cases.
	NoFD bool
	// Extra are backends not known by name (a new backend under test, or
	// a test's fault injection), compared like the named ones.
	Extra []Backend
}

// Report is the outcome of one case.
type Report struct {
	Case     *Case
	Failures []Failure
	// Unsupported lists the backends that refused the program for a
	// feature they lack, with the reason (see Outcome.Unsupported).
	Unsupported []Refusal
}

// Refusal is a backend's refusal of a program it does not support.
type Refusal struct {
	Backend, Reason string
}

// Check runs a batch of cases on the reference and on every configured
// backend, compares, and checks gradients against finite differences.
func Check(ctx context.Context, cfg Config, cases []*Case) []Report {
	reports := make([]Report, len(cases))
	jobs := make([]Job, len(cases))
	for i, c := range cases {
		reports[i].Case = c
		jobs[i] = jobOf(c)
	}
	ref, _ := NewBackend(Tensor)
	want := ref.RunBatch(ctx, jobs)
	backends := slices.Clone(cfg.Extra)
	for _, name := range cfg.Backends {
		if name == Tensor || name == Interp {
			continue
		}
		be, err := NewBackend(name)
		if err != nil {
			for i := range reports {
				reports[i].Failures = append(reports[i].Failures, Failure{Kind: KindError, Backend: name, Msg: err.Error()})
			}
			continue
		}
		backends = append(backends, be)
	}
	for _, be := range backends {
		name := be.Name()
		got := be.RunBatch(ctx, jobs)
		for i, c := range cases {
			if want[i].Err != nil {
				continue
			}
			if got[i].Unsupported != "" {
				reports[i].Unsupported = append(reports[i].Unsupported, Refusal{Backend: name, Reason: got[i].Unsupported})
				continue
			}
			if got[i].Err != nil {
				reports[i].Failures = append(reports[i].Failures, Failure{Kind: KindError, Backend: name, Stage: got[i].Stage, Msg: got[i].Err.Error()})
				continue
			}
			tol := ToleranceFor(c.Module, !strings.Contains(c.Module, "f32>"))
			if err := Compare(got[i].Results, want[i].Results, tol); err != nil {
				reports[i].Failures = append(reports[i].Failures, Failure{Kind: KindMismatch, Backend: name, Msg: err.Error()})
			}
		}
	}
	for i, c := range cases {
		if want[i].Err != nil {
			kind := KindInvalid
			if c.Grad && want[i].Stage == StagePipeline {
				kind = KindError
			}
			reports[i].Failures = append(reports[i].Failures, Failure{Kind: kind, Backend: Tensor, Stage: want[i].Stage, Msg: want[i].Err.Error()})
			continue
		}
		if c.Grad && !cfg.NoFD {
			if err := checkFD(ctx, c, want[i].Results); err != nil {
				reports[i].Failures = append(reports[i].Failures, Failure{Kind: KindGradient, Backend: Tensor, Msg: err.Error()})
			}
		}
	}
	return reports
}

// jobOf is the job that runs a case: Entry, or Entry_grad after
// aot-autograd for gradient cases.
func jobOf(c *Case) Job {
	j := Job{Module: c.Module, Entry: c.Entry, Inputs: c.Inputs}
	if c.Grad {
		j.Pipeline = "builtin.module(aot-autograd{func=" + c.Entry + "})"
		j.Entry = c.Entry + "_grad"
	}
	return j
}

// FD parameters: central differences with step fdStep in f64, compared
// within fdTol relative to 1 + |finite difference|.
const (
	fdStep = 1e-6
	fdTol  = 1e-5
)

// checkFD compares the gradients of grad (loss, then one gradient per
// float argument) with central finite differences of the loss, computed
// by the reference interpreter in f64.
func checkFD(ctx context.Context, c *Case, grad []*interp.Tensor) error {
	m, stage, err := prepare(Job{Module: c.Module}, false)
	if err != nil {
		return fmt.Errorf("%s: %v", stage, err)
	}
	in := interp.New(m, kernels.NewRegistry())
	// The forward pass at the point itself, watched: where a value on the
	// way is NaN or infinite, the chain rule multiplies it by the zero
	// derivative of whatever discards it (0 × NaN is NaN, as in
	// PyTorch), so the analytic gradient may be non-finite where the
	// loss is flat.
	nonFinite, err := forwardNonFinite(ctx, m, c)
	if err != nil {
		return err
	}
	args := make([]*interp.Tensor, len(c.Inputs))
	for i, x := range c.Inputs {
		args[i] = x.Clone()
	}
	loss := func() (float64, error) {
		vals := make([]interp.Value, len(args))
		for i, a := range args {
			vals[i] = a
		}
		res, err := in.RunContext(ctx, c.Entry, vals...)
		if err != nil {
			return 0, err
		}
		t, ok := res[0].(*interp.Tensor)
		if !ok || t.Len() != 1 {
			return 0, fmt.Errorf("@%s does not return a scalar loss", c.Entry)
		}
		return t.Float(0), nil
	}
	if l := grad[0].Float(0); math.IsNaN(l) || math.IsInf(l, 0) {
		return nil // no derivative to check at a non-finite loss
	}
	gi := 1
	for ai, a := range args {
		if !a.DType().IsFloat() {
			continue
		}
		if gi >= len(grad) {
			return fmt.Errorf("%d gradients for the float arguments", len(grad)-1)
		}
		g := grad[gi]
		gi++
		if g.Len() != a.Len() {
			return fmt.Errorf("gradient of argument #%d has %d elements, the argument %d", ai, g.Len(), a.Len())
		}
		for k := 0; k < a.Len(); k++ {
			orig := a.Float(k)
			a.SetFloat(k, orig+fdStep)
			up, err := loss()
			if err != nil {
				return err
			}
			a.SetFloat(k, orig-fdStep)
			down, err := loss()
			if err != nil {
				return err
			}
			a.SetFloat(k, orig)
			fd := (up - down) / (2 * fdStep)
			got := g.Float(k)
			if skipFD(got, fd, nonFinite) {
				continue
			}
			if math.IsNaN(got) != math.IsNaN(fd) || math.Abs(got-fd) > fdTol*(1+math.Abs(fd)) {
				return fmt.Errorf("d loss / d arg%d[%d] = %.10g, finite difference %.10g", ai, k, got, fd)
			}
		}
	}
	return nil
}

// skipFD reports whether an element's analytic gradient got and finite
// difference fd cannot be compared: the loss is not finite a step away
// (fd is NaN or infinite: the point is at the edge of an op's domain, or
// an overflow), or the forward pass went through a non-finite value
// (nonFinite) and the gradient is not finite — PyTorch's autograd gives
// the same NaN there, as 0 × NaN propagates, while finite differences
// only see the flat loss. A finite gradient is always checked.
func skipFD(got, fd float64, nonFinite bool) bool {
	if math.IsNaN(fd) || math.IsInf(fd, 0) {
		return true
	}
	return nonFinite && (math.IsNaN(got) || math.IsInf(got, 0))
}

// forwardNonFinite runs c's entry on the reference interpreter of the
// parsed module m and reports whether any op produced a NaN or an
// infinity in a float result.
func forwardNonFinite(ctx context.Context, m *ir.Operation, c *Case) (bool, error) {
	kr := kernels.NewRegistry()
	found := false
	for _, name := range kr.Names() {
		k := kr.Lookup(name)
		kr.Replace(name, func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
			res, err := k(e, op, args)
			for _, v := range res {
				if t, ok := v.(*interp.Tensor); ok && !found && hasNonFinite(t) {
					found = true
				}
			}
			return res, err
		})
	}
	vals := make([]interp.Value, len(c.Inputs))
	for i, x := range c.Inputs {
		if hasNonFinite(x) {
			found = true
		}
		vals[i] = x.Clone()
	}
	if _, err := interp.New(m, kr).RunContext(ctx, c.Entry, vals...); err != nil {
		return false, err
	}
	return found, nil
}

// hasNonFinite reports whether a float tensor holds a NaN or an infinity.
func hasNonFinite(t *interp.Tensor) bool {
	if !t.DType().IsFloat() {
		return false
	}
	for k := 0; k < t.Len(); k++ {
		if v := t.Float(k); math.IsNaN(v) || math.IsInf(v, 0) {
			return true
		}
	}
	return false
}
