package corpustest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPTXASAccepts checks that NVIDIA's ptxas (Debian's
// nvidia-cuda-toolkit, CUDA 11.8) assembles every corpus file for its
// target.
func TestPTXASAccepts(t *testing.T) {
	ptxas, err := exec.LookPath("ptxas")
	if err != nil {
		t.Skip("ptxas not found (apt-get install nvidia-cuda-toolkit from Debian's non-free component); corpus files not assembled")
	}
	for file, targets := range corpusSources(t) {
		for _, target := range targets {
			path := ptxPath(file, target)
			t.Run(filepath.Base(path), func(t *testing.T) {
				t.Parallel()
				out, err := exec.Command(ptxas, "-arch="+target, path, "-o", filepath.Join(t.TempDir(), "out.cubin")).CombinedOutput()
				if err != nil {
					t.Errorf("ptxas -arch=%s %s: %v\n%s", target, path, err, out)
				}
			})
		}
	}
}

// TestCorpusUpToDate recompiles every .cu file with clang-16, as gen.sh
// does, and checks that the committed PTX is what comes out.
func TestCorpusUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not recompiling the corpus")
	}
	clang, err := exec.LookPath("clang-16")
	if err != nil {
		t.Skip("clang-16 not found (apt-get install clang-16); corpus not recompiled")
	}
	if _, err := os.Stat("/usr/lib/cuda/nvvm/libdevice"); err != nil {
		t.Skip("no CUDA toolkit at /usr/lib/cuda (apt-get install nvidia-cuda-toolkit); corpus not recompiled")
	}
	for file, targets := range corpusSources(t) {
		for _, target := range targets {
			path := ptxPath(file, target)
			t.Run(filepath.Base(path), func(t *testing.T) {
				t.Parallel()
				out := filepath.Join(t.TempDir(), "k.ptx")
				cmd := exec.Command(clang, "--cuda-device-only", "--cuda-gpu-arch="+target, "--cuda-path=/usr/lib/cuda",
					"-O2", "-S", "-Wno-unknown-cuda-version", file+".cu", "-o", out)
				cmd.Dir = corpusDir
				if msg, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%s: %v\n%s", cmd, err, msg)
				}
				got, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s is not what clang-16 makes of %s.cu now: run go generate ./ptx/corpustest", path, file)
				}
			})
		}
	}
}
