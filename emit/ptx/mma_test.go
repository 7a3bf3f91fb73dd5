package ptxemit_test

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	ptxemit "github.com/tt-compiler/tt/emit/ptx"
	"github.com/tt-compiler/tt/numerics"
	"github.com/tt-compiler/tt/ptx"
	"github.com/tt-compiler/tt/ptx/sim"
)

// mmaModule returns the module text holding the kernel g for sm.
func mmaModule(t *testing.T, g ptxemit.MmaGemm, sm int) string {
	t.Helper()
	mod, err := g.Module(sm)
	if err != nil {
		t.Fatal(err)
	}
	return mod.String()
}

// TestMmaGemm runs the tensor-core GEMM kernel (mma.sync.m16n8k16, f32
// accumulation) on the simulator for f16 and bf16, all four layouts, odd
// sizes (partial tiles, k not a multiple of 16), a batch and empty
// dimensions, against a float64 reference computed from the 16-bit
// inputs; the shared-memory tiles are bank-conflict free and the
// simulator's race checks are on.
func TestMmaGemm(t *testing.T) {
	cases := []struct {
		elem           string
		transA, transB bool
		batch, m, n, k int
	}{
		{"bf16", false, false, 1, 16, 8, 16},
		{"bf16", false, true, 1, 70, 33, 45},
		{"f16", true, false, 2, 19, 72, 7},
		{"f16", true, true, 1, 64, 64, 64},
		{"bf16", true, true, 3, 5, 9, 33},
		{"f16", false, false, 1, 1, 1, 1},
		{"bf16", false, false, 1, 4, 5, 0},
		{"f16", false, true, 1, 0, 5, 3},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%s_tA%v_tB%v_%dx%dx%dx%d", c.elem, c.transA, c.transB, c.batch, c.m, c.n, c.k)
		t.Run(name, func(t *testing.T) {
			g := ptxemit.MmaGemm{Name: "mma", Elem: c.elem, TransA: c.transA, TransB: c.transB}
			mod, err := ptx.ParseString("mma.ptx", mmaModule(t, g, 80))
			if err != nil {
				t.Fatal(err)
			}
			prog, err := sim.Load(mod)
			if err != nil {
				t.Fatal(err)
			}
			enc, dec := numerics.F32ToBF16, numerics.BF16ToF32
			if c.elem == "f16" {
				enc, dec = numerics.F32ToF16, numerics.F16ToF32
			}
			fill := func(n, seed int) ([]uint16, []float64) {
				bits, vals := make([]uint16, n), make([]float64, n)
				for i := range bits {
					bits[i] = enc(float32(2 * math.Sin(float64(7*i+seed))))
					vals[i] = float64(dec(bits[i]))
				}
				return bits, vals
			}
			sa, sb, sc := c.m*c.k, c.k*c.n, c.m*c.n
			ab, av := fill(max(c.batch*sa, 1), 1)
			bb, bv := fill(max(c.batch*sb, 1), 2)
			bufA, bufB, bufC := prog.Mem.Alloc(2*len(ab)), prog.Mem.Alloc(2*len(bb)), prog.Mem.Alloc(4*max(c.batch*sc, 1))
			if err := bufA.Write(ab); err != nil {
				t.Fatal(err)
			}
			if err := bufB.Write(bb); err != nil {
				t.Fatal(err)
			}
			st := &sim.Stats{}
			bm, bn, _, threads := ptxemit.MmaTile()
			grid := [3]int{max((c.n+bn-1)/bn, 1), max((c.m+bm-1)/bm, 1), c.batch}
			err = prog.Launch("mma", sim.Launch{Grid: grid, Block: [3]int{threads}, RaceCheck: true, Stats: st,
				Args: []sim.Arg{sim.Ptr(bufA), sim.Ptr(bufB), sim.Ptr(bufC), sim.U32(uint32(c.m)), sim.U32(uint32(c.n)), sim.U32(uint32(c.k)),
					sim.U64(uint64(sa)), sim.U64(uint64(sb)), sim.U64(uint64(sc))}})
			if err != nil {
				t.Fatal(err)
			}
			got := make([]float32, max(c.batch*sc, 1))
			if err := bufC.Read(got); err != nil {
				t.Fatal(err)
			}
			for p := range c.batch {
				for i := range c.m {
					for j := range c.n {
						s, mag := 0.0, 0.0
						for k := range c.k {
							ai := p*sa + i*c.k + k
							if c.transA {
								ai = p*sa + k*c.m + i
							}
							bi := p*sb + k*c.n + j
							if c.transB {
								bi = p*sb + j*c.k + k
							}
							s += av[ai] * bv[bi]
							mag += math.Abs(av[ai] * bv[bi])
						}
						if g := float64(got[p*sc+i*c.n+j]); math.Abs(g-s) > 1e-6*(mag+1) {
							t.Fatalf("C[%d][%d][%d] = %g, want %g", p, i, j, g, s)
						}
					}
				}
			}
			if st.WarpInsts[ptx.OpMma] == 0 && c.k > 0 {
				t.Error("no mma.sync ran")
			}
			if st.SharedConflicts != 0 {
				t.Errorf("%d shared accesses with bank conflicts", st.SharedConflicts)
			}
		})
	}
}

// TestMmaPtxas assembles the mma kernels with ptxas for sm_80 and sm_90
// (when installed): no spills; and checks that sm_70 is refused.
func TestMmaPtxas(t *testing.T) {
	if _, err := (ptxemit.MmaGemm{Name: "mma", Elem: "bf16"}).Module(70); err == nil {
		t.Error("an mma.sync kernel for sm_70")
	}
	ptxas, err := exec.LookPath("ptxas")
	if err != nil {
		t.Skip("ptxas is not installed")
	}
	for _, sm := range []int{80, 90} {
		for _, elem := range []string{"f16", "bf16"} {
			for _, tr := range [][2]bool{{false, false}, {true, true}} {
				g := ptxemit.MmaGemm{Name: "mma", Elem: elem, TransA: tr[0], TransB: tr[1]}
				file := filepath.Join(t.TempDir(), "mma.ptx")
				if err := os.WriteFile(file, []byte(mmaModule(t, g, sm)), 0o644); err != nil {
					t.Fatal(err)
				}
				out, err := exec.Command(ptxas, "-v", "--gpu-name", fmt.Sprintf("sm_%d", sm), file, "-o", os.DevNull).CombinedOutput()
				if err != nil {
					t.Fatalf("sm_%d %s: ptxas: %v\n%s", sm, elem, err, out)
				}
				mm := ptxasInfo.FindStringSubmatch(string(out))
				if mm == nil || mm[3] != "0" || mm[4] != "0" {
					t.Errorf("sm_%d %s: %s", sm, elem, out)
				}
				t.Logf("sm_%d %s transposed %v: %s registers, no spills", sm, elem, tr, mm[5])
			}
		}
	}
}

// TestMmaEpilogue runs the form emit/ptx uses for a marked gpu.func:
// static sizes, the buffers as the only parameters, a bias and relu, and
// C in f32 or rounded to bf16.
func TestMmaEpilogue(t *testing.T) {
	for _, out := range []string{"", "bf16"} {
		t.Run("out"+out, func(t *testing.T) { testMmaEpilogue(t, out) })
	}
}

func testMmaEpilogue(t *testing.T, out string) {
	const batch, m, n, k = 2, 37, 70, 24
	g := ptxemit.MmaGemm{Name: "mma", Elem: "bf16", TransB: true, Static: &[4]int64{m, n, k, batch}, Bias: true, Relu: true, Out: out}
	mod, err := ptx.ParseString("mma.ptx", mmaModule(t, g, 90))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := sim.Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	bits := func(n, seed int) ([]uint16, []float64) {
		b, v := make([]uint16, n), make([]float64, n)
		for i := range b {
			b[i] = numerics.F32ToBF16(float32(2 * math.Sin(float64(5*i+seed))))
			v[i] = float64(numerics.BF16ToF32(b[i]))
		}
		return b, v
	}
	ab, av := bits(batch*m*k, 1)
	bb, bv := bits(batch*n*k, 2)
	bias := make([]float32, n)
	for i := range bias {
		bias[i] = float32(math.Cos(float64(i)))
	}
	bufA, bufB, bufC, bufBias := prog.Mem.Alloc(2*len(ab)), prog.Mem.Alloc(2*len(bb)), prog.Mem.Alloc(4*batch*m*n), prog.Mem.Alloc(4*n)
	for _, w := range []struct {
		b *sim.Buffer
		v any
	}{{bufA, ab}, {bufB, bb}, {bufBias, bias}} {
		if err := w.b.Write(w.v); err != nil {
			t.Fatal(err)
		}
	}
	bm, bn, _, threads := ptxemit.MmaTile()
	err = prog.Launch("mma", sim.Launch{Grid: [3]int{(n + bn - 1) / bn, (m + bm - 1) / bm, batch}, Block: [3]int{threads}, RaceCheck: true,
		Args: []sim.Arg{sim.Ptr(bufA), sim.Ptr(bufB), sim.Ptr(bufC), sim.Ptr(bufBias)}})
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float32, batch*m*n)
	if out == "" {
		if err := bufC.Read(got); err != nil {
			t.Fatal(err)
		}
	} else {
		h := make([]uint16, batch*m*n)
		if err := bufC.Read(h); err != nil {
			t.Fatal(err)
		}
		for i, x := range h {
			got[i] = numerics.BF16ToF32(x)
		}
	}
	for p := range batch {
		for i := range m {
			for j := range n {
				s, mag := float64(bias[j]), math.Abs(float64(bias[j]))
				for kk := range k {
					x := av[p*m*k+i*k+kk] * bv[p*n*k+j*k+kk]
					s += x
					mag += math.Abs(x)
				}
				s = max(s, 0)
				tol := 1e-6 * (mag + 1)
				if out != "" {
					// One rounding to bf16 of the f32 sum.
					tol += math.Abs(s) / 256
				}
				if g := float64(got[p*m*n+i*n+j]); math.Abs(g-s) > tol {
					t.Fatalf("C[%d][%d][%d] = %g, want %g", p, i, j, g, s)
				}
			}
		}
	}
}
