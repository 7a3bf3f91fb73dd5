package ir_test

import (
	"testing"

	"github.com/tt-compiler/tt/ir"
)

type flags uint8

var flagEnum = &ir.BitEnum[flags]{
	Name: "::test::Flags",
	None: "none",
	Cases: []ir.EnumCase[flags]{
		{Keyword: "a", Value: 1}, {Keyword: "b", Value: 2}, {Keyword: "c", Value: 4},
		{Keyword: "ab", Value: 3}, {Keyword: "all", Value: 7},
	},
}

// TestBitEnumStringify checks MLIR's spelling of bit sets: none for no bit,
// whole groups first (in declared order, as MLIR's generated code does:
// "ab" is declared before "all"), then the remaining single bits; bits no
// case names are left out.
func TestBitEnumStringify(t *testing.T) {
	for _, tc := range []struct {
		v    flags
		want string
	}{
		{0, "none"}, {1, "a"}, {5, "a,c"}, {3, "ab"}, {6, "b,c"}, {7, "ab,c"}, {8, ""}, {9, "a"},
	} {
		if got := flagEnum.Stringify(tc.v); got != tc.want {
			t.Errorf("Stringify(%d) = %q, want %q", tc.v, got, tc.want)
		}
	}
	if got := flagEnum.Keywords(); len(got) != 6 || got[0] != "none" || got[5] != "all" {
		t.Errorf("Keywords = %v", got)
	}
}

// TestEnumLookup checks the keyword tables of a plain enumeration.
func TestEnumLookup(t *testing.T) {
	e := &ir.Enum[int]{Name: "::test::E", Cases: []ir.EnumCase[int]{{Keyword: "x", Value: 10}, {Keyword: "y", Value: 20}}}
	if v, ok := e.Lookup("y"); !ok || v != 20 {
		t.Errorf("Lookup(y) = %d, %v", v, ok)
	}
	if _, ok := e.Lookup("z"); ok {
		t.Errorf("Lookup(z) found a case")
	}
	if kw, ok := e.Keyword(10); !ok || kw != "x" {
		t.Errorf("Keyword(10) = %q, %v", kw, ok)
	}
	def := ir.EnumAttrDef("test.e", "an enum", ir.EnumSyntax[int](e))
	if got := def.Get(20).String(); got != "#test.e<y>" {
		t.Errorf("spelling %q", got)
	}
	if got := def.Get(30).String(); got != "#test.e<30>" {
		t.Errorf("a value that is no case is spelled %q", got)
	}
	if def.Description != "One of: x, y." {
		t.Errorf("description %q", def.Description)
	}
}
