package climain

import "errors"

// The generated command defines ttEntries, one per exported function of
// the generated package; this stand-in (never copied into generated code)
// describes a function @scale(x: f32[?x2], s: f32) -> f32[?x2] computing
// x·s, for the package's own tests.

// ttProfile is the generated package's ProfileReport when it was
// generated with profiling (nil otherwise).
var ttProfile func() string = func() string { return "@scale\tscale.mlir:2:8\tloops.parallel\t1\t1000\t64\n" }

var ttEntries = []ttEntryPoint{{
	name:    "Scale",
	symbol:  "@scale",
	params:  []ttParamSpec{{"in0", "<f4", []int{-1, 2}}, {"in1", "<f4", nil}},
	results: []ttParamSpec{{"out0", "<f4", []int{-1, 2}}},
	invoke:  stubScale,
}}

func stubScale(args []*ttArray) ([]*ttArray, error) {
	x, s := args[0], args[1].f32[0]
	if s == 0 {
		return nil, errors.New("tt: @scale: scale by zero")
	}
	r := ttNewArray("<f4", x.shape)
	for i, v := range x.f32 {
		r.f32[i] = v * s
	}
	return []*ttArray{r}, nil
}
