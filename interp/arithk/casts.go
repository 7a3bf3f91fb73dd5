package arithk

import (
	"fmt"
	"math"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

func registerCasts(r *interp.Registry) {
	r.Register(arith.ExtFName, floatCast)
	r.Register(arith.TruncFName, floatCast)
	r.Register(arith.ExtSIName, intCast(true))
	r.Register(arith.ExtUIName, intCast(false))
	r.Register(arith.TruncIName, intCast(false))
	r.Register(arith.IndexCastName, intCast(true))
	r.Register(arith.IndexCastUIName, intCast(false))
	r.Register(arith.SIToFPName, intToFP(true))
	r.Register(arith.UIToFPName, intToFP(false))
	r.Register(arith.FPToSIName, fpToInt(true))
	r.Register(arith.FPToUIName, fpToInt(false))
	r.Register(arith.BitcastName, bitcast)
}

// castOperand returns the single operand and the result element type.
func castOperand(op *ir.Operation, args []interp.Value) (*interp.Tensor, interp.DType, error) {
	ts, err := operands(args, 1)
	if err != nil {
		return nil, interp.Invalid, err
	}
	dt, err := interp.ResultDType(op, 0)
	if err != nil {
		return nil, interp.Invalid, err
	}
	return ts[0], dt, nil
}

// floatCast is extf and truncf: exact widening, or rounding to nearest even
// in one step (f64 → f16 does not go through f32).
func floatCast(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	x, dt, err := castOperand(op, args)
	if err != nil {
		return nil, err
	}
	if !dt.IsFloat() {
		return nil, fmt.Errorf("result must be a float type, got %s", dt)
	}
	v, err := loadFloats(x)
	if err != nil {
		return nil, err
	}
	return one(storeFloats(dt, x.Shape(), v))
}

// intCast is extsi/extui/trunci/index_cast/index_castui: sign- or
// zero-extension to a wider type, truncation to a narrower one.
func intCast(signed bool) interp.Kernel {
	return func(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		x, dt, err := castOperand(op, args)
		if err != nil {
			return nil, err
		}
		if !dt.IsInt() {
			return nil, fmt.Errorf("result must be an integer or index type, got %s", dt)
		}
		v, err := loadInts(x)
		if err != nil {
			return nil, err
		}
		w := intWidth(x.DType())
		for i, u := range v {
			if signed {
				u = uint64(sext(u, w))
			}
			v[i] = u & mask(intWidth(dt))
		}
		return one(storeInts(dt, x.Shape(), v))
	}
}

// intToFP is sitofp/uitofp, correctly rounded to the float type.
func intToFP(signed bool) interp.Kernel {
	return func(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		x, dt, err := castOperand(op, args)
		if err != nil {
			return nil, err
		}
		if !dt.IsFloat() {
			return nil, fmt.Errorf("result must be a float type, got %s", dt)
		}
		v, err := loadInts(x)
		if err != nil {
			return nil, err
		}
		w := intWidth(x.DType())
		out := make([]float64, len(v))
		for i, u := range v {
			neg := false
			if signed {
				if s := sext(u, w); s < 0 {
					neg, u = true, uint64(-s)
				}
			}
			out[i] = intToFloat(u, neg, dt)
		}
		return one(storeFloats(dt, x.Shape(), out))
	}
}

// fpToInt is fptosi/fptoui (numerics.FPToSI and FPToUI): truncation
// toward zero; NaN and out-of-range values give the pattern 1 << (width-1).
func fpToInt(signed bool) interp.Kernel {
	return func(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		x, dt, err := castOperand(op, args)
		if err != nil {
			return nil, err
		}
		if !dt.IsInt() {
			return nil, fmt.Errorf("result must be an integer type, got %s", dt)
		}
		v, err := loadFloats(x)
		if err != nil {
			return nil, err
		}
		w := intWidth(dt)
		out := make([]uint64, len(v))
		for i, f := range v {
			if signed {
				out[i] = uint64(numerics.FPToSI(f, w)) & mask(w)
			} else {
				out[i] = numerics.FPToUI(f, w) & mask(w)
			}
		}
		return one(storeInts(dt, x.Shape(), out))
	}
}

// bitcast reinterprets bits between types of one width (f32 ↔ i32,
// f64 ↔ i64, f16 ↔ bf16).
func bitcast(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	x, dt, err := castOperand(op, args)
	if err != nil {
		return nil, err
	}
	src := x.DType()
	out := interp.MustNewTensor(dt, x.Shape())
	switch {
	case src == dt:
		return one(x)
	case src.IsHalf() && dt.IsHalf():
		copy(out.Bits16(), x.Bits16())
	case src == interp.F32 && dt == interp.I32:
		for i, v := range x.F32() {
			out.I32()[i] = int32(math.Float32bits(v))
		}
	case src == interp.I32 && dt == interp.F32:
		for i, v := range x.I32() {
			out.F32()[i] = math.Float32frombits(uint32(v))
		}
	case src == interp.F64 && dt == interp.I64:
		for i, v := range x.F64() {
			out.I64()[i] = int64(math.Float64bits(v))
		}
	case src == interp.I64 && dt == interp.F64:
		for i, v := range x.I64() {
			out.F64()[i] = math.Float64frombits(uint64(v))
		}
	default:
		return nil, fmt.Errorf("cannot bitcast %s to %s", src, dt)
	}
	return one(out)
}
