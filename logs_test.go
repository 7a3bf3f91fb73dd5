package tt_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tt-compiler/tt"
)

// Each TT_LOGS component prints its events, and only those.
func TestLogs(t *testing.T) {
	model := func(x *tt.Tensor) *tt.Tensor {
		h := tt.Exp(x)
		if x.Size(0).Gt(4) {
			h = tt.Neg(h)
		}
		if tt.Sum(h, nil, false).Item() > 1e9 { // a graph break
			return x
		}
		return tt.AddScalar(h, 1)
	}
	run := func(opts ...tt.Option) string {
		var out strings.Builder
		f := tt.Compile(model, append(opts, tt.Logger(logger(&out)))...)
		for _, n := range []int{2, 3, 5} {
			f(tt.Ones(tt.Float32, n, 2))
		}
		return out.String()
	}
	tests := []struct {
		spec     string
		want     []string // regular expressions, each must match
		wantNone []string // what must not appear
	}{
		{"recompiles", []string{
			`tt \[recompiles\]: recompiling .*TestLogs.func1 \(.*logs_test.go:\d+\): failed guard: argument 0: size\(0\) == 3, guard == 2`,
			`tt \[recompiles\]: recompiling .*: failed guard: size guard t0.size\(0\) > 4 is false \(now 5\)`,
		}, []string{"graph_breaks", "guards", "graph_code", "dynamic"}},
		{"graph_breaks", []string{
			`tt \[graph_breaks\]: graph break in .*TestLogs.func1 .*: Tensor.Item\(\) reads a traced value at .*logs_test.go:\d+`,
		}, none(tt.LogRecompiles, tt.LogGuards, tt.LogGraphCode, tt.LogDynamic)},
		{"guards", []string{
			`tt \[guards\]: guards of cache entry 1 of .*\n  tensor 0: dtype f32, sizes \[2, 2\]`,
			`tt \[guards\]: guards of cache entry 2 of .*\n  tensor 0: dtype f32, sizes \[\?, 2\]\n  size guard: t0.size\(0\) > 4 is false`,
		}, none(tt.LogRecompiles, tt.LogGraphBreaks, tt.LogGraphCode, tt.LogDynamic)},
		{"graph_code", []string{
			`tt \[graph_code\]: graph 1 of .* \(backend interp\):\nmodule \{\n  func.func @graph\(%arg0: tensor<2x2xf32>\)`,
			`func.func @graph\(%arg0: tensor<\?x2xf32>\)`,
		}, none(tt.LogRecompiles, tt.LogGraphBreaks, tt.LogGuards, tt.LogDynamic)},
		{"dynamic", []string{
			`tt \[dynamic\]: automatic dynamic: size\(0\) of tensor argument 0 changed from 2: it becomes \?`,
		}, append(none(tt.LogRecompiles, tt.LogGraphBreaks, tt.LogGuards, tt.LogGraphCode), "symbolic size")},
		{"+dynamic", []string{
			`tt \[dynamic\]: symbolic size t0.size\(0\) \(tensor argument 0, dimension 0\)`,
			`tt \[dynamic\]: size guard t0.size\(0\) > 4 is false at .*logs_test.go:\d+`,
		}, none(tt.LogRecompiles, tt.LogGraphBreaks)},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			out := run(tt.Logs(tc.spec))
			for _, w := range tc.want {
				if !regexp.MustCompile(w).MatchString(out) {
					t.Errorf("no match for %q in:\n%s", w, out)
				}
			}
			for _, c := range tc.wantNone {
				if strings.Contains(out, c) {
					t.Errorf("%q printed:\n%s", c, out)
				}
			}
		})
	}
	t.Run("environment", func(t *testing.T) {
		t.Setenv(tt.LogsEnv, "graph_breaks, recompiles")
		out := run()
		if !strings.Contains(out, "tt [graph_breaks]") || !strings.Contains(out, "tt [recompiles]") || strings.Contains(out, "tt [guards]") {
			t.Fatalf("TT_LOGS=graph_breaks,recompiles printed:\n%s", out)
		}
		if out := run(tt.Logs("")); strings.Contains(out, "tt [") {
			t.Fatalf("Logs(\"\") does not replace TT_LOGS:\n%s", out)
		}
	})
	t.Run("unknown component", func(t *testing.T) {
		defer func() {
			err, ok := recover().(*tt.Error)
			if !ok || !strings.Contains(err.Error(), `unknown log component "recompile"`) {
				t.Fatalf("panic %v, want an unknown component error", err)
			}
		}()
		tt.Logs("recompile")
	})
}

// none returns the line prefixes of log components.
func none(components ...string) []string {
	var out []string
	for _, c := range components {
		out = append(out, "tt ["+c+"]")
	}
	return out
}
