package corpustest

import (
	"os"
	"testing"

	"github.com/tt-compiler/tt/ptx"
	"github.com/tt-compiler/tt/ptx/sim"
)

// TestTransposeBankConflicts runs both tiled transposes with statistics:
// the tile padded to 33 columns has no shared-memory bank conflicts, the
// unpadded one reads each column with all 32 lanes in one bank (32
// wavefronts per read instead of 1), and both move the same global data.
func TestTransposeBankConflicts(t *testing.T) {
	for _, target := range allTargets {
		stats := map[string]*sim.Stats{}
		for _, kernel := range []string{"transpose_tiled", "transpose_tiled_conflicts"} {
			path := ptxPath("tiles", target)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			mod, err := ptx.Parse(path, src)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := sim.Load(mod)
			if err != nil {
				t.Fatal(err)
			}
			kc := transposeCase(target)
			in := prog.Mem.Alloc(4 * kc.args[0].buf.Len())
			if err := in.Write(kc.args[0].buf.F32); err != nil {
				t.Fatal(err)
			}
			out := prog.Mem.Alloc(4 * kc.args[1].n)
			st := &sim.Stats{}
			err = prog.Launch(kernel, sim.Launch{Grid: kc.grid, Block: kc.block, Stats: st, RaceCheck: true,
				Args: []sim.Arg{sim.Ptr(in), sim.Ptr(out), sim.S32(int32(kc.args[2].i)), sim.S32(int32(kc.args[3].i))}})
			if err != nil {
				t.Fatal(err)
			}
			stats[kernel] = st
		}
		padded, plain := stats["transpose_tiled"], stats["transpose_tiled_conflicts"]
		if padded.SharedConflicts != 0 || padded.SharedWavefronts != padded.SharedIdealWavefronts {
			t.Errorf("%s: padded tile: %d accesses with conflicts, %d wavefronts for %d ideal; want none",
				target, padded.SharedConflicts, padded.SharedWavefronts, padded.SharedIdealWavefronts)
		}
		if plain.SharedConflicts == 0 || plain.SharedWavefronts < 8*plain.SharedIdealWavefronts {
			t.Errorf("%s: unpadded tile: %d accesses with conflicts, %d wavefronts for %d ideal; want column reads 32-way conflicted",
				target, plain.SharedConflicts, plain.SharedWavefronts, plain.SharedIdealWavefronts)
		}
		if padded.GlobalBytes != plain.GlobalBytes || padded.GlobalSectors != plain.GlobalSectors {
			t.Errorf("%s: global traffic differs: %d/%d vs %d/%d bytes/sectors", target,
				padded.GlobalBytes, padded.GlobalSectors, plain.GlobalBytes, plain.GlobalSectors)
		}
		t.Logf("%s: padded %d/%d wavefronts, unpadded %d/%d (%d conflicted accesses)", target,
			padded.SharedWavefronts, padded.SharedIdealWavefronts, plain.SharedWavefronts, plain.SharedIdealWavefronts, plain.SharedConflicts)
	}
}
