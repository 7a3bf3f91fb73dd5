package ptx

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// kernel wraps instructions and declarations into a module with one
// kernel; the body starts on line 7.
func kernel(body string) string {
	return ".version 7.8\n.target sm_80\n.address_size 64\n\n.visible .entry k(.param .u64 k_p)\n{\n" + body + "\n}\n"
}

// firstInst parses a kernel and returns its first instruction.
func firstInst(t *testing.T, body string) *Instruction {
	t.Helper()
	m, err := ParseString("t.ptx", kernel(body))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	for _, d := range m.Decls {
		if f, ok := d.(*Function); ok {
			for _, s := range f.Body.Stmts {
				if in, ok := s.(*Instruction); ok {
					return in
				}
			}
		}
	}
	t.Fatalf("no instruction in %q", body)
	return nil
}

func TestParseInstructions(t *testing.T) {
	tests := []struct {
		src   string
		op    Op
		mods  []Mod
		types []Type
		// ops describes the operands: kind letters r(eg) s(pecial) i(nt)
		// f(loat) y(symbol) a(ddr) v(ector) l(ist) _(sink) p(air).
		ops string
	}{
		{"ld.param.u64 %rd1, [k_p];", OpLd, []Mod{ModParam}, []Type{U64}, "ra"},
		{"ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];", OpLd, []Mod{ModGlobal, ModNC, ModV4}, []Type{F32}, "va"},
		{"cvta.to.global.u64 %rd2, %rd1;", OpCvta, []Mod{ModTo, ModGlobal}, []Type{U64}, "rr"},
		{"mul.wide.s32 %rd3, %r1, 4;", OpMul, []Mod{ModWide}, []Type{S32}, "rri"},
		{"mad.lo.s32 %r5, %r2, %r4, %r1;", OpMad, []Mod{ModLo}, []Type{S32}, "rrrr"},
		{"setp.lo.u32 %p1, %r1, %r2;", OpSetp, []Mod{ModLo2}, []Type{U32}, "rrr"},
		{"setp.lt.and.f32 %p1|%p2, %f1, 0f3F800000, !%p3;", OpSetp, []Mod{ModLt, ModAnd}, []Type{F32}, "prfr"},
		{"mul.hi.u32 %r1, %r2, %r3;", OpMul, []Mod{ModHi}, []Type{U32}, "rrr"},
		{"setp.hi.u32 %p1, %r2, %r3;", OpSetp, []Mod{ModHiCmp}, []Type{U32}, "rrr"},
		{"vote.sync.uni.pred %p1, %p2, -1;", OpVoteSync, []Mod{ModUniMode}, []Type{Pred}, "rri"},
		{"bra.uni $L__BB0_2;", OpBra, []Mod{ModUni}, nil, "y"},
		{"bar.warp.sync -1;", OpBarWarpSync, nil, nil, "i"},
		{"bar.sync 0;", OpBarSync, nil, nil, "i"},
		{"barrier.sync.aligned 0;", OpBarrierSync, []Mod{ModAligned}, nil, "i"},
		{"shfl.sync.bfly.b32 %r1|%p1, %r2, 16, 31, -1;", OpShflSync, []Mod{ModBfly}, []Type{B32}, "priii"},
		{"mov.u32 %r1, %tid.x;", OpMov, nil, []Type{U32}, "rs"},
		{"mov.b64 {%r1, %r2}, %rd1;", OpMov, nil, []Type{B64}, "vr"},
		{"prmt.b32.f4e %r1, %r2, %r3, 0x3210;", OpPrmt, []Mod{ModF4E}, []Type{B32}, "rrri"},
		{"atom.global.cas.b32 %r1, [%rd1], 0, %r2;", OpAtom, []Mod{ModGlobal, ModCas}, []Type{B32}, "rair"},
		{"red.shared::cta.add.u32 [smem+4], 1;", OpRed, []Mod{ModSharedCTA, ModAdd}, []Type{U32}, "ai"},
		{"ld.global.L1::evict_last.L2::cache_hint.f32 %f1, [%rd1], %rd2;", OpLd, []Mod{ModGlobal, ModL1EvictLast, ModL2CacheHint}, []Type{F32}, "rar"},
		{"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%f5,%f6,%f7,%f8};",
			OpMma, []Mod{ModSync, ModAligned, ModM16N8K16, ModRow, ModCol}, []Type{F32, F16, F16, F32}, "vvvv"},
		{"call.uni (retval0), f, (param0, param1);", OpCall, []Mod{ModUni}, nil, "lyl"},
		{"cp.async.wait_group 0;", OpCpAsyncWaitGroup, nil, nil, "i"},
		{"cp.async.ca.shared.global [s], [%rd1], 16;", OpCpAsync, []Mod{ModCA, ModShared, ModGlobal}, nil, "aai"},
		{"match.any.sync.b32 %r1, %r2, -1;", OpMatch, []Mod{ModAny, ModSync}, []Type{B32}, "rri"},
		{"ld.global.v2.f32 {%f1, _}, [%rd1];", OpLd, []Mod{ModGlobal, ModV2}, []Type{F32}, "va"},
		{"exit;", OpExit, nil, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			in := firstInst(t, tc.src)
			if in.Op != tc.op {
				t.Errorf("op = %v, want %v", in.Op, tc.op)
			}
			if fmt.Sprint(in.Mods) != fmt.Sprint(tc.mods) {
				t.Errorf("mods = %v, want %v", in.Mods, tc.mods)
			}
			if fmt.Sprint(in.Types) != fmt.Sprint(tc.types) {
				t.Errorf("types = %v, want %v", in.Types, tc.types)
			}
			if got := operandKinds(in.Operands); got != tc.ops {
				t.Errorf("operands = %q, want %q", got, tc.ops)
			}
		})
	}
}

func operandKinds(ops []Operand) string {
	letters := map[OperandKind]byte{OpdReg: 'r', OpdSpecial: 's', OpdInt: 'i', OpdFloat: 'f', OpdSymbol: 'y',
		OpdAddr: 'a', OpdVector: 'v', OpdList: 'l', OpdSink: '_', OpdPredPair: 'p'}
	var sb strings.Builder
	for _, o := range ops {
		sb.WriteByte(letters[o.Kind])
	}
	return sb.String()
}

func TestParseOperandValues(t *testing.T) {
	tests := []struct {
		src   string
		check func(o []Operand) string
	}{
		{"add.f32 %f1, %f2, 0f3F800000;", func(o []Operand) string {
			return fmt.Sprintf("%X %v", o[2].Bits, o[2].Float64)
		}},
		{"add.f64 %fd1, %fd2, 0d3FF0000000000000;", func(o []Operand) string {
			return fmt.Sprintf("%X %v", o[2].Bits, o[2].Float64)
		}},
		{"add.f64 %fd1, %fd2, 1.5;", func(o []Operand) string {
			return fmt.Sprintf("%X %v", o[2].Bits, o[2].Float64)
		}},
		{"add.f32 %f1, %f2, -0f3F800000;", func(o []Operand) string {
			return fmt.Sprintf("%X %v", o[2].Bits, o[2].Float64)
		}},
		{"add.s32 %r1, %r2, -7;", func(o []Operand) string { return fmt.Sprint(o[2].Int) }},
		{"add.u32 %r1, %r2, 0xFFFFFFFFU;", func(o []Operand) string {
			return fmt.Sprint(o[2].Int, o[2].Unsigned, o[2].Hex)
		}},
		{"add.u64 %rd1, %rd2, 18446744073709551615;", func(o []Operand) string { return fmt.Sprint(o[2].Int) }},
		{"add.u32 %r1, %r2, 017;", func(o []Operand) string { return fmt.Sprint(o[2].Int) }},
		{"add.u32 %r1, %r2, 0b101;", func(o []Operand) string { return fmt.Sprint(o[2].Int) }},
		{"ld.global.u32 %r1, [%rd1+-4];", func(o []Operand) string {
			return fmt.Sprintf("%d %s", o[1].Int, o[1].Elems[0].Name)
		}},
		{"ld.global.u32 %r1, [%rd1-8];", func(o []Operand) string { return fmt.Sprint(o[1].Int) }},
		{"ld.global.u32 %r1, [1024];", func(o []Operand) string { return fmt.Sprint(o[1].Int, len(o[1].Elems)) }},
		{"mov.u32 %r1, %ctaid.y;", func(o []Operand) string { return fmt.Sprint(o[1].Special, o[1].Comp) }},
		{"mov.u64 %rd1, smem+8;", func(o []Operand) string { return fmt.Sprintf("%s %d", o[1].Name, o[1].Int) }},
	}
	want := []string{
		"3F800000 false", "3FF0000000000000 true", "3FF8000000000000 true", "BF800000 false", "-7",
		"4294967295 true true", "-1", "15", "5", "-4 %rd1", "-8", "1024 0", "%ctaid 2", "smem 8",
	}
	for i, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			in := firstInst(t, tc.src)
			if got := tc.check(in.Operands); got != want[i] {
				t.Errorf("got %q, want %q", got, want[i])
			}
		})
	}
}

func TestParseDeclarations(t *testing.T) {
	src := `.version 7.8
.target sm_90a, debug
.address_size 64

.file 1 "/tmp/k.cu"
.global .align 4 .b8 tab[2][3] = {{1, 2, 3}, {4, -5, 6}};
.const .f32 c0 = 0f3F800000, c1;
.global .u64 p = generic(tab)+4;
.extern .shared .align 16 .b8 dyn[];
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 a, .param .b64 b);
.visible .entry k(.param .u64 .ptr .global .align 16 k_p, .param .align 8 .b8 k_s[16])
.maxntid 128, 1, 1
.reqntid 128
.pragma "nounroll";
{
	.reg .pred %p<3>, %q;
	.reg .v4 .f32 %v;
	.loc 1 5 3
	ret;
}
`
	m, err := ParseString("d.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != (Version{7, 8}) || m.Target != 90 || m.ArchSuffix != "a" || fmt.Sprint(m.TargetOptions) != "[debug]" || m.AddressSize != 64 {
		t.Errorf("header: %+v", m)
	}
	var got []string
	for _, d := range m.Decls {
		switch d := d.(type) {
		case *Var:
			got = append(got, fmt.Sprintf("var %s %s %s dims=%v count=%d init=%v", d.Linkage, d.Space, d.Name, d.Dims, d.Count, d.Init != nil))
		case *Function:
			got = append(got, fmt.Sprintf("func %s entry=%v params=%d rets=%d attrs=%d body=%v", d.Name, d.Entry, len(d.Params), len(d.Returns), len(d.Attrs), d.Body != nil))
			if d.Body != nil {
				for _, s := range d.Body.Stmts {
					switch s := s.(type) {
					case *Var:
						got = append(got, fmt.Sprintf("  reg %s %s count=%d vec=%d", s.Type, s.Name, s.Count, s.Vec))
					case *Directive:
						got = append(got, fmt.Sprintf("  dir %s %s", s.Name, s.Args))
					}
				}
				p := d.Params[0]
				got = append(got, fmt.Sprintf("  param %s ptr=%v %s align=%d", p.Name, p.Ptr, p.PtrSpace, p.PtrAlign))
			}
		case *Directive:
			got = append(got, fmt.Sprintf("dir %s %s", d.Name, d.Args))
		}
	}
	want := []string{
		`dir .file 1 "/tmp/k.cu"`,
		"var  .global tab dims=[2 3] count=0 init=true",
		"var  .const c0 dims=[] count=0 init=true",
		"var  .const c1 dims=[] count=0 init=false",
		"var  .global p dims=[] count=0 init=true",
		"var .extern .shared dyn dims=[-1] count=0 init=false",
		"func vprintf entry=false params=2 rets=1 attrs=0 body=false",
		"func k entry=true params=2 rets=0 attrs=3 body=true",
		"  reg pred %p count=3 vec=0",
		"  reg pred %q count=0 vec=0",
		"  reg f32 %v count=0 vec=4",
		"  dir .loc 1 5 3",
		"  param k_p ptr=true .global align=16",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // "line:col: message substring"
	}{
		{"no version", ".target sm_80\n", "1:1: expected .version directive first"},
		{"no target", ".version 7.8\n.address_size 64\n", "2:1: expected .target directive"},
		{"bad address size", ".version 7.8\n.target sm_80\n.address_size 48\n", "3:15: address size must be 32 or 64"},
		{"unknown opcode", kernel("\tfrobnicate.u32 %r1, %r2;"), "7:2: unknown opcode 'frobnicate'"},
		{"unknown modifier", kernel("\tadd.fast.f32 %f1, %f2, %f3;"), "7:5: unknown modifier .fast on add"},
		{"missing semicolon", kernel("\tadd.s32 %r1, %r2, %r3\n\tret;"), "8:2: expected ';' after the instruction"},
		{"unclosed block", ".version 7.8\n.target sm_80\n.entry k()\n{\n\tret;\n", "4:1: unclosed '{'"},
		{"unclosed address", kernel("\tld.global.u32 %r1, [%rd1+4;"), "7:28: expected ']'"},
		{"unterminated comment", kernel("/* open"), "7:1: unterminated comment"},
		{"unterminated string", ".version 7.8\n.target sm_80\n.file 1 \"abc\n", "3:9: unterminated string"},
		{"bad character", kernel("\tadd.s32 %r1, %r2, #3;"), "7:20: unexpected character '#'"},
		{"bad float literal", kernel("\tadd.f32 %f1, %f2, 0f3F80;"), "7:20: 0f literal needs exactly 8 hex digits"},
		{"int out of range", kernel("\tadd.u64 %rd1, %rd2, 99999999999999999999;"), "7:22: integer literal 99999999999999999999 out of range"},
		{"bad component", kernel("\tmov.u32 %r1, %tid.q;"), "7:19: unexpected .q after %tid"},
		{"directive in body", kernel("\t.entry x();"), "7:2: unexpected directive .entry in a function body"},
		{"missing type", kernel("\t.reg %r<4>;"), "7:7: expected a type in the declaration"},
		{"bad align", ".version 7.8\n.target sm_80\n.global .align 3 .b8 x[4];\n", "3:16: alignment must be a power of two"},
		{"no sm", ".version 7.8\n.target texmode_independent\n", "2:1: .target names no SM architecture"},
		{"glued number", kernel("\tadd.s32 %r1, %r2, 12ab;"), "7:22: invalid character 'a' in number"},
		{"deep nesting", kernel(strings.Repeat("{", 300)), "nesting deeper than 200"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseString("e.ptx", tc.src)
			if err == nil {
				t.Fatalf("parsed without error, want %q", tc.want)
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %T is not a *ptx.Error: %v", err, err)
			}
			got := strings.Replace(err.Error(), " error:", "", 1)
			if !strings.Contains(got, "e.ptx:"+tc.want) && !(tc.name == "deep nesting" && strings.Contains(got, tc.want)) {
				t.Errorf("error = %q, want e.ptx:%s", err, tc.want)
			}
			if !strings.HasPrefix(err.Error(), fmt.Sprintf("e.ptx:%d:%d: error: ", pe.Pos.Line, pe.Pos.Col)) {
				t.Errorf("error %q is not in file:line:col: error: form", err)
			}
		})
	}
}

func TestErrorRender(t *testing.T) {
	src := kernel("\tadd.s32 %r1, %r2, #3;")
	_, err := ParseString("e.ptx", src)
	if err == nil {
		t.Fatal("no error")
	}
	got := err.(ErrorList).Render([]byte(src))
	want := "e.ptx:7:20: error: unexpected character '#'\n\tadd.s32 %r1, %r2, #3;\n\t                  ^\n"
	if got != want {
		t.Errorf("render:\n%q\nwant\n%q", got, want)
	}
}
