package lit

import (
	"path/filepath"
	"regexp"
	"testing"
)

// Suite runs the test files under a directory as Go subtests.
type Suite struct {
	// Runner runs each file; its Config().Root is the directory searched.
	Runner *Runner
	// Suffixes select test files; nil means [DefaultSuffixes].
	Suffixes []string
	// Filter, if non-nil, selects the tests whose relative path it matches.
	Filter *regexp.Regexp
	// Verbose logs every command with its exit status and output, also for
	// tests that pass.
	Verbose bool
}

// Run discovers the test files and runs each as a parallel subtest of t
// named by its path relative to the root (e.g. "arith/fold.mlir"), so that
// "go test -run 'TestLit/arith/fold.mlir'" selects one file.
func (s *Suite) Run(t *testing.T) {
	t.Helper()
	root := s.Runner.Config().Root
	names, err := Discover(root, s.Suffixes)
	if err != nil {
		t.Fatalf("discovering tests: %v", err)
	}
	ran := 0
	for _, name := range names {
		if s.Filter != nil && !s.Filter.MatchString(name) {
			continue
		}
		ran++
		path := filepath.Join(root, filepath.FromSlash(name))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s.runOne(t, path)
		})
	}
	if ran == 0 {
		t.Logf("no test files found under %s (suffixes %v, filter %v)", root, s.Suffixes, s.Filter)
	}
}

// runOne runs one file and reports its outcome on t.
func (s *Suite) runOne(t *testing.T, path string) {
	res := s.Runner.RunFile(t.Context(), path, t.TempDir())
	if s.Verbose && len(res.Commands) > 0 {
		t.Log("\n" + res.Transcript())
	}
	switch {
	case res.Status == Unsupported:
		t.Skip(res.Reason)
	case res.Status.Failed():
		t.Error("\n" + res.Report())
	case res.Status == XFail:
		if c := res.FailedCommand(); c != nil {
			t.Logf("XFAIL (expected failure) at RUN line %d: %s", c.Run.Line, c.ExitDescription(res.Timeout))
		}
	}
}
