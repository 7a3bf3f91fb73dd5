package pass_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/pass"
)

func testRegistry(rec *recorder) *pass.Registry {
	r := pass.NewRegistry()
	r.MustRegister(
		newRecordPass(rec, "rec", pass.AnyOp),
		newRecordPass(rec, "rec-func", "func.func"),
		newRecordPass(rec, "rec-module", "builtin.module"),
		newOptsPass, newFailPass, newRenamePass, newBreakPass,
	)
	if err := r.RegisterPipeline("both", "rec then rec-func on functions", "rec{tag=p},func.func(rec-func)"); err != nil {
		panic(err)
	}
	if err := r.RegisterPipeline("loop-a", "refers to loop-b", "loop-b"); err != nil {
		panic(err)
	}
	if err := r.RegisterPipeline("loop-b", "refers to loop-a", "func.func(loop-a)"); err != nil {
		panic(err)
	}
	if err := r.RegisterPipeline("broken", "names an unknown pass", "rec,nope"); err != nil {
		panic(err)
	}
	return r
}

func TestParsePipeline(t *testing.T) {
	tests := []struct {
		text, want string
		size       int
	}{
		{"builtin.module(rec)", "builtin.module(rec{tag=rec})", 1},
		{"builtin.module()", "builtin.module()", 0},
		{"", "any()", 0},
		{"rec,rec-module", "any(rec{tag=rec},rec-module{tag=rec-module})", 2},
		{"builtin.module(func.func(rec-func,rec{tag=x}),rec-module)", "builtin.module(func.func(rec-func{tag=rec-func},rec{tag=x}),rec-module{tag=rec-module})", 2},
		{" builtin.module( func.func( rec ) , any(rec) ) ", "builtin.module(func.func(rec{tag=rec}),any(rec{tag=rec}))", 2},
		{"any(rec)", "any(rec{tag=rec})", 1},
		{"builtin.module(both)", "builtin.module(rec{tag=p},func.func(rec-func{tag=rec-func}))", 2},
		{"builtin.module(test-options)", "builtin.module(test-options{count=3 flag=false  mode=fast name=x sizes=1,2})", 1},
		{"builtin.module(test-options{flag count=-4 items=a,b{c,d},'e f' sizes=7 name='hello world' mode=slow})",
			"builtin.module(test-options{count=-4 flag=true items=a,b{c,d},'e f' mode=slow name='hello world' sizes=7})", 1},
		{"builtin.module(test-options{count=0x10 flag=false items=})", "builtin.module(test-options{count=16 flag=false  mode=fast name=x sizes=1,2})", 1},
	}
	r := testRegistry(&recorder{})
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			pm, err := r.Parse(tc.text)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.text, err)
			}
			if got := pm.String(); got != tc.want {
				t.Errorf("Parse(%q) = %q, want %q", tc.text, got, tc.want)
			}
			if pm.Size() != tc.size {
				t.Errorf("Size() = %d, want %d", pm.Size(), tc.size)
			}
			// The printed pipeline parses back to itself.
			again, err := r.Parse(pm.String())
			if err != nil {
				t.Fatalf("reparsing %q: %v", pm.String(), err)
			}
			if again.String() != pm.String() {
				t.Errorf("round trip: %q became %q", pm.String(), again.String())
			}
		})
	}
}

func TestParseAnchored(t *testing.T) {
	r := testRegistry(&recorder{})
	pm, err := r.ParseAnchored("rec,func.func(rec-func)", "builtin.module")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pm.String(), "builtin.module(rec{tag=rec},func.func(rec-func{tag=rec-func}))"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	pm, err = r.ParseAnchored("func.func(rec-func)", "builtin.module")
	if err != nil {
		t.Fatal(err)
	}
	if pm.Anchor() != "func.func" {
		t.Errorf("a single anchored element must anchor the pipeline, got %q", pm.Anchor())
	}
}

// TestPipelineErrors checks the exact messages, columns and carets.
func TestPipelineErrors(t *testing.T) {
	tests := []struct {
		text string
		want string // the complete error text
	}{
		{"builtin.module(foo)", `MLIR Textual PassPipeline Parser:1:16: error: 'foo' does not refer to a registered pass or pass pipeline
builtin.module(foo)
               ^`},
		{"builtin.module(func.func(rec,foo))", `MLIR Textual PassPipeline Parser:1:30: error: 'foo' does not refer to a registered pass or pass pipeline
builtin.module(func.func(rec,foo))
                             ^`},
		{"rec,bar", `MLIR Textual PassPipeline Parser:1:5: error: 'bar' does not refer to a registered pass or pass pipeline
rec,bar
    ^`},
		{"builtin.module(rec))", `MLIR Textual PassPipeline Parser:1:20: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
builtin.module(rec))
                   ^`},
		{"builtin.module(func.func(rec)", `MLIR Textual PassPipeline Parser:1:15: error: encountered unbalanced parentheses while parsing pipeline
builtin.module(func.func(rec)
              ^`},
		{"builtin.module(rec{)", `MLIR Textual PassPipeline Parser:1:19: error: missing closing '}' while processing pass options
builtin.module(rec{)
                  ^`},
		{"builtin.module(func.func(rec) rec)", `MLIR Textual PassPipeline Parser:1:31: error: expected ',' after parsing pipeline
builtin.module(func.func(rec) rec)
                              ^`},
		{"builtin.module(rec,)", `MLIR Textual PassPipeline Parser:1:20: error: expected a pass or pipeline name
builtin.module(rec,)
                   ^`},
		{"builtin.module(,rec)", `MLIR Textual PassPipeline Parser:1:16: error: expected a pass or pipeline name
builtin.module(,rec)
               ^`},
		{"rec}", `MLIR Textual PassPipeline Parser:1:4: error: unexpected '}' without a matching '{'
rec}
   ^`},
		{"builtin.module(test-options{nope=1})", `MLIR Textual PassPipeline Parser:1:29: error: no such option 'nope' for pass 'test-options'
builtin.module(test-options{nope=1})
                            ^`},
		{"builtin.module(test-options{flag count=abc})", `MLIR Textual PassPipeline Parser:1:40: error: invalid value for option 'count' of pass 'test-options': expected an integer, got "abc"
builtin.module(test-options{flag count=abc})
                                       ^`},
		{"builtin.module(test-options{flag=maybe})", `MLIR Textual PassPipeline Parser:1:34: error: invalid value for option 'flag' of pass 'test-options': expected true or false, got "maybe"
builtin.module(test-options{flag=maybe})
                                 ^`},
		{"builtin.module(test-options{count})", `MLIR Textual PassPipeline Parser:1:29: error: option 'count' of pass 'test-options' needs a value (count=<int>)
builtin.module(test-options{count})
                            ^`},
		{"builtin.module(test-options{mode=medium})", `MLIR Textual PassPipeline Parser:1:34: error: invalid value for option 'mode' of pass 'test-options': expected one of fast, slow, got "medium"
builtin.module(test-options{mode=medium})
                                 ^`},
		{"builtin.module(test-options{name='abc})", `MLIR Textual PassPipeline Parser:1:34: error: missing closing ' in option value
builtin.module(test-options{name='abc})
                                 ^`},
		{"builtin.module(test-options{sizes=1,x})", `MLIR Textual PassPipeline Parser:1:35: error: invalid value for option 'sizes' of pass 'test-options': expected an integer, got "x"
builtin.module(test-options{sizes=1,x})
                                  ^`},
		{"builtin.module(rec-func)", `MLIR Textual PassPipeline Parser:1:16: error: can't add pass 'rec-func' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?
builtin.module(rec-func)
               ^`},
		{"rec(rec)", `MLIR Textual PassPipeline Parser:1:1: error: 'rec' is a pass, not an operation: only an operation name (like 'func.func') or 'any' can anchor a nested pipeline
rec(rec)
^`},
		{"builtin.module(module(rec))", `MLIR Textual PassPipeline Parser:1:16: error: 'module' is not an operation name (expected 'dialect.op' or 'any' before '(')
builtin.module(module(rec))
               ^`},
		{"builtin.module((rec))", `MLIR Textual PassPipeline Parser:1:16: error: expected an operation name or 'any' before '('
builtin.module((rec))
               ^`},
		{"builtin.module{x=1}(rec)", `MLIR Textual PassPipeline Parser:1:15: error: options are not allowed on the operation anchor 'builtin.module'
builtin.module{x=1}(rec)
              ^`},
		{"builtin.module(both{x=1})", `MLIR Textual PassPipeline Parser:1:20: error: pipeline 'both' does not take options
builtin.module(both{x=1})
                   ^`},
		{"builtin.module(loop-a)", `MLIR Textual PassPipeline Parser:1:16: error: in pipeline 'loop-a' ("loop-b"), column 1: in pipeline 'loop-b' ("func.func(loop-a)"), column 11: pipeline 'loop-a' refers to itself (through loop-a -> loop-b -> loop-a)
builtin.module(loop-a)
               ^`},
		{"builtin.module(rec,broken)", `MLIR Textual PassPipeline Parser:1:20: error: in pipeline 'broken' ("rec,nope"), column 5: 'nope' does not refer to a registered pass or pass pipeline
builtin.module(rec,broken)
                   ^`},
		{"builtin.module(\n  rec,\n  nope)", "MLIR Textual PassPipeline Parser:3:3: error: 'nope' does not refer to a registered pass or pass pipeline\n  nope)\n  ^"},
	}
	r := testRegistry(&recorder{})
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			_, err := r.Parse(tc.text)
			if err == nil {
				t.Fatalf("Parse(%q) succeeded", tc.text)
			}
			var pe *pass.PipelineError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is a %T, want *pass.PipelineError", err, err)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("Parse(%q) error:\n%s\nwant:\n%s", tc.text, got, tc.want)
			}
		})
	}
}

func TestRegistryErrors(t *testing.T) {
	r := testRegistry(&recorder{})
	if err := r.Register(newOptsPass); err == nil || !strings.Contains(err.Error(), "'test-options' is already registered") {
		t.Errorf("duplicate registration: %v", err)
	}
	if err := r.RegisterPipeline("rec", "", "rec"); err == nil {
		t.Errorf("pipeline named like a pass was accepted")
	}
	if err := r.RegisterPipeline("bad", "", "rec)"); err == nil || !strings.Contains(err.Error(), "unbalanced") {
		t.Errorf("pipeline with a syntax error: %v", err)
	}
	if err := r.RegisterPipeline("has space", "", "rec"); err == nil {
		t.Errorf("pipeline name with a space was accepted")
	}
	if _, err := r.NewPass("test-options", "count=2 flag"); err != nil {
		t.Errorf("NewPass: %v", err)
	}
	if _, err := r.NewPass("nope", ""); err == nil || err.Error() != "'nope' does not refer to a registered pass or pass pipeline" {
		t.Errorf("NewPass(nope): %v", err)
	}
	var names []string
	for _, e := range r.Passes() {
		names = append(names, e.Argument)
	}
	if got := strings.Join(names, ","); got != "rec,rec-func,rec-module,test-break,test-fail,test-options,test-rename" {
		t.Errorf("Passes() = %s", got)
	}
}

// FuzzParsePipeline checks that no pipeline string makes the parser panic
// and that every accepted pipeline prints to a string that parses back the
// same.
func FuzzParsePipeline(f *testing.F) {
	for _, s := range []string{"builtin.module(func.func(rec,rec{tag=x}))", "rec{", "a(b(c)", "test-options{items={a,b} name='x y'}", "))", "both", "any(rec),rec"} {
		f.Add(s)
	}
	r := testRegistry(&recorder{})
	f.Fuzz(func(t *testing.T, s string) {
		pm, err := r.Parse(s)
		if err != nil {
			_ = err.Error()
			return
		}
		again, err := r.Parse(pm.String())
		if err != nil {
			t.Fatalf("%q printed as %q which does not parse: %v", s, pm.String(), err)
		}
		if again.String() != pm.String() {
			t.Fatalf("%q: %q reparsed as %q", s, pm.String(), again.String())
		}
	})
}
