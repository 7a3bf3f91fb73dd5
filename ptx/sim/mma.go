package sim

import (
	"fmt"
	"math"
)

// MmaShape is an mma.sync shape the simulator implements.
type MmaShape struct {
	M, N, K int
}

// mmaLayout gives, for one element kind (f16/bf16 or tf32) and shape, the
// number of 32-bit registers per lane of the A and B fragments and the
// coordinates of each fragment element, from the PTX ISA's "Matrix
// Fragments for mma.m16n8kK" tables. groupID = lane>>2 and
// tig (threadID_in_group) = lane%4.
type mmaLayout struct {
	aRegs, bRegs int
	perReg       int // elements per 32-bit register: 2 for f16/bf16, 1 for tf32
	aCoord       func(g, tig, i int) (row, col int)
	bCoord       func(g, tig, i int) (row, col int)
}

func mmaLayoutFor(shape MmaShape, elem Type) (mmaLayout, error) {
	switch {
	case (elem == TF16 || elem == TBF16) && shape == MmaShape{16, 8, 16}:
		return mmaLayout{aRegs: 4, bRegs: 2, perReg: 2,
			aCoord: func(g, tig, i int) (int, int) {
				row := g
				if !(i < 2 || i >= 4 && i < 6) {
					row = g + 8
				}
				col := tig*2 + i&1
				if i >= 4 {
					col += 8
				}
				return row, col
			},
			bCoord: func(g, tig, i int) (int, int) {
				row := tig*2 + i&1
				if i >= 2 {
					row += 8
				}
				return row, g
			}}, nil
	case (elem == TF16 || elem == TBF16) && shape == MmaShape{16, 8, 8}:
		return mmaLayout{aRegs: 2, bRegs: 1, perReg: 2,
			aCoord: func(g, tig, i int) (int, int) {
				row := g
				if i >= 2 {
					row = g + 8
				}
				return row, tig*2 + i&1
			},
			bCoord: func(g, tig, i int) (int, int) { return tig*2 + i, g }}, nil
	case elem == TTF32 && shape == MmaShape{16, 8, 8}:
		return mmaLayout{aRegs: 4, bRegs: 2, perReg: 1,
			aCoord: func(g, tig, i int) (int, int) {
				row := g
				if i == 1 || i == 3 {
					row = g + 8
				}
				col := tig
				if i >= 2 {
					col += 4
				}
				return row, col
			},
			bCoord: func(g, tig, i int) (int, int) { return tig + 4*i, g }}, nil
	case elem == TTF32 && shape == MmaShape{16, 8, 4}:
		return mmaLayout{aRegs: 2, bRegs: 1, perReg: 1,
			aCoord: func(g, tig, i int) (int, int) { return g + 8*i, tig },
			bCoord: func(g, tig, i int) (int, int) { return tig, g }}, nil
	}
	return mmaLayout{}, fmt.Errorf("mma.sync.m%dn%dk%d with .%s inputs is not supported", shape.M, shape.N, shape.K, elem)
}

// mmaElem decodes fragment element j (0 or 1) of a 32-bit register.
func mmaElem(elem Type, reg uint32, j int) float64 {
	switch elem {
	case TF16, TBF16:
		return toF64(elem, uint64(reg>>(16*uint(j))&0xffff))
	}
	// tf32: the tensor cores read the upper 19 bits of the f32 pattern.
	return float64(math.Float32frombits(reg &^ 0x1fff))
}

// Mma computes mma.sync.aligned.{shape}.row.col.f32.{elem}.{elem}.f32 for
// a whole warp: a, b and c are each lane's fragment registers (A: aRegs,
// B: bRegs, C: 4 f32 bit patterns) and the result is each lane's 4 D
// registers. Products of f16, bf16 and tf32 values are exact in float64;
// each output element is the float64 sum over k in order plus c, rounded
// once to f32 (the tensor cores keep at least f32 precision in their
// adders, so results agree with hardware within K·2^-23 of Σ|a·b|).
func Mma(shape MmaShape, elem Type, a [32][4]uint32, b [32][2]uint32, c [32][4]uint32) ([32][4]uint32, error) {
	var d [32][4]uint32
	var cv [32][4]float64
	for lane := range c {
		for i := range c[lane] {
			cv[lane][i] = float64(math.Float32frombits(c[lane][i]))
		}
	}
	sums, err := mmaSums(shape, elem, a, b, cv)
	if err != nil {
		return d, err
	}
	for lane := range sums {
		for i := range sums[lane] {
			d[lane][i] = uint32(f32Bits(float32(sums[lane][i])))
		}
	}
	return d, nil
}

// MmaF16 is Mma with f16 accumulators (.f16.f16.f16.f16): c and the
// result are each lane's two f16x2 registers (elements c0,c1 and c2,c3,
// low half first); the float64 sums are rounded once to f16.
func MmaF16(shape MmaShape, elem Type, a [32][4]uint32, b [32][2]uint32, c [32][2]uint32) ([32][2]uint32, error) {
	var d [32][2]uint32
	var cv [32][4]float64
	for lane := range c {
		for i := 0; i < 4; i++ {
			cv[lane][i] = toF64(TF16, uint64(c[lane][i/2]>>(16*uint(i%2))&0xffff))
		}
	}
	sums, err := mmaSums(shape, elem, a, b, cv)
	if err != nil {
		return d, err
	}
	for lane := range sums {
		for i := 0; i < 4; i++ {
			d[lane][i/2] |= uint32(fromF64(TF16, sums[lane][i], RN)) << (16 * uint(i%2))
		}
	}
	return d, nil
}

// mmaSums returns each lane's four D elements, A·B + C, as exact float64
// sums of products (in k order) plus c.
func mmaSums(shape MmaShape, elem Type, a [32][4]uint32, b [32][2]uint32, c [32][4]float64) ([32][4]float64, error) {
	var d [32][4]float64
	lay, err := mmaLayoutFor(shape, elem)
	if err != nil {
		return d, err
	}
	var A [16][16]float64
	var B [16][8]float64
	var C [16][8]float64
	for lane := 0; lane < 32; lane++ {
		g, tig := lane>>2, lane&3
		for i := 0; i < lay.aRegs*lay.perReg; i++ {
			r, col := lay.aCoord(g, tig, i)
			A[r][col] = mmaElem(elem, a[lane][i/lay.perReg], i%lay.perReg)
		}
		for i := 0; i < lay.bRegs*lay.perReg; i++ {
			r, col := lay.bCoord(g, tig, i)
			B[r][col] = mmaElem(elem, b[lane][i/lay.perReg], i%lay.perReg)
		}
		for i := 0; i < 4; i++ {
			r, col := cCoord(g, tig, i)
			C[r][col] = c[lane][i]
		}
	}
	for lane := 0; lane < 32; lane++ {
		g, tig := lane>>2, lane&3
		for i := 0; i < 4; i++ {
			r, col := cCoord(g, tig, i)
			s := 0.0
			for k := 0; k < shape.K; k++ {
				s += A[r][k] * B[k][col]
			}
			d[lane][i] = s + C[r][col]
		}
	}
	return d, nil
}

// cCoord is the C/D fragment layout (f32 accumulators, 4 per lane).
func cCoord(g, tig, i int) (int, int) {
	row := g
	if i >= 2 {
		row = g + 8
	}
	return row, tig*2 + i&1
}
