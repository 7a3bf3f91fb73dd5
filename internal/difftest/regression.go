package difftest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/runtime/npy"
)

// A regression case is a directory: case.mlir (the module), in<i>.npy (the
// arguments) and case.json (Meta). The difftest package's tests replay
// every case under its testdata/regress.

// Meta describes a regression case.
type Meta struct {
	Entry string `json:"entry"`
	Grad  bool   `json:"grad"`
	// Backends are the backends the case runs on besides the reference.
	Backends []string `json:"backends"`
	// Found is the failure the case was saved for.
	Found string `json:"found"`
	// Expect, when set, is the signature of a known, unfixed failure the
	// replay must still see (so that its fix updates the case); empty:
	// the case must pass.
	Expect string `json:"expect,omitempty"`
	// Note says what the bug was.
	Note string `json:"note,omitempty"`
}

// WriteRegression saves a failing case as a regression case in dir.
func WriteRegression(dir string, c *Case, f Failure) error {
	if err := ensureDir(dir); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "case.mlir"), []byte(c.Module), 0o644); err != nil {
		return err
	}
	for i, x := range c.Inputs {
		a, err := x.ToNPY()
		if err != nil {
			return fmt.Errorf("input #%d: %v", i, err)
		}
		if err := npy.WriteFile(filepath.Join(dir, fmt.Sprintf("in%d.npy", i)), a); err != nil {
			return err
		}
	}
	found := paths.ReplaceAllString(f.String(), "PATH")
	if m := goBuildError.FindStringSubmatch(f.Msg); m != nil {
		found += ": " + m[0]
	}
	meta := Meta{Entry: c.Entry, Grad: c.Grad, Backends: []string{f.Backend}, Found: found, Expect: f.Signature()}
	data, err := json.MarshalIndent(meta, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "case.json"), append(data, '\n'), 0o644)
}

// ReadRegression loads a regression case.
func ReadRegression(dir string) (*Case, *Meta, error) {
	data, err := os.ReadFile(filepath.Join(dir, "case.json"))
	if err != nil {
		return nil, nil, err
	}
	var meta Meta
	if err := json.Unmarshal(data, &meta); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", dir, err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "case.mlir"))
	if err != nil {
		return nil, nil, err
	}
	c := &Case{Name: filepath.Base(dir), Module: string(src), Entry: meta.Entry, Grad: meta.Grad}
	for i := 0; ; i++ {
		a, err := npy.ReadFile(filepath.Join(dir, fmt.Sprintf("in%d.npy", i)))
		if os.IsNotExist(err) || err != nil && strings.Contains(err.Error(), "no such file") {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		x, err := interp.FromNPY(a)
		if err != nil {
			return nil, nil, err
		}
		c.Inputs = append(c.Inputs, x)
	}
	return c, &meta, nil
}
