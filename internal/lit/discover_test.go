package lit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"
)

// writeFiles creates the named files (slash-separated paths) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, contents := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(contents), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// writeArchive writes the files of the txtar archive at path under dir.
func writeArchive(t *testing.T, dir, path string) {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(ar.Files) == 0 {
		t.Fatalf("%s holds no files", path)
	}
	files := map[string]string{}
	for _, f := range ar.Files {
		files[f.Name] = string(f.Data)
	}
	writeFiles(t, dir, files)
}

func TestDiscover(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.mlir":                    "",
		"arith/fold.mlir":           "",
		"arith/deep/x.mlir":         "",
		"arith/Inputs/input.mlir":   "",
		"Inputs/top.mlir":           "",
		"arith/README.md":           "",
		"other/script.test":         "",
		"other/notes.txt":           "",
		".hidden/h.mlir":            "",
		"arith/.swap.mlir":          "",
		"arith/fold.mlir.orig":      "",
		"other/Inputs/data.test":    "",
		"other/InputsNot/real.mlir": "",
	})
	tests := []struct {
		suffixes []string
		want     []string
	}{
		{nil, []string{"a.mlir", "arith/deep/x.mlir", "arith/fold.mlir", "other/InputsNot/real.mlir"}},
		{[]string{".test", ".txt"}, []string{"other/notes.txt", "other/script.test"}},
		{[]string{".mlir", ".test"}, []string{"a.mlir", "arith/deep/x.mlir", "arith/fold.mlir", "other/InputsNot/real.mlir", "other/script.test"}},
	}
	for _, tc := range tests {
		got, err := Discover(dir, tc.suffixes)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("Discover(%v) differs (-want +got):\n%s", tc.suffixes, d)
		}
	}
}

func TestDiscoverMissingRoot(t *testing.T) {
	if _, err := Discover(filepath.Join(t.TempDir(), "absent"), nil); err == nil {
		t.Error("Discover of a missing directory succeeded")
	}
}

func TestParseSuffixes(t *testing.T) {
	got := ParseSuffixes(".mlir, test,,.txt ")
	if d := cmp.Diff([]string{".mlir", ".test", ".txt"}, got); d != "" {
		t.Errorf("ParseSuffixes differs (-want +got):\n%s", d)
	}
}
