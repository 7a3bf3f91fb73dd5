package gobuild

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	goemit "github.com/tt-compiler/tt/emit/go"
)

// CacheDirEnv is the environment variable that overrides the cache
// directory.
const CacheDirEnv = "TT_CACHE_DIR"

// ModulePath is the module path of a cache entry; the generated package is
// imported as ModulePath + "/model".
const ModulePath = "ttgen"

// BinaryName is the name of the built command in a cache entry.
const BinaryName = "ttmodel"

// CacheDir returns the directory builds are cached in: $TT_CACHE_DIR, or
// os.UserCacheDir()/tt (a temporary directory's tt-cache when the user has
// no cache directory).
func CacheDir() string {
	if d := os.Getenv(CacheDirEnv); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "tt")
	}
	return filepath.Join(os.TempDir(), "tt-cache")
}

// GoTool returns the go command to build with: go on PATH, else
// $GOROOT/bin/go.
func GoTool() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	if root := os.Getenv("GOROOT"); root != "" {
		p := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", errors.New("the Go backend needs the Go toolchain, and no go command was found on PATH (or in $GOROOT/bin)")
}

// BuildOptions configure Build.
type BuildOptions struct {
	// CacheDir is the cache directory ("" for CacheDir()).
	CacheDir string
	// Version is tt's version, part of the cache key.
	Version string
	// Go is the go command ("" for GoTool()).
	Go string
	// Stderr, when not nil, receives the go command's output as it runs.
	Stderr *bytes.Buffer
}

// Program is a built command in the cache.
type Program struct {
	// Dir is the cache entry (a Go module).
	Dir string
	// Binary is the command.
	Binary string
	// Key is the cache key.
	Key string
	// Cached reports whether the binary was already built.
	Cached bool
	// Package is the emitted package.
	Package *goemit.Package
	// Main is the command's source.
	Main []byte
}

// ModelPath and MainPath are the generated files of a cache entry.
func (p *Program) ModelPath() string { return filepath.Join(p.Dir, "model", "model.go") }

// MainPath returns the path of the command's source.
func (p *Program) MainPath() string { return filepath.Join(p.Dir, "main.go") }

// goMod is the go.mod of a cache entry.
const goMod = "module " + ModulePath + "\n\ngo 1.22\n"

// Key returns the cache key of a package and its command: a hash of tt's
// version, the target platform (with the GOAMD64 level builds use), the
// SIMD level of the code and the sources.
func Key(version string, level goemit.SIMD, model, main []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "tt %s\n%s/%s %s simd=%s\n%d\n", version, runtime.GOOS, runtime.GOARCH, amd64Level(), level, len(model))
	h.Write(model)
	h.Write(main)
	return hex.EncodeToString(h.Sum(nil))[:24]
}

// Build emits the command for pkg, and builds it unless the cache has it.
func Build(ctx context.Context, pkg *goemit.Package, opts BuildOptions) (*Program, error) {
	main, err := goemit.EmitMain(pkg, ModulePath+"/model")
	if err != nil {
		return nil, err
	}
	cache := opts.CacheDir
	if cache == "" {
		cache = CacheDir()
	}
	key := Key(opts.Version, pkg.SIMD, pkg.Source, main)
	dir := filepath.Join(cache, "go", key)
	p := &Program{Dir: dir, Binary: filepath.Join(dir, BinaryName), Key: key, Package: pkg, Main: main}
	if st, err := os.Stat(p.Binary); err == nil && st.Mode().IsRegular() {
		p.Cached = true
		return p, nil
	}
	goCmd := opts.Go
	if goCmd == "" {
		if goCmd, err = GoTool(); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Join(cache, "go"), 0o755); err != nil {
		return nil, fmt.Errorf("creating the build cache: %v", err)
	}
	tmp, err := os.MkdirTemp(filepath.Join(cache, "go"), "tmp-"+key+"-")
	if err != nil {
		return nil, fmt.Errorf("creating the build cache: %v", err)
	}
	defer os.RemoveAll(tmp) // gone after the rename, unless the build failed
	files := map[string][]byte{
		"go.mod":                           []byte(goMod),
		filepath.Join("model", "model.go"): pkg.Source,
		"main.go":                          main,
	}
	for name, data := range files {
		path := filepath.Join(tmp, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return nil, err
		}
	}
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, goCmd, "build", "-trimpath", "-o", BinaryName, ".")
	cmd.Dir = tmp
	cmd.Env = BuildEnv(pkg.SIMD)
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		failed := filepath.Join(cache, "go", "failed-"+key)
		_ = os.RemoveAll(failed)
		if rerr := os.Rename(tmp, failed); rerr != nil {
			failed = tmp
		}
		return nil, fmt.Errorf("internal error: the generated Go code does not build (a bug in tt's Go emitter, please report it); "+
			"generated files: %s, %s: go build: %v\n%s", filepath.Join(failed, "model", "model.go"), filepath.Join(failed, "main.go"), err, strings.TrimSpace(out.String()))
	}
	if opts.Stderr != nil {
		fmt.Fprintf(opts.Stderr, "built %s in %v\n", dir, time.Since(start).Round(time.Millisecond))
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another build of the same key won the race: use it.
		if st, serr := os.Stat(p.Binary); serr == nil && st.Mode().IsRegular() {
			return p, nil
		}
		_ = os.RemoveAll(dir)
		if err := os.Rename(tmp, dir); err != nil {
			return nil, fmt.Errorf("installing the build in the cache: %v", err)
		}
	}
	return p, nil
}

// BuildEnv returns the environment builds of code of a SIMD level run in:
// the caller's, with CGO_ENABLED=0, GOWORK=off, GOTOOLCHAIN=local, GOFLAGS
// cleared, GO111MODULE=on, GOOS/GOARCH set to the platform tt runs on, on
// amd64 GOAMD64 set to the level the host supports when the caller does
// not set it (see amd64Level), and for the SIMD levels "simd" added to
// the caller's GOEXPERIMENT (package simd/archsimd).
func BuildEnv(level goemit.SIMD) []string {
	var env []string
	drop := map[string]bool{"CGO_ENABLED": true, "GOWORK": true, "GOTOOLCHAIN": true, "GOFLAGS": true, "GO111MODULE": true, "GOOS": true, "GOARCH": true}
	if level != goemit.SIMDOff {
		drop["GOEXPERIMENT"] = true
	}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !drop[k] {
			env = append(env, kv)
		}
	}
	env = append(env, "CGO_ENABLED=0", "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=", "GO111MODULE=on",
		"GOOS="+runtime.GOOS, "GOARCH="+runtime.GOARCH)
	if level != goemit.SIMDOff {
		env = append(env, "GOEXPERIMENT="+withSIMDExperiment(os.Getenv("GOEXPERIMENT")))
	}
	if _, set := os.LookupEnv("GOAMD64"); !set && amd64Level() != "" {
		env = append(env, "GOAMD64="+amd64Level())
	}
	return env
}

// amd64Level returns the GOAMD64 level of builds: the caller's $GOAMD64
// when set; on amd64 Linux hosts whose CPU has the x86-64-v3 features
// (AVX2, FMA, BMI1/2, F16C, LZCNT, MOVBE, as /proc/cpuinfo lists them)
// "v3"; else "" (the toolchain's default, v1). The built command runs on
// this host only, so it may use them. Generated code converts every
// product explicitly, so the level does not change its element-wise
// results; it lets Go use FMA instructions in the multiply-accumulate
// loops of the run-time GEMM (tt.matmul, tt.conv2d), which are within
// their tolerance of the interpreter's and still the same for any
// GOMAXPROCS.
func amd64Level() string {
	amd64Once.Do(func() {
		if v, set := os.LookupEnv("GOAMD64"); set {
			amd64Value = v
			return
		}
		if runtime.GOARCH != "amd64" || runtime.GOOS != "linux" {
			return
		}
		b, err := os.ReadFile("/proc/cpuinfo")
		if err == nil && hasV3(string(b)) {
			amd64Value = "v3"
		}
	})
	return amd64Value
}

var (
	amd64Once  sync.Once
	amd64Value string
)

// hasV3 reports whether every processor of a /proc/cpuinfo listing has
// the x86-64-v3 features.
func hasV3(cpuinfo string) bool {
	return everyProcessorHas(cpuinfo, []string{"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"})
}

// withSIMDExperiment returns a GOEXPERIMENT value with simd enabled: the
// caller's experiments, without a nosimd, plus simd.
func withSIMDExperiment(value string) string {
	out := []string{}
	for _, e := range strings.Split(value, ",") {
		if e = strings.TrimSpace(e); e != "" && e != "simd" && e != "nosimd" {
			out = append(out, e)
		}
	}
	return strings.Join(append(out, "simd"), ",")
}

// BuildInfo describes how the program was built, one "key: value" per
// line (tt-run -v prints it, --dump-dir writes it to build.txt).
func (p *Program) BuildInfo() string {
	var b strings.Builder
	level := p.Package.SIMD
	fmt.Fprintf(&b, "simd: %s", level)
	if level != goemit.SIMDOff {
		fmt.Fprintf(&b, " (package simd/archsimd, needs %s)", level.Features())
	}
	b.WriteString("\n")
	for _, kv := range BuildEnv(level) {
		k, v, _ := strings.Cut(kv, "=")
		if k == "GOEXPERIMENT" || k == "GOAMD64" || k == "GOOS" || k == "GOARCH" {
			fmt.Fprintf(&b, "%s: %s\n", k, v)
		}
	}
	fmt.Fprintf(&b, "cache: %s\n", p.Dir)
	return b.String()
}
