package npy

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// FuzzRead checks that Read never panics, never allocates much more than
// its input justifies, and that whatever it accepts writes back and reads
// back unchanged.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.npy")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil && len(b) < 1024 {
			f.Add(b)
		}
	}
	f.Add([]byte{})
	f.Add([]byte("\x93NUMPY\x01\x00"))
	f.Add(npyFile(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,)}", make([]byte, 16)))
	f.Add(npyFile(2, "{'descr': '|b1', 'fortran_order': False, 'shape': (2L, 3L), }", []byte{1, 0, 1, 0, 2, 0}))
	f.Add(npyFile(3, "{\"shape\": (), 'descr': u'<f2', 'fortran_order': False,}", []byte{0, 0x3c}))
	f.Add([]byte("\x93NUMPY\x02\x00\xff\xff\xff\xff{"))

	f.Fuzz(func(t *testing.T, in []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		a, err := Read(bytes.NewReader(in))
		runtime.ReadMemStats(&after)
		// The result takes as many bytes as the data it decodes; the header
		// is copied twice; add the fixed-size buffers and the bounded
		// cost of parsing the header.
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(4*len(in))+4<<20 {
			t.Fatalf("Read allocated %d bytes for %d bytes of input", alloc, len(in))
		}
		a2, err2 := Read(onlyReader{bytes.NewReader(in)})
		if (err == nil) != (err2 == nil) {
			t.Fatalf("known-size and unknown-size reads disagree: %v vs %v", err, err2)
		}
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrUnsupported) {
				t.Fatalf("error %v wraps neither ErrFormat nor ErrUnsupported", err)
			}
			return
		}
		if d := arrayDiff(a, a2); d != "" {
			t.Fatalf("known-size and unknown-size reads differ (-known +unknown):\n%s", d)
		}
		var buf bytes.Buffer
		if err := Write(&buf, a); err != nil {
			t.Fatalf("writing an array that was read: %v", err)
		}
		back, err := Read(&buf)
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		if d := arrayDiff(a, back); d != "" {
			t.Fatalf("round trip changed the array (-read +reread):\n%s", d)
		}
	})
}
