package arith

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// FastMathAttrName is the name of the fast-math flags attribute of float ops.
const FastMathAttrName = "fastmath"

// FastMathFlags are LLVM's fast-math flags, as MLIR's arith::FastMathFlags.
type FastMathFlags uint8

// Fast-math flags (bit values as in MLIR).
const (
	FastMathNone     FastMathFlags = 0
	FastMathReassoc  FastMathFlags = 1
	FastMathNNaN     FastMathFlags = 2
	FastMathNInf     FastMathFlags = 4
	FastMathNSZ      FastMathFlags = 8
	FastMathARCP     FastMathFlags = 16
	FastMathContract FastMathFlags = 32
	FastMathAFN      FastMathFlags = 64
	FastMathFast     FastMathFlags = 127
)

var fastMathNames = []struct {
	name string
	flag FastMathFlags
}{
	{"reassoc", FastMathReassoc}, {"nnan", FastMathNNaN}, {"ninf", FastMathNInf}, {"nsz", FastMathNSZ},
	{"arcp", FastMathARCP}, {"contract", FastMathContract}, {"afn", FastMathAFN},
}

// fastMathExpected is MLIR's message for an unknown flag.
const fastMathExpected = "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"

// String returns the flags as MLIR prints them: "none", "fast", or the set
// flags joined by commas ("nnan,ninf").
func (f FastMathFlags) String() string {
	switch f {
	case FastMathNone:
		return "none"
	case FastMathFast:
		return "fast"
	}
	var names []string
	for _, n := range fastMathNames {
		if f&n.flag != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, ",")
}

// ParseFastMathFlags parses a comma-separated flag list ("nnan, ninf", "fast").
func ParseFastMathFlags(s string) (FastMathFlags, error) {
	var f FastMathFlags
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		switch part {
		case "none":
			continue
		case "fast":
			f |= FastMathFast
			continue
		}
		found := false
		for _, n := range fastMathNames {
			if n.name == part {
				f |= n.flag
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("%s", fastMathExpected)
		}
	}
	return f, nil
}

// FastMathAttr returns the attribute #arith.fastmath<flags>.
func FastMathAttr(f FastMathFlags) ir.Attribute {
	return &ir.OpaqueAttr{Text: "#arith.fastmath<" + f.String() + ">"}
}

// FastMathOf decodes a fastmath attribute; nil (absent) means none. ok is
// false when a is not a valid #arith.fastmath<...> attribute.
func FastMathOf(a ir.Attribute) (FastMathFlags, bool) {
	if a == nil {
		return FastMathNone, true
	}
	o, ok := a.(*ir.OpaqueAttr)
	if !ok {
		return 0, false
	}
	body, ok := strings.CutPrefix(o.Text, "#arith.fastmath")
	if !ok {
		return 0, false
	}
	body = strings.TrimSpace(body)
	if !strings.HasPrefix(body, "<") || !strings.HasSuffix(body, ">") {
		return 0, false
	}
	f, err := ParseFastMathFlags(body[1 : len(body)-1])
	return f, err == nil
}

// OpFastMath returns the fast-math flags of op (none when absent or invalid).
func OpFastMath(op *ir.Operation) FastMathFlags {
	f, _ := FastMathOf(op.Attr(FastMathAttrName))
	return f
}

// fastMathConstraint checks the fastmath attribute in generic form.
var fastMathConstraint = ir.AttrConstraint{
	Desc: "Floating point fast math flags",
	Check: func(a ir.Attribute) bool {
		_, ok := FastMathOf(a)
		return ok
	},
}

// fastMathAttrDef declares the fastmath attribute of a float op.
var fastMathAttrDef = ir.AttrDef{
	Name:       FastMathAttrName,
	Constraint: fastMathConstraint,
	Optional:   true,
	Doc:        "fast-math flags (#arith.fastmath<...>; none when absent) allowing value-changing optimizations such as reassociation or assuming no NaNs",
	// Builders write fastmath<none>, as MLIR's builders do.
	Default: func(*ir.Context) ir.Attribute { return FastMathAttr(FastMathNone) },
}
