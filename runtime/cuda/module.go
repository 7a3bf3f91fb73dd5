package cuda

import (
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"unsafe"
)

// Module is PTX the driver's JIT compiled for the context's device.
type Module struct {
	ctx     *Context
	handle  cuModule
	name    string
	infoLog string
}

// CUjit_option values (cuda.h).
const (
	jitInfoLogBuffer       = 3
	jitInfoLogBufferBytes  = 4
	jitErrorLogBuffer      = 5
	jitErrorLogBufferBytes = 6
	jitLogVerbose          = 12
)

// jitLogBytes is the size of each JIT log buffer; the driver truncates a
// longer log.
const jitLogBytes = 64 << 10

// LoadModule JIT-compiles PTX text (cuModuleLoadDataEx) for the context's
// device. name is used in messages only (a file name, say). A module the
// JIT rejects is a *JITError quoting the error log, each diagnostic with
// its PTX line.
func (c *Context) LoadModule(name, ptx string) (*Module, error) {
	leave, err := c.enter()
	if err != nil {
		return nil, err
	}
	defer leave()
	// The driver reads the image as a C string: it must end in a NUL and
	// hold none before, or the module would be silently cut short.
	if i := strings.IndexByte(ptx, 0); i >= 0 {
		return nil, fmt.Errorf("%s: PTX text holds a NUL byte at offset %d", name, i)
	}
	image := make([]byte, len(ptx)+1)
	copy(image, ptx)

	errLog := make([]byte, jitLogBytes)
	infoLog := make([]byte, jitLogBytes)
	options := []int32{jitErrorLogBuffer, jitErrorLogBufferBytes, jitInfoLogBuffer, jitInfoLogBufferBytes, jitLogVerbose}
	// optionValues is a void*[]: buffer addresses, and sizes and flags cast
	// to pointers; the driver writes the logs' lengths back into the size
	// slots. The addresses are stored as uintptr, which the garbage
	// collector does not follow, so the pinner both keeps the log buffers
	// from moving and (with the KeepAlive below) from being freed while
	// the driver writes them.
	var pin runtime.Pinner
	defer pin.Unpin()
	pin.Pin(&errLog[0])
	pin.Pin(&infoLog[0])
	values := []uintptr{
		uintptr(unsafe.Pointer(&errLog[0])), uintptr(len(errLog)),
		uintptr(unsafe.Pointer(&infoLog[0])), uintptr(len(infoLog)),
		1,
	}
	m := &Module{ctx: c, name: name}
	r := c.d.api.cuModuleLoadDataEx(&m.handle, unsafe.Pointer(&image[0]), uint32(len(options)),
		unsafe.Pointer(&options[0]), unsafe.Pointer(&values[0]))
	runtime.KeepAlive(errLog)
	runtime.KeepAlive(infoLog)
	runtime.KeepAlive(image)
	m.infoLog = logText(infoLog, values[3])
	if r != success {
		err := c.d.api.check("cuModuleLoadDataEx", r).(*Error)
		log := logText(errLog, values[1])
		return nil, &JITError{
			Module:      name,
			Err:         err,
			Log:         log,
			Diagnostics: parseJITLog(log, ptx),
			Hint:        c.jitHint(r, ptx),
		}
	}
	return m, nil
}

// logText returns a JIT log: the n bytes the driver reported, up to the
// first NUL.
func logText(buf []byte, n uintptr) string {
	if n > uintptr(len(buf)) {
		n = uintptr(len(buf))
	}
	return strings.TrimRight(cString(buf[:n]), "\n")
}

var (
	ptxVersionDirective = regexp.MustCompile(`(?m)^\s*\.version\s+(\d+)\.(\d+)`)
	ptxTargetDirective  = regexp.MustCompile(`(?m)^\s*\.target\s+sm_(\d+)`)
)

// jitHint explains the two refusals that come from the PTX header rather
// than its code: an ISA newer than the driver's JIT, and a target newer
// than the device.
func (c *Context) jitHint(r result, ptx string) string {
	switch r {
	case errorUnsupportedPTXVersion:
		maxPTX, ok := MaxPTXForCUDA(int(c.d.version))
		m := ptxVersionDirective.FindStringSubmatch(ptx)
		if !ok || m == nil {
			return ""
		}
		return fmt.Sprintf("the module declares .version %s.%s; this driver (CUDA %d.%d) compiles PTX ISA up to %s",
			m[1], m[2], c.d.version/1000, c.d.version%1000/10, maxPTX)
	case errorNoBinaryForGPU:
		m := ptxTargetDirective.FindStringSubmatch(ptx)
		if m == nil {
			return ""
		}
		sm, _ := strconv.Atoi(m[1])
		if sm <= c.info.Major*10+c.info.Minor {
			return ""
		}
		return fmt.Sprintf("the module targets sm_%s; the device is %s", m[1], c.info.Target())
	}
	return ""
}

// InfoLog returns the JIT's information log (with CU_JIT_LOG_VERBOSE:
// registers, shared and constant memory of each kernel).
func (m *Module) InfoLog() string {
	if m == nil {
		return ""
	}
	return m.infoLog
}

func (m *Module) enter() (leave func(), err error) {
	if m == nil || m.ctx == nil {
		return nil, errors.New("cuda: nil module")
	}
	if m.handle == 0 {
		return nil, fmt.Errorf("cuda: module %s unloaded", m.name)
	}
	return m.ctx.enter()
}

// Function looks up the kernel (a .entry) called name.
func (m *Module) Function(name string) (*Function, error) {
	leave, err := m.enter()
	if err != nil {
		return nil, err
	}
	defer leave()
	cname := append([]byte(name), 0)
	f := &Function{mod: m, name: name, dynShared: -1}
	if err := m.ctx.d.api.check("cuModuleGetFunction", m.ctx.d.api.cuModuleGetFunction(&f.handle, m.handle, &cname[0])); err != nil {
		return nil, fmt.Errorf("%s: kernel %s: %w", m.name, name, err)
	}
	return f, nil
}

// Unload unloads the module; its functions become unusable.
func (m *Module) Unload() error {
	leave, err := m.enter()
	if err != nil {
		return err
	}
	defer leave()
	h := m.handle
	m.handle = 0
	return m.ctx.d.api.check("cuModuleUnload", m.ctx.d.api.cuModuleUnload(h))
}
