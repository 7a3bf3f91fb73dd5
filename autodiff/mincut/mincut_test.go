package mincut

import (
	"math/rand"
	"testing"
)

func TestMinCutSmall(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		edges [][3]int64
		want  int64
	}{
		{"single edge", 2, [][3]int64{{0, 1, 5}}, 5},
		{"series takes the minimum", 3, [][3]int64{{0, 1, 5}, {1, 2, 3}}, 3},
		{"parallel paths add", 4, [][3]int64{{0, 1, 2}, {1, 3, 2}, {0, 2, 3}, {2, 3, 3}}, 5},
		{"classic CLRS network", 6, [][3]int64{{0, 1, 16}, {0, 2, 13}, {1, 2, 10}, {2, 1, 4}, {1, 3, 12}, {3, 2, 9}, {2, 4, 14}, {4, 3, 7}, {3, 5, 20}, {4, 5, 4}}, 23},
		{"disconnected", 3, [][3]int64{{0, 1, 5}}, 0},
		{"infinite path", 3, [][3]int64{{0, 1, Inf}, {1, 2, Inf}}, Inf},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := New(tc.n)
			for _, e := range tc.edges {
				g.AddEdge(int(e[0]), int(e[1]), e[2])
			}
			got, side := g.MinCut(0, tc.n-1)
			if got != tc.want {
				t.Fatalf("flow = %d, want %d", got, tc.want)
			}
			if !side[0] || (got < Inf && side[tc.n-1]) {
				t.Fatalf("cut sides wrong: %v", side)
			}
		})
	}
}

// TestCutEqualsFlow checks max-flow = min-cut on random graphs: the edges
// from the source side to the sink side carry exactly the flow value, and a
// brute force over all cuts finds nothing smaller.
func TestCutEqualsFlow(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for iter := 0; iter < 200; iter++ {
		n := 2 + r.Intn(7)
		type e struct {
			u, v int
			c    int64
		}
		var es []e
		g := New(n)
		for k := 0; k < r.Intn(20); k++ {
			u, v := r.Intn(n), r.Intn(n)
			if u == v {
				continue
			}
			c := int64(r.Intn(10))
			es = append(es, e{u, v, c})
			g.AddEdge(u, v, c)
		}
		flow, side := g.MinCut(0, n-1)
		var cut int64
		for _, x := range es {
			if side[x.u] && !side[x.v] {
				cut += x.c
			}
		}
		if cut != flow {
			t.Fatalf("cut %d != flow %d", cut, flow)
		}
		best := int64(1 << 62)
		for mask := 0; mask < 1<<n; mask++ {
			if mask&1 == 0 || mask&(1<<(n-1)) != 0 {
				continue
			}
			var c int64
			for _, x := range es {
				if mask&(1<<x.u) != 0 && mask&(1<<x.v) == 0 {
					c += x.c
				}
			}
			best = min(best, c)
		}
		if best != flow {
			t.Fatalf("brute-force min cut %d != flow %d", best, flow)
		}
	}
}

func TestLongChainDoesNotRecurse(t *testing.T) {
	const n = 200000
	g := New(n)
	for i := 0; i+1 < n; i++ {
		g.AddEdge(i, i+1, int64(10+i%7))
	}
	if f, _ := g.MinCut(0, n-1); f != 10 {
		t.Fatalf("flow = %d", f)
	}
}
