package rt

import (
	"strings"
	"testing"
)

// A view shares the buffer's memory and covers exactly the range; a
// range outside the buffer fails like an index out of range, and an empty
// loop needs no range at all.
func TestViews(t *testing.T) {
	s := make([]float32, 40)
	for i := range s {
		s[i] = float32(i)
	}
	v := ttView8(s, 3, 4)
	if len(v) != 4 || v[0][0] != 3 || v[3][7] != 34 {
		t.Fatalf("view: len %d, %v", len(v), v)
	}
	v[1][2] = -1
	if s[3+8+2] != -1 {
		t.Error("the view does not share the buffer")
	}
	if w := ttView4(s, 36, 1); len(w) != 1 || w[0][3] != 39 {
		t.Errorf("view of the last 4: %v", w)
	}
	if ttView16(s, 1000, 0) != nil || ttView2(s, -5, 0) != nil {
		t.Error("an empty view is not nil")
	}
	for _, c := range []struct{ start, n int }{{33, 1}, {-1, 1}, {0, 6}, {41, 1}, {8, 1 << 60}} {
		func() {
			defer func() {
				r := recover()
				f, ok := r.(ttFail)
				if !ok || !strings.Contains(f.msg, "index out of range") {
					t.Errorf("ttView8(s, %d, %d): recovered %v, want an index out of range", c.start, c.n, r)
				}
			}()
			ttView8(s, c.start, c.n)
		}()
	}
	if len(ttView32(make([]int32, 64), 0, 2)) != 2 || len(ttView64(make([]float64, 64), 0, 1)) != 1 {
		t.Error("wide views")
	}
}
