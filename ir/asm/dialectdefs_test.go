package asm_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// A test dialect with types and attributes spelled as MLIR 16's gpu
// dialect spells them, and a made-up parametric type; it stands in for
// tt's gpu dialect (dialects/gpu), which these tests leave out.

// addressSpace is MLIR's gpu::AddressSpace.
type addressSpace uint32

const (
	spaceGlobal addressSpace = iota + 1
	spaceWorkgroup
	spacePrivate
)

var addressSpaceDef = ir.EnumAttrDef("gpu.address_space", "GPU address space", &ir.Enum[addressSpace]{
	Name: "::mlir::gpu::AddressSpace",
	Cases: []ir.EnumCase[addressSpace]{
		{Keyword: "global", Value: spaceGlobal}, {Keyword: "workgroup", Value: spaceWorkgroup}, {Keyword: "private", Value: spacePrivate},
	},
})

// asyncTokenDef is !gpu.async.token: a type without parameters.
var asyncTokenDef = &ir.DialectTypeDef[struct{}]{Name: "gpu.async.token", Summary: "async token type"}

// tileParams are the parameters of !gpu.tile<f16, 16, "AOp">, a type made
// up for the test that nests a type and holds an integer and a string.
type tileParams struct {
	Elem    ir.Type
	Size    int64
	Operand string
}

var tileDef = &ir.DialectTypeDef[tileParams]{
	Name: "gpu.tile",
	Parse: func(p ir.AsmParser) (tileParams, error) {
		var v tileParams
		var err error
		if err = p.ParsePunct("<"); err != nil {
			return v, err
		}
		if v.Elem, err = p.ParseType(); err != nil {
			return v, err
		}
		if err = p.ParsePunct(","); err != nil {
			return v, err
		}
		if v.Size, err = p.ParseInteger(); err != nil {
			return v, err
		}
		if err = p.ParsePunct(","); err != nil {
			return v, err
		}
		if v.Operand, err = p.ParseString(); err != nil {
			return v, err
		}
		return v, p.ParsePunct(">")
	},
	Print: func(p ir.AsmPrinter, v tileParams) {
		p.Print("<")
		p.PrintType(v.Elem)
		p.Print(", ")
		p.PrintAttributeWithoutType(ir.Int(nil, v.Size))
		p.Print(", ")
		p.PrintAttributeWithoutType(ir.String(v.Operand))
		p.Print(">")
	},
}

var gpuTestDialect = &ir.Dialect{
	Name:  "gpu",
	Attrs: []ir.AttrDefinition{addressSpaceDef},
	Types: []ir.TypeDefinition{asyncTokenDef, tileDef},
}

// contextWithoutGPU returns a context with every dialect of tt but its gpu
// dialect, which the test dialect stands in for.
func contextWithoutGPU() *ir.Context {
	ctx := ir.NewContext()
	for _, d := range registry.Dialects() {
		if d.Name != gpuTestDialect.Name {
			ctx.MustLoadDialect(d)
		}
	}
	return ctx
}

func gpuContext(t *testing.T) *ir.Context {
	t.Helper()
	ctx := contextWithoutGPU()
	ctx.AllowUnregistered = true
	if err := ctx.LoadDialect(gpuTestDialect); err != nil {
		t.Fatal(err)
	}
	return ctx
}

const gpuSrc = `"test.op"() {a = #gpu.address_space<workgroup>, m = memref<4xf32, #gpu.address_space<private>>, t = !gpu.async.token, u = !gpu.tile<f16, 16, "AOp">, v = [#gpu.address_space<global>]} : () -> !gpu.async.token`

// TestDialectTypesAndAttrs parses the gpu test dialect's types and
// attributes into their Go values and prints them back as written.
func TestDialectTypesAndAttrs(t *testing.T) {
	ctx := gpuContext(t)
	op, err := asm.ParseOp(ctx, gpuSrc)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := addressSpaceDef.Value(op.Attr("a")); !ok || v != spaceWorkgroup {
		t.Errorf("a = %#v, want the workgroup address space", op.Attr("a"))
	}
	token := asyncTokenDef.Get(ctx, struct{}{})
	if op.Result(0).Type() != token {
		t.Errorf("result type %v is not the uniqued !gpu.async.token", op.Result(0).Type())
	}
	if ta, ok := op.Attr("t").(*ir.TypeAttr); !ok || ta.Value != token {
		t.Errorf("t = %v, want the uniqued !gpu.async.token", op.Attr("t"))
	}
	ta, _ := op.Attr("u").(*ir.TypeAttr)
	tile, ok := tileDef.Value(ta.Value)
	if want := (tileParams{ctx.F16(), 16, "AOp"}); !ok || tile != want {
		t.Errorf("u = %+v, want %+v", tile, want)
	}
	m, _ := op.Attr("m").(*ir.TypeAttr)
	if space, ok := addressSpaceDef.Value(m.Value.(*ir.MemRefType).MemorySpace); !ok || space != spacePrivate {
		t.Errorf("memory space of %v is not the private address space", m.Value)
	}
	for _, generic := range []bool{false, true} {
		got := asm.String(op, asm.PrintOptions{Generic: generic})
		if got != "%0 = "+gpuSrc {
			t.Errorf("printed (generic=%v)\n%s\nwant\n%%0 = %s", generic, got, gpuSrc)
		}
	}
}

// TestDialectTypesAndAttrsUnloaded checks that without the dialect the
// same text is kept as opaque types and attributes and prints unchanged.
func TestDialectTypesAndAttrsUnloaded(t *testing.T) {
	ctx := contextWithoutGPU()
	ctx.AllowUnregistered = true
	src := strings.Replace(gpuSrc, ", m = memref<4xf32, #gpu.address_space<private>>", "", 1)
	op, err := asm.ParseOp(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := op.Attr("a").(*ir.OpaqueAttr); !ok {
		t.Errorf("a = %T, want an opaque attribute", op.Attr("a"))
	}
	if _, ok := op.Result(0).Type().(*ir.OpaqueType); !ok {
		t.Errorf("result type %T, want an opaque type", op.Result(0).Type())
	}
	if got := asm.String(op, asm.PrintOptions{}); got != "%0 = "+src {
		t.Errorf("printed\n%s\nwant\n%%0 = %s", got, src)
	}
}

// TestDialectAttrErrors checks the located errors for names and parameters
// a loaded dialect does not define (MLIR 16's messages and columns).
func TestDialectAttrErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`"t.o"() {a = #gpu.address_space<bogus>} : () -> ()`, "1:33: error: expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private"},
		{`"t.o"() {a = #gpu.address_space} : () -> ()`, "1:32: error: expected '<'"},
		{`"t.o"() {a = #gpu.address_space<>} : () -> ()`, "1:33: error: expected valid keyword"},
		{`"t.o"() {a = #gpu.address_space<global, private>} : () -> ()`, "1:39: error: expected '>'"},
		{`"t.o"() {a = #gpu.bogus<1>} : () -> ()`, "1:19: error: unknown attribute `bogus` in dialect `gpu`"},
		{`"t.o"() {a = !gpu.bogus} : () -> ()`, "1:19: error: unknown  type `bogus` in dialect `gpu`"},
		{`"t.o"() {a = #func.bogus<1>} : () -> ()`, "1:20: error: dialect 'func' provides no attribute parsing hook"},
		{`"t.o"() {a = !func.bogus<1>} : () -> ()`, "1:20: error: dialect 'func' provides no type parsing hook"},
		{`"t.o"() {a = !gpu.async.token<1>} : () -> ()`, "1:30: error: unexpected '<' in angle-bracketed body"},
		{`"t.o"() {a = !gpu.tile<f16, 16>} : () -> ()`, "1:31: error: expected ','"},
		{`"t.o"() {a = !gpu.tile<f16, 16, "A", 1>} : () -> ()`, "1:36: error: expected '>'"},
		{`"t.o"() {a = #arith.fastmath<nnan ninf>} : () -> ()`, "1:35: error: expected '>'"},
		{`"t.o"() {a = #arith.fastmath<"fast">} : () -> ()`, "1:30: error: expected valid keyword"},
		{`"t.o"() {a = #vector.kind<sum>} : () -> ()`, "1:27: error: expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minf, maxui, maxsi, maxf, and, or, xor"},
		{`"t.o"() {a = memref<4xf32, #foo.space<1>>} : () -> ()`, "1:23: error: unsupported memory space Attribute"},
	} {
		_, err := asm.ParseString(gpuContext(t), tc.src, asm.ParseOptions{Filename: "in.mlir"})
		if err == nil || !strings.HasPrefix(err.Error(), "in.mlir:"+tc.want) {
			t.Errorf("%s:\ngot  %v\nwant in.mlir:%s", tc.src, err, tc.want)
		}
	}
}

// TestDialectAttrEquality checks that equal parameters make equal
// attributes with equal hashes (what CSE relies on), and that a dialect
// attribute never equals an opaque one of the same spelling.
func TestDialectAttrEquality(t *testing.T) {
	wg, wg2, gl := addressSpaceDef.Get(spaceWorkgroup), addressSpaceDef.Get(spaceWorkgroup), addressSpaceDef.Get(spaceGlobal)
	opaque := &ir.OpaqueAttr{Text: "#gpu.address_space<workgroup>"}
	for _, tc := range []struct {
		a, b ir.Attribute
		want bool
	}{
		{wg, wg2, true}, {wg, gl, false}, {wg, opaque, false}, {opaque, wg, false},
		{arith.FastMathAttr(arith.FastMathNNaN | arith.FastMathNInf), arith.FastMathAttr(arith.FastMathNInf | arith.FastMathNNaN), true},
		{arith.FastMathAttr(arith.FastMathNNaN), arith.FastMathAttr(arith.FastMathNInf), false},
		// Same parameter value, different definitions.
		{addressSpaceDef.Get(1), arith.FastMathAttr(1), false},
		{ir.Array(wg), ir.Array(wg2), true},
	} {
		if got := ir.AttrEqual(tc.a, tc.b); got != tc.want {
			t.Errorf("AttrEqual(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if tc.want && ir.HashAttr(tc.a) != ir.HashAttr(tc.b) {
			t.Errorf("equal attributes %v and %v hash differently", tc.a, tc.b)
		}
	}
	if ir.HashAttr(wg) == ir.HashAttr(gl) {
		t.Errorf("different address spaces hash equally (possible, but not with this hash)")
	}
}

// TestDialectTypeUniquing checks that equal parameters give the same type
// value, also when many goroutines create it at once.
func TestDialectTypeUniquing(t *testing.T) {
	ctx := gpuContext(t)
	want := tileDef.Get(ctx, tileParams{ctx.F32(), 8, "B"})
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := tileDef.Get(ctx, tileParams{ctx.F32(), 8, "B"}); got != want {
				t.Errorf("Get returned %p, want %p", got, want)
			}
		}()
	}
	wg.Wait()
	if other := tileDef.Get(ctx, tileParams{ctx.F32(), 8, "C"}); other == want {
		t.Errorf("different parameters gave the same type %v", other)
	}
	if got := want.String(); got != `!gpu.tile<f32, 8, "B">` {
		t.Errorf("spelling %q", got)
	}
}

// TestLoadDialectChecksDefinitions checks what LoadDialect rejects.
func TestLoadDialectChecksDefinitions(t *testing.T) {
	for _, tc := range []struct {
		d    *ir.Dialect
		want string
	}{
		{&ir.Dialect{Name: "x", Attrs: []ir.AttrDefinition{&ir.DialectAttrDef[int]{Name: "y.a"}}}, `attribute "y.a" is not named after the dialect`},
		{&ir.Dialect{Name: "x", Attrs: []ir.AttrDefinition{&ir.DialectAttrDef[int]{Name: "x"}}}, `definition name "x" is not of the form dialect.mnemonic`},
		{&ir.Dialect{Name: "x", Attrs: []ir.AttrDefinition{&ir.DialectAttrDef[any]{Name: "x.a"}}}, "parameters of interface type interface {} may not be comparable"},
		{&ir.Dialect{Name: "x", Types: []ir.TypeDefinition{&ir.DialectTypeDef[int]{Name: "x.t", Print: func(ir.AsmPrinter, int) {}}}}, "Parse and Print must be both set or both nil"},
		{&ir.Dialect{Name: "x", Types: []ir.TypeDefinition{&ir.DialectTypeDef[int]{Name: "x.t"}, &ir.DialectTypeDef[bool]{Name: "x.t"}}}, `type "x.t" is defined twice`},
		{&ir.Dialect{Name: "vector", Attrs: []ir.AttrDefinition{&ir.DialectAttrDef[int]{Name: "vector.kind"}}}, `dialect "vector" is already loaded`},
	} {
		err := registry.NewContext().LoadDialect(tc.d)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("LoadDialect(%s): got %v, want %q", tc.d.Name, err, tc.want)
		}
	}
}
