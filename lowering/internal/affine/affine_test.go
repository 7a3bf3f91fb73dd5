package affine

import "testing"

func TestIndexSimplification(t *testing.T) {
	ix := NewIndexer()
	i := ix.NewVar("i", Const(5), nil)
	j := ix.NewVar("j", Const(8), nil)
	k := ix.NewVar("k", Const(4), nil)
	n := ix.Symbol("n")
	d := ix.NewVar("d", n, nil)

	// Constants fold; a variable of extent 1 is 0.
	if c, ok := Const(2).Add(Const(3).Scale(4)).IsConst(); !ok || c != 14 {
		t.Errorf("2 + 3*4 = %d, %v", c, ok)
	}
	if c, ok := ix.NewVar("one", Const(1), nil).IsConst(); !ok || c != 0 {
		t.Errorf("a variable of extent 1 is %v", c)
	}
	// x - x cancels.
	if c, ok := i.Add(j).Sub(i).IsConst(); ok || i.Add(j).Sub(i).Key() != j.Key() {
		t.Errorf("(i+j)-i = %s (%d)", i.Add(j).Sub(i).Key(), c)
	}
	// Reshape [5, 8, 4] -> [5, 32] and back: delinearize(linearize) is the
	// identity, with no division left.
	lin := ix.Linearize([]Expr{i, j, k}, []Expr{Const(5), Const(8), Const(4)})
	back := ix.Delinearize(lin, []Expr{Const(5), Const(8), Const(4)})
	if !EqualIndex(back, []Expr{i, j, k}) {
		t.Errorf("delinearize(linearize(i,j,k)) = %s", IndexKey(back))
	}
	flat := ix.Delinearize(lin, []Expr{Const(5), Const(32)})
	if want := j.Scale(4).Add(k); !EqualIndex(flat, []Expr{i, want}) {
		t.Errorf("[5,8,4] as [5,32] = %s, want [i, 4j+k]", IndexKey(flat))
	}
	// The other way a division and a remainder remain: [5, 32] -> [5, 8, 4].
	m := ix.NewVar("m", Const(32), nil)
	split := ix.Delinearize(ix.Linearize([]Expr{i, m}, []Expr{Const(5), Const(32)}), []Expr{Const(5), Const(8), Const(4)})
	if split[0].Key() != i.Key() || split[1].Key() != ix.Div(m, Const(4)).Key() || split[2].Key() != ix.Mod(m, Const(4)).Key() {
		t.Errorf("[5,32] as [5,8,4] = %s", IndexKey(split))
	}
	// Bounds decide: (8i + j) / 8 = i and (8i + j) mod 8 = j for j < 8.
	e := i.Scale(8).Add(j)
	if ix.Div(e, Const(8)).Key() != i.Key() || ix.Mod(e, Const(8)).Key() != j.Key() {
		t.Errorf("(8i+j)/8 = %s, (8i+j)%%8 = %s", ix.Div(e, Const(8)).Key(), ix.Mod(e, Const(8)).Key())
	}
	// Without a bound they stay.
	if ix.Div(i.Scale(8).Add(m), Const(8)).Key() == i.Key() {
		t.Errorf("(8i+m)/8 simplified although m may reach 31")
	}
	// A dynamic dimension: the leading size does not take part in strides,
	// and a variable modulo its own extent is itself.
	dl := ix.Linearize([]Expr{d, k}, []Expr{n, Const(4)})
	if got := ix.Delinearize(dl, []Expr{n, Const(4)}); !EqualIndex(got, []Expr{d, k}) {
		t.Errorf("dynamic delinearize = %s", IndexKey(got))
	}
	if ix.Mod(d, n).Key() != d.Key() || ix.Div(d, n).Key() != "0" {
		t.Errorf("d mod n = %s, d / n = %s", ix.Mod(d, n).Key(), ix.Div(d, n).Key())
	}
	// Equal expressions have equal keys whatever the order they are built in.
	if i.Add(j.Scale(3)).Key() != j.Scale(3).Add(i).Key() {
		t.Errorf("keys depend on the order of terms")
	}
	// Floor division of negative constants.
	if c, _ := ix.Div(Const(-1), Const(4)).IsConst(); c != -1 {
		t.Errorf("-1 floordiv 4 = %d", c)
	}
	if c, _ := ix.Mod(Const(-1), Const(4)).IsConst(); c != 3 {
		t.Errorf("-1 mod 4 = %d", c)
	}
}
