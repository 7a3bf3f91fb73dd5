package sim

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/ptx"
)

// TestSemanticsTableCoversISA checks that every opcode of ptx's table has
// a semantics hook or is listed as unsupported with a reason.
func TestSemanticsTableCoversISA(t *testing.T) {
	for op := ptx.OpInvalid + 1; int(op) < ptx.NumOps; op++ {
		row := semanticsTable[op]
		switch {
		case row.prep == nil && row.unsupported == "":
			t.Errorf("%s has neither a semantics hook nor a reason it is unsupported", op)
		case row.prep != nil && row.unsupported != "":
			t.Errorf("%s has a hook and an unsupported reason", op)
		}
	}
}

// TestUnsupportedIsLocated checks that an unsupported instruction is a
// located load error.
func TestUnsupportedIsLocated(t *testing.T) {
	src := `.version 7.8
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<2>;
	bar.arrive 1, 64;
	ret;
}
`
	mod, err := ptx.ParseString("u.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	want := "u.ptx:7:2: error: bar.arrive is not supported by the simulator: " + semanticsTable[ptx.OpBarArrive].unsupported
	if err := p.Unsupported(); err == nil || err.Error() != want {
		t.Fatalf("Unsupported() = %v, want %s", err, want)
	}
	err = p.Launch("k", Launch{})
	if e, ok := err.(*Error); !ok || e.Kind != ErrUnsupported || e.Pos.Line != 7 || !strings.Contains(e.Error(), "kernel k: bar.arrive") {
		t.Fatalf("Launch = %v, want the unsupported instruction", err)
	}
}
