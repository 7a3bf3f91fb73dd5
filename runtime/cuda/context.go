package cuda

import (
	"errors"
	"fmt"
	"runtime"
	"time"
)

var errClosed = errors.New("cuda: context closed")

// Context is a device's primary context, retained by NewContext and
// released by Close. Buffers, modules, streams and events belong to it.
//
// The driver keeps a "current context" per OS thread, and goroutines move
// between OS threads. Every method that needs the current context
// therefore locks its goroutine to the OS thread, makes its context
// current with cuCtxSetCurrent and unlocks when the call returns (the
// enter method), at the cost of one more driver call per method. A
// Context and what it allocates may be used from several goroutines at
// once (the driver is thread-safe), except that Close, Free, Unload and
// Destroy must not race with other uses of the value they release.
type Context struct {
	d      *Driver
	dev    cuDevice
	info   DeviceInfo
	handle cuContext
}

// NewContext retains the primary context of device ordinal. The primary
// context is the one the CUDA runtime uses too (and more stable across
// driver versions than cuCtxCreate): several retains share it, and it is
// destroyed, with everything allocated in it, when the last one is
// released.
func (d *Driver) NewContext(ordinal int) (*Context, error) {
	if err := d.ready(); err != nil {
		return nil, err
	}
	dev, err := d.device(ordinal)
	if err != nil {
		return nil, err
	}
	info, err := d.deviceInfo(ordinal, dev)
	if err != nil {
		return nil, err
	}
	c := &Context{d: d, dev: dev, info: info}
	if err := d.api.check("cuDevicePrimaryCtxRetain", d.api.cuDevicePrimaryCtxRetain(&c.handle, dev)); err != nil {
		return nil, fmt.Errorf("device %d: %w", ordinal, err)
	}
	return c, nil
}

// Device returns what NewContext found out about the context's device.
func (c *Context) Device() DeviceInfo {
	if c == nil {
		return DeviceInfo{}
	}
	return c.info
}

// ready returns why c cannot be used, or nil.
func (c *Context) ready() error {
	if c == nil || c.d == nil {
		return errNotOpened
	}
	if err := c.d.ready(); err != nil {
		return err
	}
	if c.handle == 0 {
		return errClosed
	}
	return nil
}

// enter makes c current on this goroutine's OS thread, which it locks
// until the returned function is called.
func (c *Context) enter() (leave func(), err error) {
	if err := c.ready(); err != nil {
		return nil, err
	}
	runtime.LockOSThread()
	if err := c.d.api.check("cuCtxSetCurrent", c.d.api.cuCtxSetCurrent(c.handle)); err != nil {
		runtime.UnlockOSThread()
		return nil, err
	}
	return runtime.UnlockOSThread, nil
}

// Synchronize waits until all work queued in the context has finished. An
// error of a kernel (an illegal address, a trap) surfaces here or at the
// next call; such errors are sticky and leave the context unusable.
func (c *Context) Synchronize() error {
	leave, err := c.enter()
	if err != nil {
		return err
	}
	defer leave()
	return c.d.api.check("cuCtxSynchronize", c.d.api.cuCtxSynchronize())
}

// Close releases the primary context. Everything allocated in it is
// destroyed with it when this was the last retain of the device's primary
// context; using c afterwards is an error.
func (c *Context) Close() error {
	if err := c.ready(); err != nil {
		return err
	}
	c.handle = 0
	return c.d.api.check("cuDevicePrimaryCtxRelease_v2", c.d.api.cuDevicePrimaryCtxRelease(c.dev))
}

// Stream is a queue of work on the device, in order.
type Stream struct {
	ctx    *Context
	handle cuStream
}

// NewStream creates a stream (flags 0: it synchronizes with the legacy
// default stream).
func (c *Context) NewStream() (*Stream, error) {
	leave, err := c.enter()
	if err != nil {
		return nil, err
	}
	defer leave()
	s := &Stream{ctx: c}
	if err := c.d.api.check("cuStreamCreate", c.d.api.cuStreamCreate(&s.handle, 0)); err != nil {
		return nil, err
	}
	return s, nil
}

// enter makes the stream's context current; a nil *Stream is the
// context-less default stream, so it has no context to enter.
func (s *Stream) enter() (leave func(), err error) {
	if s == nil || s.ctx == nil {
		return nil, errors.New("cuda: nil stream")
	}
	if s.handle == 0 {
		return nil, errors.New("cuda: stream destroyed")
	}
	return s.ctx.enter()
}

// Synchronize waits until the work queued on s has finished.
func (s *Stream) Synchronize() error {
	leave, err := s.enter()
	if err != nil {
		return err
	}
	defer leave()
	return s.ctx.d.api.check("cuStreamSynchronize", s.ctx.d.api.cuStreamSynchronize(s.handle))
}

// Destroy destroys s once its queued work has finished.
func (s *Stream) Destroy() error {
	leave, err := s.enter()
	if err != nil {
		return err
	}
	defer leave()
	h := s.handle
	s.handle = 0
	return s.ctx.d.api.check("cuStreamDestroy_v2", s.ctx.d.api.cuStreamDestroy(h))
}

// handleOf returns the driver handle of s: 0, the legacy default stream,
// for a nil *Stream.
func (s *Stream) handleOf(c *Context) (cuStream, error) {
	if s == nil {
		return 0, nil
	}
	if s.handle == 0 {
		return 0, errors.New("cuda: stream destroyed")
	}
	if s.ctx != c {
		return 0, errors.New("cuda: stream of another context")
	}
	return s.handle, nil
}

// Event marks a point in a stream's work; two recorded events time the
// work between them on the device's clock.
type Event struct {
	ctx    *Context
	handle cuEvent
}

// NewEvent creates an event with timing enabled.
func (c *Context) NewEvent() (*Event, error) {
	leave, err := c.enter()
	if err != nil {
		return nil, err
	}
	defer leave()
	e := &Event{ctx: c}
	if err := c.d.api.check("cuEventCreate", c.d.api.cuEventCreate(&e.handle, 0)); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *Event) enter() (leave func(), err error) {
	if e == nil || e.ctx == nil {
		return nil, errors.New("cuda: nil event")
	}
	if e.handle == 0 {
		return nil, errors.New("cuda: event destroyed")
	}
	return e.ctx.enter()
}

// Record queues the event on stream s (nil: the default stream).
func (e *Event) Record(s *Stream) error {
	leave, err := e.enter()
	if err != nil {
		return err
	}
	defer leave()
	h, err := s.handleOf(e.ctx)
	if err != nil {
		return err
	}
	return e.ctx.d.api.check("cuEventRecord", e.ctx.d.api.cuEventRecord(e.handle, h))
}

// Synchronize waits until the work before the event's last Record has
// finished.
func (e *Event) Synchronize() error {
	leave, err := e.enter()
	if err != nil {
		return err
	}
	defer leave()
	return e.ctx.d.api.check("cuEventSynchronize", e.ctx.d.api.cuEventSynchronize(e.handle))
}

// Destroy destroys the event.
func (e *Event) Destroy() error {
	leave, err := e.enter()
	if err != nil {
		return err
	}
	defer leave()
	h := e.handle
	e.handle = 0
	return e.ctx.d.api.check("cuEventDestroy_v2", e.ctx.d.api.cuEventDestroy(h))
}

// ElapsedTime returns the device time between two recorded events of one
// context (about half a microsecond resolution). Both must have completed:
// synchronize on end first.
func ElapsedTime(start, end *Event) (time.Duration, error) {
	leave, err := end.enter()
	if err != nil {
		return 0, err
	}
	defer leave()
	if start == nil || start.handle == 0 || start.ctx != end.ctx {
		return 0, errors.New("cuda: ElapsedTime needs two live events of one context")
	}
	var ms float32
	if err := end.ctx.d.api.check("cuEventElapsedTime", end.ctx.d.api.cuEventElapsedTime(&ms, start.handle, end.handle)); err != nil {
		return 0, err
	}
	return time.Duration(float64(ms) * float64(time.Millisecond)), nil
}
