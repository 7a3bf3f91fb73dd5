package arith_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tt-compiler/tt/ir"
)

// patternCase applies the canonicalization pattern named label to the op
// defining the first returned value of @f, erases the ops left dead, and
// compares the function's body with want (one op per line, without the
// func.func line and closing brace). want "" means the pattern must not
// match (and must leave the IR untouched).
type patternCase struct {
	name, label, src, want string
}

func findPattern(def *ir.OpDef, label string) ir.RewritePattern {
	for _, p := range def.Canonicalize {
		if pp, ok := p.(*ir.Pattern); ok && pp.Label == label {
			return p
		}
	}
	return nil
}

// eraseDead erases unused pure ops of fn's body until none is left.
func eraseDead(fn *ir.Operation) {
	for changed := true; changed; {
		changed = false
		for op := fn.Region(0).Front().First(); op != nil; {
			next := op.Next()
			if ir.IsTriviallyDead(op) {
				op.Erase()
				changed = true
			}
			op = next
		}
	}
}

func body(fn *ir.Operation) string {
	lines := strings.Split(printOp(fn), "\n")
	var out []string
	for _, l := range lines[1 : len(lines)-1] {
		out = append(out, strings.TrimSpace(l))
	}
	return strings.Join(out, "\n")
}

func runPatternCases(t *testing.T, cases []patternCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := newContext()
			m := parseModule(t, ctx, c.src)
			fn := funcs(m)["f"]
			root := ir.DefiningOp(returned(fn)[0])
			p := findPattern(root.Def(), c.label)
			if p == nil {
				t.Fatalf("%s has no pattern %s", root.Name(), c.label)
			}
			if p.RootName() != root.Name() {
				t.Fatalf("pattern root %s, op %s", p.RootName(), root.Name())
			}
			before := printOp(fn)
			rw := ir.NewPatternRewriter(ctx, nil)
			matched := p.MatchAndRewrite(root, rw)
			if c.want == "" {
				if matched {
					t.Fatalf("pattern matched:\n%s", printOp(fn))
				}
				if after := printOp(fn); after != before {
					t.Fatalf("pattern changed the IR without matching:\n%s", after)
				}
				return
			}
			if !matched {
				t.Fatalf("pattern did not match:\n%s", before)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("rewrite produced invalid IR: %v\n%s", err, printOp(fn))
			}
			eraseDead(fn)
			if d := cmp.Diff(strings.TrimSpace(c.want), body(fn)); d != "" {
				t.Errorf("canonicalized IR differs (-want +got):\n%s", d)
			}
		})
	}
}

func TestPatternsAddSub(t *testing.T) {
	runPatternCases(t, []patternCase{
		{"addi_addi_const", "AddIAddConstant", fn("%x: i32", "i32", "%c2 = arith.constant 2 : i32\n%c3 = arith.constant 3 : i32\n%a = arith.addi %x, %c2 : i32\n%r = arith.addi %a, %c3 : i32"), `
%c5_i32 = arith.constant 5 : i32
%0 = arith.addi %arg0, %c5_i32 : i32
return %0 : i32`},
		{"addi_addi_const_wraps", "AddIAddConstant", fn("%x: i8", "i8", "%c2 = arith.constant 100 : i8\n%c3 = arith.constant 100 : i8\n%a = arith.addi %x, %c2 : i8\n%r = arith.addi %a, %c3 : i8"), `
%c-56_i8 = arith.constant -56 : i8
%0 = arith.addi %arg0, %c-56_i8 : i8
return %0 : i8`},
		{"addi_addi_nonconst", "AddIAddConstant", fn("%x: i32, %y: i32", "i32", "%c3 = arith.constant 3 : i32\n%a = arith.addi %x, %y : i32\n%r = arith.addi %a, %c3 : i32"), ""},
		{"addi_addi_splat_not_matched", "AddIAddConstant", fn("%x: vector<2xi32>", "vector<2xi32>", "%c2 = arith.constant dense<2> : vector<2xi32>\n%a = arith.addi %x, %c2 : vector<2xi32>\n%r = arith.addi %a, %c2 : vector<2xi32>"), ""},
		{"addi_subi_rhs", "AddISubConstantRHS", fn("%x: i32", "i32", "%c2 = arith.constant 2 : i32\n%c3 = arith.constant 3 : i32\n%a = arith.subi %x, %c2 : i32\n%r = arith.addi %a, %c3 : i32"), `
%c1_i32 = arith.constant 1 : i32
%0 = arith.addi %arg0, %c1_i32 : i32
return %0 : i32`},
		{"addi_subi_lhs", "AddISubConstantLHS", fn("%x: i32", "i32", "%c2 = arith.constant 2 : i32\n%c3 = arith.constant 3 : i32\n%a = arith.subi %c2, %x : i32\n%r = arith.addi %a, %c3 : i32"), `
%c5_i32 = arith.constant 5 : i32
%0 = arith.subi %c5_i32, %arg0 : i32
return %0 : i32`},
		{"subi_rhs_addi", "SubIRHSAddConstant", fn("%x: index", "index", "%c2 = arith.constant 2 : index\n%c3 = arith.constant 3 : index\n%a = arith.addi %x, %c2 : index\n%r = arith.subi %a, %c3 : index"), `
%c-1 = arith.constant -1 : index
%0 = arith.addi %arg0, %c-1 : index
return %0 : index`},
		{"subi_lhs_addi", "SubILHSAddConstant", fn("%x: i32", "i32", "%c2 = arith.constant 2 : i32\n%c3 = arith.constant 3 : i32\n%a = arith.addi %x, %c2 : i32\n%r = arith.subi %c3, %a : i32"), `
%c1_i32 = arith.constant 1 : i32
%0 = arith.subi %c1_i32, %arg0 : i32
return %0 : i32`},
		{"subi_rhs_subi_rhs", "SubIRHSSubConstantRHS", fn("%x: i32", "i32", "%c2 = arith.constant 2 : i32\n%c3 = arith.constant 3 : i32\n%a = arith.subi %x, %c2 : i32\n%r = arith.subi %a, %c3 : i32"), `
%c5_i32 = arith.constant 5 : i32
%0 = arith.subi %arg0, %c5_i32 : i32
return %0 : i32`},
		{"subi_rhs_subi_lhs", "SubIRHSSubConstantLHS", fn("%x: i32", "i32", "%c2 = arith.constant 2 : i32\n%c3 = arith.constant 3 : i32\n%a = arith.subi %c2, %x : i32\n%r = arith.subi %a, %c3 : i32"), `
%c-1_i32 = arith.constant -1 : i32
%0 = arith.subi %c-1_i32, %arg0 : i32
return %0 : i32`},
		{"subi_lhs_subi_rhs", "SubILHSSubConstantRHS", fn("%x: i32", "i32", "%c2 = arith.constant 2 : i32\n%c3 = arith.constant 3 : i32\n%a = arith.subi %x, %c2 : i32\n%r = arith.subi %c3, %a : i32"), `
%c5_i32 = arith.constant 5 : i32
%0 = arith.subi %c5_i32, %arg0 : i32
return %0 : i32`},
		{"subi_lhs_subi_lhs", "SubILHSSubConstantLHS", fn("%x: i32", "i32", "%c2 = arith.constant 2 : i32\n%c3 = arith.constant 3 : i32\n%a = arith.subi %c2, %x : i32\n%r = arith.subi %c3, %a : i32"), `
%c1_i32 = arith.constant 1 : i32
%0 = arith.addi %arg0, %c1_i32 : i32
return %0 : i32`},
		{"subi_subi_lhs_rhs_lhs", "SubISubILHSRHSLHS", fn("%a: i32, %b: i32", "i32", "%s = arith.subi %a, %b : i32\n%r = arith.subi %s, %a : i32"), `
%c0_i32 = arith.constant 0 : i32
%0 = arith.subi %c0_i32, %arg1 : i32
return %0 : i32`},
		{"subi_subi_vector", "SubISubILHSRHSLHS", fn("%a: vector<2xi8>, %b: vector<2xi8>", "vector<2xi8>", "%s = arith.subi %a, %b : vector<2xi8>\n%r = arith.subi %s, %a : vector<2xi8>"), `
%cst = arith.constant dense<0> : vector<2xi8>
%0 = arith.subi %cst, %arg1 : vector<2xi8>
return %0 : vector<2xi8>`},
		{"subi_subi_other", "SubISubILHSRHSLHS", fn("%a: i32, %b: i32", "i32", "%s = arith.subi %a, %b : i32\n%r = arith.subi %s, %b : i32"), ""},
	})
}

func TestPatternsBitwise(t *testing.T) {
	runPatternCases(t, []patternCase{
		{"xori_not_cmpi", "XOrINotCmpI", fn("%a: i32, %b: i32", "i1", "%c = arith.cmpi slt, %a, %b : i32\n%t = arith.constant true\n%r = arith.xori %c, %t : i1"), `
%0 = arith.cmpi sge, %arg0, %arg1 : i32
return %0 : i1`},
		{"xori_not_cmpi_ule", "XOrINotCmpI", fn("%a: i32, %b: i32", "i1", "%c = arith.cmpi ule, %a, %b : i32\n%t = arith.constant true\n%r = arith.xori %c, %t : i1"), `
%0 = arith.cmpi ugt, %arg0, %arg1 : i32
return %0 : i1`},
		{"xori_false_cmpi", "XOrINotCmpI", fn("%a: i32, %b: i32", "i1", "%c = arith.cmpi slt, %a, %b : i32\n%t = arith.constant false\n%r = arith.xori %c, %t : i1"), ""},
		{"xori_extui", "XOrIOfExtUI", fn("%a: i8, %b: i8", "i32", "%x = arith.extui %a : i8 to i32\n%y = arith.extui %b : i8 to i32\n%r = arith.xori %x, %y : i32"), `
%0 = arith.xori %arg0, %arg1 : i8
%1 = arith.extui %0 : i8 to i32
return %1 : i32`},
		{"xori_extui_types_differ", "XOrIOfExtUI", fn("%a: i8, %b: i16", "i32", "%x = arith.extui %a : i8 to i32\n%y = arith.extui %b : i16 to i32\n%r = arith.xori %x, %y : i32"), ""},
		{"xori_extsi", "XOrIOfExtSI", fn("%a: i8, %b: i8", "i32", "%x = arith.extsi %a : i8 to i32\n%y = arith.extsi %b : i8 to i32\n%r = arith.xori %x, %y : i32"), `
%0 = arith.xori %arg0, %arg1 : i8
%1 = arith.extsi %0 : i8 to i32
return %1 : i32`},
		{"andi_extui", "AndOfExtUI", fn("%a: vector<2xi8>, %b: vector<2xi8>", "vector<2xi32>", "%x = arith.extui %a : vector<2xi8> to vector<2xi32>\n%y = arith.extui %b : vector<2xi8> to vector<2xi32>\n%r = arith.andi %x, %y : vector<2xi32>"), `
%0 = arith.andi %arg0, %arg1 : vector<2xi8>
%1 = arith.extui %0 : vector<2xi8> to vector<2xi32>
return %1 : vector<2xi32>`},
		{"andi_extsi", "AndOfExtSI", fn("%a: i8, %b: i8", "i32", "%x = arith.extsi %a : i8 to i32\n%y = arith.extsi %b : i8 to i32\n%r = arith.andi %x, %y : i32"), `
%0 = arith.andi %arg0, %arg1 : i8
%1 = arith.extsi %0 : i8 to i32
return %1 : i32`},
		{"andi_mixed_exts", "AndOfExtSI", fn("%a: i8, %b: i8", "i32", "%x = arith.extsi %a : i8 to i32\n%y = arith.extui %b : i8 to i32\n%r = arith.andi %x, %y : i32"), ""},
		{"ori_extui", "OrOfExtUI", fn("%a: i1, %b: i1", "i64", "%x = arith.extui %a : i1 to i64\n%y = arith.extui %b : i1 to i64\n%r = arith.ori %x, %y : i64"), `
%0 = arith.ori %arg0, %arg1 : i1
%1 = arith.extui %0 : i1 to i64
return %1 : i64`},
		{"ori_extsi", "OrOfExtSI", fn("%a: i8, %b: i8", "i32", "%x = arith.extsi %a : i8 to i32\n%y = arith.extsi %b : i8 to i32\n%r = arith.ori %x, %y : i32"), `
%0 = arith.ori %arg0, %arg1 : i8
%1 = arith.extsi %0 : i8 to i32
return %1 : i32`},
	})
}

func TestPatternsCompare(t *testing.T) {
	runPatternCases(t, []patternCase{
		{"cmpi_extsi_eq", "CmpIExtSI", fn("%a: i8, %b: i8", "i1", "%x = arith.extsi %a : i8 to i32\n%y = arith.extsi %b : i8 to i32\n%r = arith.cmpi eq, %x, %y : i32"), `
%0 = arith.cmpi eq, %arg0, %arg1 : i8
return %0 : i1`},
		{"cmpi_extsi_slt_not_matched", "CmpIExtSI", fn("%a: i8, %b: i8", "i1", "%x = arith.extsi %a : i8 to i32\n%y = arith.extsi %b : i8 to i32\n%r = arith.cmpi slt, %x, %y : i32"), ""},
		{"cmpi_extui_ne", "CmpIExtUI", fn("%a: i8, %b: i8", "i1", "%x = arith.extui %a : i8 to i32\n%y = arith.extui %b : i8 to i32\n%r = arith.cmpi ne, %x, %y : i32"), `
%0 = arith.cmpi ne, %arg0, %arg1 : i8
return %0 : i1`},
		{"cmpi_extui_types_differ", "CmpIExtUI", fn("%a: i8, %b: i16", "i1", "%x = arith.extui %a : i8 to i32\n%y = arith.extui %b : i16 to i32\n%r = arith.cmpi ne, %x, %y : i32"), ""},
		{"cmpf_sitofp_fraction_olt", "CmpFIntToFPConst", fn("%x: i32", "i1", "%f = arith.sitofp %x : i32 to f32\n%c = arith.constant 4.5 : f32\n%r = arith.cmpf olt, %f, %c : f32"), `
%c4_i32 = arith.constant 4 : i32
%0 = arith.cmpi sle, %arg0, %c4_i32 : i32
return %0 : i1`},
		{"cmpf_sitofp_exact_oge", "CmpFIntToFPConst", fn("%x: i16", "i1", "%f = arith.sitofp %x : i16 to f32\n%c = arith.constant -3.0 : f32\n%r = arith.cmpf oge, %f, %c : f32"), `
%c-3_i16 = arith.constant -3 : i16
%0 = arith.cmpi sge, %arg0, %c-3_i16 : i16
return %0 : i1`},
		{"cmpf_sitofp_above_range", "CmpFIntToFPConst", fn("%x: i32", "i1", "%f = arith.sitofp %x : i32 to f32\n%c = arith.constant 1.0e20 : f32\n%r = arith.cmpf olt, %f, %c : f32"), `
%true = arith.constant true
return %true : i1`},
		{"cmpf_sitofp_below_range", "CmpFIntToFPConst", fn("%x: i8", "i1", "%f = arith.sitofp %x : i8 to f32\n%c = arith.constant -200.0 : f32\n%r = arith.cmpf oeq, %f, %c : f32"), `
%false = arith.constant false
return %false : i1`},
		{"cmpf_uitofp_negative", "CmpFIntToFPConst", fn("%x: i8", "i1", "%f = arith.uitofp %x : i8 to f32\n%c = arith.constant -4.5 : f32\n%r = arith.cmpf ugt, %f, %c : f32"), `
%true = arith.constant true
return %true : i1`},
		{"cmpf_uitofp_fraction_uge", "CmpFIntToFPConst", fn("%x: i8", "i1", "%f = arith.uitofp %x : i8 to f64\n%c = arith.constant 4.5 : f64\n%r = arith.cmpf uge, %f, %c : f64"), `
%c4_i8 = arith.constant 4 : i8
%0 = arith.cmpi ugt, %arg0, %c4_i8 : i8
return %0 : i1`},
		{"cmpf_fraction_eq", "CmpFIntToFPConst", fn("%x: i32", "i1", "%f = arith.sitofp %x : i32 to f64\n%c = arith.constant 4.5 : f64\n%r = arith.cmpf oeq, %f, %c : f64"), `
%false = arith.constant false
return %false : i1`},
		{"cmpf_ord", "CmpFIntToFPConst", fn("%x: i32", "i1", "%f = arith.sitofp %x : i32 to f64\n%c = arith.constant 4.5 : f64\n%r = arith.cmpf ord, %f, %c : f64"), `
%true = arith.constant true
return %true : i1`},
		{"cmpf_uno", "CmpFIntToFPConst", fn("%x: i32", "i1", "%f = arith.sitofp %x : i32 to f64\n%c = arith.constant 4.5 : f64\n%r = arith.cmpf uno, %f, %c : f64"), `
%false = arith.constant false
return %false : i1`},
		{"cmpf_nan_not_matched", "CmpFIntToFPConst", fn("%x: i32", "i1", "%f = arith.sitofp %x : i32 to f32\n%c = arith.constant 0x7FC00000 : f32\n%r = arith.cmpf olt, %f, %c : f32"), ""},
		{"cmpf_lossy_int_not_matched", "CmpFIntToFPConst", fn("%x: i64", "i1", "%f = arith.sitofp %x : i64 to f32\n%c = arith.constant 16777216.0 : f32\n%r = arith.cmpf olt, %f, %c : f32"), ""},
		{"cmpf_no_cast_not_matched", "CmpFIntToFPConst", fn("%x: f32", "i1", "%c = arith.constant 1.0 : f32\n%r = arith.cmpf olt, %x, %c : f32"), ""},
	})
}

func TestPatternsSelect(t *testing.T) {
	runPatternCases(t, []patternCase{
		{"select_i1", "SelectI1Simplify", fn("%c: i1, %a: i1, %b: i1", "i1", "%r = arith.select %c, %a, %b : i1"), `
%true = arith.constant true
%0 = arith.xori %arg0, %true : i1
%1 = arith.andi %arg0, %arg1 : i1
%2 = arith.andi %0, %arg2 : i1
%3 = arith.ori %1, %2 : i1
return %3 : i1`},
		{"select_i32_not_matched", "SelectI1Simplify", fn("%c: i1, %a: i32, %b: i32", "i32", "%r = arith.select %c, %a, %b : i32"), ""},
		{"select_one_zero", "SelectToExtUI", fn("%c: i1", "i32", "%one = arith.constant 1 : i32\n%zero = arith.constant 0 : i32\n%r = arith.select %c, %one, %zero : i32"), `
%0 = arith.extui %arg0 : i1 to i32
return %0 : i32`},
		{"select_zero_one", "SelectToExtUI", fn("%c: i1", "i8", "%one = arith.constant 1 : i8\n%zero = arith.constant 0 : i8\n%r = arith.select %c, %zero, %one : i8"), `
%true = arith.constant true
%0 = arith.xori %arg0, %true : i1
%1 = arith.extui %0 : i1 to i8
return %1 : i8`},
		{"select_float_not_matched", "SelectToExtUI", fn("%c: i1", "f32", "%one = arith.constant 1.0 : f32\n%zero = arith.constant 0.0 : f32\n%r = arith.select %c, %one, %zero : f32"), ""},
		{"select_two_not_matched", "SelectToExtUI", fn("%c: i1", "i32", "%two = arith.constant 2 : i32\n%zero = arith.constant 0 : i32\n%r = arith.select %c, %two, %zero : i32"), ""},
	})
}

func TestPatternsCasts(t *testing.T) {
	runPatternCases(t, []patternCase{
		{"index_cast_index_cast", "IndexCastOfIndexCast", fn("%x: index", "index", "%a = arith.index_cast %x : index to i32\n%r = arith.index_cast %a : i32 to index"), `
return %arg0 : index`},
		{"index_cast_index_cast_types_differ", "IndexCastOfIndexCast", fn("%x: i64", "i32", "%a = arith.index_cast %x : i64 to index\n%r = arith.index_cast %a : index to i32"), ""},
		{"index_cast_extsi", "IndexCastOfExtSI", fn("%x: i8", "index", "%a = arith.extsi %x : i8 to i32\n%r = arith.index_cast %a : i32 to index"), `
%0 = arith.index_cast %arg0 : i8 to index
return %0 : index`},
		{"index_castui_index_castui", "IndexCastUIOfIndexCastUI", fn("%x: i32", "i32", "%a = arith.index_castui %x : i32 to index\n%r = arith.index_castui %a : index to i32"), `
return %arg0 : i32`},
		{"index_castui_extui", "IndexCastUIOfExtUI", fn("%x: i8", "index", "%a = arith.extui %x : i8 to i32\n%r = arith.index_castui %a : i32 to index"), `
%0 = arith.index_castui %arg0 : i8 to index
return %0 : index`},
		{"index_castui_extsi_not_matched", "IndexCastUIOfExtUI", fn("%x: i8", "index", "%a = arith.extsi %x : i8 to i32\n%r = arith.index_castui %a : i32 to index"), ""},
		{"bitcast_bitcast", "BitcastOfBitcast", fn("%x: f32", "f32", "%a = arith.bitcast %x : f32 to i32\n%r = arith.bitcast %a : i32 to f32"), `
return %arg0 : f32`},
		{"bitcast_bitcast_other_type", "BitcastOfBitcast", fn("%x: bf16", "f16", "%a = arith.bitcast %x : bf16 to i16\n%r = arith.bitcast %a : i16 to f16"), `
%0 = arith.bitcast %arg0 : bf16 to f16
return %0 : f16`},
		{"extsi_extui", "ExtSIOfExtUI", fn("%x: i8", "i64", "%a = arith.extui %x : i8 to i32\n%r = arith.extsi %a : i32 to i64"), `
%0 = arith.extui %arg0 : i8 to i64
return %0 : i64`},
		{"trunci_shrsi", "TruncIShrSIToTrunciShrUI", fn("%x: i64", "i32", "%c = arith.constant 32 : i64\n%s = arith.shrsi %x, %c : i64\n%r = arith.trunci %s : i64 to i32"), `
%c32_i64 = arith.constant 32 : i64
%0 = arith.shrui %arg0, %c32_i64 : i64
%1 = arith.trunci %0 : i64 to i32
return %1 : i32`},
		{"trunci_shrsi_splat", "TruncIShrSIToTrunciShrUI", fn("%x: vector<2xi16>", "vector<2xi8>", "%c = arith.constant dense<8> : vector<2xi16>\n%s = arith.shrsi %x, %c : vector<2xi16>\n%r = arith.trunci %s : vector<2xi16> to vector<2xi8>"), `
%cst = arith.constant dense<8> : vector<2xi16>
%0 = arith.shrui %arg0, %cst : vector<2xi16>
%1 = arith.trunci %0 : vector<2xi16> to vector<2xi8>
return %1 : vector<2xi8>`},
		{"trunci_shrsi_wrong_amount", "TruncIShrSIToTrunciShrUI", fn("%x: i64", "i32", "%c = arith.constant 31 : i64\n%s = arith.shrsi %x, %c : i64\n%r = arith.trunci %s : i64 to i32"), ""},
	})
}

func TestPatternsFloat(t *testing.T) {
	runPatternCases(t, []patternCase{
		{"mulf_negf_negf", "MulFOfNegF", fn("%x: f32, %y: f32", "f32", "%a = arith.negf %x : f32\n%b = arith.negf %y : f32\n%r = arith.mulf %a, %b fastmath<nnan> : f32"), `
%0 = arith.mulf %arg0, %arg1 fastmath<nnan> : f32
return %0 : f32`},
		{"mulf_one_negf", "MulFOfNegF", fn("%x: f32, %y: f32", "f32", "%a = arith.negf %x : f32\n%r = arith.mulf %a, %y : f32"), ""},
		{"divf_negf_negf", "DivFOfNegF", fn("%x: vector<2xf64>, %y: vector<2xf64>", "vector<2xf64>", "%a = arith.negf %x : vector<2xf64>\n%b = arith.negf %y : vector<2xf64>\n%r = arith.divf %a, %b : vector<2xf64>"), `
%0 = arith.divf %arg0, %arg1 : vector<2xf64>
return %0 : vector<2xf64>`},
		{"maximumf_renamed", "Renamemaxf", `func.func @f(%x: f32, %y: f32) -> f32 {
  %r = "arith.maximumf"(%x, %y) {fastmath = #arith.fastmath<nnan>} : (f32, f32) -> f32
  return %r : f32
}`, `
%0 = arith.maxf %arg0, %arg1 fastmath<nnan> : f32
return %0 : f32`},
		{"minimumf_renamed", "Renameminf", `func.func @f(%x: f32, %y: f32) -> f32 {
  %r = "arith.minimumf"(%x, %y) : (f32, f32) -> f32
  return %r : f32
}`, `
%0 = arith.minf %arg0, %arg1 : f32
return %0 : f32`},
	})
}

func TestPatternsExtended(t *testing.T) {
	runPatternCases(t, []patternCase{
		{"addui_extended_unused_overflow", "AddUIExtendedToAddI", fn("%x: i32, %y: i32", "i32", "%r, %o = arith.addui_extended %x, %y : i32, i1"), `
%0 = arith.addi %arg0, %arg1 : i32
return %0 : i32`},
		{"addui_extended_used_overflow", "AddUIExtendedToAddI", fn("%x: i32, %y: i32", "i1", "%s, %r = arith.addui_extended %x, %y : i32, i1"), ""},
		{"mulsi_extended_unused_high", "MulSIExtendedToMulI", fn("%x: vector<2xi32>, %y: vector<2xi32>", "vector<2xi32>", "%r, %h = arith.mulsi_extended %x, %y : vector<2xi32>"), `
%0 = arith.muli %arg0, %arg1 : vector<2xi32>
return %0 : vector<2xi32>`},
		{"mului_extended_unused_high", "MulUIExtendedToMulI", fn("%x: i64, %y: i64", "i64", "%r, %h = arith.mului_extended %x, %y : i64"), `
%0 = arith.muli %arg0, %arg1 : i64
return %0 : i64`},
		{"mului_extended_used_high", "MulUIExtendedToMulI", fn("%x: i64, %y: i64", "i64", "%l, %r = arith.mului_extended %x, %y : i64"), ""},
		{"mulsi_extended_one", "MulSIExtendedRHSOne", fn("%x: i32", "i32", "%c1 = arith.constant 1 : i32\n%l, %r = arith.mulsi_extended %x, %c1 : i32"), `
%c0_i32 = arith.constant 0 : i32
%0 = arith.cmpi slt, %arg0, %c0_i32 : i32
%1 = arith.extsi %0 : i1 to i32
return %1 : i32`},
		{"mulsi_extended_splat_one_not_matched", "MulSIExtendedRHSOne", fn("%x: vector<2xi32>", "vector<2xi32>", "%c1 = arith.constant dense<1> : vector<2xi32>\n%l, %r = arith.mulsi_extended %x, %c1 : vector<2xi32>"), ""},
		{"call_indirect_known_callee", "SimplifyIndirectCallWithKnownCallee", `func.func @f(%x: i32) -> i32 {
  %f = func.constant @f : (i32) -> i32
  %r = func.call_indirect %f(%x) : (i32) -> i32
  return %r : i32
}`, `
%0 = call @f(%arg0) : (i32) -> i32
return %0 : i32`},
	})
}

// TestLaterSpellingsParse checks that the custom parser reads MLIR 17's
// arith.maximumf and arith.minimumf as MLIR 16's arith.maxf and arith.minf.
func TestLaterSpellingsParse(t *testing.T) {
	ctx := newContext()
	m := parseModule(t, ctx, `func.func @f(%x: f32, %y: f32) -> f32 {
  %0 = arith.maximumf %x, %y : f32
  %1 = arith.minimumf %0, %y fastmath<fast> : f32
  return %1 : f32
}`)
	want := "%0 = arith.maxf %arg0, %arg1 : f32\n%1 = arith.minf %0, %arg1 fastmath<fast> : f32\nreturn %1 : f32"
	if d := cmp.Diff(want, body(funcs(m)["f"])); d != "" {
		t.Errorf("IR differs (-want +got):\n%s", d)
	}
}

// TestEveryPatternTested makes sure each canonicalization pattern of the
// dialects has a test case above.
func TestEveryPatternTested(t *testing.T) {
	tested := map[string]bool{}
	for _, label := range []string{"AddIAddConstant", "AddISubConstantRHS", "AddISubConstantLHS", "SubIRHSAddConstant",
		"SubILHSAddConstant", "SubIRHSSubConstantRHS", "SubIRHSSubConstantLHS", "SubILHSSubConstantRHS", "SubILHSSubConstantLHS",
		"SubISubILHSRHSLHS", "XOrINotCmpI", "XOrIOfExtUI", "XOrIOfExtSI", "AndOfExtUI", "AndOfExtSI", "OrOfExtUI", "OrOfExtSI",
		"CmpIExtSI", "CmpIExtUI", "CmpFIntToFPConst", "SelectI1Simplify", "SelectToExtUI", "IndexCastOfIndexCast",
		"IndexCastOfExtSI", "IndexCastUIOfIndexCastUI", "IndexCastUIOfExtUI", "BitcastOfBitcast", "ExtSIOfExtUI",
		"TruncIShrSIToTrunciShrUI", "MulFOfNegF", "DivFOfNegF", "Renamemaxf", "Renameminf", "AddUIExtendedToAddI",
		"MulSIExtendedToMulI", "MulSIExtendedRHSOne", "MulUIExtendedToMulI", "SimplifyIndirectCallWithKnownCallee"} {
		tested[label] = true
	}
	ctx := newContext()
	for _, d := range ctx.Dialects() {
		for _, op := range d.Ops {
			for _, p := range op.Canonicalize {
				pp, ok := p.(*ir.Pattern)
				if !ok || !tested[pp.Label] {
					t.Errorf("%s: pattern %v has no test", op.Name, p)
				}
			}
		}
	}
}
