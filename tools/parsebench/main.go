// Command parsebench measures tt-opt side by side with mlir-opt-16 (when it
// is installed) on large generated files, and reports median wall time, MB/s
// and peak memory (max RSS):
//
//	go run ./tools/parsebench -ops 200000 -runs 5             # parse + verify + print, generic form
//	go run ./tools/parsebench -mode canon -ops 200000 -runs 5 # --canonicalize --cse on arith ops
//	go run ./tools/parsebench -parsers fast,participle -mlir=false -runs 9 # tt-opt's two parser engines
//
// With -parsers, tt-opt runs once per engine (--parser=NAME), alternating
// with the other tools. In canon mode it also checks that all tools leave
// the same number of ops. Besides wall time it reports CPU time (user +
// system), steadier than wall time on a shared machine.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/tt-compiler/tt/dialects/function"
)

func main() {
	ops := flag.Int("ops", 200000, "number of operations in the generated file")
	runs := flag.Int("runs", 5, "timed runs per tool (alternating)")
	ttOpt := flag.String("tt-opt", "", "tt-opt binary (default: build ./cmd/tt-opt)")
	keep := flag.String("file", "", "write the generated file here instead of a temp file")
	mode := flag.String("mode", "parse", "parse (parse + verify + print) or canon (canonicalize + cse on arith)")
	parsers := flag.String("parsers", "fast", "comma-separated tt-opt parser engines (--parser) to measure")
	withMLIR := flag.Bool("mlir", true, "measure mlir-opt-16 too when it is installed")
	flag.Parse()

	dir, err := os.MkdirTemp("", "parsebench")
	check(err)
	defer os.RemoveAll(dir)
	path := *keep
	if path == "" {
		path = filepath.Join(dir, "big.mlir")
	}
	var size int64
	ttArgs := []string{"--allow-unregistered-dialect", "--print-op-generic"}
	mlirArgs := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}
	switch *mode {
	case "parse":
		size = generate(path, *ops)
	case "canon":
		size = generateArith(path, *ops)
		ttArgs = []string{"--canonicalize", "--cse"}
		mlirArgs = []string{"--canonicalize", "--cse"}
	default:
		check(fmt.Errorf("unknown mode %q", *mode))
	}
	bin := *ttOpt
	if bin == "" {
		bin = filepath.Join(dir, "tt-opt")
		cmd := exec.Command("go", "build", "-o", bin, "./cmd/tt-opt")
		cmd.Stderr = os.Stderr
		check(cmd.Run())
	}
	tools := map[string][]string{}
	engines := strings.Split(*parsers, ",")
	for _, e := range engines {
		name := "tt-opt"
		if len(engines) > 1 {
			name += "/" + e
		}
		tools[name] = append(append([]string{bin, "--parser=" + e}, ttArgs...), path)
	}
	if mlir, err := exec.LookPath("mlir-opt-16"); err == nil && *withMLIR {
		tools["mlir-opt-16"] = append(append([]string{mlir}, mlirArgs...), path)
	} else if *withMLIR {
		fmt.Println("mlir-opt-16 not found: measuring tt-opt only")
	}
	names := make([]string, 0, len(tools))
	for n := range tools {
		names = append(names, n)
	}
	sort.Strings(names)
	times := map[string][]time.Duration{}
	cpus := map[string][]time.Duration{}
	rss := map[string]int64{}
	for i := 0; i < *runs+1; i++ { // the first round warms the file cache
		for _, n := range names {
			d, cpu, maxRSS := run(tools[n])
			if i > 0 {
				times[n] = append(times[n], d)
				cpus[n] = append(cpus[n], cpu)
			}
			rss[n] = max(rss[n], maxRSS)
		}
	}
	if *mode == "canon" {
		for _, n := range names {
			fmt.Printf("%s leaves %d ops\n", n, countOps(tools[n]))
		}
		fmt.Printf("file: %d arith ops in one function, %.1f MB (custom form, --canonicalize --cse)\n", *ops, float64(size)/1e6)
	} else {
		fmt.Printf("file: %d ops, %.1f MB (generic form, parse + verify + print)\n", *ops, float64(size)/1e6)
	}
	fmt.Printf("%-22s %12s %12s %12s %10s %14s\n", "tool", "median", "min", "median CPU", "MB/s", "peak RSS")
	med := map[string]time.Duration{}
	medCPU := map[string]time.Duration{}
	for _, n := range names {
		ts := times[n]
		sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
		med[n] = ts[len(ts)/2]
		cs := cpus[n]
		sort.Slice(cs, func(i, j int) bool { return cs[i] < cs[j] })
		medCPU[n] = cs[len(cs)/2]
		fmt.Printf("%-22s %10.0fms %10.0fms %10.0fms %10.1f %11.0f MB\n", n, ms(med[n]), ms(ts[0]), ms(medCPU[n]), float64(size)/1e6/med[n].Seconds(), float64(rss[n])/1024)
	}
	if m, ok := med["mlir-opt-16"]; ok {
		for _, n := range names {
			if strings.HasPrefix(n, "tt-opt") {
				fmt.Printf("%s / mlir-opt-16 wall-time ratio (medians): %.2fx\n", n, med[n].Seconds()/m.Seconds())
			}
		}
	}
	if len(engines) > 1 {
		base := "tt-opt/" + engines[0]
		for _, e := range engines[1:] {
			n := "tt-opt/" + e
			fmt.Printf("%s / %s (medians): wall %.2fx, CPU %.2fx\n", n, base, med[n].Seconds()/med[base].Seconds(), medCPU[n].Seconds()/medCPU[base].Seconds())
		}
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// countOps runs a command and counts the operations it prints (one per line
// inside the function body).
func countOps(args []string) int {
	out, err := exec.Command(args[0], args[1:]...).Output()
	check(err)
	n := 0
	for _, line := range strings.Split(string(out), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || t == "}" || strings.HasPrefix(t, "module") || strings.HasPrefix(t, function.FuncName) {
			continue
		}
		n++
	}
	return n
}

// generateArith writes one function of about n arith ops (custom form):
// constants, duplicated and constant-first additions, multiplications by
// small constants, x-x and x^y, folded away by canonicalize and cse.
func generateArith(path string, n int) int64 {
	f, err := os.Create(path)
	check(err)
	w := bufio.NewWriterSize(f, 1<<20)
	const live = 64 // values returned, so their computations survive
	types := strings.TrimSuffix(strings.Repeat("i32, ", live), ", ")
	fmt.Fprintf(w, "func.func @bench(%%arg0: i32, %%arg1: i32) -> (%s) {\n", types)
	vals := []string{"%arg0", "%arg1"}
	seed := uint32(12345)
	rnd := func(k int) int {
		seed = seed*1664525 + 1013904223
		return int(seed>>8) % k
	}
	pick := func() string { return vals[len(vals)-1-rnd(min(len(vals), 16))] }
	next := 0
	// The values form a chain through the arguments, so what survives
	// canonicalize and cse is a long computation, not a constant.
	emit := func(format string, args ...any) string {
		name := fmt.Sprintf("%%v%d", next)
		next++
		fmt.Fprintf(w, "  %s = "+format+"\n", append([]any{name}, args...)...)
		return name
	}
	for count := 0; count < n; {
		switch rnd(6) {
		case 0:
			c := emit("arith.constant %d : i32", rnd(32))
			vals = append(vals, emit("arith.addi %s, %s : i32", c, pick()))
			count += 2
		case 1:
			x, y := pick(), pick()
			vals = append(vals, emit("arith.addi %s, %s : i32", x, y), emit("arith.addi %s, %s : i32", x, y))
			count += 2
		case 2:
			c := emit("arith.constant %d : i32", 2*rnd(3)+1) // odd: products never wrap to 0
			vals = append(vals, emit("arith.muli %s, %s : i32", pick(), c))
			count += 2
		case 3:
			x := pick()
			zero := emit("arith.subi %s, %s : i32", x, x) // folds to 0
			vals = append(vals, emit("arith.addi %s, %s : i32", pick(), zero))
			count += 2
		case 4:
			a, b := emit("arith.constant %d : i32", 1+rnd(8)), emit("arith.constant %d : i32", 1+rnd(8))
			vals = append(vals, emit("arith.addi %s, %s : i32", a, b))
			count += 3
		default:
			vals = append(vals, emit("arith.muli %s, %s : i32", pick(), pick()))
			count++
		}
	}
	// Return values spread over the whole function.
	var rets []string
	for k := 0; k < live; k++ {
		rets = append(rets, vals[2+k*(len(vals)-2)/live])
	}
	fmt.Fprintf(w, "  return %s : %s\n}\n", strings.Join(rets, ", "), types)
	check(w.Flush())
	st, err := f.Stat()
	check(err)
	check(f.Close())
	return st.Size()
}

// run executes a command, discarding output, and returns its wall time, CPU
// time (user + system) and max RSS in KiB.
func run(args []string) (time.Duration, time.Duration, int64) {
	cmd := exec.Command(args[0], args[1:]...)
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	check(err)
	defer devnull.Close()
	cmd.Stdout = devnull
	cmd.Stderr = os.Stderr
	start := time.Now()
	check(cmd.Run())
	d := time.Since(start)
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if ru == nil {
		return d, cpu, 0
	}
	return d, cpu, ru.Maxrss
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
