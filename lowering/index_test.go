package lowering

import "testing"

func TestIndexSimplification(t *testing.T) {
	ix := newIndexer()
	i := ix.newVar("i", cnst(5), nil)
	j := ix.newVar("j", cnst(8), nil)
	k := ix.newVar("k", cnst(4), nil)
	n := ix.symbol("n")
	d := ix.newVar("d", n, nil)

	// Constants fold; a variable of extent 1 is 0.
	if c, ok := add(cnst(2), scale(cnst(3), 4)).isConst(); !ok || c != 14 {
		t.Errorf("2 + 3*4 = %d, %v", c, ok)
	}
	if c, ok := ix.newVar("one", cnst(1), nil).isConst(); !ok || c != 0 {
		t.Errorf("a variable of extent 1 is %v", c)
	}
	// x - x cancels.
	if c, ok := sub(add(i, j), i).isConst(); ok || sub(add(i, j), i).key() != j.key() {
		t.Errorf("(i+j)-i = %s (%d)", sub(add(i, j), i).key(), c)
	}
	// Reshape [5, 8, 4] -> [5, 32] and back: delinearize(linearize) is the
	// identity, with no division left.
	lin := ix.linearize([]Expr{i, j, k}, []Expr{cnst(5), cnst(8), cnst(4)})
	back := ix.delinearize(lin, []Expr{cnst(5), cnst(8), cnst(4)})
	if !equalIndex(back, []Expr{i, j, k}) {
		t.Errorf("delinearize(linearize(i,j,k)) = %s", indexKey(back))
	}
	flat := ix.delinearize(lin, []Expr{cnst(5), cnst(32)})
	if want := add(scale(j, 4), k); !equalIndex(flat, []Expr{i, want}) {
		t.Errorf("[5,8,4] as [5,32] = %s, want [i, 4j+k]", indexKey(flat))
	}
	// The other way a division and a remainder remain: [5, 32] -> [5, 8, 4].
	m := ix.newVar("m", cnst(32), nil)
	split := ix.delinearize(ix.linearize([]Expr{i, m}, []Expr{cnst(5), cnst(32)}), []Expr{cnst(5), cnst(8), cnst(4)})
	if split[0].key() != i.key() || split[1].key() != ix.div(m, cnst(4)).key() || split[2].key() != ix.mod(m, cnst(4)).key() {
		t.Errorf("[5,32] as [5,8,4] = %s", indexKey(split))
	}
	// Bounds decide: (8i + j) / 8 = i and (8i + j) mod 8 = j for j < 8.
	e := add(scale(i, 8), j)
	if ix.div(e, cnst(8)).key() != i.key() || ix.mod(e, cnst(8)).key() != j.key() {
		t.Errorf("(8i+j)/8 = %s, (8i+j)%%8 = %s", ix.div(e, cnst(8)).key(), ix.mod(e, cnst(8)).key())
	}
	// Without a bound they stay.
	if ix.div(add(scale(i, 8), m), cnst(8)).key() == i.key() {
		t.Errorf("(8i+m)/8 simplified although m may reach 31")
	}
	// A dynamic dimension: the leading size does not take part in strides,
	// and a variable modulo its own extent is itself.
	dl := ix.linearize([]Expr{d, k}, []Expr{n, cnst(4)})
	if got := ix.delinearize(dl, []Expr{n, cnst(4)}); !equalIndex(got, []Expr{d, k}) {
		t.Errorf("dynamic delinearize = %s", indexKey(got))
	}
	if ix.mod(d, n).key() != d.key() || ix.div(d, n).key() != "0" {
		t.Errorf("d mod n = %s, d / n = %s", ix.mod(d, n).key(), ix.div(d, n).key())
	}
	// Equal expressions have equal keys whatever the order they are built in.
	if add(i, scale(j, 3)).key() != add(scale(j, 3), i).key() {
		t.Errorf("keys depend on the order of terms")
	}
	// Floor division of negative constants.
	if c, _ := ix.div(cnst(-1), cnst(4)).isConst(); c != -1 {
		t.Errorf("-1 floordiv 4 = %d", c)
	}
	if c, _ := ix.mod(cnst(-1), cnst(4)).isConst(); c != 3 {
		t.Errorf("-1 mod 4 = %d", c)
	}
}
