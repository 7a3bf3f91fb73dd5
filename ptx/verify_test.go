package ptx

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// validDirs hold PTX that must parse, verify and (where ptxas is
// installed) assemble: hand-written files, clang-16's output of
// testdata/clang/kernels.cu, and the CUDA corpus of testdata/corpus.
var validDirs = []string{"testdata/valid", "testdata/clang", "testdata/corpus"}

// ptxFiles returns the .ptx files under dirs, recursively; missing
// directories are skipped.
func ptxFiles(t testing.TB, dirs ...string) []string {
	t.Helper()
	var out []string
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return filepath.SkipDir
				}
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".ptx") {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func TestVerifyValidFiles(t *testing.T) {
	files := ptxFiles(t, validDirs...)
	if len(files) < 5 {
		t.Fatalf("found only %d valid .ptx files", len(files))
	}
	for _, path := range files {
		t.Run(path, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m, err := Parse(path, src)
			if err != nil {
				t.Fatalf("parse:\n%s", err.(ErrorList).Render(src))
			}
			if err := Verify(m, nil); err != nil {
				t.Fatalf("verify:\n%s", err.(ErrorList).Render(src))
			}
		})
	}
}

// expectation is one "// expect-error: message" annotation of a negative
// test file: the error is on that line (at column col when the
// annotation says "expect-error@col").
type expectation struct {
	line, col int
	msg       string
}

var expectRE = regexp.MustCompile(`//\s*expect-error(?:@(\d+))?:\s*(.*?)\s*$`)

func expectations(src []byte) []expectation {
	var out []expectation
	for i, line := range strings.Split(string(src), "\n") {
		if m := expectRE.FindStringSubmatch(line); m != nil {
			e := expectation{line: i + 1, msg: m[2]}
			if m[1] != "" {
				e.col, _ = strconv.Atoi(m[1])
			}
			out = append(out, e)
		}
	}
	return out
}

// checkOne parses and verifies a file and returns the diagnostics.
func checkOne(path string, src []byte) ErrorList {
	m, err := Parse(path, src)
	if err == nil {
		err = Verify(m, nil)
	}
	if err == nil {
		return nil
	}
	return err.(ErrorList)
}

func TestNegativeFiles(t *testing.T) {
	files := ptxFiles(t, "testdata/negative")
	if len(files) < 10 {
		t.Fatalf("found only %d negative files", len(files))
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			exps := expectations(src)
			if len(exps) == 0 {
				t.Fatal("no // expect-error annotation")
			}
			errs := checkOne(path, src)
			if len(errs) == 0 {
				t.Fatalf("accepted; want errors %+v", exps)
			}
			for _, e := range exps {
				found := false
				for _, got := range errs {
					if got.Pos.Line == e.line && (e.col == 0 || got.Pos.Col == e.col) && strings.Contains(got.Msg, e.msg) {
						found = true
					}
				}
				if !found {
					t.Errorf("missing error at line %d (col %d) containing %q; got:\n%s", e.line, e.col, e.msg, errs.Render(src))
				}
			}
			for _, got := range errs {
				annotated := false
				for _, e := range exps {
					annotated = annotated || e.line == got.Pos.Line
				}
				if !annotated {
					t.Errorf("unexpected error:\n%s", got.Render(src))
				}
			}
		})
	}
}

var (
	targetRE     = regexp.MustCompile(`(?m)^\s*\.target\s+sm_(\d+)`)
	ptxasErrorRE = regexp.MustCompile(`line (\d+); (?:error|fatal)`)
)

// ptxasArch returns the -arch for a file: its .target when ptxas knows
// it, else sm_80.
func ptxasArch(src []byte) string {
	if m := targetRE.FindSubmatch(src); m != nil {
		if n, err := strconv.Atoi(string(m[1])); err == nil && n >= 50 && n <= DefaultMaxSM {
			if _, ok := targets[n]; ok {
				return "sm_" + string(m[1])
			}
		}
	}
	return "sm_80"
}

// runPtxas assembles a file and returns ptxas's output and whether it
// succeeded.
func runPtxas(t *testing.T, ptxas, path string, src []byte) (string, bool) {
	t.Helper()
	cmd := exec.Command(ptxas, "-arch="+ptxasArch(src), path, "-o", os.DevNull)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("running ptxas: %v", err)
		}
	}
	return out.String(), err == nil
}

// TestPtxasAgrees checks the verifier against NVIDIA's assembler: ptxas
// accepts every valid file and its printed form, and rejects every negative file with its
// first error on the line where the verifier reports its first error.
func TestPtxasAgrees(t *testing.T) {
	ptxas, err := exec.LookPath("ptxas")
	if err != nil {
		t.Skip("ptxas not installed (Debian non-free nvidia-cuda-toolkit); skipping the comparison with NVIDIA's assembler")
	}
	for _, path := range ptxFiles(t, validDirs...) {
		t.Run(path, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if out, ok := runPtxas(t, ptxas, path, src); !ok {
				t.Errorf("ptxas rejects a valid file:\n%s", out)
			}
			// The printer's output must assemble too.
			m, err := Parse(path, src)
			if err != nil {
				t.Fatal(err)
			}
			printed := filepath.Join(t.TempDir(), "printed.ptx")
			if err := os.WriteFile(printed, []byte(m.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, ok := runPtxas(t, ptxas, printed, src); !ok {
				t.Errorf("ptxas rejects the printed form of a valid file:\n%s", out)
			}
		})
	}
	for _, path := range ptxFiles(t, "testdata/negative") {
		t.Run(path, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out, ok := runPtxas(t, ptxas, path, src)
			if ok {
				t.Fatalf("ptxas accepts a negative file")
			}
			errs := checkOne(path, src)
			if len(errs) == 0 {
				t.Fatalf("ptxas rejects, tt accepts:\n%s", out)
			}
			m := ptxasErrorRE.FindStringSubmatch(out)
			if m == nil {
				if strings.Contains(string(src), "ptxas-no-line") {
					return
				}
				t.Fatalf("ptxas reports no line:\n%s", out)
			}
			if line, _ := strconv.Atoi(m[1]); line != errs[0].Pos.Line {
				t.Errorf("ptxas's first error is on line %d, tt's on line %d:\nptxas: %s\ntt: %s", line, errs[0].Pos.Line, strings.TrimSpace(out), errs[0])
			}
		})
	}
}

// TestClangOutput compiles testdata/clang/kernels.cu with the installed
// clang-16 for each target and checks that the fresh PTX parses,
// verifies and prints to a fixed point, so that a newer clang is tested
// too, not only the committed output.
func TestClangOutput(t *testing.T) {
	clang, err := exec.LookPath("clang-16")
	if err != nil {
		t.Skip("clang-16 not installed; skipping the fresh compilation of testdata/clang/kernels.cu")
	}
	if _, err := os.Stat("/usr/lib/cuda/include/cuda_runtime.h"); err != nil {
		t.Skip("CUDA headers not installed in /usr/lib/cuda (nvidia-cuda-toolkit)")
	}
	if testing.Short() {
		t.Skip("compiling CUDA takes seconds; skipped in -short mode")
	}
	dir := t.TempDir()
	for _, sm := range []string{"sm_70", "sm_80", "sm_90"} {
		t.Run(sm, func(t *testing.T) {
			out := filepath.Join(dir, sm+".ptx")
			cmd := exec.Command(clang, "--cuda-device-only", "--cuda-gpu-arch="+sm, "--cuda-path=/usr/lib/cuda",
				"-O2", "-S", "testdata/clang/kernels.cu", "-o", out)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("clang-16: %v\n%s", err, b)
			}
			src, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			m, err := Parse(out, src)
			if err != nil {
				t.Fatalf("parse:\n%s", err.(ErrorList).Render(src))
			}
			if err := Verify(m, nil); err != nil {
				t.Fatalf("verify:\n%s", err.(ErrorList).Render(src))
			}
			checkFixedPoint(t, out, m)
		})
	}
}

func TestVerifyOptions(t *testing.T) {
	src := ".version 7.8\n.target sm_90\n.address_size 64\n.shared .align 4 .b8 big[40000];\n.entry k()\n{\n\tmov.u64 %rd1, big;\n\tret;\n}\n"
	src = strings.Replace(src, "\tmov", "\t.reg .b64 %rd<2>;\n\tmov", 1)
	m, err := ParseString("o.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(m, nil); err != nil {
		t.Fatalf("default options: %v", err)
	}
	tests := []struct {
		opts Options
		want string
	}{
		{Options{MaxVersion: Version{7, 5}}, "o.ptx:1:1: error: PTX ISA version 7.8 is newer than the supported 7.5"},
		{Options{MaxSM: 80}, "o.ptx:2:1: error: target sm_90 is newer than the supported sm_80"},
		{Options{MaxStaticShared: 32 << 10}, "o.ptx:5:8: error: kernel 'k' uses 40000 bytes of static .shared memory, more than the 32768 allowed"},
	}
	for _, tc := range tests {
		err := Verify(m, &tc.opts)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Verify(%+v) = %v, want %s", tc.opts, err, tc.want)
		}
	}
}

func TestCompatible(t *testing.T) {
	tests := []struct {
		inst, reg Type
		relaxed   bool
		want      bool
	}{
		{B32, F32, false, true},
		{B32, U32, false, true},
		{B32, B64, false, false},
		{B32, B64, true, true},
		{U32, S32, false, true},
		{U32, B32, false, true},
		{U32, F32, false, false},
		{S8, B16, true, true},
		{U16, U32, true, true},
		{U32, U16, true, false},
		{F32, B32, false, true},
		{F32, U32, false, false},
		{F32, F64, true, false},
		{F16, B16, false, true},
		{F16x2, B32, false, true},
		{F16, BF16, false, false},
		{BF16, B16, false, true},
		{Pred, Pred, false, true},
		{Pred, B32, false, false},
		{B16, Pred, true, false},
		{F64, B64, false, true},
		{F32, F32, true, true},
	}
	for _, tc := range tests {
		if got := Compatible(tc.inst, tc.reg, tc.relaxed); got != tc.want {
			t.Errorf("Compatible(%s, %s, relaxed=%v) = %v, want %v", tc.inst, tc.reg, tc.relaxed, got, tc.want)
		}
	}
}

// TestResolve checks the tables Resolve fills in.
func TestResolve(t *testing.T) {
	src := kernel(`	.reg .b32 %r<3>;
	.reg .pred %p;
	.shared .align 4 .b8 s[16];
	mov.u32 %r2, s;
	setp.eq.s32 %p, %r2, 0;
	@%p bra L1;
	{
	.reg .b32 %r<2>;
	mov.u32 %r1, 5;
	}
L1:
	ld.shared.u32 %r0, [s+4];
	ret;`)
	m, err := ParseString("r.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	if err := Resolve(m); err != nil {
		t.Fatal(err)
	}
	f := m.Decls[0].(*Function)
	var regs []string
	for _, r := range f.Regs {
		regs = append(regs, r.Name+"."+r.Type.String())
	}
	if got := strings.Join(regs, " "); got != "%r0.b32 %r1.b32 %r2.b32 %p.pred %r0.b32 %r1.b32" {
		t.Errorf("regs = %s", got)
	}
	if len(f.Insts) != 6 {
		t.Fatalf("insts = %d", len(f.Insts))
	}
	bra := f.Insts[2]
	if bra.Guard.Reg != 3 || bra.Operands[0].Target != 4 {
		t.Errorf("bra guard reg %d target %d, want 3 and 4", bra.Guard.Reg, bra.Operands[0].Target)
	}
	if inner := f.Insts[3].Operands[0]; inner.Reg != 5 {
		t.Errorf("inner %%r1 resolves to %d, want 5 (the nested declaration)", inner.Reg)
	}
	ld := f.Insts[4]
	if ld.Operands[0].Reg != 0 || ld.Operands[1].Elems[0].Var == nil || ld.Operands[1].Elems[0].Var.Name != "s" {
		t.Errorf("ld operands not resolved: %+v", ld.Operands)
	}
	if mov := f.Insts[0]; mov.Operands[1].Var == nil {
		t.Errorf("mov source not resolved to the shared variable")
	}
}

func TestISATable(t *testing.T) {
	seen := map[string]bool{}
	for o := OpInvalid + 1; o < numOps; o++ {
		row := &ISA[o]
		if row.Op != o {
			t.Errorf("%v: no table row", o)
			continue
		}
		if len(row.Forms) == 0 {
			t.Errorf("%v: no forms", o)
		}
		if OpByName(o.String()) != o {
			t.Errorf("%v: OpByName(%q) = %v", o, o.String(), OpByName(o.String()))
		}
		if seen[o.String()] {
			t.Errorf("%v: duplicate name", o)
		}
		seen[o.String()] = true
		if _, ok := targets[row.MinSM]; !ok {
			t.Errorf("%v: MinSM %d is not an architecture", o, row.MinSM)
		}
		for i, f := range row.Forms {
			for j, ts := range f.Types {
				if ts == 0 {
					t.Errorf("%v form %d: empty type set %d", o, i, j)
				}
			}
			for _, g := range f.Need {
				for _, m := range g.Mods() {
					if !f.Mods.Contains(m) {
						t.Errorf("%v form %d: required .%s is not allowed", o, i, m)
					}
				}
			}
			optional := false
			for j, r := range f.Operands {
				if r.Optional {
					optional = true
				} else if optional {
					t.Errorf("%v form %d: operand %d is required after an optional one", o, i, j)
				}
				if (r.Ref == RefSuffix || r.Ref == RefWide || r.Ref == RefData || r.Ref == RefAddr) && r.N >= len(f.Types) && o != OpMov {
					t.Errorf("%v form %d: operand %d refers to type %d of %d", o, i, j, r.N, len(f.Types))
				}
			}
		}
	}
	for m := ModNone + 1; m < numMods; m++ {
		if m.String() == "" {
			t.Errorf("modifier %d has no spelling", m)
		}
	}
}

// TestTargetVersions checks the architecture table against the PTX ISA
// releases: each target's first version exists.
func TestTargetVersions(t *testing.T) {
	for sm, v := range targets {
		if max, ok := versions[v.Major]; !ok || v.Minor > max {
			t.Errorf("sm_%d: version %d.%d does not exist", sm, v.Major, v.Minor)
		}
	}
	if v, ok := TargetMinVersion(90); !ok || v != (Version{7, 8}) {
		t.Errorf("sm_90 needs 7.8, table says %v", v)
	}
}
