package linalg

import "github.com/tt-compiler/tt/numerics"

// epilogueTile applies ep to rows [i0, i0+rows) × columns [j0, j0+cols)
// of c, whose sums are complete: c = Act(c + Bias[j]). Both micro-kernels
// end their last K slice with it, so the epilogue is the same code, and
// gives the same bits, in every build.
func epilogueTile[T Number](c []T, ldc, i0, rows, j0, cols int, ep *Epilogue[T]) {
	if ep == nil || (ep.Bias == nil && ep.Act == ActNone) {
		return
	}
	var bias []T
	if ep.Bias != nil {
		bias = ep.Bias[j0 : j0+cols]
	}
	for i := i0; i < i0+rows; i++ {
		epilogueRow(c[i*ldc+j0:][:cols], bias, ep.Act)
	}
}

// epilogueRow applies the epilogue to one row segment (bias nil: none).
func epilogueRow[T Number](row, bias []T, act Activation) {
	if epilogueRowSIMD(row, bias, act) {
		return
	}
	if bias != nil {
		bias = bias[:len(row)]
		for j := range row {
			row[j] += bias[j]
		}
	}
	switch act {
	case ActReLU:
		for j, v := range row {
			if v < 0 {
				row[j] = 0
			}
		}
	case ActGELU, ActGELUTanh:
		switch r := any(row).(type) {
		case []float32:
			geluRowF32(r, act == ActGELUTanh)
		case []float64:
			geluRowF64(r, act == ActGELUTanh)
		}
	}
}

func geluRowF32(row []float32, tanh bool) {
	for j, v := range row {
		if tanh {
			row[j] = numerics.GeluTanhF32(v)
		} else {
			row[j] = numerics.GeluF32(v)
		}
	}
}

func geluRowF64(row []float64, tanh bool) {
	for j, v := range row {
		if tanh {
			row[j] = numerics.GeluTanhF64(v)
		} else {
			row[j] = numerics.GeluF64(v)
		}
	}
}
