package asm

import "testing"

func TestNormalizeAffine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"affine_map<(d0) -> (d0)>", "affine_map<(d0) -> (d0)>"},
		{"affine_map<(i, j) -> (j, i)>", "affine_map<(d0, d1) -> (d1, d0)>"},
		{"affine_map<(i)[n] -> (i+n, i*2-1)>", "affine_map<(d0)[s0] -> (d0 + s0, d0 * 2 - 1)>"},
		{"affine_map<()[n] -> (-n, n floordiv 4, n mod 3, n ceildiv 2)>", "affine_map<()[s0] -> (-s0, s0 floordiv 4, s0 mod 3, s0 ceildiv 2)>"},
		{"affine_map<(d0,d1)->(d0+(d1*-3))>", "affine_map<(d0, d1) -> (d0 + (d1 * -3))>"},
		{"affine_set<(i) : (i - 1 >= 0, i == 0)>", "affine_set<(d0) : (d0 - 1 >= 0, d0 == 0)>"},
	} {
		if got := normalizeAffine(tc.in); got != tc.want {
			t.Errorf("normalizeAffine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSubstituteSkipsStrings(t *testing.T) {
	al := &affineAliases{
		name: map[string]string{"affine_map<(d0) -> (d0)>": "#map"},
		norm: map[string]string{"affine_map<(i) -> (i)>": "affine_map<(d0) -> (d0)>"},
	}
	in := `{a = affine_map<(i) -> (i)>, s = "affine_map<(i) -> (i)>", t = "x\"affine_map<(i) -> (i)>"}`
	want := `{a = #map, s = "affine_map<(i) -> (i)>", t = "x\"affine_map<(i) -> (i)>"}`
	if got := string(al.substitute([]byte(in))); got != want {
		t.Errorf("substitute:\n got %s\nwant %s", got, want)
	}
}
