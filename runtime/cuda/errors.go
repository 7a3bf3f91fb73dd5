package cuda

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unsafe"
)

// ErrNoDriver is the error (wrapped, with the loader's message) when the
// CUDA driver library cannot be loaded or lacks an entry point tt needs.
var ErrNoDriver = errors.New("no CUDA driver")

// ErrNoDevice is the error (wrapped) when the driver loads but reports no
// device: cuInit fails with CUDA_ERROR_NO_DEVICE or cuDeviceGetCount is 0.
var ErrNoDevice = errors.New("no CUDA device")

// errNotOpened is what every method of a Driver that Open did not return
// (a nil or zero Driver) answers.
var errNotOpened = errors.New("cuda: driver not opened (use cuda.Open)")

// Error is a failed driver call: the entry point, the CUresult and the
// driver's name and description of it, printed as
// "cuLaunchKernel: CUDA_ERROR_INVALID_VALUE: invalid argument".
type Error struct {
	Call        string // the driver entry point, e.g. "cuMemAlloc_v2"
	Code        int32  // the CUresult
	Name        string // cuGetErrorName's answer, e.g. "CUDA_ERROR_OUT_OF_MEMORY"
	Description string // cuGetErrorString's answer, e.g. "out of memory"
}

// Error returns "call: NAME: description".
func (e *Error) Error() string {
	return e.Call + ": " + e.Name + ": " + e.Description
}

// check returns nil for CUDA_SUCCESS and otherwise the call's *Error,
// named by the driver itself.
func (a *api) check(call string, r result) error {
	if r == success {
		return nil
	}
	name, desc := a.describe(r)
	return &Error{Call: call, Code: int32(r), Name: name, Description: desc}
}

// describe asks the driver for a result's name and description; a code the
// driver does not know (or a table without the calls) still gets a name.
func (a *api) describe(r result) (name, desc string) {
	name, desc = fmt.Sprintf("CUDA error %d", int32(r)), "unknown error"
	if a == nil || a.cuGetErrorName == nil || a.cuGetErrorString == nil {
		return name, desc
	}
	var p *byte
	if a.cuGetErrorName(r, &p) == success && p != nil {
		name = goString(p)
	}
	p = nil
	if a.cuGetErrorString(r, &p) == success && p != nil {
		desc = goString(p)
	}
	return name, desc
}

// goString copies a NUL-terminated C string. The driver's error strings
// are static data of libcuda, never Go memory.
func goString(p *byte) string {
	n := 0
	for *(*byte)(unsafe.Add(unsafe.Pointer(p), n)) != 0 {
		n++
	}
	return string(unsafe.Slice(p, n))
}

// JITDiagnostic is one line of the driver's PTX JIT log that names a PTX
// line ("ptxas application ptx input, line 12; error   : ...").
type JITDiagnostic struct {
	Line     int    // 1-based line of the PTX text
	Severity string // "error", "warning", "fatal", ... as ptxas writes it
	Message  string // the rest of the log line
	Source   string // the PTX line itself ("" when Line is past the end)
}

// JITError is a module the driver's JIT compiler rejected: the failed
// cuModuleLoadDataEx call, the error log it wrote, and the diagnostics of
// that log located in the PTX text.
type JITError struct {
	Module      string // the name given to LoadModule
	Err         *Error
	Log         string // the JIT error log, as the driver wrote it
	Diagnostics []JITDiagnostic
	Hint        string // why the driver may refuse the module ("" when none applies)
}

// Error returns the failed call, then each line of the JIT log, a
// diagnostic followed by "module:line: PTX text".
func (e *JITError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %v", e.Module, e.Err)
	if e.Hint != "" {
		fmt.Fprintf(&b, " (%s)", e.Hint)
	}
	located := map[int]string{}
	for _, d := range e.Diagnostics {
		located[d.Line] = d.Source
	}
	for _, line := range strings.Split(strings.TrimRight(e.Log, "\n"), "\n") {
		if line == "" {
			continue
		}
		b.WriteString("\n  " + line)
		if m := jitLogLine.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			fmt.Fprintf(&b, "\n    %s:%d: %s", e.Module, n, strings.TrimSpace(located[n]))
		}
	}
	return b.String()
}

// Unwrap returns the cuModuleLoadDataEx error.
func (e *JITError) Unwrap() error { return e.Err }

// jitLogLine matches a ptxas diagnostic, from the driver's JIT ("ptxas
// application ptx input, line 9; error   : ...") or from the ptxas command
// ("ptxas kernel.ptx, line 9; warning : ...").
var jitLogLine = regexp.MustCompile(`^ptxas[^,]*, line (\d+); (\w+)\s*: (.*)$`)

// parseJITLog finds the diagnostics of a JIT log that name a line of ptx.
func parseJITLog(log, ptx string) []JITDiagnostic {
	lines := strings.Split(ptx, "\n")
	var diags []JITDiagnostic
	for _, l := range strings.Split(log, "\n") {
		m := jitLogLine.FindStringSubmatch(strings.TrimRight(l, "\r"))
		if m == nil {
			continue
		}
		n, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		d := JITDiagnostic{Line: n, Severity: m[2], Message: strings.TrimSpace(m[3])}
		if n >= 1 && n <= len(lines) {
			d.Source = strings.TrimRight(lines[n-1], "\r")
		}
		diags = append(diags, d)
	}
	return diags
}
