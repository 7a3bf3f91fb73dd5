package lit

import (
	"fmt"
	"strings"
)

// cappedBuffer is an io.Writer that keeps the first headCap and the last
// tailCap bytes written to it, so that huge outputs cannot exhaust memory
// while both the beginning (often the first error) and the end (often the
// summary) are preserved.
type cappedBuffer struct {
	headCap, tailCap int
	head, tail       []byte
	total            int64
}

// newCappedBuffer returns a buffer keeping at most limit bytes: a quarter
// from the beginning of the output and the rest from its end.
func newCappedBuffer(limit int) *cappedBuffer {
	if limit < 4 {
		limit = 4
	}
	return &cappedBuffer{headCap: limit / 4, tailCap: limit - limit/4}
}

// Write records p; it never fails.
func (b *cappedBuffer) Write(p []byte) (int, error) {
	n := len(p)
	b.total += int64(n)
	if room := b.headCap - len(b.head); room > 0 {
		k := min(room, len(p))
		b.head = append(b.head, p[:k]...)
		p = p[k:]
	}
	if len(p) == 0 {
		return n, nil
	}
	b.tail = append(b.tail, p...)
	if len(b.tail) > 2*b.tailCap {
		b.tail = append(b.tail[:0], b.tail[len(b.tail)-b.tailCap:]...)
	}
	return n, nil
}

// String returns the kept output; when bytes were dropped, a marker saying
// how many replaces them.
func (b *cappedBuffer) String() string {
	tail := b.tail
	if len(tail) > b.tailCap {
		tail = tail[len(tail)-b.tailCap:]
	}
	omitted := b.total - int64(len(b.head)) - int64(len(tail))
	if omitted <= 0 {
		return string(b.head) + string(tail)
	}
	var s strings.Builder
	s.Write(b.head)
	fmt.Fprintf(&s, "\n[... %d bytes omitted ...]\n", omitted)
	s.Write(tail)
	return s.String()
}
