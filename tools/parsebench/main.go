// Command parsebench measures tt-opt's parse + verify + print throughput on a
// large generated generic-form file, side by side with mlir-opt-16 when it is
// installed, and reports median wall time, MB/s and peak memory (max RSS).
//
//	go run ./tools/parsebench -ops 200000 -runs 5
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"syscall"
	"time"
)

func main() {
	ops := flag.Int("ops", 200000, "number of operations in the generated file")
	runs := flag.Int("runs", 5, "timed runs per tool (alternating)")
	ttOpt := flag.String("tt-opt", "", "tt-opt binary (default: build ./cmd/tt-opt)")
	keep := flag.String("file", "", "write the generated file here instead of a temp file")
	flag.Parse()

	dir, err := os.MkdirTemp("", "parsebench")
	check(err)
	defer os.RemoveAll(dir)
	path := *keep
	if path == "" {
		path = filepath.Join(dir, "big.mlir")
	}
	size := generate(path, *ops)
	bin := *ttOpt
	if bin == "" {
		bin = filepath.Join(dir, "tt-opt")
		cmd := exec.Command("go", "build", "-o", bin, "./cmd/tt-opt")
		cmd.Stderr = os.Stderr
		check(cmd.Run())
	}
	tools := map[string][]string{"tt-opt": {bin, "--allow-unregistered-dialect", "--print-op-generic", path}}
	if mlir, err := exec.LookPath("mlir-opt-16"); err == nil {
		tools["mlir-opt-16"] = []string{mlir, "--allow-unregistered-dialect", "--mlir-print-op-generic", path}
	} else {
		fmt.Println("mlir-opt-16 not found: measuring tt-opt only")
	}
	names := make([]string, 0, len(tools))
	for n := range tools {
		names = append(names, n)
	}
	sort.Strings(names)
	times := map[string][]time.Duration{}
	rss := map[string]int64{}
	for i := 0; i < *runs+1; i++ { // the first round warms the file cache
		for _, n := range names {
			d, maxRSS := run(tools[n])
			if i > 0 {
				times[n] = append(times[n], d)
			}
			rss[n] = max(rss[n], maxRSS)
		}
	}
	fmt.Printf("file: %d ops, %.1f MB (generic form, parse + verify + print)\n", *ops, float64(size)/1e6)
	fmt.Printf("%-12s %12s %12s %10s %14s\n", "tool", "median", "min", "MB/s", "peak RSS")
	med := map[string]time.Duration{}
	for _, n := range names {
		ts := times[n]
		sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
		med[n] = ts[len(ts)/2]
		fmt.Printf("%-12s %10.0fms %10.0fms %10.1f %11.0f MB\n", n, ms(med[n]), ms(ts[0]), float64(size)/1e6/med[n].Seconds(), float64(rss[n])/1024)
	}
	if m, ok := med["mlir-opt-16"]; ok {
		fmt.Printf("tt-opt / mlir-opt-16 wall-time ratio (medians): %.2fx\n", med["tt-opt"].Seconds()/m.Seconds())
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// run executes a command, discarding output, and returns its wall time and max RSS in KiB.
func run(args []string) (time.Duration, int64) {
	cmd := exec.Command(args[0], args[1:]...)
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	check(err)
	defer devnull.Close()
	cmd.Stdout = devnull
	cmd.Stderr = os.Stderr
	start := time.Now()
	check(cmd.Run())
	d := time.Since(start)
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if ru == nil {
		return d, 0
	}
	return d, ru.Maxrss
}

// generate writes a func.func (generic form) holding n ops that use earlier
// results, carry attributes, and nest a few regions.
func generate(path string, n int) int64 {
	f, err := os.Create(path)
	check(err)
	w := bufio.NewWriterSize(f, 1<<20)
	fmt.Fprintln(w, `"builtin.module"() ({`)
	fmt.Fprintln(w, `  "func.func"() ({`)
	fmt.Fprintln(w, `  ^bb0(%arg0: tensor<4x?xf32>, %arg1: tensor<4x?xf32>):`)
	for i := 0; i < n; i++ {
		a, b := "%arg0", "%arg1"
		if i > 0 {
			a = fmt.Sprintf("%%%d", i-1)
		}
		if i > 7 {
			b = fmt.Sprintf("%%%d", i-8)
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(w, "    %%%d = \"test.add\"(%s, %s) {alpha = %d : i64, tag = \"n%d\"} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>\n", i, a, b, i%97, i%13)
		case 1:
			fmt.Fprintf(w, "    %%%d = \"test.mul\"(%s, %s) {scale = %d.5 : f32} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>\n", i, a, b, i%10)
		case 2:
			fmt.Fprintf(w, "    %%%d = \"test.cast\"(%s) {dims = array<i64: 0, 1>, flag} : (tensor<4x?xf32>) -> tensor<4x?xf32>\n", i, a)
		default:
			fmt.Fprintf(w, "    %%%d = \"test.select\"(%s, %s, %s) {kind = \"lt\", weights = [1, 2, 3]} : (tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>\n", i, a, b, a)
		}
	}
	fmt.Fprintf(w, "    \"func.return\"(%%%d) : (tensor<4x?xf32>) -> ()\n", n-1)
	fmt.Fprintln(w, `  }) {function_type = (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>, sym_name = "big"} : () -> ()`)
	fmt.Fprintln(w, `}) : () -> ()`)
	check(w.Flush())
	st, err := f.Stat()
	check(err)
	check(f.Close())
	return st.Size()
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "parsebench:", err)
		os.Exit(1)
	}
}
