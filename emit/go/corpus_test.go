package goemit_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/internal/simdtest"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// The corpus test emits every program of testdata/corpus, checks that the
// output is gofmt-clean and marked generated, vets and builds all of them
// in one temporary module together with a harness command, runs the
// harness (twice, with GOMAXPROCS 1 and 4) on random inputs, and compares
// the results with the interpreter's (bitwise unless the case gives a
// tolerance) and the two runs with each other (bitwise).
//
// A program's cases are comment lines:
//
//	// CASE: @sym [shapes=AxB,_,...] [tol=X] [ints=LO:HI] [maxallocs=N] [concurrent] [error=TEXT]
//
// shapes gives each argument's shape (needed for dynamic sizes; _ for a
// scalar), tol the relative tolerance of float results, ints the range of
// random integer inputs, maxallocs a bound on heap allocations per call
// after the first, concurrent makes the harness also call the function
// from 8 goroutines at once and check that every call returns the first
// call's results, error a substring of the error the call must return
// (the interpreter must fail too).

// corpusCase is one call of the corpus.
type corpusCase struct {
	id        int
	seed      uint64 // of the random arguments: the same at every SIMD level
	level     goemit.SIMD
	file      string
	pkg       string // package directory and name (p0, p1, ...)
	module    *ir.Operation
	sym       string
	fn        *goemit.Func
	shapes    [][]int64 // per argument (nil: from the type)
	tol       float64
	intLo     int64
	intHi     int64
	maxAllocs int // -1: unchecked
	wantErr   string
	conc      bool // also call from several goroutines at once
	args      []*interp.Tensor
	want      []*interp.Tensor
	wantFail  error
	rtols     [][2]float64 // refdata cases: (rtol, atol) per result
}

var caseLine = regexp.MustCompile(`(?m)^// CASE: (@(?:"(?:[^"\\]|\\.)*"|[^\s]+))(.*)$`)

// parseModule parses a test program with every tt dialect.
func parseModule(t testing.TB, name string, src []byte) *ir.Operation {
	t.Helper()
	m, err := asm.Parse(registry.NewContext(), src, asm.ParseOptions{Filename: name})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

// requireGo returns the go command, or skips the test without one.
func requireGo(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	return p
}

// goEnv is the environment of go commands run on generated code. The
// generated code is cgo-free; cgo is on only for the race detector, which
// needs it.
func goEnv() []string {
	cgo := "CGO_ENABLED=0"
	if raceEnabled {
		cgo = "CGO_ENABLED=1"
	}
	env := append(os.Environ(), cgo, "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=", "GO111MODULE=on")
	levels, _ := simdtest.Levels() // testLevels reports the error
	return append(env, simdtest.GoEnv(levels)...)
}

// testLevels returns the SIMD levels generated code is tested at (see
// package simdtest).
func testLevels(t testing.TB) []goemit.SIMD {
	t.Helper()
	levels, err := simdtest.Levels()
	if err != nil {
		t.Fatal(err)
	}
	return levels
}

// levelSuffix names a level's copy of a generated package (p0, p0avx2).
func levelSuffix(l goemit.SIMD) string {
	if l == goemit.SIMDOff {
		return ""
	}
	return l.String()
}

// buildHarness builds the harness command of the module in dir, with the
// race detector when this test runs under it: the harness calls generated
// functions from several goroutines and the generated code runs parallel
// loops, so go test -race covers the generated code's concurrency too.
func buildHarness(t testing.TB, goTool, dir string) {
	t.Helper()
	args := []string{"build", "-o", "harness.bin"}
	if raceEnabled {
		args = append(args, "-race")
	}
	runGo(t, goTool, dir, append(args, "./harness")...)
}

// runGo runs a go command in dir and fails the test with its output.
func runGo(t testing.TB, goTool, dir string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, goTool, args...)
	cmd.Dir = dir
	cmd.Env = goEnv()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
}

// checkGenerated checks that a generated file is gofmt-clean and marked
// generated.
func checkGenerated(t testing.TB, name string, src []byte) {
	t.Helper()
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatalf("%s: does not parse: %v", name, err)
	}
	if !bytes.Equal(formatted, src) {
		t.Errorf("%s: not gofmt-clean", name)
	}
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ParseComments)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !ast.IsGenerated(f) {
		t.Errorf("%s: lacks the \"Code generated ... DO NOT EDIT.\" line", name)
	}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if strings.Contains(p, ".") {
			t.Errorf("%s: imports %s, which is not in the standard library", name, p)
		}
	}
}

func TestCorpus(t *testing.T) {
	goTool := requireGo(t)
	files, err := filepath.Glob("testdata/corpus/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module ttcorpus\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var cases []*corpusCase
	seed := uint64(0)
	for i, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := caseLine.FindAllStringSubmatch(string(src), -1)
		for _, level := range testLevels(t) {
			module := parseModule(t, file, src)
			pkgName := fmt.Sprintf("p%d%s", i, levelSuffix(level))
			pkg, err := goemit.Emit(module, goemit.Options{Package: pkgName, Source: filepath.Base(file), SIMD: level})
			if err != nil {
				t.Fatalf("%s (%s): %v", file, level, err)
			}
			checkGenerated(t, file, pkg.Source)
			writeFile(t, filepath.Join(mod, pkgName, "model.go"), pkg.Source)
			for k, m := range lines {
				c := parseCase(t, file, m[1], m[2])
				c.id, c.seed, c.level, c.file, c.pkg = len(cases), seed+uint64(k)+1, level, file, pkgName
				c.module = parseModule(t, file, src) // the interpreter's own copy
				if c.fn = pkg.Func(c.sym); c.fn == nil {
					t.Fatalf("%s: case %s: no exported function", file, m[1])
				}
				cases = append(cases, c)
			}
		}
		seed += uint64(len(lines))
	}
	reg := kernels.NewRegistry()
	for _, c := range cases {
		c.makeArgs(t)
		in := interp.New(c.module, reg)
		args := make([]interp.Value, len(c.args))
		for i, a := range c.args {
			args[i] = a.Clone() // the program may store into its arguments
		}
		res, err := in.Run(c.sym, args...)
		if err != nil {
			c.wantFail = err
			if c.wantErr == "" {
				t.Fatalf("%s: @%s: the interpreter fails: %v", c.file, c.sym, err)
			}
			continue
		}
		for _, r := range res {
			c.want = append(c.want, tensorOf(t, r))
		}
	}
	dataDir := filepath.Join(mod, "data")
	for _, c := range cases {
		for i, a := range c.args {
			writeFile(t, filepath.Join(dataDir, fmt.Sprintf("case%d.in%d", c.id, i)), rawBytes(a))
		}
	}
	writeFile(t, filepath.Join(mod, "harness", "main.go"), harnessSource(t, cases))

	runGo(t, goTool, mod, "vet", "./...")
	buildHarness(t, goTool, mod)
	checkNoAVX512(t, filepath.Join(mod, "harness.bin"), testLevels(t))

	outs := map[int]string{}
	for _, procs := range []int{1, 4} {
		out := filepath.Join(mod, fmt.Sprintf("out%d", procs))
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		runHarness(t, filepath.Join(mod, "harness.bin"), dataDir, out, procs)
		outs[procs] = out
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/%s#%d", filepath.Base(c.file), c.level, c.sym, c.id), func(t *testing.T) {
			got1 := c.readResults(t, outs[1])
			got4 := c.readResults(t, outs[4])
			if got1.err != got4.err {
				t.Fatalf("errors differ with GOMAXPROCS 1 and 4: %q vs %q", got1.err, got4.err)
			}
			if c.wantErr != "" {
				if !strings.Contains(got1.err, c.wantErr) {
					t.Fatalf("error = %q, want one containing %q", got1.err, c.wantErr)
				}
				if c.wantFail == nil {
					t.Fatalf("the Go code fails (%s), the interpreter does not", got1.err)
				}
				return
			}
			if got1.err != "" {
				t.Fatalf("the Go code fails: %s", got1.err)
			}
			if len(got1.results) != len(c.want) {
				t.Fatalf("%d results, the interpreter has %d", len(got1.results), len(c.want))
			}
			for i, want := range c.want {
				if !bytes.Equal(got1.results[i], got4.results[i]) || !slices.Equal(got1.shapes[i], got4.shapes[i]) {
					t.Errorf("result #%d differs between GOMAXPROCS 1 and 4", i)
				}
				if !slices.Equal(got1.shapes[i], want.Shape()) {
					t.Fatalf("result #%d has shape %v, the interpreter's %v", i, got1.shapes[i], want.Shape())
				}
				compareResult(t, i, want, got1.results[i], c.tol)
			}
			// Half an allocation of slack for the runtime's own, rare ones.
			// Under the race detector sync.Pool drops a random quarter of
			// what is put back, so allocation counts mean nothing there.
			if c.maxAllocs >= 0 && !raceEnabled && got1.allocs >= float64(c.maxAllocs)+0.5 {
				t.Errorf("%.2f allocations per call, want at most %d", got1.allocs, c.maxAllocs)
			}
			if c.conc && got4.concurrent != "ok" {
				t.Errorf("concurrent calls: %s", got4.concurrent)
			}
		})
	}
}

// runHarness runs the harness command (with GOMAXPROCS=procs when
// positive).
func runHarness(t testing.TB, bin, dataDir, out string, procs int) {
	t.Helper()
	cmd := exec.Command(bin, dataDir, out)
	cmd.Env = os.Environ()
	if procs > 0 {
		cmd.Env = append(cmd.Env, fmt.Sprintf("GOMAXPROCS=%d", procs))
	}
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("harness (GOMAXPROCS=%d): %v\n%s", procs, err, b)
	}
}

// parseCase reads the options of a CASE line.
func parseCase(t testing.TB, file, sym, opts string) *corpusCase {
	c := &corpusCase{tol: 0, intLo: -100, intHi: 100, maxAllocs: -1}
	if strings.HasPrefix(sym, "@\"") {
		s, err := strconv.Unquote(mlirToGoQuoted(sym[1:]))
		if err != nil {
			t.Fatalf("%s: bad symbol %s: %v", file, sym, err)
		}
		c.sym = s
	} else {
		c.sym = sym[1:]
	}
	rest := strings.TrimSpace(opts)
	for rest != "" {
		var field string
		if i := strings.Index(rest, " "); i >= 0 && !strings.HasPrefix(rest, "error=") {
			field, rest = rest[:i], strings.TrimSpace(rest[i+1:])
		} else {
			field, rest = rest, ""
		}
		k, v, _ := strings.Cut(field, "=")
		var err error
		switch k {
		case "shapes":
			for _, s := range strings.Split(v, ",") {
				if s == "_" {
					c.shapes = append(c.shapes, nil)
					continue
				}
				var shape []int64
				for _, d := range strings.Split(s, "x") {
					n, err := strconv.ParseInt(d, 10, 64)
					if err != nil {
						t.Fatalf("%s: bad shape %q", file, s)
					}
					shape = append(shape, n)
				}
				c.shapes = append(c.shapes, shape)
			}
		case "tol":
			c.tol, err = strconv.ParseFloat(v, 64)
		case "ints":
			lo, hi, _ := strings.Cut(v, ":")
			if c.intLo, err = strconv.ParseInt(lo, 10, 64); err == nil {
				c.intHi, err = strconv.ParseInt(hi, 10, 64)
			}
		case "maxallocs":
			c.maxAllocs, err = strconv.Atoi(v)
		case "error":
			c.wantErr = v
		case "concurrent":
			c.conc = true
		default:
			t.Fatalf("%s: unknown case option %q", file, field)
		}
		if err != nil {
			t.Fatalf("%s: case option %q: %v", file, field, err)
		}
	}
	return c
}

// mlirToGoQuoted turns MLIR's \XX hex escapes into Go's \xXX.
func mlirToGoQuoted(s string) string {
	return regexp.MustCompile(`\\([0-9A-Fa-f]{2})`).ReplaceAllString(s, `\x$1`)
}

// makeArgs makes the case's random arguments (the same on every run).
func (c *corpusCase) makeArgs(t testing.TB) {
	seed := c.seed
	if seed == 0 {
		seed = uint64(c.id) + 1
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for i, p := range c.fn.Params {
		var shape []int64
		if !p.Scalar {
			shape = p.Shape
			if i < len(c.shapes) && c.shapes[i] != nil {
				shape = c.shapes[i]
			}
			if slices.Contains(shape, ir.Dynamic) {
				t.Fatalf("%s: @%s: give the shape of argument #%d with shapes=", c.file, c.sym, i)
			}
		}
		n := int(ir.NumElements(shape))
		var tt *interp.Tensor
		var err error
		switch p.Elem {
		case goemit.F32, goemit.F64:
			vals := make([]float64, n)
			for j := range vals {
				vals[j] = math.Round((r.Float64()*4-2)*4096) / 4096
			}
			dt := interp.F32
			if p.Elem == goemit.F64 {
				dt = interp.F64
			}
			tt, err = interp.FromFloats(dt, shape, vals)
		case goemit.F16, goemit.BF16:
			bits := make([]uint16, n)
			for j := range bits {
				bits[j] = uint16(r.Uint32())
			}
			dt := interp.F16
			if p.Elem == goemit.BF16 {
				dt = interp.BF16
			}
			tt, err = interp.FromHalfBits(dt, shape, bits)
		case goemit.I1:
			vals := make([]bool, n)
			for j := range vals {
				vals[j] = r.IntN(2) == 1
			}
			tt, err = interp.FromBool(shape, vals)
		default:
			vals := make([]int64, n)
			for j := range vals {
				vals[j] = c.intLo + r.Int64N(c.intHi-c.intLo+1)
			}
			dt := map[goemit.Elem]interp.DType{goemit.I32: interp.I32, goemit.I64: interp.I64, goemit.Index: interp.Index}[p.Elem]
			tt, err = interp.FromInts(dt, shape, vals)
		}
		if err != nil {
			t.Fatal(err)
		}
		c.args = append(c.args, tt)
	}
}

// tensorOf converts an interpreter result (a tensor, or a buffer for a
// memref) to a tensor.
func tensorOf(t testing.TB, v interp.Value) *interp.Tensor {
	switch v := v.(type) {
	case *interp.Tensor:
		return v
	case *interp.Buffer:
		s, err := v.Storage()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	t.Fatalf("unexpected result %v", v)
	return nil
}

// rawBytes returns a tensor's elements, little-endian (i1 as one byte,
// index as 8 bytes).
func rawBytes(a *interp.Tensor) []byte {
	var b []byte
	switch a.DType() {
	case interp.F32:
		for _, v := range a.F32() {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
	case interp.F64:
		for _, v := range a.F64() {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
	case interp.I1:
		for _, v := range a.Bool() {
			if v {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
		}
	case interp.I32:
		for _, v := range a.I32() {
			b = binary.LittleEndian.AppendUint32(b, uint32(v))
		}
	case interp.F16, interp.BF16:
		for _, v := range a.Bits16() {
			b = binary.LittleEndian.AppendUint16(b, v)
		}
	default:
		for _, v := range a.I64() {
			b = binary.LittleEndian.AppendUint64(b, uint64(v))
		}
	}
	return b
}

// compareResult compares a result's bytes with the interpreter's tensor:
// bitwise (NaNs equal to NaNs) when tol is 0, else within tol relative to
// the largest magnitude of the expected values.
func compareResult(t *testing.T, i int, want *interp.Tensor, got []byte, tol float64) {
	t.Helper()
	wb := rawBytes(want)
	if len(wb) != len(got) {
		t.Fatalf("result #%d has %d bytes, want %d", i, len(got), len(wb))
	}
	if !want.DType().IsFloat() {
		if !bytes.Equal(wb, got) {
			t.Errorf("result #%d differs: got %v, want %v", i, decode(want.DType(), got), want)
		}
		return
	}
	g := decode(want.DType(), got).([]float64)
	scale := 0.0
	for j := 0; j < want.Len(); j++ {
		if x := math.Abs(want.Float(j)); !math.IsInf(x, 0) && !math.IsNaN(x) {
			scale = max(scale, x)
		}
	}
	bad := 0
	for j := 0; j < want.Len(); j++ {
		w := want.Float(j)
		ok := false
		switch {
		case math.IsNaN(w) || math.IsNaN(g[j]):
			ok = math.IsNaN(w) && math.IsNaN(g[j])
		case tol == 0:
			ok = math.Float64bits(w) == math.Float64bits(g[j])
		default:
			ok = math.Abs(w-g[j]) <= tol*max(scale, 1)
		}
		if !ok {
			if bad < 5 {
				t.Errorf("result #%d element %d = %v, the interpreter's %v", i, j, g[j], w)
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("result #%d: %d of %d elements differ (tolerance %g)", i, bad, want.Len(), tol)
	}
}

// decode reads little-endian elements ([]float64 for floats, []int64 or
// []bool otherwise).
func decode(dt interp.DType, b []byte) any {
	switch dt {
	case interp.F32:
		out := make([]float64, len(b)/4)
		for i := range out {
			out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
		}
		return out
	case interp.F64:
		out := make([]float64, len(b)/8)
		for i := range out {
			out[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
		}
		return out
	case interp.I1:
		out := make([]bool, len(b))
		for i := range out {
			out[i] = b[i] != 0
		}
		return out
	case interp.I32:
		out := make([]int64, len(b)/4)
		for i := range out {
			out[i] = int64(int32(binary.LittleEndian.Uint32(b[4*i:])))
		}
		return out
	case interp.F16, interp.BF16:
		widen := interp.F16ToF32
		if dt == interp.BF16 {
			widen = interp.BF16ToF32
		}
		out := make([]float64, len(b)/2)
		for i := range out {
			out[i] = float64(widen(binary.LittleEndian.Uint16(b[2*i:])))
		}
		return out
	}
	out := make([]int64, len(b)/8)
	for i := range out {
		out[i] = int64(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return out
}

// caseResults is what the harness wrote for a case.
type caseResults struct {
	err        string
	results    [][]byte
	shapes     [][]int64
	allocs     float64
	concurrent string
}

func (c *corpusCase) readResults(t *testing.T, dir string) caseResults {
	t.Helper()
	var r caseResults
	base := filepath.Join(dir, fmt.Sprintf("case%d", c.id))
	e, err := os.ReadFile(base + ".err")
	if err != nil {
		t.Fatalf("harness wrote no status for the case: %v", err)
	}
	r.err = string(e)
	if r.err != "" {
		return r
	}
	for i := range c.fn.Results {
		b, err := os.ReadFile(fmt.Sprintf("%s.out%d", base, i))
		if err != nil {
			t.Fatal(err)
		}
		s, err := os.ReadFile(fmt.Sprintf("%s.out%d.shape", base, i))
		if err != nil {
			t.Fatal(err)
		}
		var shape []int64
		for _, f := range strings.Fields(string(s)) {
			n, _ := strconv.ParseInt(f, 10, 64)
			shape = append(shape, n)
		}
		if shape == nil {
			shape = []int64{}
		}
		r.results = append(r.results, b)
		r.shapes = append(r.shapes, shape)
	}
	if a, err := os.ReadFile(base + ".allocs"); err == nil {
		r.allocs, _ = strconv.ParseFloat(strings.TrimSpace(string(a)), 64)
	}
	if c, err := os.ReadFile(base + ".concurrent"); err == nil {
		r.concurrent = string(c)
	}
	return r
}

// harnessSource writes the command that runs every case: it reads the
// arguments from DATA/case<N>.in<i>, calls the exported function and
// writes OUT/case<N>.err (the error text, empty on success),
// OUT/case<N>.out<i> (raw little-endian results), OUT/case<N>.out<i>.shape
// and, for cases with maxallocs, OUT/case<N>.allocs.
func harnessSource(t testing.TB, cases []*corpusCase) []byte {
	var b bytes.Buffer
	b.WriteString(`// Code generated by the corpus test. DO NOT EDIT.

// Command harness runs the corpus cases.
package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
`)
	pkgs := map[string]bool{}
	for _, c := range cases {
		pkgs[c.pkg] = true
	}
	var names []string
	for p := range pkgs {
		names = append(names, p)
	}
	slices.Sort(names)
	for _, p := range names {
		fmt.Fprintf(&b, "\t%q\n", "ttcorpus/"+p)
	}
	b.WriteString(`)

var data, out string

func in(name string) []byte {
	b, err := os.ReadFile(filepath.Join(data, name))
	if err != nil {
		panic(err)
	}
	return b
}

func put(name string, b []byte) {
	if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
		panic(err)
	}
}

func f32s(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

func f64s(b []byte) []float64 {
	v := make([]float64, len(b)/8)
	for i := range v {
		v[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return v
}

func bools(b []byte) []bool {
	v := make([]bool, len(b))
	for i := range v {
		v[i] = b[i] != 0
	}
	return v
}

func i32s(b []byte) []int32 {
	v := make([]int32, len(b)/4)
	for i := range v {
		v[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

func i64s(b []byte) []int64 {
	v := make([]int64, len(b)/8)
	for i := range v {
		v[i] = int64(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return v
}

func u16s(b []byte) []uint16 {
	v := make([]uint16, len(b)/2)
	for i := range v {
		v[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return v
}

func ints(b []byte) []int {
	v := make([]int, len(b)/8)
	for i := range v {
		v[i] = int(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return v
}

func enc(v any) []byte {
	var b []byte
	switch v := v.(type) {
	case []float32:
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
		}
	case []float64:
		for _, x := range v {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
		}
	case []bool:
		for _, x := range v {
			if x {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
		}
	case []int32:
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		}
	case []int64:
		for _, x := range v {
			b = binary.LittleEndian.AppendUint64(b, uint64(x))
		}
	case []int:
		for _, x := range v {
			b = binary.LittleEndian.AppendUint64(b, uint64(x))
		}
	case []uint16:
		for _, x := range v {
			b = binary.LittleEndian.AppendUint16(b, x)
		}
	default:
		panic(fmt.Sprintf("enc %T", v))
	}
	return b
}

func status(name string, err error) bool {
	if err != nil {
		put(name+".err", []byte(err.Error()))
		return false
	}
	put(name+".err", nil)
	return true
}

func shape(name string, dims ...int) {
	put(name, []byte(strings.Trim(fmt.Sprint(dims), "[]")))
}

// allocs measures heap allocations per call of f.
func allocs(name string, f func()) {
	f()
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	const n = 20
	for i := 0; i < n; i++ {
		f()
	}
	runtime.ReadMemStats(&b)
	put(name, []byte(fmt.Sprint(float64(b.Mallocs-a.Mallocs)/n)))
}

// concurrent calls f from 8 goroutines, 3 times each, and records "ok"
// when every call returns what a first call returned.
func concurrent(name string, f func() []byte) {
	want := f()
	var wg sync.WaitGroup
	var mu sync.Mutex
	status := "ok"
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 3; i++ {
				if got := f(); string(got) != string(want) {
					mu.Lock()
					status = "a concurrent call returned different results"
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	put(name, []byte(status))
}

func main() {
	data, out = os.Args[1], os.Args[2]
`)
	for _, c := range cases {
		fmt.Fprintf(&b, "\tcase%d()\n", c.id)
	}
	b.WriteString("}\n")
	conv := map[goemit.Elem]string{goemit.F32: "f32s", goemit.F64: "f64s", goemit.I1: "bools", goemit.I32: "i32s", goemit.I64: "i64s", goemit.Index: "ints", goemit.F16: "u16s", goemit.BF16: "u16s"}
	for _, c := range cases {
		name := fmt.Sprintf("case%d", c.id)
		fmt.Fprintf(&b, "\nfunc %s() {\n", name)
		var call []string
		for i, p := range c.fn.Params {
			fmt.Fprintf(&b, "\ta%d := %s(in(%q))\n", i, conv[p.Elem], fmt.Sprintf("%s.in%d", name, i))
			if p.Scalar {
				call = append(call, fmt.Sprintf("a%d[0]", i))
				continue
			}
			call = append(call, fmt.Sprintf("a%d", i))
			for k, d := range p.Shape {
				if d == ir.Dynamic {
					call = append(call, strconv.FormatInt(c.args[i].Shape()[k], 10))
				}
			}
		}
		var rets []string
		for i, p := range c.fn.Results {
			rets = append(rets, fmt.Sprintf("r%d", i))
			for _, d := range p.Dims {
				rets = append(rets, "r"+strconv.Itoa(i)+"_"+d)
			}
		}
		rets = append(rets, "err")
		fmt.Fprintf(&b, "\t%s := %s.%s(%s)\n", strings.Join(rets, ", "), c.pkg, c.fn.Name, strings.Join(call, ", "))
		fmt.Fprintf(&b, "\tif !status(%q, err) {\n\t\treturn\n\t}\n", name)
		for i, p := range c.fn.Results {
			v := fmt.Sprintf("r%d", i)
			if p.Scalar {
				v = fmt.Sprintf("[]%s{r%d}", p.Elem.GoType(), i)
			}
			fmt.Fprintf(&b, "\tput(%q, enc(%s))\n", fmt.Sprintf("%s.out%d", name, i), v)
			var dims []string
			j := 0
			for _, d := range p.Shape {
				if d == ir.Dynamic {
					dims = append(dims, fmt.Sprintf("r%d_%s", i, p.Dims[j]))
					j++
				} else {
					dims = append(dims, strconv.FormatInt(d, 10))
				}
			}
			fmt.Fprintf(&b, "\tshape(%q%s)\n", fmt.Sprintf("%s.out%d.shape", name, i), prefixComma(dims))
		}
		if c.maxAllocs >= 0 {
			fmt.Fprintf(&b, "\tallocs(%q, func() { %s.%s(%s) })\n", name+".allocs", c.pkg, c.fn.Name, strings.Join(call, ", "))
		}
		if c.conc {
			var encs []string
			for i := range c.fn.Results {
				encs = append(encs, fmt.Sprintf("enc(r%d)", i))
			}
			fmt.Fprintf(&b, "\tconcurrent(%q, func() []byte {\n", name+".concurrent")
			fmt.Fprintf(&b, "\t\t%s := %s.%s(%s)\n", strings.Join(rets, ", "), c.pkg, c.fn.Name, strings.Join(call, ", "))
			fmt.Fprintf(&b, "\t\tif err != nil {\n\t\t\treturn []byte(err.Error())\n\t\t}\n")
			for _, r := range rets[:len(rets)-1] {
				if strings.Contains(r, "_") {
					fmt.Fprintf(&b, "\t\t_ = %s\n", r)
				}
			}
			b.WriteString("\t\tvar all []byte\n")
			for _, e := range encs {
				fmt.Fprintf(&b, "\t\tall = append(all, %s...)\n", e)
			}
			b.WriteString("\t\treturn all\n\t})\n")
		}
		b.WriteString("}\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatalf("harness: %v\n%s", err, b.Bytes())
	}
	return src
}

func prefixComma(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return ", " + strings.Join(xs, ", ")
}

func writeFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkNoAVX512 checks the machine code of the packages generated for AVX2
// for AVX-512 instructions (EVEX-encoded: their first byte is 0x62, an
// invalid opcode in 64-bit mode otherwise): the host runs them, so only
// the code can show that an AVX2 build would run on a CPU without
// AVX-512. The AVX-512 packages must have some (or the check proves
// nothing). It reads GNU objdump's disassembly
// (go tool objdump decodes no VEX or EVEX instruction); without objdump it
// says so and checks nothing (.ci/run installs binutils).
func checkNoAVX512(t *testing.T, bin string, levels []goemit.SIMD) {
	t.Helper()
	if !slices.Contains(levels, goemit.SIMDAVX2) {
		return
	}
	objdump, err := exec.LookPath("objdump")
	if err != nil {
		t.Log("no objdump on PATH (binutils): the AVX2 code is not checked for AVX-512 instructions")
		return
	}
	out, err := exec.Command(objdump, "-d", bin).Output()
	if err != nil {
		t.Fatalf("objdump -d: %v", err)
	}
	header := regexp.MustCompile(`^[0-9a-f]+ <(.*)>:$`)
	pkg := regexp.MustCompile(`^ttcorpus/p[0-9]+(avx2|avx512)\.`)
	evex := map[string]int{}
	var sample []string
	level := ""
	for _, line := range strings.Split(string(out), "\n") {
		if m := header.FindStringSubmatch(line); m != nil {
			level = ""
			if p := pkg.FindStringSubmatch(m[1]); p != nil {
				level = p[1]
			}
			continue
		}
		// "  addr:\tbytes\tmnemonic operands"; a long instruction's
		// continuation lines have no mnemonic.
		f := strings.Split(line, "\t")
		if level == "" || len(f) < 3 || strings.TrimSpace(f[2]) == "" || !strings.HasPrefix(f[1], "62 ") {
			continue
		}
		evex[level]++
		if level == "avx2" && len(sample) < 5 {
			sample = append(sample, strings.TrimSpace(f[2]))
		}
	}
	if evex["avx2"] > 0 {
		t.Errorf("the AVX2 code has %d AVX-512 instructions: %s", evex["avx2"], strings.Join(sample, "; "))
	}
	if slices.Contains(levels, goemit.SIMDAVX512) && evex["avx512"] == 0 {
		t.Errorf("the AVX-512 code has no AVX-512 instruction: the check of the AVX2 code cannot see them")
	}
}
