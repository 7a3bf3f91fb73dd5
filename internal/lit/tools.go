package lit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// NotPackage is the import path of the "not" helper, built into every tools
// directory.
const NotPackage = "github.com/tt-compiler/tt/internal/lit/cmd/not"

// Tools describes the directory of executables put first on the PATH of
// RUN lines.
type Tools struct {
	// Dir is the tools directory.
	Dir string
	// Built lists the binaries built from the module, by name (e.g.
	// "filecheck", "not", "tt-opt").
	Built []string
	// Linked maps names to installed programs linked into Dir: "mlir-opt"
	// and "FileCheck" when LLVM's are found.
	Linked map[string]string
	// BuildErrors lists the packages that failed to build.
	BuildErrors []BuildError
}

// BuildError records a package that did not build.
type BuildError struct {
	// Package is the import path.
	Package string
	// Output is the go command's output.
	Output string
}

// Error returns the package and the compiler output.
func (e BuildError) Error() string {
	return fmt.Sprintf("building %s:\n%s", e.Package, e.Output)
}

// FindModuleRoot returns the nearest directory at or above dir that holds a
// go.mod file.
func FindModuleRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod found")
		}
		dir = parent
	}
}

// BuildTools builds every main package under moduleRoot/cmd, plus the extra
// packages (normally [NotPackage]), into dir with the go command, then links
// an installed mlir-opt and FileCheck into dir unless a binary of that name
// was built. Packages that fail to build are recorded in the result's
// BuildErrors and the others are still built; the error is non-nil only
// when the go command cannot be used at all.
func BuildTools(ctx context.Context, moduleRoot, dir string, extra ...string) (*Tools, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("go toolchain not found: %w", err)
	}
	pkgs, err := listCommands(ctx, goTool, moduleRoot)
	if err != nil {
		return nil, err
	}
	t := &Tools{Dir: dir, Linked: map[string]string{}}
	t.BuildErrors = buildPackages(ctx, goTool, moduleRoot, dir, append(pkgs, extra...))
	if t.Built, err = executablesIn(dir); err != nil {
		return nil, err
	}
	t.link("mlir-opt", FindMLIROpt())
	t.link("FileCheck", FindFileCheck())
	return t, nil
}

// listedPackage holds the fields of "go list -json" output that
// listCommands uses.
type listedPackage struct {
	ImportPath string
	Name       string
	Error      *struct{ Err string }
}

// listCommands returns the import paths of the main packages under
// moduleRoot/cmd, including packages that fail to load (so that their
// errors are reported by the build rather than silently ignored).
func listCommands(ctx context.Context, goTool, moduleRoot string) ([]string, error) {
	if st, err := os.Stat(filepath.Join(moduleRoot, "cmd")); err != nil || !st.IsDir() {
		return nil, nil
	}
	cmd := exec.CommandContext(ctx, goTool, "list", "-e", "-json=ImportPath,Name,Error", "./cmd/...")
	cmd.Dir = moduleRoot
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list ./cmd/...: %v\n%s", err, stderr.String())
	}
	var pkgs []string
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list ./cmd/...: %w", err)
		}
		if p.Name == "main" || (p.Name == "" && p.Error != nil) {
			pkgs = append(pkgs, p.ImportPath)
		}
	}
	return pkgs, nil
}

// buildPackages builds pkgs into dir with one go command; if that fails, it
// builds them one at a time so that one broken package does not hide the
// others, and returns the failures.
func buildPackages(ctx context.Context, goTool, moduleRoot, dir string, pkgs []string) []BuildError {
	if len(pkgs) == 0 {
		return nil
	}
	if _, err := goBuild(ctx, goTool, moduleRoot, dir, pkgs); err == nil {
		return nil
	}
	var errs []BuildError
	for _, p := range pkgs {
		if out, err := goBuild(ctx, goTool, moduleRoot, dir, []string{p}); err != nil {
			errs = append(errs, BuildError{Package: p, Output: strings.TrimSpace(out + "\n" + err.Error())})
		}
	}
	return errs
}

// goBuild runs "go build -o dir/ pkgs..." in moduleRoot and returns its
// combined output.
func goBuild(ctx context.Context, goTool, moduleRoot, dir string, pkgs []string) (string, error) {
	args := append([]string{"build", "-o", dir + string(filepath.Separator)}, pkgs...)
	cmd := exec.CommandContext(ctx, goTool, args...)
	cmd.Dir = moduleRoot
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// executablesIn returns the names of the regular executable files in dir.
func executablesIn(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			return nil, err
		}
		if info.Mode().IsRegular() && info.Mode()&0o111 != 0 {
			names = append(names, strings.TrimSuffix(e.Name(), ".exe"))
		}
	}
	slices.Sort(names)
	return names, nil
}

// link makes the installed program target available in the tools directory
// as name, unless target is empty or a binary of that name was built. A
// failure to link leaves the program unavailable under that name.
func (t *Tools) link(name, target string) {
	if target == "" || slices.Contains(t.Built, name) {
		return
	}
	if err := os.Symlink(target, filepath.Join(t.Dir, name)); err == nil {
		t.Linked[name] = target
	}
}

// Has reports whether a binary named name was built from the module.
func (t *Tools) Has(name string) bool {
	return slices.Contains(t.Built, name)
}
