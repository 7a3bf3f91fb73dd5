package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/ptx"
	"github.com/tt-compiler/tt/ptx/sim"
)

// TestMain runs from the repository root, as run.sh runs gpucheck.
func TestMain(m *testing.M) {
	if err := os.Chdir(filepath.Join("..", "..")); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

// TestMLPTrainStepPrepares builds the training step benchmark's module and
// prepares it for the GPU (pt2-gpu, emit/ptx, the emitted PTX parsed and
// verified) without running it: the simulator would take minutes.
func TestMLPTrainStepPrepares(t *testing.T) {
	src, entry, err := mlpTrainStep(0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "mlp_train_step.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var r ptxsim.Runner
	if err := r.Prepare(context.Background(), m, entry); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(r.PTX), ".entry train_step_k") {
		t.Errorf("no train_step kernels in the PTX")
	}
}

// TestCopyKernelOnSimulator runs the copy kernel of the bandwidth
// benchmark on the simulator: 16 vectors by 8 threads (each thread loops
// twice), every element copied, nothing past the end written.
func TestCopyKernelOnSimulator(t *testing.T) {
	mod, err := ptx.Parse("copy.ptx", []byte(copyPTX))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := sim.Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	in := make([]float32, 72)
	for i := range in {
		in[i] = float32(i) + 0.5
	}
	src, dst := prog.Mem.Alloc(4*len(in)), prog.Mem.Alloc(4*len(in))
	if err := src.Write(in); err != nil {
		t.Fatal(err)
	}
	if err := prog.Launch("copy4", sim.Launch{Grid: [3]int{2, 1, 1}, Block: [3]int{4, 1, 1},
		Args: []sim.Arg{sim.Ptr(src), sim.Ptr(dst), sim.U64(16)}, RaceCheck: true}); err != nil {
		t.Fatal(err)
	}
	out := make([]float32, len(in))
	if err := dst.Read(out); err != nil {
		t.Fatal(err)
	}
	for i := range out {
		want := in[i]
		if i >= 64 {
			want = 0
		}
		if out[i] != want {
			t.Fatalf("element %d: %g, want %g", i, out[i], want)
		}
	}
}

// TestBenchOnSimulator runs the memory-bound benchmarks on 8 rows on the
// simulator backend (wall time): the lines are JSON, the byte counts the
// inputs and results.
func TestBenchOnSimulator(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := run([]string{"bench", "--backend", "ptxsim", "--rows", "8", "--runs", "1", "--only", "copy,softmax,layer_norm,gelu_chain"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want := map[string]int64{"softmax": 2 * 8 * 1024 * 4, "layer_norm": 2*8*1024*4 + 2*1024*4, "gelu_chain": 2*8*1024*4 + 2*1024*4}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4:\n%s", len(lines), stdout.String())
	}
	for _, line := range lines {
		var r benchResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if r.Name == "copy" {
			if r.Status != "unsupported" {
				t.Errorf("copy on ptxsim: %s", line)
			}
			continue
		}
		if r.Status != "ok" || r.Bytes != want[r.Name] || r.Runs != 1 || r.MedianMs <= 0 || r.GBs <= 0 || r.Timing != "wall" {
			t.Errorf("%s: %s (want %d bytes)", r.Name, line, want[r.Name])
		}
	}
}

// TestFixturesOnSimulator runs the first cases of each suite on the
// simulator backend and checks the lines.
func TestFixturesOnSimulator(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := run([]string{"fixtures", "--backend", "ptxsim", "--limit", "4"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	count := map[string]int{}
	for line := range strings.Lines(stdout.String()) {
		var r fixtureResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		count[r.Suite]++
		if r.Status != "pass" && r.Status != "unsupported" {
			t.Errorf("%s/%s: %s: %s", r.Suite, r.Name, r.Status, r.Detail)
		}
	}
	if count["refdata"] != 4 || count["interp"] != 4 {
		t.Errorf("cases per suite: %v, want 4 each", count)
	}
}

// TestSummarize summarizes a made-up run: the counts, the failures and the
// benchmark figures reach summary.txt, and gpucheck.json is valid.
func TestSummarize(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"steps.tsv": "probe\tok\t0\t1.5\tprobe.log\nfixtures\tfailed\t1\t80.25\tfixtures.log\nbench\ttimeout\t124\t180.0\tbench.log\n",
		"probe.json": `{"ok": true, "driver_version": 12040, "max_ptx": "8.4", "devices": 1, "device": {"name": "NVIDIA H200",
			"compute_capability": "9.0", "target": "sm_90", "multiprocessors": 132, "total_mem_bytes": 150323855360, "peak_gb_s": 4800}}`,
		"fixtures.jsonl": `{"suite":"refdata","name":"a","status":"pass"}` + "\n" + `{"suite":"refdata","name":"b","status":"fail","detail":"result 0: off"}` + "\n" +
			`{"suite":"interp","name":"c","status":"unsupported","detail":"f16"}` + "\n",
		"bench.jsonl": `{"name":"copy","status":"ok","timing":"cuda-events","runs":5,"median_ms":0.5,"gb_s":4000}` + "\n" +
			`{"name":"softmax","status":"ok","timing":"cuda-events","runs":5,"median_ms":1,"gb_s":2000,"pct_of_copy":50}` + "\n" +
			`{"name":"matmul_4096_f32","status":"ok","timing":"cuda-events","runs":5,"median_ms":10,"tflop_s":13.7}` + "\n" +
			`{"name":"matmul_4096_f16","status":"unsupported","detail":"f16 is not supported"}` + "\n",
		"corpus.txt": "=== RUN   TestCorpusOnGPU\n    --- PASS: TestCorpusOnGPU/a.sm_70/k (0.01s)\n    --- FAIL: TestCorpusOnGPU/b.sm_90/k (0.01s)\n--- FAIL: TestCorpusOnGPU (0.1s)\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr strings.Builder
	if code := run([]string{"summarize", "--out", dir}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	summary, err := os.ReadFile(filepath.Join(dir, "summary.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"fixtures   failed   exit 1      80.2 s", "bench      timeout  exit 124",
		"device: NVIDIA H200, compute capability 9.0 (sm_90), 132 SMs",
		"refdata  1 pass, 1 fail, 0 error, 0 unsupported", "FAIL refdata/b: result 0: off",
		"1 pass, 1 fail, 0 skip", "FAIL TestCorpusOnGPU/b.sm_90/k",
		"softmax               1.000 ms    2000.0 GB/s   50.0% of copy",
		"matmul_4096_f32      10.000 ms     13.70 TFLOP/s", "matmul_4096_f16  unsupported: f16 is not supported",
	} {
		if !strings.Contains(string(summary), want) {
			t.Errorf("summary lacks %q:\n%s", want, summary)
		}
	}
	var rep report
	data, err := os.ReadFile(filepath.Join(dir, "gpucheck.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil || len(rep.Steps) != 3 || len(rep.Bench) != 4 || rep.Corpus.Fail != 1 {
		t.Errorf("gpucheck.json: %v\n%s", err, data)
	}
	skip := parseCorpus(strings.NewReader("=== RUN   TestCorpusOnGPU\n    gpu_test.go:24: no GPU: no CUDA device\n--- SKIP: TestCorpusOnGPU (0.07s)\nPASS\n"))
	if skip.Skipped != "no GPU: no CUDA device" {
		t.Errorf("skip reason %q", skip.Skipped)
	}
}

// TestDryRun runs run.sh --dry-run: it builds the static binaries (no
// prepared ones given) and lists every step and case it would run.
func TestDryRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two binaries")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out := t.TempDir()
	cmd := exec.Command("bash", "tools/gpucheck/run.sh", "--dry-run", "--out", out)
	cmd.Env = append(os.Environ(), "GPUCHECK_BIN="+filepath.Join(t.TempDir(), "none"), "TMPDIR="+t.TempDir())
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, output)
	}
	all, err := loadFixtures()
	if err != nil {
		t.Fatal(err)
	}
	var fixtures, benches int
	sc := bufio.NewScanner(strings.NewReader(string(output)))
	for sc.Scan() {
		switch {
		case strings.HasPrefix(sc.Text(), "fixture "):
			fixtures++
		case strings.HasPrefix(sc.Text(), "bench "):
			benches++
		}
	}
	if fixtures != len(all) || benches != 1+len(benchCases) {
		t.Errorf("lists %d fixtures and %d benchmarks, want %d and %d", fixtures, benches, len(all), 1+len(benchCases))
	}
	for _, want := range []string{"== build", "ok (exit 0)", "fixtures 125s", "corpus TestCorpusOnGPU", "bench copy", "bench mlp_train_step", "torch"} {
		if !strings.Contains(string(output), want) {
			t.Errorf("output lacks %q:\n%s", want, output)
		}
	}
	steps, err := os.ReadFile(filepath.Join(out, "steps.tsv"))
	if err != nil || !strings.HasPrefix(string(steps), "build\tok\t0\t") {
		t.Errorf("steps.tsv: %v %q", err, steps)
	}
}

// TestTorchBenchOnCPU runs torch_bench.py on the CPU (its --cpu mode, 8
// rows, matmul 256³) where PyTorch is importable: every benchmark reports
// a time, or for f16 matmul (no CPU kernel in older PyTorch) an error.
func TestTorchBenchOnCPU(t *testing.T) {
	if testing.Short() {
		t.Skip("PyTorch's MLP step takes seconds on the CPU")
	}
	py, err := exec.LookPath("python3")
	if err != nil || exec.Command(py, "-c", "import torch").Run() != nil {
		if py, err = exec.LookPath("/usr/bin/python3"); err != nil || exec.Command(py, "-c", "import torch").Run() != nil {
			t.Skip("no python3 with torch")
		}
	}
	out, err := exec.Command(py, "tools/gpucheck/torch_bench.py", "8", "1", "--cpu").Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var res struct {
		Device  string `json:"device"`
		Results []struct {
			Name     string  `json:"name"`
			MedianMs float64 `json:"median_ms"`
			Error    string  `json:"error"`
		} `json:"results"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	names := []string{}
	for _, r := range res.Results {
		names = append(names, r.Name)
		if r.MedianMs <= 0 && (r.Error == "" || !strings.HasSuffix(r.Name, "_f16")) {
			t.Errorf("%s: %+v", r.Name, r)
		}
	}
	if got := strings.Join(names, " "); res.Device != "cpu" || got != "copy softmax layer_norm gelu_chain matmul_256_f32 matmul_256_f16 mlp_train_step" {
		t.Errorf("device %q, benchmarks %s", res.Device, got)
	}
}
