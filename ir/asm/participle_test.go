package asm_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

func newCtx(allowUnregistered bool) *ir.Context {
	ctx := registry.NewContext()
	ctx.AllowUnregistered = allowUnregistered
	return ctx
}

func printGeneric(op *ir.Operation) string {
	return asm.String(op, asm.PrintOptions{Generic: true, DebugInfo: true})
}

type mlirInput struct {
	name      string
	src       []byte
	firstLine int
}

// genericInputs returns the generic-form test inputs: testdata/generic/*.mlir
// as written, then every input (those and test/corpus/*.mlir) printed in
// generic form by the fast parser and printer.
func genericInputs(t testing.TB) []mlirInput {
	t.Helper()
	var raw, out []mlirInput
	for _, pattern := range []string{"testdata/generic/*.mlir", "../../test/corpus/*.mlir"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			raw = append(raw, mlirInput{name: f, src: src})
		}
	}
	if len(raw) == 0 {
		t.Fatal("no test inputs found")
	}
	for _, in := range raw {
		if strings.HasPrefix(in.name, "testdata/") {
			out = append(out, in)
		}
		m, err := asm.Parse(newCtx(true), in.src, asm.ParseOptions{Filename: filepath.Base(in.name)})
		if err != nil {
			if strings.HasPrefix(in.name, "testdata/") {
				t.Fatalf("%s: fast parser: %v", in.name, err)
			}
			t.Logf("skipping %s: the fast parser rejects it: %v", in.name, err)
			continue
		}
		out = append(out, mlirInput{name: in.name + " (generic)", src: []byte(printGeneric(m) + "\n")})
	}
	return out
}

// customInputs returns text in custom form (and generic, where tests mix
// them): test/corpus/*.mlir, the examples, and every '// -----' chunk of
// the lit tests, valid and invalid, each with the line it starts at.
func customInputs(t testing.TB) []mlirInput {
	t.Helper()
	var out []mlirInput
	for _, pattern := range []string{"../../test/corpus/*.mlir", "../../examples/*.mlir", "../../examples/*/*.mlir"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, mlirInput{name: f, src: src, firstLine: 1})
		}
	}
	err := filepath.WalkDir("../../test/lit", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, c := range splitChunks(src) {
			out = append(out, mlirInput{name: fmt.Sprintf("%s:%d", path, c.firstLine), src: c.src, firstLine: c.firstLine})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("only %d custom-form inputs found", len(out))
	}
	return out
}

// splitChunks splits src at "// -----" lines, as --split-input-file does.
func splitChunks(src []byte) []mlirInput {
	var out []mlirInput
	lines := strings.SplitAfter(string(src), "\n")
	start, first := 0, 1
	var sb strings.Builder
	for i, l := range lines {
		if strings.TrimRight(l, "\n") == "// -----" {
			out = append(out, mlirInput{src: []byte(sb.String()), firstLine: first})
			sb.Reset()
			start, first = i+1, i+2
			continue
		}
		sb.WriteString(l)
	}
	_ = start
	return append(out, mlirInput{src: []byte(sb.String()), firstLine: first})
}

func parseBoth(src []byte, opts asm.ParseOptions, allowUnregistered bool) (fast, part *ir.Operation, errFast, errPart error) {
	fast, errFast = asm.FastEngine{}.Parse(newCtx(allowUnregistered), src, opts)
	part, errPart = asm.ParticipleEngine{}.Parse(newCtx(allowUnregistered), src, opts)
	return
}

func TestParticipleMatchesFast(t *testing.T) {
	inputs := genericInputs(t)
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			opts := asm.ParseOptions{Filename: "input.mlir"}
			mf, mp, errF, errP := parseBoth(in.src, opts, true)
			if errF != nil {
				t.Fatalf("fast parser: %v", errF)
			}
			if errP != nil {
				t.Fatalf("participle parser: %v", errP)
			}
			if d := cmp.Diff(printGeneric(mf), printGeneric(mp)); d != "" {
				t.Fatalf("printed IR differs (-fast +participle):\n%s", d)
			}
		})
	}
	t.Logf("%d generic-form inputs", len(inputs))
}

// TestParticipleAgreesOnCustomForms parses the corpus, the examples and
// every chunk of the lit tests with both engines: both accept and build
// the same IR, or both reject with the same located message.
func TestParticipleAgreesOnCustomForms(t *testing.T) {
	accepted, rejected := 0, 0
	for _, in := range customInputs(t) {
		opts := asm.ParseOptions{Filename: "input.mlir", FirstLine: in.firstLine}
		mf, mp, errF, errP := parseBoth(in.src, opts, true)
		switch {
		case errF == nil && errP == nil:
			accepted++
			if d := cmp.Diff(printGeneric(mf), printGeneric(mp)); d != "" {
				t.Errorf("%s: printed IR differs (-fast +participle):\n%s", in.name, d)
			}
		case errF != nil && errP != nil:
			rejected++
			if errF.Error() != errP.Error() {
				t.Errorf("%s: diagnostics differ\nfast:       %v\nparticiple: %v", in.name, errF, errP)
			}
		default:
			t.Errorf("%s: engines disagree\nfast:       %v\nparticiple: %v", in.name, errF, errP)
		}
	}
	t.Logf("%d inputs both engines accept, %d both reject", accepted, rejected)
	if accepted < 100 || rejected < 20 {
		t.Fatalf("too few inputs: %d accepted, %d rejected", accepted, rejected)
	}
}

// TestParticipleReadsCustomForms checks custom forms with each kind of
// reader: parse hooks (func.func, cf, loops.for, arith with fastmath glued
// to its body), declarative formats with optional groups, regions with
// entry arguments, successors, attribute dictionaries with keyword, and
// locations, printing the same custom form as the fast parser.
func TestParticipleReadsCustomForms(t *testing.T) {
	src := `#loc = loc("x.py":3:4)
func.func @f(%a: f32, %b: tensor<4xf32> {d.arg = 1 : i64}, %n: index) -> (f32, tensor<4xf32>) attributes {d.fn} {
  %c = arith.addf %a, %a fastmath<fast> : f32
  %d = arith.mulf %c, %a fastmath<nnan,ninf> {d.extra} : f32 loc(#loc)
  %p = arith.cmpf olt, %c, %d : f32
  %e = tensor.add %b, %b : tensor<4xf32>
  %s = tensor.reduce_sum %e dims = [0] keepdim = true : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loops.for %i = %c0 to %n step %c1 iter_args(%acc = %d) -> (f32) {
    %x = arith.addf %acc, %a : f32
    loops.yield %x : f32
  }
  cf.cond_br %p, ^bb1(%r : f32), ^bb2
^bb1(%v: f32):
  return %v, %e : f32, tensor<4xf32>
^bb2:
  return %a, %b : f32, tensor<4xf32>
}
`
	opts := asm.ParseOptions{Filename: "custom.mlir"}
	mf, mp, errF, errP := parseBoth([]byte(src), opts, false)
	if errF != nil || errP != nil {
		t.Fatalf("fast: %v\nparticiple: %v", errF, errP)
	}
	for _, po := range []asm.PrintOptions{{}, {DebugInfo: true}, {Generic: true, DebugInfo: true}} {
		if d := cmp.Diff(asm.String(mf, po), asm.String(mp, po)); d != "" {
			t.Fatalf("printed IR differs (%+v, -fast +participle):\n%s", po, d)
		}
	}
	if err := ir.Verify(mp); err != nil {
		t.Fatalf("participle's IR does not verify: %v", err)
	}
}

// TestParticipleCoversGenericSyntax spot-checks that the inputs exercise
// what the grammar covers.
func TestParticipleCoversGenericSyntax(t *testing.T) {
	var all bytes.Buffer
	for _, in := range genericInputs(t) {
		all.Write(in.src)
	}
	s := all.String()
	for _, want := range []string{"%0:3 =", "%0#2", ")[^bb1", "^bb0(%x: f32 loc(", "}, {", `"quoted key" =`,
		"unit_entry,", "#map =", "!tt =", "loc(callsite(", "loc(fused<", "dense<", "array<i64", "0x7FC00000",
		"@outer::@inner", "!d.type<", "#d.attr<", "// a comment"} {
		if !strings.Contains(s, want) {
			t.Errorf("no input contains %q", want)
		}
	}
}

func diagLine(t *testing.T, engine string, err error) (int, string) {
	t.Helper()
	var d *ir.Diagnostic
	if !errors.As(err, &d) {
		t.Fatalf("%s: error %v (%T) is not an *ir.Diagnostic", engine, err, err)
	}
	fl, ok := ir.FileLocOf(d.Loc)
	if !ok {
		t.Fatalf("%s: diagnostic %v has no file location", engine, d)
	}
	if fl.File != "bad.mlir" {
		t.Fatalf("%s: diagnostic %v is not located in bad.mlir", engine, d)
	}
	return fl.Line, d.Message
}

var malformed = []struct {
	name string
	src  string
	line int
	// sameMsg: both parsers report the same message (the error comes
	// from the shared SSA, block, alias or leaf machinery).
	sameMsg    bool
	strict     bool // without --allow-unregistered-dialect
	maxNesting int
}{
	{"undeclared value", "\"test.a\"() : () -> ()\n\"test.use\"(%nope) : (i32) -> ()\n", 2, true, false, 0},
	{"redefined value", "%0 = \"test.a\"() : () -> i32\n\n%0 = \"test.b\"() : () -> i32\n", 3, true, false, 0},
	{"use type mismatch", "%0 = \"test.a\"() : () -> i32\n\"test.use\"(%0) : (f32) -> ()\n", 2, true, false, 0},
	{"forward type mismatch", "\"test.r\"() ({\n  \"test.use\"(%v) : (i32) -> ()\n  %v = \"test.def\"() : () -> i64\n}) : () -> ()\n", 3, true, false, 0},
	{"bad result number", "%0 = \"test.a\"() : () -> i32\n\"test.use\"(%0#5) : (i32) -> ()\n", 2, true, false, 0},
	{"result count", "\"test.x\"() : () -> ()\n%0:2 = \"test.a\"() : () -> i32\n", 2, true, false, 0},
	{"zero result group", "\"test.x\"() : () -> ()\n%0:0 = \"test.a\"() : () -> ()\n", 2, true, false, 0},
	{"undefined block", "\"test.r\"() ({\n  \"test.br\"()[^nowhere] : () -> ()\n}) : () -> ()\n", 2, true, false, 0},
	{"redefined block", "\"test.r\"() ({\n^bb0:\n  \"test.x\"() : () -> ()\n^bb0:\n  \"test.x\"() : () -> ()\n}) : () -> ()\n", 4, true, false, 0},
	{"top-level successor", "\"test.x\"() : () -> ()\n\"test.br\"()[^bb1] : () -> ()\n", 2, true, false, 0},
	{"operand type count", "%0 = \"test.a\"() : () -> i32\n\"test.use\"(%0, %0) : (i32) -> ()\n", 2, true, false, 0},
	{"block arg result number", "\"test.r\"() ({\n^bb0(%a#1: i32):\n  \"test.x\"() : () -> ()\n}) : () -> ()\n", 2, true, false, 0},
	{"missing type", "\"test.x\"() : () -> ()\n\"test.a\"() \"test.b\"() : () -> ()\n", 2, false, false, 0},
	{"missing operand list", "\"test.a\"() : () -> ()\n\"test.b\" : () -> ()\n", 2, false, false, 0},
	{"unterminated string", "\"test.a\"() : () -> ()\n\"test.b\"() {s = \"abc} : () -> ()\n", 2, true, false, 0},
	{"bad character", "\"test.a\"() : () -> ()\n\"test.b\"() {s = 1} : () -> () $\n", 2, true, false, 0},
	{"unbalanced angle", "\"test.a\"() : () -> ()\n\"test.b\"() : () -> tensor<4xf32\n", 2, false, false, 0},
	{"unknown type", "\"test.a\"() : () -> ()\n\"test.b\"() : () -> foo\n", 2, true, false, 0},
	{"integer bitwidth", "\"test.a\"() : () -> ()\n\"test.b\"() : () -> i99999999\n", 2, true, false, 0},
	{"undefined alias", "\"test.a\"() : () -> ()\n\"test.b\"() {a = #nope} : () -> ()\n", 2, true, false, 0},
	{"alias redefinition", "#a = 1\n\n#a = 2\n", 3, true, false, 0},
	{"dotted alias", "#a = 1\n#d.a = 2\n", 2, true, false, 0},
	{"duplicate key", "\"test.a\"() : () -> ()\n\"test.b\"() {k = 1, \"k\" = 2} : () -> ()\n", 2, true, false, 0},
	{"empty key", "\"test.b\"() {\n\"\" = 2} : () -> ()\n", 2, true, false, 0},
	{"dense shape", "\"test.a\"() : () -> ()\n\"test.b\"() {d = dense<[1, 2]> : tensor<3xi32>} : () -> ()\n", 2, true, false, 0},
	{"int out of range", "\"test.a\"() : () -> ()\n\"test.b\"() {i = 256 : i8} : () -> ()\n", 2, true, false, 0},
	{"bad location", "\"test.a\"() : () -> ()\n\"test.b\"() : () -> () loc(42)\n", 2, false, false, 0},
	{"undefined location alias", "\"test.a\"() : () -> ()\n\"test.b\"() : () -> () loc(#nowhere)\n", 2, true, false, 0},
	{"properties", "\"test.a\"() : () -> ()\n\"test.b\"() <{p = 1}> : () -> ()\n", 2, true, false, 0},
	{"empty op name", "\"test.a\"() : () -> ()\n\"\"() : () -> ()\n", 2, true, false, 0},
	{"unregistered", "\"builtin.module\"() ({\n}) : () -> ()\n\"test.op\"() : () -> ()\n", 3, true, true, 0},
	{"unregistered in loaded dialect", "\n\"func.nope\"() : () -> ()\n", 2, true, true, 0},
	{"unclosed region", "\"test.a\"() ({\n  \"test.b\"() : () -> ()\n", 2, false, false, 0},
	{"alias without definition", "\"test.a\"() : () -> ()\n#a\n\"test.b\"() : () -> ()\n", 2, false, false, 0},
	{"bad nested symbol", "\"test.a\"() : () -> ()\n\"test.b\"() {s = @a::b} : () -> ()\n", 2, false, false, 0},
	{"bad operand", "\"test.a\"() : () -> ()\n\"test.b\"(%0 %1) : (i32, i32) -> ()\n", 2, false, false, 0},
	{"custom form op", "\"test.a\"() : () -> ()\nfoo.bar\n", 2, true, false, 0},
	{"unknown custom op", "\"test.a\"() : () -> ()\nfunc.nope\n", 2, true, false, 0},
	{"custom form error", "func.func @f(%a: f32) {\n  %b = arith.addf %a, : f32\n}\n", 2, true, false, 0},
	{"custom form undeclared", "func.func @f(%a: f32) {\n  %b = arith.addf %a, %z : f32\n  return\n}\n", 2, true, false, 0},
	{"custom region args", "func.func @f(%a: f32) {\n^bb0(%x: f32):\n  return\n}\n", 2, true, false, 0},
	{"nesting", "\"t.a\"() ({\n\"t.b\"() ({\n\"t.c\"() ({\n}) : () -> ()\n}) : () -> ()\n}) : () -> ()\n", 3, true, false, 2},
}

func TestParticipleRejectsLikeFast(t *testing.T) {
	for _, tc := range malformed {
		t.Run(tc.name, func(t *testing.T) {
			opts := asm.ParseOptions{Filename: "bad.mlir", MaxNesting: tc.maxNesting}
			_, _, errF, errP := parseBoth([]byte(tc.src), opts, !tc.strict)
			if errF == nil || errP == nil {
				t.Fatalf("want both parsers to fail; fast: %v; participle: %v", errF, errP)
			}
			lf, mf := diagLine(t, "fast", errF)
			lp, mp := diagLine(t, "participle", errP)
			if lf != tc.line || lp != tc.line {
				t.Fatalf("want line %d; fast: %v; participle: %v", tc.line, errF, errP)
			}
			if tc.sameMsg && mf != mp {
				t.Fatalf("messages differ; fast: %v; participle: %v", errF, errP)
			}
		})
	}
}

func TestParticipleSplitInputLines(t *testing.T) {
	// FirstLine shifts every location, as for --split-input-file chunks.
	src := []byte("\"test.a\"() : () -> ()\n\"test.use\"(%x) : (i32) -> ()\n")
	opts := asm.ParseOptions{Filename: "s.mlir", FirstLine: 40}
	_, _, errF, errP := parseBoth(src, opts, true)
	if errF == nil || errP == nil || errF.Error() != errP.Error() || !strings.HasPrefix(errP.Error(), "s.mlir:41:") {
		t.Fatalf("fast: %v; participle: %v", errF, errP)
	}
}

func TestEngineByName(t *testing.T) {
	for _, name := range []string{"", "fast", "participle"} {
		e, err := asm.EngineByName(name)
		if err != nil || e == nil {
			t.Fatalf("EngineByName(%q) = %v, %v", name, e, err)
		}
	}
	if _, ok := mustEngine(t, "participle").(asm.ParticipleEngine); !ok {
		t.Fatal("participle engine has the wrong type")
	}
	if _, ok := mustEngine(t, "fast").(asm.FastEngine); !ok {
		t.Fatal("fast engine has the wrong type")
	}
	if _, err := asm.EngineByName("slow"); err == nil {
		t.Fatal("EngineByName accepted an unknown name")
	}
}

func mustEngine(t *testing.T, name string) asm.Engine {
	e, err := asm.EngineByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestParticipleLexerDefinition(t *testing.T) {
	lx, err := asm.LexerDefinition.Lex("l.mlir", strings.NewReader("%0#1 = \"a\"() // c\n  tensor<4x?xf32> @\"s\" $"))
	if err != nil {
		t.Fatal(err)
	}
	sym := map[int]string{}
	for name, typ := range asm.LexerDefinition.Symbols() {
		sym[int(typ)] = name
	}
	var got []string
	for {
		tok, err := lx.Next()
		if err != nil {
			t.Fatal(err)
		}
		if tok.EOF() {
			break
		}
		got = append(got, fmt.Sprintf("%s:%s@%d:%d", sym[int(tok.Type)], tok.Value, tok.Pos.Line, tok.Pos.Column))
	}
	want := "Percent:%0@1:1 ResultNum:#1@1:3 Punct:=@1:6 String:\"a\"@1:8 Punct:(@1:11 Punct:)@1:12 " +
		"AngleIdent:tensor<4x?xf32>@2:3 At:@\"s\"@2:19 Error:unexpected character@2:24"
	if g := strings.Join(got, " "); g != want {
		t.Fatalf("tokens:\n got %s\nwant %s", g, want)
	}
}

func TestParticipleNeverPanics(t *testing.T) {
	// Truncations of every input: each prefix must give a result or a
	// located diagnostic, and the parsers must agree on accept/reject.
	for _, in := range genericInputs(t) {
		src := in.src
		step := len(src)/200 + 1
		for n := 0; n < len(src); n += step {
			checkAgree(t, src[:n])
		}
	}
	for _, s := range []string{strings.Repeat("\"t.a\"() ({", 5000), strings.Repeat("\"t.a\"() {a = [", 3000), "\x00\xff", "%", "#", "!", "^", "@", "\"\\"} {
		checkAgree(t, []byte(s))
	}
}

// TestParticipleTokenMutations deletes, duplicates and swaps the tokens of
// every generic input and of the custom-form inputs in turn: the parsers
// must still agree.
func TestParticipleTokenMutations(t *testing.T) {
	type span struct{ start, end int }
	errorToken := asm.LexerDefinition.Symbols()["Error"]
	inputs := genericInputs(t)
	if !testing.Short() {
		// The small custom-form inputs (most lit chunks).
		for _, in := range customInputs(t) {
			if len(in.src) <= 1500 {
				inputs = append(inputs, in)
			}
		}
	}
	for _, in := range inputs {
		src := in.src
		lx, err := asm.LexerDefinition.Lex(in.name, bytes.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		var toks []span
		for {
			tok, err := lx.Next()
			if err != nil {
				t.Fatal(err)
			}
			if tok.EOF() || tok.Type == errorToken {
				break // an Error token's value is its message, not its text
			}
			toks = append(toks, span{tok.Pos.Offset, tok.Pos.Offset + len(tok.Value)})
		}
		cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
		for i, tk := range toks {
			checkAgree(t, cat(src[:tk.start], src[tk.end:]))
			checkAgree(t, cat(src[:tk.end], src[tk.start:tk.end], src[tk.end:]))
			if i+1 < len(toks) {
				nx := toks[i+1]
				checkAgree(t, cat(src[:tk.start], src[nx.start:nx.end], src[tk.end:nx.start], src[tk.start:tk.end], src[nx.end:]))
			}
		}
	}
}

// TestParticipleDeepNesting checks that hostile bracket nesting gives a
// located error rather than a stack overflow.
func TestParticipleDeepNesting(t *testing.T) {
	for _, src := range []string{
		"\"t.a\"() {a = " + strings.Repeat("[", 200000) + "} : () -> ()",
		"\"t.a\"() : () -> " + strings.Repeat("(", 200000),
		"\"t.a\"() : () -> () loc(" + strings.Repeat("callsite(", 100000),
	} {
		_, err := asm.ParticipleEngine{}.Parse(newCtx(true), []byte(src), asm.ParseOptions{Filename: "deep.mlir"})
		if err == nil || !strings.Contains(err.Error(), "deep.mlir:1:") || !strings.Contains(err.Error(), "nest") {
			t.Fatalf("got %v", err)
		}
	}
}

// checkAgree parses src with both engines: they must agree on
// accept/reject and, when both accept, print the same IR.
func checkAgree(t *testing.T, src []byte) {
	t.Helper()
	opts := asm.ParseOptions{Filename: "fuzz.mlir", MaxNesting: 64}
	mf, mp, errF, errP := parseBoth(src, opts, true)
	if errP != nil {
		var d *ir.Diagnostic
		if !errors.As(errP, &d) {
			t.Fatalf("participle error is not a diagnostic: %v\ninput: %q", errP, src)
		}
		if _, ok := ir.FileLocOf(d.Loc); !ok {
			t.Fatalf("participle error is not located: %v\ninput: %q", errP, src)
		}
		if strings.Contains(errP.Error(), "internal error") {
			t.Fatalf("participle: %v\ninput: %q", errP, src)
		}
	}
	if (errF == nil) != (errP == nil) {
		t.Fatalf("parsers disagree\ninput: %q\nfast: %v\nparticiple: %v", src, errF, errP)
	}
	if errF == nil {
		if d := cmp.Diff(printGeneric(mf), printGeneric(mp)); d != "" {
			t.Fatalf("printed IR differs\ninput: %q\n(-fast +participle):\n%s", src, d)
		}
	}
}

// FuzzParticipleVsFast is the differential fuzz target of the two
// engines: on any input both succeed with the same IR or both fail.
func FuzzParticipleVsFast(f *testing.F) {
	for _, in := range genericInputs(f) {
		f.Add(in.src)
	}
	for _, in := range customInputs(f) {
		f.Add(in.src)
	}
	for _, tc := range malformed {
		f.Add([]byte(tc.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkAgree(t, src)
	})
}

// ---- Benchmarks ----

// generateGeneric returns a generic-form file of about size bytes: isolated
// functions with block arguments, multi-result ops, attribute dictionaries,
// nested regions, successors and locations.
func generateGeneric(size int) []byte {
	var sb strings.Builder
	sb.WriteString("// Generated benchmark input.\n#fm = #d.fastmath<fast>\n!t = tensor<4x4xf32>\n")
	for f := 0; sb.Len() < size; f++ {
		fmt.Fprintf(&sb, "\"func.func\"() ({\n^bb0(%%arg0: tensor<4x8xf32>, %%arg1: i32 loc(\"gen.py\":%d:1), %%arg2: index):\n", f)
		sb.WriteString("  %cst = \"test.constant\"() {value = dense<[1.0, 2.0, 3.0, 4.5]> : tensor<4xf32>} : () -> tensor<4xf32>\n")
		sb.WriteString("  %s:2 = \"test.split\"(%arg0) {axis = 1 : i64, names = [\"lo\", \"hi\"], \"quoted.key\" = unit} : (tensor<4x8xf32>) -> (!t, tensor<4x4xf32>)\n")
		for i := 0; i < 8; i++ {
			fmt.Fprintf(&sb, "  %%v%d = \"test.add\"(%%s#0, %%s#1) {fastmath = #fm, index = %d : i32, scale = 1.5e-1 : f32} : (!t, !t) -> !t loc(\"gen.py\":%d:%d)\n", i, i, f, i+3)
		}
		sb.WriteString("  \"test.for\"(%arg2) ({\n  ^bb0(%iv: index):\n")
		sb.WriteString("    %m = \"test.mul\"(%v0, %v1) {perm = array<i64: 1, 0>} : (!t, tensor<4x4xf32>) -> !t\n")
		sb.WriteString("    \"test.if\"(%arg1) ({\n      \"test.yield\"(%m) : (!t) -> ()\n    }, {\n      \"test.yield\"(%v2) : (!t) -> ()\n    }) : (i32) -> ()\n")
		sb.WriteString("    \"test.yield\"() : () -> ()\n  }) {step = 1 : index, tag = \"loop\"} : (index) -> ()\n")
		sb.WriteString("  \"test.cond_br\"(%arg1)[^bb1, ^bb2] : (i32) -> ()\n^bb1:\n  \"test.br\"()[^bb2] : () -> ()\n")
		sb.WriteString("^bb2:  // join\n  \"func.return\"(%arg1) : (i32) -> ()\n")
		fmt.Fprintf(&sb, "}) {function_type = (tensor<4x8xf32>, i32, index) -> i32, sym_name = \"f%d\", sym_visibility = \"private\"} : () -> ()\n", f)
	}
	return []byte(sb.String())
}

func TestGeneratedBenchmarkInput(t *testing.T) {
	src := generateGeneric(64 << 10)
	mf, mp, errF, errP := parseBoth(src, asm.ParseOptions{Filename: "gen.mlir"}, true)
	if errF != nil || errP != nil {
		t.Fatalf("fast: %v; participle: %v", errF, errP)
	}
	if a, b := printGeneric(mf), printGeneric(mp); a != b {
		t.Fatal("printed IR differs on the generated input")
	}
}

func benchmarkEngine(b *testing.B, e asm.Engine) {
	src := generateGeneric(2 << 20)
	ctx := newCtx(true)
	opts := asm.ParseOptions{Filename: "gen.mlir"}
	if _, err := e.Parse(ctx, src, opts); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0, haveCPU := processCPU()
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.Parse(ctx, src, opts); err != nil {
			b.Fatal(err)
		}
	}
	// CPU time (all threads, the garbage collector's included) is the
	// steadier measure on a shared machine.
	if cpu1, ok := processCPU(); ok && haveCPU {
		b.ReportMetric(float64(cpu1-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	}
}

func BenchmarkParseFast(b *testing.B)       { benchmarkEngine(b, asm.FastEngine{}) }
func BenchmarkParseParticiple(b *testing.B) { benchmarkEngine(b, asm.ParticipleEngine{}) }

// generateCustom returns a custom-form file of about size bytes: functions
// of arith and tensor ops, a loop with iteration arguments, branches with
// block arguments, fastmath flags and locations.
func generateCustom(size int) []byte {
	var sb strings.Builder
	sb.WriteString("// Generated benchmark input.\n")
	for f := 0; sb.Len() < size; f++ {
		fmt.Fprintf(&sb, "func.func @f%d(%%a: f32, %%b: f32, %%t: tensor<4x8xf32>, %%n: index) -> f32 {\n", f)
		for i := 0; i < 8; i++ {
			prev := "%a"
			if i > 0 {
				prev = fmt.Sprintf("%%x%d", i-1)
			}
			fmt.Fprintf(&sb, "  %%x%d = arith.addf %s, %%b fastmath<fast> : f32\n", i, prev)
			fmt.Fprintf(&sb, "  %%y%d = arith.mulf %%x%d, %s : f32 loc(\"gen.py\":%d:%d)\n", i, i, prev, f, i)
			fmt.Fprintf(&sb, "  %%u%d = tensor.add %%t, %%t : tensor<4x8xf32>\n", i)
		}
		sb.WriteString("  %s = tensor.reduce_sum %u0 dims = [0, 1] : tensor<4x8xf32>\n")
		sb.WriteString("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n")
		sb.WriteString("  %r = loops.for %i = %c0 to %n step %c1 iter_args(%acc = %y7) -> (f32) {\n")
		sb.WriteString("    %z = arith.addf %acc, %a : f32\n    loops.yield %z : f32\n  }\n")
		sb.WriteString("  %p = arith.cmpf olt, %r, %b : f32\n")
		sb.WriteString("  cf.cond_br %p, ^bb1(%r : f32), ^bb2\n^bb1(%v: f32):\n  return %v : f32\n^bb2:\n  return %b : f32\n}\n")
	}
	return []byte(sb.String())
}

func TestGeneratedCustomBenchmarkInput(t *testing.T) {
	src := generateCustom(64 << 10)
	mf, mp, errF, errP := parseBoth(src, asm.ParseOptions{Filename: "gen.mlir"}, false)
	if errF != nil || errP != nil {
		t.Fatalf("fast: %v; participle: %v", errF, errP)
	}
	if d := cmp.Diff(printGeneric(mf), printGeneric(mp)); d != "" {
		t.Fatalf("printed IR differs on the generated input (-fast +participle):\n%s", d)
	}
}

func benchmarkCustom(b *testing.B, e asm.Engine) {
	src := generateCustom(2 << 20)
	ctx := newCtx(false)
	opts := asm.ParseOptions{Filename: "gen.mlir"}
	if _, err := e.Parse(ctx, src, opts); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0, haveCPU := processCPU()
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.Parse(ctx, src, opts); err != nil {
			b.Fatal(err)
		}
	}
	// CPU time (all threads, the garbage collector's included) is the
	// steadier measure on a shared machine.
	if cpu1, ok := processCPU(); ok && haveCPU {
		b.ReportMetric(float64(cpu1-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	}
}

func BenchmarkParseCustomFast(b *testing.B)       { benchmarkCustom(b, asm.FastEngine{}) }
func BenchmarkParseCustomParticiple(b *testing.B) { benchmarkCustom(b, asm.ParticipleEngine{}) }
