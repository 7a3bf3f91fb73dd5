package lit

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFindModuleRoot(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"go.mod": "module example.com/m\n", "a/b/c.txt": ""})
	got, err := FindModuleRoot(filepath.Join(dir, "a", "b"))
	if err != nil || got != dir {
		t.Errorf("FindModuleRoot = %q, %v; want %q", got, err, dir)
	}
}

// TestBuildTools builds a synthetic module with a good command, a broken
// command, a library under cmd and an extra package.
func TestBuildTools(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go toolchain not found")
	}
	if testing.Short() {
		t.Skip("builds a module")
	}
	mod := t.TempDir()
	writeArchive(t, mod, filepath.Join("testdata", "buildtools.txtar"))
	dir := t.TempDir()
	tools, err := BuildTools(context.Background(), mod, dir, "example.com/m/tools/extra")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"extra", "good"}, tools.Built); d != "" {
		t.Errorf("Built differs (-want +got):\n%s", d)
	}
	var failed []string
	for _, e := range tools.BuildErrors {
		failed = append(failed, e.Package)
		if e.Output == "" || !strings.Contains(e.Error(), e.Package) {
			t.Errorf("build error without details: %+v", e)
		}
	}
	if d := cmp.Diff([]string{"example.com/m/cmd/broken", "example.com/m/cmd/unparsable"}, failed); d != "" {
		t.Errorf("failed packages differ (-want +got):\n%s", d)
	}
	for name, target := range tools.Linked {
		if got, err := os.Readlink(filepath.Join(dir, name)); err != nil || got != target {
			t.Errorf("link %s = %q, %v; want %q", name, got, err, target)
		}
	}
	if (FindMLIROpt() != "") != (tools.Linked["mlir-opt"] != "") {
		t.Errorf("mlir-opt link = %q, installed = %q", tools.Linked["mlir-opt"], FindMLIROpt())
	}
}

func TestBuildToolsWithoutCmd(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go toolchain not found")
	}
	mod := t.TempDir()
	writeFiles(t, mod, map[string]string{"go.mod": "module example.com/m\n\ngo 1.22\n"})
	tools, err := BuildTools(context.Background(), mod, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Built) != 0 || len(tools.BuildErrors) != 0 {
		t.Errorf("Built = %v, BuildErrors = %v; want none", tools.Built, tools.BuildErrors)
	}
}
