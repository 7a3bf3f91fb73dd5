package ttminify

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/tt-compiler/tt/internal/difftest"
	"github.com/tt-compiler/tt/runtime/npy"
)

// commandPredicate is --command: the external interestingness test. Each
// candidate is written into a fresh directory (module.mlir, in<i>.npy)
// where the command runs under sh -c; exit status 0 means "still fails".
// A command that runs past --command-timeout, or cannot start, does not
// hold.
func commandPredicate(ctx context.Context, o options, s *difftest.Subject) (difftest.Predicate, func(*difftest.Subject) string, error) {
	work := o.workDir
	runs := 0
	holds := func(ctx context.Context, s *difftest.Subject) (bool, string, error) {
		runs++
		dir := filepath.Join(work, fmt.Sprint(runs))
		defer os.RemoveAll(dir)
		if err := writeCandidate(dir, s); err != nil {
			return false, "", err
		}
		ctx, cancel := context.WithTimeout(ctx, o.commandTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, "sh", "-c", o.command)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(),
			"TT_MINIFY_MODULE="+filepath.Join(dir, "module.mlir"),
			"TT_MINIFY_ENTRY="+s.Entry,
			"TT_MINIFY_INPUTS="+inputFlagsIn(dir, len(s.Inputs)))
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		switch {
		case err == nil:
			return true, strings.TrimSpace(string(out)), nil
		case ctx.Err() != nil, errors.As(err, &exit):
			return false, "", nil
		}
		return false, "", err
	}
	ok, _, err := holds(ctx, s)
	if err != nil {
		return nil, nil, fmt.Errorf("--command: %v", err)
	}
	if !ok {
		return nil, nil, fmt.Errorf("the command %q does not exit 0 on the original module: nothing to minimize", o.command)
	}
	return func(ctx context.Context, s *difftest.Subject) bool {
			ok, _, _ := holds(ctx, s)
			return ok
		}, func(s *difftest.Subject) string {
			_, out, _ := holds(context.Background(), s)
			desc := "the command exits 0: " + o.command
			if l := firstLine(out); l != "" {
				desc += "\nits output begins: " + l
			}
			return desc
		}, nil
}

// writeCandidate writes a subject as dir/module.mlir and dir/in<i>.npy.
func writeCandidate(dir string, s *difftest.Subject) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "module.mlir"), []byte(s.Module), 0o644); err != nil {
		return err
	}
	for i, x := range s.Inputs {
		a, err := x.ToNPY()
		if err != nil {
			return fmt.Errorf("input #%d: %v", i, err)
		}
		if err := npy.WriteFile(filepath.Join(dir, fmt.Sprintf("in%d.npy", i)), a); err != nil {
			return err
		}
	}
	return nil
}

// inputFlagsIn are tt-run's --input flags for n inputs in<i>.npy in dir.
func inputFlagsIn(dir string, n int) string {
	var flags []string
	for i := range n {
		flags = append(flags, fmt.Sprintf("--input %s/in%d.npy", dir, i))
	}
	return strings.Join(flags, " ")
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
