package sim

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sort"
	"sync"
	"unsafe"
)

// Address layout. Global buffers live at their device addresses, which
// are also their generic addresses. The other state spaces are reached
// from generic addresses through fixed windows above every global
// address: a generic address in a window is that space's address plus
// the window's base (cvta adds or subtracts it).
const (
	globalBase  = uint64(1) << 40 // first global allocation
	globalGap   = 4096            // unmapped bytes after each buffer, so that small overruns fault
	windowSize  = uint64(1) << 40
	sharedWin   = uint64(1) << 48
	localWin    = sharedWin + windowSize
	constWin    = localWin + windowSize
	paramWin    = constWin + windowSize
	windowLimit = paramWin + windowSize
)

// Space is a PTX state space.
type Space uint8

// The state spaces.
const (
	SpaceGeneric Space = iota
	SpaceGlobal
	SpaceShared
	SpaceLocal
	SpaceConst
	SpaceParam
)

var spaceNames = [...]string{"generic", "global", "shared", "local", "const", "param"}

// String returns the space's PTX name without the dot.
func (s Space) String() string { return spaceNames[s] }

// Buffer is an allocation of global memory: Len bytes at device address
// Addr. Its bytes may be read and written between launches.
type Buffer struct {
	addr uint64
	data []byte
	name string
}

// Addr is the buffer's device (and generic) address, what a kernel's
// pointer parameter receives.
func (b *Buffer) Addr() uint64 { return b.addr }

// Len is the buffer's size in bytes.
func (b *Buffer) Len() int { return len(b.data) }

// Bytes returns the buffer's memory (not a copy).
func (b *Buffer) Bytes() []byte { return b.data }

// Write copies data (a fixed-size value or a slice of them, as
// encoding/binary takes) into the buffer in little-endian order, from its
// start.
func (b *Buffer) Write(data any) error {
	var w bytes.Buffer
	if err := binary.Write(&w, binary.LittleEndian, data); err != nil {
		return fmt.Errorf("sim: write buffer: %w", err)
	}
	if w.Len() > len(b.data) {
		return fmt.Errorf("sim: write of %d bytes to a buffer of %d bytes", w.Len(), len(b.data))
	}
	copy(b.data, w.Bytes())
	return nil
}

// Read fills data (a pointer to a fixed-size value or a slice of them)
// from the buffer's first bytes, little-endian.
func (b *Buffer) Read(data any) error {
	if err := binary.Read(bytes.NewReader(b.data), binary.LittleEndian, data); err != nil {
		return fmt.Errorf("sim: read buffer: %w", err)
	}
	return nil
}

// Memory is a device's global memory: buffers at distinct addresses with
// unmapped gaps between them. Allocation is safe for concurrent use;
// kernels read and write buffers in place.
type Memory struct {
	mu   sync.Mutex
	bufs []*Buffer // sorted by address
	next uint64
}

// NewMemory returns an empty global memory.
func NewMemory() *Memory { return &Memory{next: globalBase} }

// Alloc returns a zeroed buffer of n bytes aligned to 256 bytes.
func (m *Memory) Alloc(n int) *Buffer { return m.alloc(n, "") }

func (m *Memory) alloc(n int, name string) *Buffer {
	m.mu.Lock()
	defer m.mu.Unlock()
	// Back the bytes by uint64s so that 8-byte atomics are aligned.
	words := make([]uint64, (n+7)/8)
	var data []byte
	if n > 0 {
		data = unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), n)
	}
	b := &Buffer{addr: m.next, data: data, name: name}
	m.next += (uint64(n) + globalGap + 255) &^ 255
	m.bufs = append(m.bufs, b)
	return b
}

// Free releases a buffer; later accesses to its addresses fault.
func (m *Memory) Free(b *Buffer) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, x := range m.bufs {
		if x == b {
			m.bufs = append(m.bufs[:i:i], m.bufs[i+1:]...)
			return
		}
	}
}

// snapshot returns the buffers sorted by address, for a launch's lookups.
func (m *Memory) snapshot() []*Buffer {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := append([]*Buffer(nil), m.bufs...)
	sort.Slice(s, func(i, j int) bool { return s[i].addr < s[j].addr })
	return s
}

// find returns the buffer holding [addr, addr+n), or nil.
func findBuffer(bufs []*Buffer, addr uint64, n int) *Buffer {
	i := sort.Search(len(bufs), func(i int) bool { return bufs[i].addr > addr }) - 1
	if i < 0 {
		return nil
	}
	b := bufs[i]
	if addr+uint64(n) <= b.addr+uint64(len(b.data)) {
		return b
	}
	return nil
}

// unsafeBytes views the first n bytes of words.
func unsafeBytes(words []uint64, n int) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), n)
}
