// Command erffit computes the coefficient table of numerics.ErfF32 and
// prints it as Go source (erfTable in numerics/erf.go), with the largest
// error of the float32 evaluation it finds on each interval. Run `go run
// ./numerics/internal/erffit`; the test checks that erf.go holds what it
// computes.
//
// ErfF32 evaluates, for a = |x| and k = int(2a) (0..7 below 4):
//
//	k = 0:  a + a·P0(a²)          P0 ≈ erf(a)/a - 1 on [0, 1/2)
//	k > 0:  h + t·Pk(t), t = a - c   Pk ≈ (erf(c+t) - h)/t on [k/2, (k+1)/2)
//
// every operation rounded to float32, Horner's scheme for the polynomials
// (7 coefficients). Each center c is a
// float32 near the middle of its interval whose erf is within a tiny
// fraction of an ulp of a float32, h, so that h + t·Pk(t) has no constant
// error. The polynomials are weighted least-squares fits, reweighted
// toward minimax (Lawson's algorithm), with the coefficients rounded to
// float32 one at a time, the lowest degree (the largest term) first, the
// others refitted after each rounding.
package main

import (
	"fmt"
	"go/format"
	"math"
	"os"
	"strings"
)

const (
	intervals = 8
	coeffs    = 7 // per interval
	p0Coeffs  = 7 // P0's, in a²
	width     = 0.5
)

// table is erfTable's content: the centers, the values at the centers,
// then the coefficients highest degree first, for each interval.
type table [coeffs + 2][intervals]float32

func main() {
	t := fit()
	src, err := source(&t)
	if err != nil {
		fmt.Fprintln(os.Stderr, "erffit:", err)
		os.Exit(1)
	}
	fmt.Print(src)
	report(&t)
}

// fit computes the table.
func fit() table {
	var t table
	for k := 1; k < intervals; k++ {
		c, h := center(float64(k)*width + width/2)
		t[0][k], t[1][k] = c, h
		lo, hi := float64(k)*width-float64(c), float64(k+1)*width-float64(c)
		q := fitInterval(c, h, lo, hi)
		for j := range coeffs {
			t[2+j][k] = q[coeffs-1-j]
		}
	}
	b := fitSmall()
	for j := range p0Coeffs {
		t[2+coeffs-1-j][0] = b[j]
	}
	return t
}

// source returns the declaration of erfTable holding t, gofmt-formatted,
// each row's eight entries twice (for the 16-lane permutation).
func source(t *table) (string, error) {
	var b strings.Builder
	b.WriteString("var erfTable = [erfCoeffs + 2][16]float32{\n")
	names := []string{"centers c", "values h = erf(c) rounded"}
	for j := range coeffs {
		names = append(names, fmt.Sprintf("coefficient %d", j))
	}
	for i, row := range t {
		fmt.Fprintf(&b, "{ // %s\n", names[i])
		for range 2 {
			for _, v := range row {
				fmt.Fprintf(&b, "%s, ", lit(v))
			}
			b.WriteString("\n")
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	out, err := format.Source([]byte(b.String()))
	return string(out), err
}

// lit prints v as a Go literal that converts back to v exactly.
func lit(v float32) string {
	if v == 0 {
		return "0"
	}
	return fmt.Sprintf("%.9g", v)
}

// center returns the float32 c closest to mid, within 2^-10 of it, whose
// erf is closest to a float32 (in units of that float32's ulp), and that
// float32.
func center(mid float64) (float32, float32) {
	best, bestC, bestH := math.Inf(1), float32(0), float32(0)
	m := float32(mid)
	for d := -1 << 13; d <= 1<<13; d++ {
		c := math.Float32frombits(uint32(int64(math.Float32bits(m)) + int64(d)))
		if math.Abs(float64(c)-mid) > 1.0/1024 {
			continue
		}
		e := math.Erf(float64(c))
		h := float32(e)
		off := math.Abs(e-float64(h)) / ulp32(h)
		if off < best {
			best, bestC, bestH = off, c, h
		}
	}
	return bestC, bestH
}

func ulp32(v float32) float64 {
	a := float32(math.Abs(float64(v)))
	return float64(math.Nextafter32(a, float32(math.Inf(1))) - a)
}

// points returns n Chebyshev points of [lo, hi], ends included.
func points(lo, hi float64, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = (lo+hi)/2 - (hi-lo)/2*math.Cos(math.Pi*float64(i)/float64(n-1))
	}
	return xs
}

// fitInterval returns the coefficients q0..q8 of Pk, lowest degree first,
// for the interval t in [lo, hi] around c.
func fitInterval(c, h float32, lo, hi float64) []float32 {
	ts := points(lo, hi, 4000)
	ys := make([]float64, len(ts))
	for i, t := range ts {
		ys[i] = math.Erf(float64(c)+t) - float64(h)
	}
	basis := func(j int, t float64) float64 { return math.Pow(t, float64(j+1)) }
	return fitRounded(ts, ys, coeffs, basis)
}

// fitSmall returns P0's coefficients b0..b6, lowest degree first, in z =
// a² on [0, 1/4].
func fitSmall() []float32 {
	as := points(0, width, 4000)
	zs := make([]float64, len(as))
	ys := make([]float64, len(as))
	for i, a := range as {
		zs[i] = a * a
		if a == 0 {
			ys[i] = 2/math.SqrtPi - 1
		} else {
			ys[i] = math.Erf(a)/a - 1
		}
	}
	basis := func(j int, z float64) float64 { return math.Pow(z, float64(j)) }
	return fitRounded(zs, ys, p0Coeffs, basis)
}

// fitRounded fits sum_j q_j basis(j, x) to ys, rounding the q_j to
// float32 lowest j first and refitting the rest after each.
func fitRounded(xs, ys []float64, n int, basis func(int, float64) float64) []float32 {
	out := make([]float32, n)
	rest := append([]float64(nil), ys...)
	for fixed := range n {
		q := lawson(xs, rest, fixed, n, basis)
		out[fixed] = float32(q[0])
		for i, x := range xs {
			rest[i] -= float64(out[fixed]) * basis(fixed, x)
		}
	}
	return out
}

// lawson returns the near-minimax coefficients of basis functions from..n-1
// for ys: weighted least squares with the weights multiplied by the
// errors, repeatedly.
func lawson(xs, ys []float64, from, n int, basis func(int, float64) float64) []float64 {
	w := make([]float64, len(xs))
	for i := range w {
		w[i] = 1
	}
	var q []float64
	for range 60 {
		q = leastSquares(xs, ys, w, from, n, basis)
		sum := 0.0
		for i, x := range xs {
			e := ys[i]
			for j := from; j < n; j++ {
				e -= q[j-from] * basis(j, x)
			}
			w[i] *= math.Abs(e) + 1e-300
			sum += w[i]
		}
		for i := range w {
			w[i] /= sum
		}
	}
	return q
}

// leastSquares solves min sum_i w_i (ys_i - sum_j q_j basis(j, x_i))^2 by
// Householder QR (columns scaled to unit norm first).
func leastSquares(xs, ys, w []float64, from, n int, basis func(int, float64) float64) []float64 {
	m, cols := len(xs), n-from
	a := make([][]float64, m)
	b := make([]float64, m)
	for i, x := range xs {
		s := math.Sqrt(w[i])
		a[i] = make([]float64, cols)
		for j := range cols {
			a[i][j] = s * basis(from+j, x)
		}
		b[i] = s * ys[i]
	}
	scale := make([]float64, cols)
	for j := range cols {
		for i := range m {
			scale[j] += a[i][j] * a[i][j]
		}
		scale[j] = math.Sqrt(scale[j])
		for i := range m {
			a[i][j] /= scale[j]
		}
	}
	for j := range cols {
		norm := 0.0
		for i := j; i < m; i++ {
			norm += a[i][j] * a[i][j]
		}
		norm = math.Sqrt(norm)
		if a[j][j] > 0 {
			norm = -norm
		}
		v := make([]float64, m)
		for i := j; i < m; i++ {
			v[i] = a[i][j]
		}
		v[j] -= norm
		vv := 0.0
		for i := j; i < m; i++ {
			vv += v[i] * v[i]
		}
		if vv == 0 {
			continue
		}
		for c := j; c < cols; c++ {
			d := 0.0
			for i := j; i < m; i++ {
				d += v[i] * a[i][c]
			}
			d = 2 * d / vv
			for i := j; i < m; i++ {
				a[i][c] -= d * v[i]
			}
		}
		d := 0.0
		for i := j; i < m; i++ {
			d += v[i] * b[i]
		}
		d = 2 * d / vv
		for i := j; i < m; i++ {
			b[i] -= d * v[i]
		}
	}
	q := make([]float64, cols)
	for j := cols - 1; j >= 0; j-- {
		s := b[j]
		for c := j + 1; c < cols; c++ {
			s -= a[j][c] * q[c]
		}
		q[j] = s / a[j][j]
	}
	for j := range q {
		q[j] /= scale[j]
	}
	return q
}

// erf32 is ErfF32's evaluation with the table (a >= 0).
func erf32(t *table, a float32) float32 {
	if a >= 4 {
		return 1
	}
	k := int32(2*a) & 7
	h, g := t[1][k], a-t[0][k]
	u := g
	if k == 0 {
		h, u = a, float32(a*a)
	}
	p := t[2][k]
	for j := 3; j < coeffs+2; j++ {
		p = float32(p*u) + t[j][k]
	}
	return h + float32(g*p)
}

// report prints the largest error in ulp of every float32 of each
// interval (subnormals included), against float64's math.Erf.
func report(t *table) {
	for k := range intervals {
		lo, hi := math.Float32bits(float32(k)*width), math.Float32bits(float32(k+1)*width)
		worst, at := 0.0, float32(0)
		for b := lo; b < hi; b++ {
			a := math.Float32frombits(b)
			got, want := erf32(t, a), math.Erf(float64(a))
			e := math.Abs(float64(got)-want) / ulp32(float32(want))
			if e > worst {
				worst, at = e, a
			}
		}
		fmt.Printf("// [%g, %g): worst %.3f ulp at %g\n", float32(k)*width, float32(k+1)*width, worst, at)
	}
}
