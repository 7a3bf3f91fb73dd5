package numerics

import "math"

// ErfF32 is piecewise: on eight intervals of |x|, each half a unit wide,
// a polynomial of degree 6 whose coefficients come from one table, the
// same computation for every argument (the vector forms look the
// coefficients up lane by lane with a permutation). internal/erffit
// computes the table.

const (
	// erfCoeffs is the number of coefficients of each polynomial.
	erfCoeffs = 7
	// erfSmall bounds the first interval, where erf(a) = a + a·P(a²).
	erfSmall = 0.5
	// erfOne bounds the last interval: above, erf rounds to 1 in float32
	// (from 3.92 on).
	erfOne = 4
)

// erfTable holds, for interval k = int(2|x|) (0..7), the center c of the
// interval, erf(c) rounded to float32, and the polynomial's coefficients,
// highest degree first: P(a²) for k = 0 (erf(a)/a - 1), P(a - c) for k >
// 0 ((erf(a) - erf(c))/(a - c)). Each c is chosen so that erf(c) is within
// 1e-4 ulp of a float32, so that the constant term carries no rounding
// error. Each row repeats its eight entries, for the 16-lane form's
// permutation (which indexes 16 entries).
var erfTable = [erfCoeffs + 2][16]float32{
	{ // centers c
		0, 0.750109434, 1.24931443, 1.74913871, 2.24989414, 2.75011754, 3.25038576, 3.74902344,
		0, 0.750109434, 1.24931443, 1.74913871, 2.24989414, 2.75011754, 3.25038576, 3.74902344,
	},
	{ // values h = erf(c) rounded
		0, 0.711225986, 0.922737837, 0.986626148, 0.998536527, 0.999899447, 0.999995708, 0.999999881,
		0, 0.711225986, 0.922737837, 0.986626148, 0.998536527, 0.999899447, 0.999995708, 0.999999881,
	},
	{ // coefficient 0
		-0.007997985, 0.0177133121, 0.00382238603, -0.00591052184, -0.000726867933, 0.000634974102, 0.000173880195, -3.88427652e-05,
		-0.007997985, 0.0177133121, 0.00382238603, -0.00591052184, -0.000726867933, 0.000634974102, 0.000173880195, -3.88427652e-05,
	},
	{ // coefficient 1
		0.00522908056, -0.0266107582, 0.0206210259, 0.00907596853, -0.00278398092, -0.00166673248, -0.000272844598, 0.000576059683,
		0.00522908056, -0.0266107582, 0.0206210259, 0.00907596853, -0.00278398092, -0.00166673248, -0.000272844598, 0.000576059683,
	},
	{ // coefficient 2
		0.00351330196, -0.0532126352, -0.0472816788, 0.00656881416, 0.0106624067, 0.00275520375, 0.000312968361, 2.19577469e-05,
		0.00351330196, -0.0532126352, -0.0472816788, 0.00656881416, 0.0106624067, 0.00275520375, 0.000312968361, 2.19577469e-05,
	},
	{ // coefficient 3
		-0.0266444366, 0.150650442, -0.00597436586, -0.0481330082, -0.0190933682, -0.00325615378, -0.000285613001, -6.98794756e-05,
		-0.0266444366, 0.150650442, -0.00597436586, -0.0481330082, -0.0190933682, -0.00325615378, -0.000285613001, -6.98794756e-05,
	},
	{ // coefficient 4
		0.112824924, 0.0268534478, 0.167552918, 0.0903232768, 0.0217325781, 0.00275884639, 0.000195372195, 7.98300243e-06,
		0.112824924, 0.0268534478, 0.167552918, 0.0903232768, 0.0217325781, 0.00275884639, 0.000195372195, 7.98300243e-06,
	},
	{ // coefficient 5
		-0.376126111, -0.482189447, -0.295996219, -0.0925893933, -0.0160770733, -0.00161129248, -9.46415239e-05, -2.01396233e-06,
		-0.376126111, -0.482189447, -0.295996219, -0.0925893933, -0.0160770733, -0.00161129248, -9.46415239e-05, -2.01396233e-06,
	},
	{ // coefficient 6
		0.128379166, 0.642825544, 0.236926734, 0.0529342853, 0.0071457224, 0.000585898408, 2.91159031e-05, 8.87910858e-07,
		0.128379166, 0.642825544, 0.236926734, 0.0529342853, 0.0071457224, 0.000585898408, 2.91159031e-05, 8.87910858e-07,
	},
}

// ErfF32 returns the error function of x, within 1 ulp (0.78 ulp measured
// over every float32 below 4, internal/erffit). ErfF32(±Inf) = ±1,
// ErfF32(NaN) is NaN, and the sign of zero is kept. With a = |x| and k =
// int(2a), it is a + a·P(a²) for k = 0 and h + t·P(t) above, with t = a -
// c, then 1 from erfOne on, every step rounded to float32.
func ErfF32(x float32) float32 {
	b := math.Float32bits(x)
	a := math.Float32frombits(b &^ (1 << 31))
	k := int32(2*a) & 7 // any index for a >= 4 and NaN, whose result is fixed below or NaN
	h, g := erfTable[1][k], a-erfTable[0][k]
	u := g
	if a < erfSmall {
		h, u = a, float32(a*a)
	}
	p := float32(erfTable[2][k]*u) + erfTable[3][k]
	p = float32(p*u) + erfTable[4][k]
	p = float32(p*u) + erfTable[5][k]
	p = float32(p*u) + erfTable[6][k]
	p = float32(p*u) + erfTable[7][k]
	p = float32(p*u) + erfTable[8][k]
	r := h + float32(g*p)
	if a >= erfOne {
		r = 1
	}
	return math.Float32frombits(math.Float32bits(r) | b&(1<<31))
}

// The constants of the GELU formulas, which the decomposition of
// tensor.gelu (dialects/tensor) uses too.
const (
	// GeluInvSqrt2 is 1/√2, the scale of erf's argument.
	GeluInvSqrt2 = 1 / math.Sqrt2
	// GeluTanhBeta is √(2/π), the scale of tanh's argument.
	GeluTanhBeta = 0.7978845608028654
	// GeluTanhCubic is the coefficient of x³ in tanh's argument.
	GeluTanhCubic = 0.044715
)

// GeluF32 is tensor.gelu with approximate "none" on f32: x/2·(1 +
// erf(x/√2)) computed as the decomposition of tensor.gelu writes it,
// (x·0.5)·(1 + ErfF32(x·c)) with c = 1/√2 rounded to float32, every step
// rounded to float32, so that the interpreter and the lowered code (the
// decompose pass, then the loop level's ErfF32) agree bit for bit. It is
// PyTorch's formula (ATen's float gelu kernel): within 2 ulp for x > -1,
// and like PyTorch it loses relative accuracy in the negative tail, where
// 1 + erf(z) cancels: below x ≈ -5.4 the result is -0 (the exact value is
// above -2e-7; PyTorch 1.13 gives 0 or a few-ulp-wrong value there too).
// GeluF32(-Inf) is NaN (-Inf·0) and GeluF32(NaN) is NaN.
func GeluF32(x float32) float32 {
	half := float32(x * 0.5)
	return half * (1 + ErfF32(float32(x*float32(GeluInvSqrt2))))
}

// GeluTanhF32 is tensor.gelu with approximate "tanh" on f32: x/2·(1 +
// tanh(√(2/π)·(x + 0.044715·x³))), as the decomposition writes it:
// (x·0.5)·(1 + TanhF32(c·(x + 0.044715·((x·x)·x)))), with the constants
// rounded to float32 and every step rounded to float32 (PyTorch's formula).
// In the negative tail tanh rounds to -1 and the result to -0 (below x ≈
// -5.2); GeluTanhF32(-Inf) is NaN.
func GeluTanhF32(x float32) float32 {
	cube := float32(float32(x*x) * x)
	poly := x + float32(float32(GeluTanhCubic)*cube)
	half := float32(x * 0.5)
	return half * (1 + TanhF32(float32(float32(GeluTanhBeta)*poly)))
}

// GeluF64 is tensor.gelu with approximate "none" on f64, the formula of
// GeluF32 in float64 with math.Erf.
func GeluF64(x float64) float64 {
	half := float64(x * 0.5)
	return half * (1 + math.Erf(float64(x*GeluInvSqrt2)))
}

// GeluTanhF64 is tensor.gelu with approximate "tanh" on f64, the formula
// of GeluTanhF32 in float64 with TanhF64.
func GeluTanhF64(x float64) float64 {
	cube := float64(float64(x*x) * x)
	poly := x + float64(GeluTanhCubic*cube)
	half := float64(x * 0.5)
	return half * (1 + TanhF64(float64(GeluTanhBeta*poly)))
}
