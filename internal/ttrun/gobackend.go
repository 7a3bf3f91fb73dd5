package ttrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tt-compiler/tt/backend/gobuild"
	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/report"
	"github.com/tt-compiler/tt/runtime/npy"
)

// The Go backend ("--backend go") compiles the module to Go and runs it:
// Prepare lowers the module with the pt2-go pipeline (when tt has it;
// otherwise the module must already be in loop-level form, and a module
// with tensor ops is an error saying so), emits the Go package
// (emit/go) and a command that runs its functions, builds them with the Go
// toolchain into the cache (backend/gobuild: $TT_CACHE_DIR or
// os.UserCacheDir()/tt, keyed by tt's version and the generated code) and
// starts the command as a child process. Each Run sends the arguments to
// the child as .npy arrays and reads the results back; repeated runs with
// the same arguments (--bench) send them once. The time of a run is the
// call's duration measured inside the child, without the transfers.
//
// With --dump-dir, Prepare writes the IR after each lowering stage,
// kernels.dot (and kernels.svg with Graphviz), model.go and main.go.

// GoBackendName is the name --backend selects the Go backend by.
const GoBackendName = "go"

// goBackend runs functions as generated Go code in a child process.
type goBackend struct {
	dumpDir string
	simd    string    // --go-simd
	log     io.Writer // -v
	remarks []report.Remark
	profile bool   // --profile
	entry   string // the function Prepare started

	prog    *gobuild.Program
	proc    *gobuild.Process
	fn      *goemit.Func
	last    []*interp.Tensor
	lastDur time.Duration
	timed   bool
}

// NewGoBackend returns the "go" backend.
func NewGoBackend() Backend { return &goBackend{} }

func (b *goBackend) Name() string { return GoBackendName }

// SetDumpDir makes Prepare write the debug artifacts into dir.
func (b *goBackend) SetDumpDir(dir string) { b.dumpDir = dir }

// SetGoSIMD sets the SIMD level (a --go-simd value) of the generated code.
func (b *goBackend) SetGoSIMD(level string) { b.simd = level }

// SetRemarks gives the pipeline's remarks to the compile report.
func (b *goBackend) SetRemarks(ds []*ir.Diagnostic) {
	b.remarks = b.remarks[:0]
	for _, d := range ds {
		b.remarks = append(b.remarks, report.Remark{Loc: report.LocText(d.Loc), Message: d.Message})
	}
}

// SetProfile makes Prepare generate code that times its kernels.
func (b *goBackend) SetProfile(on bool) { b.profile = on }

// Profile returns the kernels' counters since Prepare, most time first;
// with --dump-dir it also writes them to profile.tsv and adds them to the
// compile report.
func (b *goBackend) Profile() ([]report.KernelProfile, error) {
	if b.proc == nil {
		return nil, errors.New("go backend: Profile before Prepare")
	}
	text, err := b.proc.Profile()
	if err != nil {
		return nil, err
	}
	if b.dumpDir != "" {
		if err := gobuild.WriteProfile(b.dumpDir, text); err != nil {
			return nil, fmt.Errorf("--dump-dir: %v", err)
		}
		if err := gobuild.WriteReport(b.dumpDir, "@"+b.entry); err != nil {
			return nil, fmt.Errorf("--dump-dir: %v", err)
		}
	}
	return report.ParseProfile(text)
}

// SetLog makes Prepare describe the build on w.
func (b *goBackend) SetLog(w io.Writer) { b.log = w }

// Prepare lowers, emits, builds (or finds in the cache) and starts the
// program for entry.
func (b *goBackend) Prepare(ctx context.Context, module *ir.Operation, entry string) error {
	level, err := gobuild.ResolveSIMD(b.simd)
	if err != nil {
		return err
	}
	if err := gobuild.CheckHost(level); err != nil {
		return err
	}
	lopts := gobuild.LowerOptions{DumpDir: b.dumpDir, SIMD: level, Remarks: b.remarks}
	if err := gobuild.Lower(ctx, module, registry.NewPassRegistry(), lopts); err != nil {
		return err
	}
	pkg, err := goemit.Emit(module, goemit.Options{Package: goemit.DefaultPackage, SIMD: level, Profile: b.profile})
	if err != nil {
		return err
	}
	b.fn, b.entry = pkg.Func(entry), entry
	if b.fn == nil {
		return fmt.Errorf("the Go backend runs public functions only, and @%s is not one", entry)
	}
	prog, err := gobuild.Build(ctx, pkg, gobuild.BuildOptions{Version: Version})
	if err != nil {
		return err
	}
	b.prog = prog
	f32, f64 := gobuild.VectorWidths(level, lopts.VectorLanesF32)
	info := prog.BuildInfo() + fmt.Sprintf("vector lanes: f32 %d, f64 %d\n", f32, f64)
	if b.log != nil {
		state := "built"
		if prog.Cached {
			state = "cached"
		}
		fmt.Fprintf(b.log, "go backend: %s @%s\n%s", state, entry, indent(info))
	}
	if b.dumpDir != "" {
		if err := gobuild.WriteSources(b.dumpDir, pkg.Source, prog.Main); err != nil {
			return fmt.Errorf("--dump-dir: %v", err)
		}
		if err := gobuild.WriteBuildInfo(b.dumpDir, info); err != nil {
			return fmt.Errorf("--dump-dir: %v", err)
		}
		if err := gobuild.WriteReport(b.dumpDir, "@"+entry); err != nil {
			return fmt.Errorf("--dump-dir: %v", err)
		}
	}
	b.proc, err = prog.Start(b.fn.Name)
	return err
}

// Run calls the function in the child.
func (b *goBackend) Run(ctx context.Context, args []*interp.Tensor) ([]*interp.Tensor, error) {
	if b.proc == nil {
		return nil, errors.New("go backend: Run before Prepare")
	}
	b.timed = false
	var arrays []*npy.Array
	if !sameTensors(args, b.last) {
		for i, a := range args {
			x, err := ToNPY(a) // bf16 as float32, as the generated command reads it
			if err != nil {
				return nil, fmt.Errorf("argument #%d: %v", i, err)
			}
			arrays = append(arrays, x)
		}
		if arrays == nil {
			arrays = []*npy.Array{}
		}
	}
	res, dur, err := b.proc.Call(ctx, arrays)
	if err != nil {
		b.last = nil
		var ce *gobuild.CallError
		if errors.As(err, &ce) {
			return nil, errors.New(ce.Msg)
		}
		return nil, err
	}
	b.last = append(b.last[:0], args...)
	if len(res) != len(b.fn.Results) {
		return nil, fmt.Errorf("go backend: %d results, want %d", len(res), len(b.fn.Results))
	}
	out := make([]*interp.Tensor, len(res))
	for i, r := range res {
		t, err := interp.FromNPY(r)
		if err == nil && b.fn.Results[i].Elem == goemit.Index {
			t, err = interp.FromI64(interp.Index, t.Shape(), t.I64())
		}
		if err == nil && b.fn.Results[i].Elem == goemit.BF16 {
			t, err = bf16Tensor(t) // written widened to float32
		}
		if err != nil {
			return nil, fmt.Errorf("result #%d: %v", i, err)
		}
		out[i] = t
	}
	b.lastDur, b.timed = dur, true
	return out, nil
}

// bf16Tensor converts a float32 tensor of bf16 values to bf16 (exactly).
func bf16Tensor(t *interp.Tensor) (*interp.Tensor, error) {
	bits := make([]uint16, t.Len())
	for i, v := range t.F32() {
		bits[i] = interp.F32ToBF16(v)
	}
	return interp.FromHalfBits(interp.BF16, t.Shape(), bits)
}

// sameTensors reports whether two argument lists hold the same tensors.
func sameTensors(a, b []*interp.Tensor) bool {
	if a == nil || b == nil || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// LastRunDuration returns the duration of the last run as measured in the
// child (the call alone).
func (b *goBackend) LastRunDuration() (time.Duration, bool) { return b.lastDur, b.timed }

// Close stops the child.
func (b *goBackend) Close() error {
	if b.proc == nil {
		return nil
	}
	err := b.proc.Close()
	b.proc = nil
	return err
}

// indent prefixes every line of s with two spaces.
func indent(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return strings.Join(lines, "")
}

// Optional backend interfaces tt-run uses when a backend has them.
type (
	// dumpConfigurer is a backend that writes debug artifacts (--dump-dir).
	dumpConfigurer interface{ SetDumpDir(dir string) }
	// simdConfigurer is a backend that generates code for a SIMD level
	// (--go-simd).
	simdConfigurer interface{ SetGoSIMD(level string) }
	// logConfigurer is a backend that describes what it did (-v).
	logConfigurer interface{ SetLog(w io.Writer) }
	// profiler is a backend that times its kernels (--profile): Profile
	// returns the counters since Prepare.
	profiler interface {
		SetProfile(on bool)
		Profile() ([]report.KernelProfile, error)
	}
	// runTimer is a backend that measures its runs itself (the Go backend
	// times the call inside its child process, without the transfers).
	runTimer interface {
		LastRunDuration() (time.Duration, bool)
	}
)

// configureBackend applies the options only some backends have.
func configureBackend(be Backend, cfg Config) error {
	if cfg.DumpDir != "" {
		d, ok := be.(dumpConfigurer)
		if !ok {
			return fmt.Errorf("--dump-dir applies to --backend %s, not %s", GoBackendName, be.Name())
		}
		d.SetDumpDir(cfg.DumpDir)
	}
	if cfg.GoSIMD != "" && cfg.GoSIMD != gobuild.SIMDAuto {
		s, ok := be.(simdConfigurer)
		if !ok {
			return fmt.Errorf("--go-simd applies to --backend %s, not %s", GoBackendName, be.Name())
		}
		s.SetGoSIMD(cfg.GoSIMD)
	}
	if cfg.Stats && be.Name() != PTXSimBackendName {
		return fmt.Errorf("--stats applies to --backend %s (the simulator's statistics), not %s", PTXSimBackendName, be.Name())
	}
	if cfg.PTXTarget != "" || cfg.Stats {
		p, ok := be.(*ptxsimBackend)
		if !ok {
			return fmt.Errorf("--ptx-target applies to --backend %s or %s, not %s", PTXSimBackendName, CUDABackendName, be.Name())
		}
		if cfg.PTXTarget != "" {
			var sm int
			if _, err := fmt.Sscanf(cfg.PTXTarget, "sm_%d", &sm); err != nil || fmt.Sprintf("sm_%d", sm) != cfg.PTXTarget || sm < 70 || sm > 90 {
				return fmt.Errorf("--ptx-target %q: expected sm_70 to sm_90", cfg.PTXTarget)
			}
			p.SetPTXTarget(sm)
		}
		if cfg.Stats {
			w := cfg.Log
			if w == nil {
				w = os.Stderr
			}
			p.SetStats(w)
		}
	}
	if cfg.Profile {
		p, ok := be.(profiler)
		if !ok {
			return fmt.Errorf("--profile applies to --backend %s, not %s", GoBackendName, be.Name())
		}
		p.SetProfile(true)
	}
	if l, ok := be.(logConfigurer); ok && cfg.Log != nil {
		l.SetLog(cfg.Log)
	}
	return nil
}

// runDuration is the time of a run: the backend's own measure when it has
// one, else the wall time around Run.
func runDuration(be Backend, wall time.Duration) time.Duration {
	if t, ok := be.(runTimer); ok {
		if d, ok := t.LastRunDuration(); ok {
			return d
		}
	}
	return wall
}

// closeBackend releases a backend's resources (the Go backend's child).
func closeBackend(be Backend) {
	if c, ok := be.(io.Closer); ok {
		_ = c.Close()
	}
}
