package lit

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// DefaultSuffixes are the file name suffixes of test files when none are
// configured.
var DefaultSuffixes = []string{".mlir"}

// ExcludedDirName is the name of directories that hold test inputs rather
// than tests; they are never searched, as in LLVM.
const ExcludedDirName = "Inputs"

// Discover returns the test files under root, as slash-separated paths
// relative to root, in sorted order. A test file has one of the given
// suffixes (a nil or empty slice means [DefaultSuffixes]). Directories named
// [ExcludedDirName] and files or directories whose names start with "." are
// skipped.
func Discover(root string, suffixes []string) ([]string, error) {
	if len(suffixes) == 0 {
		suffixes = DefaultSuffixes
	}
	var tests []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == root {
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if name == ExcludedDirName || strings.HasPrefix(name, ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasPrefix(name, ".") || !d.Type().IsRegular() || !hasAnySuffix(name, suffixes) {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		tests = append(tests, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(tests)
	return tests, nil
}

// hasAnySuffix reports whether name ends with one of suffixes.
func hasAnySuffix(name string, suffixes []string) bool {
	for _, s := range suffixes {
		if s != "" && strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// ParseSuffixes splits a comma-separated suffix list such as ".mlir,.test",
// adding a leading "." to items that lack one.
func ParseSuffixes(list string) []string {
	var out []string
	for _, s := range splitList(list) {
		if !strings.HasPrefix(s, ".") {
			s = "." + s
		}
		out = append(out, s)
	}
	return out
}
