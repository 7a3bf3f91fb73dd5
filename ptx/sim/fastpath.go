package sim

import (
	"math"

	"github.com/tt-compiler/tt/ptx"
)

// Fast paths: the instructions that dominate compiled kernels (address
// arithmetic, loop counters, f32 multiply-adds) get loops without a
// per-lane function call. Each computes every lane and then merges the
// active ones, which the compiler keeps branch-free.

// fastExec returns a specialized hook for in, or nil.
func fastExec(pi *ptx.Instruction, in *inst) execFn {
	if in.d[0].kind != okReg {
		return nil
	}
	switch in.flags {
	case 0, fLo, fWide:
	default:
		return nil
	}
	switch pi.Op {
	case ptx.OpAdd:
		switch in.t {
		case TS32, TU32, TB32:
			return execAdd32
		case TS64, TU64, TB64:
			return execAdd64
		case TF32:
			if in.rnd == RN && in.flags == 0 {
				return execAddF32
			}
		}
	case ptx.OpMul:
		switch {
		case in.flags == fWide && in.t == TS32:
			return execMulWideS32
		case in.flags == fWide && in.t == TU32:
			return execMulWideU32
		case in.t == TF32 && in.rnd == RN && in.flags == 0:
			return execMulF32
		}
	case ptx.OpMad:
		if in.flags == fLo && (in.t == TS32 || in.t == TU32) {
			return execMadLo32
		}
	case ptx.OpFma:
		if in.t == TF32 && in.rnd == RN && in.flags == 0 {
			return execFmaF32
		}
	case ptx.OpShl:
		if in.t == TB32 || in.t == TB64 {
			return execShl
		}
	case ptx.OpShr:
		switch in.t {
		case TS32:
			return execShrS32
		case TU32, TB32:
			return execShrU32
		}
	}
	return nil
}

// srcs2 and srcs3 read an instruction's first sources.
func (w *warp) srcs2(in *inst, act uint32) (a, b *[32]uint64, err error) {
	if a, err = w.val(&in.a[0], act, in); err != nil {
		return
	}
	b, err = w.val(&in.a[1], act, in)
	return
}

func (w *warp) srcs3(in *inst, act uint32) (a, b, c *[32]uint64, err error) {
	if a, b, err = w.srcs2(in, act); err != nil {
		return
	}
	c, err = w.val(&in.a[2], act, in)
	return
}

// commit writes r into destination 0 for the lanes in act.
func (w *warp) commit(in *inst, act uint32, r *[32]uint64) {
	d := w.dst(&in.d[0])
	if act == ^uint32(0) {
		*d = *r
	} else {
		for l := 0; l < 32; l++ {
			if act>>uint(l)&1 != 0 {
				d[l] = r[l]
			}
		}
	}
	w.wrote(&in.d[0], act)
}

func execAdd32(w *warp, in *inst, act uint32) error {
	a, b, err := w.srcs2(in, act)
	if err != nil {
		return err
	}
	var r [32]uint64
	for l := range r {
		r[l] = uint64(uint32(a[l]) + uint32(b[l]))
	}
	w.commit(in, act, &r)
	return nil
}

func execAdd64(w *warp, in *inst, act uint32) error {
	a, b, err := w.srcs2(in, act)
	if err != nil {
		return err
	}
	var r [32]uint64
	for l := range r {
		r[l] = a[l] + b[l]
	}
	w.commit(in, act, &r)
	return nil
}

func execAddF32(w *warp, in *inst, act uint32) error {
	a, b, err := w.srcs2(in, act)
	if err != nil {
		return err
	}
	var r [32]uint64
	for l := range r {
		r[l] = f32Bits(math.Float32frombits(uint32(a[l])) + math.Float32frombits(uint32(b[l])))
	}
	w.commit(in, act, &r)
	return nil
}

func execMulF32(w *warp, in *inst, act uint32) error {
	a, b, err := w.srcs2(in, act)
	if err != nil {
		return err
	}
	var r [32]uint64
	for l := range r {
		r[l] = f32Bits(math.Float32frombits(uint32(a[l])) * math.Float32frombits(uint32(b[l])))
	}
	w.commit(in, act, &r)
	return nil
}

func execFmaF32(w *warp, in *inst, act uint32) error {
	a, b, c, err := w.srcs3(in, act)
	if err != nil {
		return err
	}
	var r [32]uint64
	for l := range r {
		x := float64(math.Float32frombits(uint32(a[l])))
		y := float64(math.Float32frombits(uint32(b[l])))
		z := float64(math.Float32frombits(uint32(c[l])))
		r[l] = f32Bits(float32(fmaOdd(x, y, z)))
	}
	w.commit(in, act, &r)
	return nil
}

func execMulWideS32(w *warp, in *inst, act uint32) error {
	a, b, err := w.srcs2(in, act)
	if err != nil {
		return err
	}
	var r [32]uint64
	for l := range r {
		r[l] = uint64(int64(int32(a[l])) * int64(int32(b[l])))
	}
	w.commit(in, act, &r)
	return nil
}

func execMulWideU32(w *warp, in *inst, act uint32) error {
	a, b, err := w.srcs2(in, act)
	if err != nil {
		return err
	}
	var r [32]uint64
	for l := range r {
		r[l] = uint64(uint32(a[l])) * uint64(uint32(b[l]))
	}
	w.commit(in, act, &r)
	return nil
}

func execMadLo32(w *warp, in *inst, act uint32) error {
	a, b, c, err := w.srcs3(in, act)
	if err != nil {
		return err
	}
	var r [32]uint64
	for l := range r {
		r[l] = uint64(uint32(a[l])*uint32(b[l]) + uint32(c[l]))
	}
	w.commit(in, act, &r)
	return nil
}

func execShl(w *warp, in *inst, act uint32) error {
	a, b, err := w.srcs2(in, act)
	if err != nil {
		return err
	}
	n := uint64(in.t.Bits())
	mk := in.t.mask()
	var r [32]uint64
	for l := range r {
		s := b[l] & 0xffffffff
		if s >= n {
			r[l] = 0
		} else {
			r[l] = a[l] << s & mk
		}
	}
	w.commit(in, act, &r)
	return nil
}

func execShrS32(w *warp, in *inst, act uint32) error {
	a, b, err := w.srcs2(in, act)
	if err != nil {
		return err
	}
	var r [32]uint64
	for l := range r {
		r[l] = uint64(uint32(int32(a[l]) >> min(b[l]&0xffffffff, 31)))
	}
	w.commit(in, act, &r)
	return nil
}

func execShrU32(w *warp, in *inst, act uint32) error {
	a, b, err := w.srcs2(in, act)
	if err != nil {
		return err
	}
	var r [32]uint64
	for l := range r {
		s := b[l] & 0xffffffff
		if s >= 32 {
			r[l] = 0
		} else {
			r[l] = uint64(uint32(a[l]) >> s)
		}
	}
	w.commit(in, act, &r)
	return nil
}
