package ptx

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// probeKernel is the module the ptxas probes were run in: the body's
// instructions in a kernel with registers of every class, a shared and a
// global variable and a device function.
func probeKernel(body string) string {
	return `.version 7.8
.target sm_80
.address_size 64
.shared .align 4 .b32 sv[4];
.global .align 4 .b32 gv[4];
.func f2(.param .b32 a)
{
	ret;
}
.visible .entry k(.param .u64 k_param_0)
{
	.reg .pred %p<3>;
	.reg .b16 %rs<4>;
	.reg .b32 %r<10>;
	.reg .f32 %f<10>;
	.reg .b64 %rd<10>;
	.reg .f64 %fd<4>;
` + body + "\n\tret;\n}\n"
}

// deliberateDifferences are the probes where tt's verdict differs from
// ptxas 11.8's on purpose, with the reason.
var deliberateDifferences = map[string]string{
	"ld_v2_pred": "ptxas accepts a .pred register in a .u32 vector load (not in a scalar one); the ISA's type rules do not, and tt follows them",
	"sm_90a":     "ptxas 11.8 accepts .target sm_90a with .version 7.8; the PTX ISA introduces sm_90a in 8.0, and tt follows it",
}

func (c ptxasCase) source() string {
	if c.body == "" {
		return c.module
	}
	return probeKernel(c.body)
}

// TestPtxasVerdicts checks the verifier against recorded verdicts of
// ptxas on single instructions and small modules, one rule each; with
// ptxas installed (and not -short) it also checks that ptxas still gives
// the recorded verdict.
func TestPtxasVerdicts(t *testing.T) {
	ptxas, err := exec.LookPath("ptxas")
	if err != nil || testing.Short() {
		ptxas = ""
	}
	dir := t.TempDir()
	for _, c := range ptxasCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			src := c.source()
			errs := checkOne(c.name+".ptx", []byte(src))
			want := c.ok
			if _, differs := deliberateDifferences[c.name]; differs {
				want = !c.ok
			}
			if (len(errs) == 0) != want {
				if c.ok {
					t.Errorf("ptxas accepts, tt rejects:\n%s\n%s", errs.Render([]byte(src)), c.body)
				} else {
					t.Errorf("ptxas rejects, tt accepts:\n%s%s", c.body, c.module)
				}
			}
			if ptxas == "" {
				return
			}
			path := filepath.Join(dir, c.name+".ptx")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			out, ok := runPtxas(t, ptxas, path, []byte(src))
			if ok != c.ok {
				t.Errorf("recorded verdict ok=%v, installed ptxas says ok=%v: %s", c.ok, ok, strings.TrimSpace(out))
			}
		})
	}
}
