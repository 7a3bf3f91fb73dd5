package ttptx

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ptx/sim"
	"github.com/tt-compiler/tt/runtime/npy"
)

// Devices of --device.
const (
	DeviceSim  = "sim"
	DeviceCUDA = "cuda"
)

// Config is one tt-ptx run.
type Config struct {
	File        string
	Kernel      string
	Grid, Block [3]int
	Shared      int
	Args        []string // --arg values, in parameter order
	Out         string   // directory of the arg<i>.npy files
	Stats       bool
	Device      string
	MaxSteps    int64
	Race        bool
	Stdout      io.Writer // receives --stats
}

// Run loads the module, runs the kernel and writes the buffers.
func Run(cfg Config) error {
	switch cfg.Device {
	case DeviceSim:
	case DeviceCUDA:
		if cfg.Stats {
			return fmt.Errorf("--stats are the simulator's: use --device sim")
		}
	default:
		return fmt.Errorf("unknown --device %q (known devices: sim, cuda)", cfg.Device)
	}
	if cfg.Shared < 0 {
		return fmt.Errorf("--shared must be non-negative, got %d", cfg.Shared)
	}
	if cfg.MaxSteps <= 0 {
		return fmt.Errorf("--max-steps must be positive, got %d", cfg.MaxSteps)
	}
	args := make([]argSpec, len(cfg.Args))
	for i, s := range cfg.Args {
		a, err := parseArg(s)
		if err != nil {
			return fmt.Errorf("--arg %s (argument %d): %v", s, i, err)
		}
		args[i] = a
	}
	mod, src, err := load(cfg.File)
	if err != nil {
		return err
	}
	prog, err := sim.Load(mod)
	if err != nil {
		return locate(err, src)
	}
	if !slices.Contains(prog.Kernels(), cfg.Kernel) {
		return fmt.Errorf("no kernel %q in %s; its kernels: %s", cfg.Kernel, cfg.File, strings.Join(prog.Kernels(), ", "))
	}
	params, err := prog.KernelParams(cfg.Kernel)
	if err != nil {
		return err
	}
	if len(args) != len(params) {
		return fmt.Errorf("kernel %s takes %d parameters (%s), but %d --arg were given",
			cfg.Kernel, len(params), paramList(params), len(args))
	}
	for i, a := range args {
		if err := a.fits(params[i]); err != nil {
			return fmt.Errorf("--arg %s (argument %d): parameter %d of kernel %s is .%s: %v", cfg.Args[i], i, i, cfg.Kernel, params[i], err)
		}
	}
	if cfg.Device == DeviceCUDA {
		if err := runOnCUDA(cfg, src, params, args); err != nil {
			return err
		}
		return writeBuffers(cfg.Out, args)
	}
	simArgs := make([]sim.Arg, len(args))
	bufs := make([]*sim.Buffer, len(args))
	for i, a := range args {
		if a.kind == kindBuf || a.kind == kindZeros {
			b := prog.Mem.Alloc(a.array.Len() * a.array.DType.Size())
			if err := b.Write(a.array.Data()); err != nil {
				return fmt.Errorf("--arg %s: %v", cfg.Args[i], err)
			}
			bufs[i], simArgs[i] = b, sim.Ptr(b)
			continue
		}
		simArgs[i] = a.scalar(params[i])
	}
	var stats *sim.Stats
	if cfg.Stats {
		stats = &sim.Stats{}
	}
	err = prog.Launch(cfg.Kernel, sim.Launch{
		Grid: cfg.Grid, Block: cfg.Block, SharedBytes: cfg.Shared, Args: simArgs,
		MaxSteps: cfg.MaxSteps, RaceCheck: cfg.Race, Stats: stats,
	})
	if err != nil {
		return locate(err, src)
	}
	for i, b := range bufs {
		if b == nil {
			continue
		}
		if err := b.Read(args[i].array.Data()); err != nil {
			return fmt.Errorf("reading back argument %d: %v", i, err)
		}
	}
	if err := writeBuffers(cfg.Out, args); err != nil {
		return err
	}
	if stats != nil {
		stats.Print(cfg.Stdout)
	}
	return nil
}

// writeBuffers writes buffer argument i (after the kernel) to
// DIR/arg<i>.npy.
func writeBuffers(dir string, args []argSpec) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, a := range args {
		if a.kind != kindBuf && a.kind != kindZeros {
			continue
		}
		if err := npy.WriteFile(filepath.Join(dir, fmt.Sprintf("arg%d.npy", i)), a.array); err != nil {
			return err
		}
	}
	return nil
}

// paramList formats parameter types as ".u64, .f32, ...".
func paramList(params []sim.Type) string {
	parts := make([]string, len(params))
	for i, p := range params {
		parts[i] = "." + p.String()
	}
	return strings.Join(parts, ", ")
}

// parseDims parses X[,Y[,Z]] (positive integers; missing ones are 1).
func parseDims(flag, s string) ([3]int, error) {
	d := [3]int{1, 1, 1}
	parts := strings.Split(s, ",")
	if len(parts) > 3 {
		return d, fmt.Errorf("%s %q: want X[,Y[,Z]], at most three sizes", flag, s)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n <= 0 {
			return d, fmt.Errorf("%s %q: want X[,Y[,Z]] with positive integer sizes", flag, s)
		}
		d[i] = n
	}
	return d, nil
}
