package lit

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Features is the set of feature names available to REQUIRES, UNSUPPORTED
// and XFAIL expressions.
type Features map[string]bool

// NewFeatures returns a set holding the given names.
func NewFeatures(names ...string) Features {
	f := make(Features, len(names))
	for _, n := range names {
		f[n] = true
	}
	return f
}

// Has reports whether the feature name is available.
func (f Features) Has(name string) bool { return f[name] }

// Sorted returns the available feature names in sorted order.
func (f Features) Sorted() []string {
	var names []string
	for n, ok := range f {
		if ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// LLVMBinDirs are searched, after PATH, for LLVM tools (mlir-opt, FileCheck).
var LLVMBinDirs = []string{"/usr/lib/llvm-16/bin"}

// FindMLIROpt returns the path of an installed mlir-opt ("mlir-opt-16" or
// "mlir-opt" on PATH, else in [LLVMBinDirs]), or "" if there is none.
func FindMLIROpt() string {
	return findExecutable([]string{"mlir-opt-16", "mlir-opt"}, LLVMBinDirs)
}

// FindFileCheck returns the path of LLVM's FileCheck ("FileCheck-16" or
// "FileCheck" on PATH, else in [LLVMBinDirs]), or "" if there is none.
func FindFileCheck() string {
	return findExecutable([]string{"FileCheck-16", "FileCheck"}, LLVMBinDirs)
}

// findExecutable returns the first of names found on PATH, then the first
// found as an executable file in one of dirs, or "" if none exists.
func findExecutable(names, dirs []string) string {
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			if abs, err := filepath.Abs(p); err == nil {
				return abs
			}
			return p
		}
	}
	for _, d := range dirs {
		for _, n := range names {
			p := filepath.Join(d, n)
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
				return p
			}
		}
	}
	return ""
}

// DetectFeatures returns the features of this host plus one feature per
// binary in tools (named like the binary, e.g. "filecheck", "tt-opt"):
//
//   - the operating system and architecture (runtime.GOOS, runtime.GOARCH,
//     e.g. "linux", "amd64", "arm64");
//   - "go" when the Go toolchain is on PATH;
//   - "mlir-opt" when an installed mlir-opt is found ([FindMLIROpt]);
//   - "llvm-filecheck" when LLVM's FileCheck is found ([FindFileCheck]);
//   - "dot" when graphviz's dot is on PATH.
//
// tools may be nil.
func DetectFeatures(tools *Tools) Features {
	f := NewFeatures(runtime.GOOS, runtime.GOARCH)
	if _, err := exec.LookPath("go"); err == nil {
		f["go"] = true
	}
	if FindMLIROpt() != "" {
		f["mlir-opt"] = true
	}
	if FindFileCheck() != "" {
		f["llvm-filecheck"] = true
	}
	if _, err := exec.LookPath("dot"); err == nil {
		f["dot"] = true
	}
	if tools != nil {
		for _, name := range tools.Built {
			f[name] = true
		}
	}
	return f
}

// Decision says how a script is to be treated given the available features.
type Decision struct {
	// Skip is true when the test must not run: a REQUIRES item is false or
	// an UNSUPPORTED item is true.
	Skip bool
	// Reason explains why the test is skipped.
	Reason string
	// XFail is true when the test is expected to fail.
	XFail bool
}

// Decide evaluates the script's REQUIRES, UNSUPPORTED and XFAIL items
// against f. An invalid expression is an error.
func (s *Script) Decide(f Features) (Decision, error) {
	missing, err := falseItems(s.Requires, f)
	if err != nil {
		return Decision{}, fmt.Errorf("REQUIRES: %w", err)
	}
	if len(missing) > 0 {
		return Decision{Skip: true, Reason: "missing required feature(s): " + strings.Join(missing, ", ")}, nil
	}
	unsupported, err := trueItems(s.Unsupported, f, false)
	if err != nil {
		return Decision{}, fmt.Errorf("UNSUPPORTED: %w", err)
	}
	if len(unsupported) > 0 {
		return Decision{Skip: true, Reason: "unsupported: UNSUPPORTED: " + strings.Join(unsupported, ", ")}, nil
	}
	xfail, err := trueItems(s.XFail, f, true)
	if err != nil {
		return Decision{}, fmt.Errorf("XFAIL: %w", err)
	}
	return Decision{XFail: len(xfail) > 0}, nil
}

// falseItems returns the items of a list that evaluate to false.
func falseItems(items []string, f Features) ([]string, error) {
	var out []string
	for _, it := range items {
		ok, err := EvalExpr(it, f)
		if err != nil {
			return nil, err
		}
		if !ok {
			out = append(out, it)
		}
	}
	return out, nil
}

// trueItems returns the items of a list that evaluate to true; when star is
// set, the item "*" is always true.
func trueItems(items []string, f Features, star bool) ([]string, error) {
	var out []string
	for _, it := range items {
		if star && it == "*" {
			out = append(out, it)
			continue
		}
		ok, err := EvalExpr(it, f)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, it)
		}
	}
	return out, nil
}
