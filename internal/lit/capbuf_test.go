package lit

import (
	"fmt"
	"strings"
	"testing"
)

func TestCappedBufferSmall(t *testing.T) {
	b := newCappedBuffer(100)
	fmt.Fprint(b, "hello ")
	fmt.Fprint(b, "world")
	if got := b.String(); got != "hello world" {
		t.Errorf("String = %q", got)
	}
}

func TestCappedBufferExactLimit(t *testing.T) {
	b := newCappedBuffer(8)
	fmt.Fprint(b, "abcdefgh")
	if got := b.String(); got != "abcdefgh" {
		t.Errorf("String = %q", got)
	}
}

func TestCappedBufferTruncates(t *testing.T) {
	b := newCappedBuffer(40) // 10 bytes of head, 30 of tail
	for i := range 1000 {
		fmt.Fprintf(b, "line %04d\n", i)
	}
	got := b.String()
	if !strings.HasPrefix(got, "line 0000\n") {
		t.Errorf("head lost: %q", got)
	}
	if !strings.HasSuffix(got, "line 0997\nline 0998\nline 0999\n") {
		t.Errorf("tail lost: %q", got)
	}
	if !strings.Contains(got, "[... 9960 bytes omitted ...]") {
		t.Errorf("no omission marker: %q", got)
	}
}

func TestCappedBufferLargeWrite(t *testing.T) {
	b := newCappedBuffer(8)
	n, err := b.Write([]byte("0123456789abcdefghij"))
	if n != 20 || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if got, want := b.String(), "01\n[... 12 bytes omitted ...]\nefghij"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}
