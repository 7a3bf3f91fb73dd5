package cuda

import (
	"errors"
	"fmt"
	"unsafe"
)

// DevicePtr is an address in device memory (a CUdeviceptr). Kernels take
// it as a .u64 parameter (Ptr).
type DevicePtr uint64

// Buffer is device memory allocated by Alloc.
type Buffer struct {
	ctx  *Context
	ptr  DevicePtr
	size int
	live bool
}

// Alloc allocates n bytes of device memory (cuMemAlloc_v2: aligned to at
// least 256 bytes). A zero-byte Buffer allocates nothing; its copies do
// nothing.
func (c *Context) Alloc(n int) (*Buffer, error) {
	leave, err := c.enter()
	if err != nil {
		return nil, err
	}
	defer leave()
	if n < 0 {
		return nil, fmt.Errorf("cuda: Alloc of %d bytes", n)
	}
	b := &Buffer{ctx: c, size: n, live: true}
	if n == 0 {
		return b, nil
	}
	if err := c.d.api.check("cuMemAlloc_v2", c.d.api.cuMemAlloc(&b.ptr, uintptr(n))); err != nil {
		return nil, fmt.Errorf("%d bytes: %w", n, err)
	}
	return b, nil
}

// MemInfo returns the free and total device memory in bytes
// (cuMemGetInfo_v2).
func (c *Context) MemInfo() (free, total uint64, err error) {
	leave, err := c.enter()
	if err != nil {
		return 0, 0, err
	}
	defer leave()
	var f, t uintptr
	if err := c.d.api.check("cuMemGetInfo_v2", c.d.api.cuMemGetInfo(&f, &t)); err != nil {
		return 0, 0, err
	}
	return uint64(f), uint64(t), nil
}

// AllocFrom allocates a buffer of len(src) bytes and copies src into it.
func (c *Context) AllocFrom(src []byte) (*Buffer, error) {
	b, err := c.Alloc(len(src))
	if err != nil {
		return nil, err
	}
	if err := b.CopyFromHost(src); err != nil {
		b.Free()
		return nil, err
	}
	return b, nil
}

// Ptr returns the buffer's device address (0 for a zero-byte buffer).
func (b *Buffer) Ptr() DevicePtr {
	if b == nil {
		return 0
	}
	return b.ptr
}

// Len returns the buffer's size in bytes.
func (b *Buffer) Len() int {
	if b == nil {
		return 0
	}
	return b.size
}

// enter checks that b is live and holds n bytes, and makes its context
// current.
func (b *Buffer) enter(n int) (leave func(), err error) {
	if b == nil || b.ctx == nil {
		return nil, errors.New("cuda: nil buffer")
	}
	if !b.live {
		return nil, errors.New("cuda: buffer freed")
	}
	if n > b.size {
		return nil, fmt.Errorf("cuda: %d bytes do not fit a buffer of %d", n, b.size)
	}
	return b.ctx.enter()
}

// CopyFromHost copies src to the start of the buffer (cuMemcpyHtoD_v2)
// and returns when the copy is done.
func (b *Buffer) CopyFromHost(src []byte) error {
	leave, err := b.enter(len(src))
	if err != nil {
		return err
	}
	defer leave()
	if len(src) == 0 {
		return nil
	}
	return b.ctx.d.api.check("cuMemcpyHtoD_v2", b.ctx.d.api.cuMemcpyHtoD(b.ptr, unsafe.Pointer(&src[0]), uintptr(len(src))))
}

// CopyToHost copies the first len(dst) bytes of the buffer to dst
// (cuMemcpyDtoH_v2), after the work queued before it has finished.
func (b *Buffer) CopyToHost(dst []byte) error {
	leave, err := b.enter(len(dst))
	if err != nil {
		return err
	}
	defer leave()
	if len(dst) == 0 {
		return nil
	}
	return b.ctx.d.api.check("cuMemcpyDtoH_v2", b.ctx.d.api.cuMemcpyDtoH(unsafe.Pointer(&dst[0]), b.ptr, uintptr(len(dst))))
}

// Memset sets every byte of the buffer to v (cuMemsetD8_v2).
func (b *Buffer) Memset(v byte) error {
	leave, err := b.enter(0)
	if err != nil {
		return err
	}
	defer leave()
	if b.size == 0 {
		return nil
	}
	return b.ctx.d.api.check("cuMemsetD8_v2", b.ctx.d.api.cuMemsetD8(b.ptr, v, uintptr(b.size)))
}

// Free frees the buffer; using it afterwards is an error.
func (b *Buffer) Free() error {
	leave, err := b.enter(0)
	if err != nil {
		return err
	}
	defer leave()
	b.live = false
	if b.size == 0 {
		return nil
	}
	return b.ctx.d.api.check("cuMemFree_v2", b.ctx.d.api.cuMemFree(b.ptr))
}

// CopyFromHost queues a copy of src to the start of dst on s
// (cuMemcpyHtoDAsync_v2). src is Go memory, which the driver treats as
// pageable: it copies src to a staging buffer before returning, so src may
// be reused at once, and the call is asynchronous only for the device side.
func (s *Stream) CopyFromHost(dst *Buffer, src []byte) error {
	leave, err := s.enterBuffer(dst, len(src))
	if err != nil {
		return err
	}
	defer leave()
	if len(src) == 0 {
		return nil
	}
	a := s.ctx.d.api
	return a.check("cuMemcpyHtoDAsync_v2", a.cuMemcpyHtoDAsync(dst.ptr, unsafe.Pointer(&src[0]), uintptr(len(src)), s.handle))
}

// CopyToHost queues a copy of the first len(dst) bytes of src to dst on s
// (cuMemcpyDtoHAsync_v2). dst is Go memory, pageable to the driver, which
// returns only once the copy into it is complete: the driver never holds
// a Go pointer after the call.
func (s *Stream) CopyToHost(dst []byte, src *Buffer) error {
	leave, err := s.enterBuffer(src, len(dst))
	if err != nil {
		return err
	}
	defer leave()
	if len(dst) == 0 {
		return nil
	}
	a := s.ctx.d.api
	return a.check("cuMemcpyDtoHAsync_v2", a.cuMemcpyDtoHAsync(unsafe.Pointer(&dst[0]), src.ptr, uintptr(len(dst)), s.handle))
}

func (s *Stream) enterBuffer(b *Buffer, n int) (leave func(), err error) {
	if s == nil || s.ctx == nil {
		return nil, errors.New("cuda: nil stream")
	}
	if s.handle == 0 {
		return nil, errors.New("cuda: stream destroyed")
	}
	if b != nil && b.ctx != s.ctx {
		return nil, errors.New("cuda: buffer of another context")
	}
	return b.enter(n)
}

// Element is the element type of the slices Bytes views as bytes.
type Element interface {
	~int8 | ~uint8 | ~int16 | ~uint16 | ~int32 | ~uint32 | ~int64 | ~uint64 | ~float32 | ~float64
}

// Bytes returns the memory of s as bytes, without copying, in the host's
// byte order (which is the device's: CUDA hosts are little-endian), to
// copy typed slices to and from buffers.
func Bytes[E Element](s []E) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}
