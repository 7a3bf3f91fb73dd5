package ttopt

import (
	"errors"
	"fmt"
	"io"

	ptxemit "github.com/tt-compiler/tt/emit/ptx"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ptx"
)

// checkPTX validates the flags of --emit=ptx.
func checkPTX(eo *emitOptions, opts *options) error {
	switch {
	case opts.splitInputFile:
		return errors.New("tt-opt: --emit=ptx cannot be combined with --split-input-file")
	case opts.verifyDiagnostics:
		return errors.New("tt-opt: --emit=ptx cannot be combined with --verify-diagnostics")
	case eo.dumpDir != "":
		return errors.New("tt-opt: --dump-dir applies to --emit=go")
	}
	_, err := ParsePTXTarget(eo.ptxTarget)
	return err
}

// ParsePTXTarget returns the SM number of "sm_XX", checked against the
// targets emit/ptx supports.
func ParsePTXTarget(s string) (int, error) {
	var sm int
	if _, err := fmt.Sscanf(s, "sm_%d", &sm); err != nil || fmt.Sprintf("sm_%d", sm) != s {
		return 0, fmt.Errorf("tt-opt: --ptx-target %q is not of the form sm_XX", s)
	}
	for _, t := range ptxemit.Targets {
		if t == sm {
			return sm, nil
		}
	}
	return 0, fmt.Errorf("tt-opt: --ptx-target %s is not supported (sm_70, sm_75, sm_80, sm_86, sm_89, sm_90)", s)
}

// emitPTX writes the module's kernels as PTX to out.
func emitPTX(opts *options, module *ir.Operation, report func(*ir.Diagnostic), out, stderr io.Writer) bool {
	sm, _ := ParsePTXTarget(opts.emit.ptxTarget)
	m, err := ptxemit.Emit(module, ptxemit.Options{Target: sm})
	if err != nil {
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			report(d)
		} else {
			fmt.Fprintf(stderr, "tt-opt: %v\n", err)
		}
		return false
	}
	if err := ptx.Print(out, m); err != nil {
		fmt.Fprintf(stderr, "tt-opt: %v\n", err)
		return false
	}
	return true
}
